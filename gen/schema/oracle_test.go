package schema_test

import (
	"testing"

	"github.com/cardgen/cardgen/gen/schema/schematest"
)

func TestOracleFixtures(t *testing.T) {
	diffs, err := schematest.OracleCompare("testdata/fixtures", nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range diffs {
		t.Errorf("%s: %+v", name, d)
	}
}
