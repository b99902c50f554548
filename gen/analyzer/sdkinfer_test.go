package analyzer

import (
	"go/types"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen/analyzer/testdata/sdkinfer"
	"github.com/google/jsonschema-go/jsonschema"
	"golang.org/x/tools/go/packages"
)

// TestSDKInference holds the analyzer's reading of the MCP Go SDK's schema inference to the
// inference itself: each type of testdata/sdkinfer is inferred by jsonschema-go's ForType (as
// mcp.AddTool calls it, and with IgnoreInvalidTypes) and followed by sdkInference over its
// go/types type. Where ForType fails on a jsonschema tag, sdkInference must name that tag;
// where it fails on anything else, sdkInference must say so (the analyzer then says nothing);
// where it succeeds, sdkInference must find nothing. One sdkInference follows every case, in
// order, as one follows every call of a package.
func TestSDKInference(t *testing.T) {
	const path = "github.com/cardgen/cardgen/gen/analyzer/testdata/sdkinfer"
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName}, path)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v %v", path, err, pkgs)
	}
	scope := pkgs[0].Types.Scope()
	for _, ignore := range []bool{false, true} {
		w := &sdkInference{ignoreInvalid: ignore}
		refusals := 0
		for _, c := range sdkinfer.Cases {
			_, err := jsonschema.ForType(c.Type, &jsonschema.ForOptions{IgnoreInvalidTypes: ignore})
			var want string
			switch {
			case err == nil:
				want = "nothing"
			case strings.Contains(err.Error(), "tag must not begin with 'WORD='"):
				// The error quotes the tag with %q.
				_, quoted, _ := strings.Cut(err.Error(), "'WORD=': ")
				want = "the tag " + quoted
				refusals++
			default:
				want = "another failure"
			}
			ty := goType(t, scope, c.Name)
			_, fail := w.forType(ty)
			got := "nothing"
			switch {
			case fail == nil:
			case fail.field != nil:
				got = "the tag " + strconv.Quote(fail.tag)
			default:
				got = "another failure"
			}
			if got != want {
				t.Errorf("IgnoreInvalidTypes=%v, %s: sdkInference finds %s; want %s (ForType: %v)", ignore, c.Name, got, want, err)
			}
		}
		if refusals < 10 {
			t.Errorf("IgnoreInvalidTypes=%v: ForType refuses a tag in only %d cases; the test proves little", ignore, refusals)
		}
	}
}

// goType returns the go/types type of the case name: a type of the package, or the few type
// expressions the cases write.
func goType(t *testing.T, scope *types.Scope, name string) types.Type {
	t.Helper()
	named := func(n string) types.Type {
		obj, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			t.Fatalf("no type %s in the package", n)
		}
		return obj.Type()
	}
	switch name {
	case "Generic":
		box := named("Box").(*types.Named)
		inst, err := types.Instantiate(nil, box, []types.Type{named("Refused")}, true)
		if err != nil {
			t.Fatal(err)
		}
		return inst
	case "PointerToRefused":
		return types.NewPointer(named("Refused"))
	case "MapOfRefused":
		return types.NewMap(types.Typ[types.String], named("Refused"))
	case "Chan":
		return types.NewChan(types.SendRecv, types.Typ[types.Int])
	}
	return named(name)
}
