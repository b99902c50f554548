package schematest_test

import (
	"fmt"

	"github.com/cardgen/cardgen/gen/schema/schematest"
)

// A test of a package with tool inputs and outputs proves their schemas against invopop. The
// directory is relative to the test's package directory. Custom has an entry for its input schema
// and one for its output schema.
func ExampleOracleCompare() {
	diffs, err := schematest.OracleCompare("../testdata/fixtures", []string{"Order", "Custom"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(diffs), "entries; Custom needs invopop at run time:", diffs["Custom"].Runtime,
		diffs["Custom"+schematest.OutputSuffix].Runtime)
	// Output:
	// 2 entries; Custom needs invopop at run time: true true
}
