package schema_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardgen/cardgen/gen/schema"
	"github.com/cardgen/cardgen/gen/schema/schematest"
	"golang.org/x/tools/go/packages"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/runtime/register"
)

var loaded sync.Map // dir → *packages.Package

// load type-checks the package in dir once per test binary.
func load(tb testing.TB, dir string) *packages.Package {
	tb.Helper()
	if p, ok := loaded.Load(dir); ok {
		return p.(*packages.Package)
	}
	cfg := &packages.Config{
		Mode: packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedName | packages.NeedFiles,
		Dir:  dir,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		tb.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		tb.Fatalf("load %s: %v", dir, pkgs[0].Errors)
	}
	loaded.Store(dir, pkgs[0])
	return pkgs[0]
}

func lookup(tb testing.TB, pkg *packages.Package, name string) types.Object {
	tb.Helper()
	obj := pkg.Types.Scope().Lookup(name)
	if obj == nil {
		tb.Fatalf("%s: no %s", pkg.PkgPath, name)
	}
	return obj
}

// TestOracleFixtures proves For against invopop for every struct type of testdata/fixtures. The
// only entries allowed are the types that need invopop at run time and the deliberate
// differences documented in docs/schemas.md.
func TestOracleFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs a program")
	}
	diffs, err := schematest.OracleCompare("testdata/fixtures", nil)
	if err != nil {
		t.Fatal(err)
	}

	// Every struct type of the package went through the oracle: adding a fixture means listing it.
	wantTypes := []string{
		"Aliased", "Alternatives", "Ambiguous", "Base", "Collections", "Collision", "Custom",
		"Deeper", "DocStrings", "EmbeddedTagged", "Embedding", "Empty", "Encoded", "Encodings", "Extended", "Extras",
		"FuzzKinds", "Generics", "Inline", "Item", "ItemPage", "Keywords", "Large", "Maps", "Meta",
		"Named", "Nils", "Order", "Org", "PairPage", "Pointer", "PromotesCustom", "PropAliased",
		"PtrMethod", "Ranges", "Scalars", "Specials", "Stated", "Tagged", "TaggedFirst",
		"Untagged", "User", "UsesCustom", "WrongSig",
	}
	var gotTypes []string
	scope := load(t, "testdata/fixtures").Types.Scope()
	for _, n := range scope.Names() {
		if tn, ok := scope.Lookup(n).(*types.TypeName); ok && tn.Exported() {
			if nt, ok := types.Unalias(tn.Type()).(*types.Named); ok && nt.TypeParams().Len() > nt.TypeArgs().Len() {
				continue
			}
			if a, ok := tn.Type().(*types.Alias); ok && a.TypeParams().Len() > 0 {
				continue // PageOf
			}
			if _, ok := tn.Type().Underlying().(*types.Struct); ok {
				gotTypes = append(gotTypes, n)
			}
		}
	}
	if !slices.Equal(gotTypes, wantTypes) {
		t.Errorf("fixture struct types = %q\nwant %q", gotTypes, wantTypes)
	}

	runtime := []string{"Aliased", "Custom", "DocStrings", "Extended", "PromotesCustom", "PropAliased", "UsesCustom"}
	for _, name := range runtime {
		for _, key := range []string{name, name + schematest.OutputSuffix} {
			if d := diffs[key]; !d.Runtime || d.Ours != "" || d.Invopop != "" || len(d.Problems) > 0 {
				t.Errorf("%s: got %+v, want Runtime only", key, d)
			}
			delete(diffs, key)
		}
	}

	// Deliberate difference: invopop keys definitions by bare type name, so other.Collision,
	// reflected last, replaces the root. We keep Collision's own schema.
	for _, key := range []string{"Collision", "Collision" + schematest.OutputSuffix} {
		d, ok := diffs[key]
		if !ok {
			t.Errorf("%s: no difference reported; invopop's name-collision quirk is expected", key)
			continue
		}
		if got, want := propertyNames(t, d.Ours), []string{"other", "own"}; !slices.Equal(got, want) {
			t.Errorf("%s: our properties %q, want %q", key, got, want)
		}
		if got, want := propertyNames(t, d.Invopop), []string{"inner"}; !slices.Equal(got, want) {
			t.Errorf("%s: invopop's properties %q, want %q", key, got, want)
		}
		delete(diffs, key)
	}

	// Keywords' required fields with omitempty (Required, Both) are fine in an input and a
	// problem in an output, which encoding/json would write without them when they are empty.
	if d := diffs["Keywords"+schematest.OutputSuffix]; len(d.Problems) != 2 || !strings.Contains(d.Problems[0], "field Required: jsonschema tag: required on an output field") ||
		!strings.Contains(d.Problems[1], "field Both: jsonschema tag: required on an output field") {
		t.Errorf("Keywords (output): problems %q; want the two required fields with omitempty reported", d.Problems)
	}
	delete(diffs, "Keywords"+schematest.OutputSuffix)

	for name, d := range diffs {
		t.Errorf("%s differs from invopop:\nproblems: %q\npanic: %s\nours:\n%s\ninvopop:\n%s", name, d.Problems, d.Panic, d.Ours, d.Invopop)
	}
}

func propertyNames(t *testing.T, doc string) []string {
	t.Helper()
	var v struct{ Properties map[string]json.RawMessage }
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(v.Properties))
	for n := range v.Properties {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func TestProblems(t *testing.T) {
	const (
		chanMsg    = `channels cannot be described by a JSON schema; tag it json:"-" or change its type`
		funcMsg    = `functions cannot be described by a JSON schema; tag it json:"-" or change its type`
		complexMsg = `complex numbers cannot be described by a JSON schema; tag it json:"-" or change its type`
		unsafeMsg  = `unsafe.Pointer cannot be described by a JSON schema; tag it json:"-" or change its type`
		uintptrMsg = `uintptr cannot be described by a JSON schema (invopop panics on it); tag it json:"-" or use uint64`
		keyMsg     = `cannot be a JSON object key; use a string or integer key type, or one that implements encoding.TextMarshaler and encoding.TextUnmarshaler`
		selfMsg    = `refers to itself, which an inline schema (no $ref) cannot describe; tag the field json:"-" or give %[1]s a JSONSchema() method`
		numMsg     = `is not a JSON number; write it like 1, -2.5 or 1e3`
		itemsMsg   = `applies to array items, but type=array was put on a type that has none (invopop panics on this); remove the keyword or the type=array`
	)
	self := func(typ string) string { return "type " + typ + " " + fmt.Sprintf(selfMsg, typ) }
	// tagMsg is the first way out of a problem about a field's own type: its tag can state the
	// JSON (an item's or the top level's cannot).
	const tagMsg = "state that JSON in the field's jsonschema tag (type=string, with format= or pattern= as it needs; oneof_type=string;null when it may be null), or "
	marshalJSONMsg := func(typ, advice string) string {
		return "has a MarshalJSON method, so cardgen cannot know the JSON encoding/json writes for it (invopop would describe its Go fields); " + advice + "give " +
			typ + " a JSONSchema() *jsonschema.Schema method that describes that JSON (when it is yours), or use another type"
	}
	const v2Msg = "is read by encoding/json/v2 only, and the MCP Go SDK reads and writes JSON with encoding/json, which ignores it; remove it"
	const hiddenMsg = `gets invopop's JSONSchemaExtend method from the embedded interface problems.Extender (field Extender); invopop calls it on a new problems.HiddenExtender, where that interface is nil, and panics at init (a json:"-" tag does not remove a promoted method); give problems.HiddenExtender its own JSONSchemaExtend method, or make Extender a named field instead of an embedded one`
	const urlMsg = `encoding/json writes url.URL as an object of its parts (Scheme, Host, Path…), not the string invopop's schema says; use a string field tagged jsonschema:"format=uri"`
	const onlyMsg = "cardgen, like invopop, calls only a method JSONSchema() *github.com/invopop/jsonschema.Schema: "
	const sdkStatusMsg = "problems.SDKStatus.JSONSchema returns *github.com/google/jsonschema-go/jsonschema.Schema, so cardgen never calls it; " + onlyMsg +
		"import github.com/invopop/jsonschema in place of github.com/google/jsonschema-go/jsonschema in the file that declares it (or remove the method)"
	quotedMsg := func(field string) string {
		line := map[string]int{"S": 46, "P": 47}[field]
		return fmt.Sprintf(`decode.go:%d:2: field %s: json tag: option "string" on a string field makes encoding/json write and read the value quoted again inside the JSON string ("\"abc\"" for abc), `+
			`which the schema does not say and no client sends, so every call that sets it fails; remove the option (it is meant for numbers and booleans)`, line, field)
	}
	tests := []struct {
		typ  string
		want []string
	}{
		{"Kinds", []string{
			"problems.go:15:2: field Ch: " + chanMsg,
			"problems.go:16:2: field Fn: " + funcMsg,
			"problems.go:17:2: field C64: " + complexMsg,
			"problems.go:18:2: field C128: " + complexMsg,
			"problems.go:19:2: field Ptr: " + unsafeMsg,
			"problems.go:20:2: field Addr: " + uintptrMsg,
		}},
		{"Node", []string{
			"problems.go:28:2: field Next: " + self("problems.Node"),
			"problems.go:29:2: field Children: " + self("problems.Node"),
			"problems.go:36:2: field Parent.Node: " + self("problems.Node"),
		}},
		{"Parent", []string{
			"problems.go:28:2: field Node.Next: " + self("problems.Node"),
			"problems.go:29:2: field Node.Children: " + self("problems.Node"),
			"problems.go:31:2: field Node.Parent: " + self("problems.Parent"),
		}},
		{"Lists", []string{
			"problems.go:44:2: field A: " + self("problems.List"),
			"problems.go:45:2: field B: " + self("problems.List"),
		}},
		{"SelfEmbed", []string{
			"problems.go:50:3: field SelfEmbed: " + self("problems.SelfEmbed"),
		}},
		{"Keys", []string{
			"problems.go:56:2: field Bool: map key type bool " + keyMsg,
			"problems.go:57:2: field Float: map key type float64 " + keyMsg,
			"problems.go:58:2: field Struct: map key type struct{} " + keyMsg,
			"problems.go:61:2: field Deep: map key type [2]int " + keyMsg,
		}},
		{"Tags", []string{
			"problems.go:66:2: field Plus: jsonschema minimum=+1 " + numMsg,
			"problems.go:67:2: field Hex: jsonschema maximum=0x1p3 " + numMsg,
			"problems.go:68:2: field Inf: jsonschema default=Inf " + numMsg,
			"problems.go:69:2: field Items: jsonschema enum=01 " + numMsg,
			"problems.go:70:2: field NoItems: jsonschema tag format=email " + itemsMsg,
			"problems.go:71:2: field NoItems2: jsonschema tag minimum=1 " + itemsMsg,
		}},
		// Words invopop ignores: reported, and the schema is still the one invopop makes.
		{"IgnoredTags", []string{
			`problems.go:119:2: field Typo: jsonschema tag: "requird" is not a keyword invopop knows, so it ignores it; did you mean required?`,
			"problems.go:119:2: field Typo: jsonschema tag: minLenght is not a keyword invopop knows, so it ignores it; did you mean minLength?",
			"problems.go:120:2: field NoValue: jsonschema tag: minLength has no value, so invopop ignores it; write minLength=…, or, if it is the MCP Go SDK's description form, write description=minLength",
			"problems.go:121:2: field Unknown: jsonschema tag: const is not a keyword invopop knows, so it ignores it; a keyword invopop does not know can go in a jsonschema_extras tag if its value is a string or a boolean (const=x, deprecated=true); set one that takes a number in a JSONSchemaExtend method",
			"problems.go:122:2: field WrongType: jsonschema tag: minLength applies to strings, not to a schema of type integer, so invopop ignores it; remove it or change the field's type",
			`problems.go:123:2: field Comma: jsonschema tag: " world" is not a keyword but the rest of the value before it, cut off at a comma; escape a comma inside a value with a backslash (\\, inside the struct tag's quotes)`,
			"problems.go:125:2: field Nested: jsonschema tag: minLength applies to strings, not to a schema of type array of array, so invopop ignores it; remove it or change the field's type",
		}},
		// encoding/json ignores an embedded field of an unexported non-struct type; invopop's
		// schema requires it, so every call would fail.
		{"EmbeddedUnexported", []string{
			"problems.go:157:2: field status: encoding/json ignores the embedded field status (an unexported type that is not a struct), but invopop's schema requires it, so every call would fail; tag it json:\"-\", or export the type",
		}},
		{"JSONOptions", []string{
			`problems.go:131:2: field Note: json tag: option "omitemtpy" is not one encoding/json knows, so it ignores it; did you mean omitempty?`,
			`problems.go:134:2: field Extra: json tag: option "requried" is not one encoding/json knows, so it ignores it; remove it (the options are omitempty, omitzero, string)`,
			`problems.go:135:2: field Hidden: json:"-," names the field "-" for encoding/json, which invopop's schema leaves out, so the tool would write a key its schema refuses; give it another name, or json:"-" to leave it out`,
			`problems.go:136:2: field V2: json tag: option "case:ignore" ` + v2Msg,
			`problems.go:136:2: field V2: json tag: option "format:RFC3339" ` + v2Msg,
			`problems.go:136:2: field V2: json tag: option "unknown" ` + v2Msg,
			`problems.go:137:2: field Flat: json tag: option "inline" is read by encoding/json/v2 only, and the MCP Go SDK decodes with encoding/json, so the fields the schema flattens from it are never set; embed the struct as an anonymous field (no json name) to flatten it`,
		}},
		{"Nested", []string{
			"problems.go:15:2: field Inner.Ch: " + chanMsg,
			"problems.go:16:2: field Inner.Fn: " + funcMsg,
			"problems.go:17:2: field Inner.C64: " + complexMsg,
			"problems.go:18:2: field Inner.C128: " + complexMsg,
			"problems.go:19:2: field Inner.Ptr: " + unsafeMsg,
			"problems.go:20:2: field Inner.Addr: " + uintptrMsg,
			// ByName reaches the same field of Inner: one cause, one problem.
			"problems.go:84:2: field Many.Done: " + chanMsg,
		}},
		{"IfaceMethod", []string{
			"problems.go:113:2: field S: interface type problems.Schemer has one of invopop's schema methods, which invopop calls on a nil value and panics; use a concrete type for this field",
		}},
		{"NotStruct", []string{
			"problems.go:88:6: tool input must be a struct; problems.NotStruct is not a struct type: declare a struct type with a field of this type instead",
		}},
		{"Generic", []string{
			"problems.go:91:6: tool input must be a concrete type; problems.Generic[T any] has type parameters: use an instance such as Generic[string]",
		}},
		{"GenTree", []string{
			"problems.go:164:2: field Root.Next: type problems.GenNode[int] refers to itself, which an inline schema (no $ref) cannot describe; tag the field json:\"-\" or give GenNode (declared as problems.GenNode[T any]) a JSONSchema() method",
		}},
		{"Timestamps", []string{
			"encoding.go:11:6: type problems.Timestamps gets a MarshalJSON method from its embedded field time.Time, so encoding/json writes (and reads) a problems.Timestamps as that time.Time alone and none of its other fields; " +
				"give the field a name (Time time.Time), or give problems.Timestamps a JSONSchema() *jsonschema.Schema method that describes that JSON",
		}},
		{"OwnJSON", []string{
			"encoding.go:31:2: field Money: type problems.JSONMoney " + marshalJSONMsg("problems.JSONMoney", tagMsg),
			"encoding.go:32:2: field Moneys: type problems.JSONMoney " + marshalJSONMsg("problems.JSONMoney", ""),
			"encoding.go:33:2: field Ptr: type problems.PtrText has MarshalText on its pointer only, so encoding/json writes it as a string or as its Go fields depending on whether it can take the value's address; make the field a pointer (*problems.PtrText), declare MarshalText on the value receiver, or give problems.PtrText a JSONSchema() *jsonschema.Schema method",
			"encoding.go:34:2: field Link: " + urlMsg,
			"encoding.go:35:2: field LinkP: " + urlMsg,
			"encoding.go:37:2: field Big: type big.Int has a MarshalJSON method, so cardgen cannot know the JSON encoding/json writes for it (invopop would describe its Go fields); " +
				tagMsg + "since it is the standard library's, which no method can be added to, embed it in a struct type of your own (type T struct{ *big.Int }), which keeps its MarshalJSON, " +
				"and give that type a JSONSchema() *jsonschema.Schema method that describes that JSON, or use another type",
		}},
		{"TextTop", []string{
			"encoding.go:41:6: tool input must be a struct; encoding/json writes problems.TextTop as a JSON string, not an object: declare a struct type with a field of this type instead",
		}},
		{"HiddenExtender", []string{
			"promoted.go:12:6: type problems.HiddenExtender " + hiddenMsg,
		}},
		{"UsesHidden", []string{
			"promoted.go:19:2: field H: type problems.HiddenExtender " + hiddenMsg,
		}},
		{"Defaults", []string{
			`promoted.go:25:2: field Ints: jsonschema default=["1","2"] does not match the field's own schema (validating /items: type: 1 has type "string", want "integer"), so the MCP Go SDK refuses the tool's schema and every call fails; remove the default: invopop makes a list of strings of default= on an array, which only an array of strings takes`,
			`promoted.go:26:2: field Enum: jsonschema default="c" does not match the field's own schema (enum: c does not equal any of: [a b]), so the MCP Go SDK refuses the tool's schema and every call fails; change the default, or the constraints it breaks`,
			`promoted.go:27:2: field Min: jsonschema default=0 does not match the field's own schema (minimum: 0/1 is less than 1.000000), so the MCP Go SDK refuses the tool's schema and every call fails; change the default, or the constraints it breaks`,
			`promoted.go:30:2: field Unused: jsonschema tag: default=3 on a required field: the MCP Go SDK applies a default only to a property that is not required, so a client must send unused all the same; add omitempty or omitzero to its json tag to make it optional, or remove the default`,
		}},
		{"TagValues", []string{
			"values.go:7:2: field Look: jsonschema tag: pattern=^(?!admin)[a-z]+$ is not a regular expression Go's regexp package (RE2) accepts (invalid or unsupported Perl syntax: `(?!`), and the MCP Go SDK compiles it with that package, so it refuses the tool's schema and every call fails; rewrite it without lookarounds or backreferences",
			"values.go:8:2: field Back: jsonschema tag: pattern=(a)\\1 is not a regular expression Go's regexp package (RE2) accepts (invalid escape sequence: `\\1`), and the MCP Go SDK compiles it with that package, so it refuses the tool's schema and every call fails; rewrite it without lookarounds or backreferences",
			"values.go:9:2: field Zero: jsonschema tag: multipleOf=0 must be greater than 0: the MCP Go SDK finds no number a multiple of it, so it refuses every value of the field; write a positive number, or leave it out",
			"values.go:10:2: field Neg: jsonschema tag: multipleOf=-2 must be greater than 0: the MCP Go SDK finds no number a multiple of it, so it refuses every value of the field; write a positive number, or leave it out",
			"values.go:13:2: field Tenth: jsonschema tag: multipleOf=0.1 is a fraction binary floating point cannot hold exactly, so the MCP Go SDK and JavaScript clients refuse numbers that are multiples of it (0.3 for 0.1); use an integer field in smaller units (cents for 0.01), or a multipleOf that is a whole number or a power-of-two fraction (0.5, 0.25)",
		}},
		{"IgnoredValues", []string{
			"values.go:21:2: field Enum: jsonschema tag: enum=one is not a number, which invopop needs on a schema of type integer, so it leaves it out; write a number, as in enum=1",
			"values.go:22:2: field Default: jsonschema tag: default=none is not a number, which invopop needs on a schema of type number, so it leaves it out; write a number, as in default=1",
			"values.go:23:2: field Example: jsonschema tag: example=many is not a number, which invopop needs on a schema of type array of integer, so it leaves it out; write a number, as in example=1",
			"values.go:24:2: field Flag: jsonschema tag: default=yes is not true or false, so invopop ignores it; write default=true or default=false",
			"values.go:25:2: field Unique: jsonschema tag: invopop reads uniqueItems=false as uniqueItems=true, whatever the value; write uniqueItems=true, or leave it out to allow repeated items",
			`values.go:28:2: field Type: jsonschema tag: type=strin: "strin" is not a JSON schema type, and the MCP Go SDK matches no value against it; did you mean string?`,
			`values.go:29:2: field OneOf: jsonschema tag: oneof_type=integer;nul: "nul" is not a JSON schema type, and the MCP Go SDK matches no value against it; did you mean null?`,
			"values.go:31:2: field Read: jsonschema tag: readOnly=yes is not a boolean, so invopop reads it as readOnly=false; write readOnly=true, or leave it out",
		}},
		// $refs are checked once the schema is complete: their problems come last.
		{"Refs", []string{
			"values.go:42:2: field Look: jsonschema tag: pattern=(?=x) is not a regular expression Go's regexp package (RE2) accepts (invalid or unsupported Perl syntax: `(?=`), and the MCP Go SDK compiles it with that package, so it refuses the tool's schema and every call fails; rewrite it without lookarounds or backreferences",
			`values.go:39:2: field Defs: jsonschema tag: oneof_ref: the MCP Go SDK cannot resolve $ref "#/$defs/Item" in the tool's schema (JSON Pointer "/$defs/Item": no key "Item" in map), so it refuses the schema and every call fails; cardgen's schemas are inline, without $defs, so point at a place in the schema itself (#/properties/…) or use oneof_type`,
			`values.go:40:2: field Items: jsonschema tag: anyof_ref: the MCP Go SDK cannot resolve $ref "#/nowhere" in the tool's schema (JSON Pointer "/nowhere": no schema field "nowhere"), so it refuses the schema and every call fails; cardgen's schemas are inline, without $defs, so point at a place in the schema itself (#/properties/…) or use anyof_type`,
		}},
		{"Choice", []string{
			"values.go:49:2: field A: jsonschema tag: oneof_required=a names an alternative whose fields (a) the schema requires anyway (their json tags have no omitempty or omitzero), so it always holds: the choice means nothing, and oneOf refuses every value once two alternatives always hold; add omitempty or omitzero to their json tags",
			"values.go:53:2: field D: jsonschema tag: anyof_required=d names an alternative whose fields (d) the schema requires anyway (their json tags have no omitempty or omitzero), so it always holds: the choice means nothing, and oneOf refuses every value once two alternatives always hold; add omitempty or omitzero to their json tags",
		}},
		{"BadNames", []string{
			`values.go:59:2: field Quote: json tag: encoding/json does not take "user's" as a name (it allows letters, digits, spaces and !#$%&()*+-./:;<=>?@[]^_{|}~, not quotes or backslashes), so it uses the field name Quote instead, which the schema does not have; rename it`,
			`values.go:60:2: field Back: json tag: encoding/json does not take "a\\b" as a name (it allows letters, digits, spaces and !#$%&()*+-./:;<=>?@[]^_{|}~, not quotes or backslashes), so it uses the field name Back instead, which the schema does not have; rename it`,
		}},
		{"ExtrasValues", []string{
			`values.go:68:2: field Props: jsonschema_extras tag: minProperties makes the schema {"minProperties":"1"}, which the MCP Go SDK cannot read (cannot be unmarshaled into an int), so it refuses the tool's schema and every call fails; invopop writes a jsonschema_extras value as a string (but true, false and minimum), so set a keyword that takes a number or a list in a JSONSchemaExtend method of the type instead`,
			"values.go:69:2: field Pat: jsonschema_extras tag: pattern makes the schema {\"pattern\":\"(?!x)\"}, which the MCP Go SDK cannot read (jsonschema.Schema: <anonymous schema>: pattern: error parsing regexp: invalid or unsupported Perl syntax: `(?!`), so it refuses the tool's schema and every call fails; invopop writes a jsonschema_extras value as a string (but true, false and minimum), so set a keyword that takes a number or a list in a JSONSchemaExtend method of the type instead",
		}},
		{"EmbeddedPtr", []string{
			"decode.go:22:3: field inner: encoding/json cannot set the embedded pointer inner (its type is unexported), so it refuses every input that sets a field it promotes (x), which the schema offers; embed problems.inner without the *, or export its type",
		}},
		{"Ifaces", []string{
			"decode.go:37:2: field S: encoding/json can decode only null into the interface type fmt.Stringer, since it cannot choose a concrete type, so every input that sets it fails while the schema allows any value; use a concrete type (or any) in the input, or tag the field json:\"-\"",
			"decode.go:38:2: field M: encoding/json can decode only null into the interface type error, since it cannot choose a concrete type, so every input that sets it fails while the schema allows any value; use a concrete type (or any) in the input, or tag the field json:\"-\"",
			"decode.go:40:6: field Stringer: encoding/json can decode only null into the interface type fmt.Stringer, since it cannot choose a concrete type, so every input that sets it fails while the schema allows any value; use a concrete type (or any) in the input, or tag the field json:\"-\"",
		}},
		{"Quoted", []string{
			quotedMsg("S"),
			quotedMsg("P"),
		}},
		{"StdDefaults", []string{
			`decode.go:69:2: field Since: jsonschema tag: default=2024-01-02 cannot be decoded into time.Time (parsing time "2024-01-02" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"), and the MCP Go SDK puts the default into every call without the field, so each such call fails; write it as encoding/json reads a time.Time: RFC 3339, as in 2024-01-02T15:04:05Z`,
			`decode.go:70:2: field Host: jsonschema tag: default=localhost cannot be decoded into netip.Addr (ParseAddr("localhost"): unable to parse IP), and the MCP Go SDK puts the default into every call without the field, so each such call fails; write it as encoding/json reads a netip.Addr: 192.0.2.1`,
		}},
		{"Unmarshalers", []string{
			"decode.go:80:2: field R: type problems.ReadText has UnmarshalText but no MarshalText, so encoding/json reads it only from a JSON string, where the schema describes its Go type and refuses strings; declare MarshalText on the value receiver too, which makes it a string both ways, or give problems.ReadText a JSONSchema() *jsonschema.Schema method",
			"decode.go:81:2: field J: type problems.ReadJSON has an UnmarshalJSON method, so cardgen cannot know the JSON encoding/json reads into it (invopop would describe its Go type); " + tagMsg + "give problems.ReadJSON a JSONSchema() *jsonschema.Schema method that describes that JSON (when it is yours), or use another type in the input",
			"decode.go:82:2: field W: type problems.WriteText has MarshalText but no UnmarshalText, so encoding/json writes it as a JSON string but cannot read one back into it, and the schema says string; declare UnmarshalText on the pointer receiver, or give problems.WriteText a JSONSchema() *jsonschema.Schema method",
		}},
		{"Stamp", []string{
			"problems.go:96:6: tool input must be a struct; time.Time is described as a JSON string, not an object: declare a struct type with a field of this type instead",
		}},
		// Methods of invopop's names that invopop does not call: another signature (the MCP Go
		// SDK's schema type, a Schema by value, arguments) or the pointer receiver.
		{"Misdeclared", []string{
			"methods.go:66:2: field Status: " + sdkStatusMsg,
			"methods.go:67:2: field Value: problems.ValueSchema.JSONSchema returns github.com/invopop/jsonschema.Schema, not a pointer to it, so cardgen never calls it; " + onlyMsg + "return a pointer (or remove the method)",
			"methods.go:68:2: field Param: problems.ParamSchema.JSONSchema is func(name string) *github.com/invopop/jsonschema.Schema, so cardgen never calls it; " + onlyMsg + "give it that signature (or remove the method)",
			"methods.go:69:2: field Ptr: (*problems.PtrSchema).JSONSchema has a pointer receiver, so cardgen never calls it; cardgen, like invopop, calls only a method JSONSchema() *github.com/invopop/jsonschema.Schema of the type itself, not of its pointer: " +
				"declare it on the value receiver, func (PtrSchema) JSONSchema (or remove the method)",
			"methods.go:70:2: field Extend: (*problems.SDKExtend).JSONSchemaExtend has a pointer receiver and takes *github.com/google/jsonschema-go/jsonschema.Schema, so cardgen never calls it; " +
				"cardgen, like invopop, calls only a method JSONSchemaExtend(*github.com/invopop/jsonschema.Schema) of the type itself, not of its pointer: " +
				"declare it on the value receiver, func (SDKExtend) JSONSchemaExtend, and import github.com/invopop/jsonschema in place of github.com/google/jsonschema-go/jsonschema in the file that declares it (or remove the method)",
			"methods.go:71:2: field Doc: (*problems.DocPtr).GetFieldDocString has a pointer receiver, so cardgen never calls it; cardgen, like invopop, calls only a method GetFieldDocString(string) string of the type itself, not of its pointer: " +
				"declare it on the value receiver, func (DocPtr) GetFieldDocString (or remove the method)",
			"methods.go:72:2: field Stated: " + strings.ReplaceAll(sdkStatusMsg, "SDKStatus", "SDKMoney"),
			"methods.go:73:2: field Statuses: " + sdkStatusMsg,
		}},
		// A type with its own MarshalJSON and a JSONSchema method invopop does not call: the
		// problem stops the schema, and says what is wrong with the method it has instead of
		// advising one.
		{"MisdeclaredOwnJSON", []string{
			"methods.go:79:2: field Money: " + strings.ReplaceAll(sdkStatusMsg, "SDKStatus", "SDKMoney"),
			"methods.go:80:2: field Moneys: " + strings.ReplaceAll(sdkStatusMsg, "SDKStatus", "SDKMoney"),
		}},
		{"MisdeclaredTop", []string{
			"methods.go:98:6: " + strings.ReplaceAll(sdkStatusMsg, "SDKStatus", "MisdeclaredTop"),
		}},
		// A one-word tag may be a description in the MCP Go SDK's form; a json option in the
		// jsonschema tag belongs in the json tag.
		{"SDKWords", []string{
			`methods.go:86:2: field ID: jsonschema tag: "identifier" is not a keyword invopop knows, so it ignores it; write required, nullable or key=value, or, if it is the MCP Go SDK's description form, write description=identifier`,
			`methods.go:87:2: field Title: jsonschema tag: "Title" is not a keyword invopop knows, so it ignores it; did you mean title? Or, if it is the MCP Go SDK's description form, write description=Title`,
			`methods.go:88:2: field Pattern: jsonschema tag: pattern has no value, so invopop ignores it; write pattern=…, or, if it is the MCP Go SDK's description form, write description=pattern`,
			`methods.go:89:2: field Typo: jsonschema tag: "requird" is not a keyword invopop knows, so it ignores it; did you mean required? Or, if it is the MCP Go SDK's description form, write description=requird`,
			`methods.go:90:2: field Limit: jsonschema tag: omitempty is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (the json tag has it already)`,
			`methods.go:91:2: field Count: jsonschema tag: omitzero is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (put it in the json tag, json:"count,omitzero", to make the field optional)`,
			`methods.go:92:2: field Quoted: jsonschema tag: string is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (put it in the json tag, json:"quoted,string", if encoding/json is to write the value as a JSON string)`,
			`methods.go:93:2: field Text: jsonschema tag: string is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (as a json tag option it quotes only numbers and booleans)`,
			`methods.go:94:2: field Already: jsonschema tag: string is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (the json tag has it already)`,
		}},
	}
	pkg := load(t, "testdata/problems")
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			obj := lookup(t, pkg, tt.typ)
			res, probs := schema.For(obj.Type(), obj.Pos())
			if ignoredOnly := len(mappingProblems(probs)) == 0; (res.Schema != nil) != ignoredOnly || res.Runtime {
				t.Errorf("Result = %+v; want a schema only when every problem is a tag word invopop ignores", res)
			}
			got := make([]string, len(probs))
			for i, p := range probs {
				pos := pkg.Fset.Position(p.Pos)
				got[i] = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.Filename), pos.Line, pos.Column, p.Msg)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(tt.want))
			}
		})
	}
}

func lines(ss []string) string {
	b, _ := json.MarshalIndent(ss, "", "  ")
	return string(b)
}

// TestRuntime checks which types need invopop at run time: those whose value method set (not the
// pointer's) has one of invopop's methods with the exact signature, declared or promoted.
func TestRuntime(t *testing.T) {
	tests := []struct {
		dir, typ string
		runtime  bool
	}{
		{"testdata/fixtures", "Custom", true},
		{"testdata/fixtures", "UsesCustom", true},
		{"testdata/fixtures", "PromotesCustom", true},
		{"testdata/fixtures", "Extended", true},
		{"testdata/fixtures", "Aliased", true},
		{"testdata/fixtures", "PropAliased", true},
		{"testdata/fixtures", "DocStrings", true},
		{"testdata/fixtures", "PtrMethod", false},
		{"testdata/fixtures", "WrongSig", false},
		{"testdata/fixtures", "Specials", false}, // EnumDescriptor is mapped statically
		// invopop never reflects Runtime's chan field: JSONSchemaAlias replaces the type.
		{"testdata/problems", "Runtime", true},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			obj := lookup(t, load(t, tt.dir), tt.typ)
			res, probs := schema.For(types.NewPointer(obj.Type()), obj.Pos())
			if probs := mappingProblems(probs); len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			if res.Runtime != tt.runtime || (res.Schema == nil) != tt.runtime {
				t.Errorf("Runtime = %v, Schema = %v; want Runtime %v and a schema only without it", res.Runtime, res.Schema != nil, tt.runtime)
			}
		})
	}
}

// check type-checks src (a package p, which may import the standard library) for the table
// tests and the example.
func check(tb testing.TB, src string) *types.Package {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		tb.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", nil)}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return pkg
}

func TestFor(t *testing.T) {
	const head = `{"$schema":"https://json-schema.org/draft/2020-12/schema",`
	tests := []struct {
		name, src, want string
	}{
		{"integer ranges as the SDK infers them",
			`type T struct { A uint8; B int16; C uint; D int; E []uint32; F map[string]int8; G int64; H uint64 }`,
			head + `"properties":{"A":{"type":"integer","maximum":255,"minimum":0},"B":{"type":"integer","maximum":32767,"minimum":-32768},"C":{"type":"integer","minimum":0},"D":{"type":"integer"},` +
				`"E":{"items":{"type":"integer","maximum":4294967295,"minimum":0},"type":"array"},"F":{"additionalProperties":{"type":"integer","maximum":127,"minimum":-128},"type":"object"},"G":{"type":"integer"},"H":{"type":"integer","minimum":0}},` +
				`"additionalProperties":false,"type":"object","required":["A","B","C","D","E","F","G","H"]}`},
		{"integer range under tags",
			`type T struct { A uint8 ` + "`jsonschema:\"minimum=1\"`" + `; B uint8 ` + "`json:\",string\"`" + `; C int8 ` + "`jsonschema:\"type=number\"`" + `; D uint16 ` + "`jsonschema:\"type=string\"`" + `; E int32 ` + "`jsonschema:\"oneof_type=integer;string\"`" + ` }`,
			head + `"properties":{"A":{"type":"integer","maximum":255,"minimum":1},"B":{"type":"string"},"C":{"type":"number","maximum":127,"minimum":-128},"D":{"type":"string"},"E":{"oneOf":[{"type":"integer"},{"type":"string"}]}},` +
				`"additionalProperties":false,"type":"object","required":["A","B","C","D","E"]}`},
		{"required unless omitempty",
			`type T struct { A int; B string ` + "`json:\"b,omitempty\"`" + ` }`,
			head + `"properties":{"A":{"type":"integer"},"b":{"type":"string"}},"additionalProperties":false,"type":"object","required":["A"]}`},
		{"jsonschema required on omitempty",
			`type T struct { B string ` + "`json:\"b,omitempty\" jsonschema:\"required,minLength=1\"`" + ` }`,
			head + `"properties":{"b":{"type":"string","minLength":1}},"additionalProperties":false,"type":"object","required":["b"]}`},
		{"pointer, nullable",
			`type GetOrderInput struct { ID *int ` + "`json:\"id\" jsonschema:\"nullable,minimum=1\"`" + ` }`,
			head + `"properties":{"id":{"oneOf":[{"type":"integer","minimum":1},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["id"]}`},
		{"embedded pointer flattened, unexported skipped",
			`type B struct { X bool ` + "`json:\"x,omitempty\"`" + `; y int }; type T struct { *B; Z []byte }`,
			head + `"properties":{"x":{"type":"boolean"},"Z":{"type":"string","contentEncoding":"base64"}},"additionalProperties":false,"type":"object","required":["Z"]}`},
		{"maps",
			`type T struct { S map[string]float32; I map[int]bool; A map[string]any }`,
			head + `"properties":{"S":{"additionalProperties":{"type":"number"},"type":"object"},"I":{"patternProperties":{"^-?[0-9]+$":{"type":"boolean"}},"additionalProperties":false,"type":"object"},"A":{"type":"object"}},"additionalProperties":false,"type":"object","required":["S","I","A"]}`},
		{"array item keywords",
			`type T struct { L []string ` + "`json:\"l\" jsonschema:\"maxItems=3,enum=a,enum=b\"`" + ` }`,
			head + `"properties":{"l":{"items":{"type":"string","enum":["a","b"]},"type":"array","maxItems":3}},"additionalProperties":false,"type":"object","required":["l"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg := check(t, "package p\n"+tt.src)
			obj := pkg.Scope().Lookup(pkg.Scope().Names()[len(pkg.Scope().Names())-1])
			res, probs := schema.For(obj.Type(), obj.Pos())
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			got, err := schema.Marshal(res.Schema)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestForNil(t *testing.T) {
	res, probs := schema.For(nil, token.Pos(7))
	want := []schema.Problem{{Pos: 7, Msg: "tool input has no type; pass the parameter's types.Type"}}
	if res.Schema != nil || res.Runtime || !slices.Equal(probs, want) {
		t.Errorf("For(nil) = %+v, %+v; want %+v", res, probs, want)
	}
}

func TestMarshalNil(t *testing.T) {
	b, err := schema.Marshal(nil)
	if err == nil || b != nil {
		t.Fatalf("Marshal(nil) = %q, %v; want an error", b, err)
	}
}

func ExampleFor() {
	src := `package p

type SearchInput struct {
	Query string ` + "`json:\"query\" jsonschema:\"minLength=1,description=Words to look for\"`" + `
	Limit int    ` + "`json:\"limit,omitempty\" jsonschema:\"minimum=1,maximum=50,default=10\"`" + `
}`
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "p.go", src, 0)
	pkg, _ := new(types.Config).Check("example.com/p", fset, []*ast.File{f}, nil)
	obj := pkg.Scope().Lookup("SearchInput")

	res, problems := schema.For(obj.Type(), obj.Pos())
	if len(problems) > 0 {
		fmt.Println(problems)
		return
	}
	b, _ := schema.Marshal(res.Schema)
	fmt.Println(string(b))
	// Output:
	// {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"query":{"type":"string","minLength":1,"description":"Words to look for"},"limit":{"type":"integer","maximum":50,"minimum":1,"default":10}},"additionalProperties":false,"type":"object","required":["query"]}
}

func ExampleFor_problem() {
	src := `package p

type WatchInput struct {
	Path    string        ` + "`json:\"path\"`" + `
	Updates chan string   ` + "`json:\"updates\"`" + `
}`
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "p.go", src, 0)
	pkg, _ := new(types.Config).Check("example.com/p", fset, []*ast.File{f}, nil)
	obj := pkg.Scope().Lookup("WatchInput")

	_, problems := schema.For(obj.Type(), obj.Pos())
	for _, p := range problems {
		fmt.Printf("%s: %s\n", fset.Position(p.Pos), p.Msg)
	}
	// Output:
	// p.go:5:2: field Updates: channels cannot be described by a JSON schema; tag it json:"-" or change its type
}

// BenchmarkFor maps fixtures.Large: 22 fields, nested structs from two packages, maps, slices,
// time.Time and an embedded struct.
func BenchmarkFor(b *testing.B) {
	obj := lookup(b, load(b, "testdata/fixtures"), "Large")
	b.ReportAllocs()
	for b.Loop() {
		res, probs := schema.For(obj.Type(), obj.Pos())
		if res.Schema == nil || len(probs) > 0 {
			b.Fatal(probs)
		}
	}
}

// fuzzKinds are the field types the tag fuzzer tries, as reflect types; their go/types twins are
// the fields of fixtures.FuzzKinds, in the same order.
var fuzzKinds = []reflect.Type{
	reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[float64](), reflect.TypeFor[bool](),
	reflect.TypeFor[[]string](), reflect.TypeFor[[]int](), reflect.TypeFor[*string](), reflect.TypeFor[map[string]int](),
	reflect.TypeFor[time.Time](), reflect.TypeFor[[]byte](), reflect.TypeFor[[2]int](), reflect.TypeFor[any](),
}

// FuzzTags is a differential test of the tag grammar against invopop itself, in process: it builds
// the same two-field struct as a go/types type and with reflect.StructOf, with fuzzed json,
// jsonschema and jsonschema_extras tags. When For reports no problem, invopop must produce the
// same bytes; when For reports a problem, invopop must panic or produce a schema that does not
// marshal.
func FuzzTags(f *testing.F) {
	kinds := lookup(f, load(f, "testdata/fixtures"), "FuzzKinds").Type().Underlying().(*types.Struct)
	if kinds.NumFields() != len(fuzzKinds) {
		f.Fatalf("fixtures.FuzzKinds has %d fields, fuzzKinds %d", kinds.NumFields(), len(fuzzKinds))
	}
	f.Add(uint8(0), uint8(1), "a,omitempty", "required,minLength=1,pattern=^a\\,b$", "x-a=1,x-a=2", "b", "oneof_required=g,title=t")
	f.Add(uint8(4), uint8(5), "l", "minItems=1,enum=x,format=f,default=a,default=b", "minimum=3", "m,string", "enum=1,enum=+1")
	f.Add(uint8(9), uint8(8), "", "type=array,minItems=1", "x=true,x=t", "t", "type=array,format=x")
	f.Add(uint8(2), uint8(3), ",string", "minimum=Inf,maximum=1e400", "", "-", "default=true")
	f.Add(uint8(6), uint8(7), "p", "nullable,readOnly=true", "", "a", "anyof_type=string;null,oneof_ref=#/x")
	f.Add(uint8(10), uint8(11), "a", "uniqueItems=1,maxItems=x,exclusiveMinimum=0x10", "", "a,inline", "-")
	f.Fuzz(func(t *testing.T, k1, k2 uint8, json1, schema1, extras1, json2, schema2 string) {
		tags := []string{
			"json:" + strconv.Quote(json1) + " jsonschema:" + strconv.Quote(schema1) + " jsonschema_extras:" + strconv.Quote(extras1),
			"json:" + strconv.Quote(json2) + " jsonschema:" + strconv.Quote(schema2),
		}
		i1, i2 := int(k1)%len(fuzzKinds), int(k2)%len(fuzzKinds)
		st := types.NewStruct([]*types.Var{
			types.NewField(token.NoPos, nil, "A", kinds.Field(i1).Type(), false),
			types.NewField(token.NoPos, nil, "B", kinds.Field(i2).Type(), false),
		}, tags)
		rt := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: fuzzKinds[i1], Tag: reflect.StructTag(tags[0])},
			{Name: "B", Type: fuzzKinds[i2], Tag: reflect.StructTag(tags[1])},
		})

		res, probs := schema.For(st, token.NoPos)
		want, failure := invopop(rt, false)
		for _, p := range probs {
			if p.Ignored && !strings.Contains(p.Msg, ": jsonschema tag: ") && !strings.Contains(p.Msg, ": json tag: ") && !strings.Contains(p.Msg, ": jsonschema_extras tag: ") {
				t.Fatalf("For reports %q as a tag word invopop or encoding/json ignores", p.Msg)
			}
		}
		// A tag word invopop ignores leaves the schema as invopop makes it: compared below.
		if probs := mappingProblems(probs); len(probs) > 0 {
			if failure != "" {
				return
			}
			// A default that does not validate against its field's schema: invopop writes it,
			// and the SDK refuses the schema.
			defaults := !slices.ContainsFunc(probs, func(p schema.Problem) bool { return !strings.Contains(p.Msg, ": "+schema.DefaultProblem) })
			if _, err := sdkschema.Resolve(want); !defaults || err == nil {
				t.Fatalf("For reports %v, but invopop gives %s, which the SDK resolves (%v)", probs, want, err)
			}
			return
		}
		if failure != "" {
			t.Fatalf("invopop fails (%s) where For reports no problem", failure)
		}
		got, err := schema.Marshal(res.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("For:     %s\ninvopop: %s", got, want)
		}
		// The output schema: ForOutput against invopop with AdjustSchema's output changes. An
		// output may not require a field encoding/json leaves out (TestOutputRequiredOmitted).
		res, outProbs := schema.ForOutput(st, token.NoPos)
		if outProbs := mappingProblems(outProbs); len(outProbs) > 0 {
			for _, p := range outProbs {
				if !strings.Contains(p.Msg, "jsonschema tag: required on an output field") {
					t.Fatalf("ForOutput reports %q where For reports nothing", p.Msg)
				}
			}
			return
		}
		got, err = schema.Marshal(res.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := invopop(rt, true); string(got) != string(want) {
			t.Fatalf("ForOutput: %s\ninvopop:   %s", got, want)
		}
	})
}

// invopop reflects t as the generated code would at run time (invopop, then register.AdjustSchema
// for cardgen's deliberate differences) and reports a panic or a marshal error as failure.
func invopop(t reflect.Type, output bool) (b []byte, failure string) {
	defer func() {
		if p := recover(); p != nil {
			b, failure = nil, fmt.Sprint("panic: ", p)
		}
	}()
	s := register.Reflector().ReflectFromType(t)
	if _, err := json.Marshal(s); err != nil {
		return nil, err.Error() // before AdjustSchema, which may drop the field that breaks it
	}
	register.AdjustSchema(t, s, output)
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err.Error()
	}
	return b, ""
}

// TestTagCheckRuntimeType: a field whose type has a JSONSchema method gets its JSON type at run
// time, so a type-specific keyword on it is not reported, and a misspelt one still is.
func TestTagCheckRuntimeType(t *testing.T) {
	pkg := load(t, "testdata/problems")
	obj := lookup(t, pkg, "RuntimeTags")
	res, probs := schema.For(obj.Type(), obj.Pos())
	if !res.Runtime {
		t.Errorf("RuntimeTags: Runtime = false; its field's type has a JSONSchema method")
	}
	var got []string
	for _, p := range probs {
		got = append(got, p.Msg)
	}
	want := []string{"field Price: jsonschema tag: patern is not a keyword invopop knows, so it ignores it; did you mean pattern?"}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

// TestSDKWordFixes: a tag of one bare word that invopop does not read may be a description in
// the MCP Go SDK's form, and its problem carries the edit that writes it as invopop's
// description= (which cardvet -fix applies, at TagOffset in the field's tag), unless a keyword is
// certainly meant (requird); a word of a longer tag, or a json option, carries none.
func TestSDKWordFixes(t *testing.T) {
	obj := lookup(t, load(t, "testdata/problems"), "SDKWords")
	_, probs := schema.For(obj.Type(), obj.Pos())
	got := map[string]string{}
	for _, p := range probs {
		if p.Field == nil {
			t.Errorf("%s: no tag position", p.Msg)
			continue
		}
		if !strings.HasPrefix(p.Tag[p.TagOffset:], p.FixOld) {
			t.Errorf("%s: FixOld %q is not at TagOffset %d of %q", p.Field.Name(), p.FixOld, p.TagOffset, p.Tag)
		}
		if p.FixText != "" {
			got[p.Field.Name()] = p.FixOld + " → " + p.FixText
		}
	}
	want := map[string]string{
		"ID":      "identifier → description=identifier",
		"Title":   "Title → description=Title",
		"Pattern": "pattern → description=pattern",
		"Typo":    "requird → required",
	}
	if !maps.Equal(got, want) {
		t.Errorf("fixes = %v, want %v", got, want)
	}
}

// mappingProblems are the problems that stop a schema from being made, leaving out the tag words
// invopop ignores (Problem.Ignored), which leave it as invopop makes it.
func mappingProblems(probs []schema.Problem) []schema.Problem {
	return slices.DeleteFunc(slices.Clone(probs), func(p schema.Problem) bool { return p.Ignored })
}

// TestFields: Result.Fields names the field each top-level property comes from, as
// encoding/json chooses it: a field promoted from an embedded struct, the shallower of two
// fields of one name, and no entry for the properties of a nested struct.
func TestFields(t *testing.T) {
	src := "package p\n\ntype Base struct {\n\tID string `json:\"id\"`\n\tTool string `json:\"tool\"`\n}\n\n" +
		"type Inner struct {\n\tDeep string `json:\"deep\"`\n}\n\n" +
		"type In struct {\n\tBase\n\tTool  string `json:\"tool\"`\n\tInner Inner  `json:\"inner\"`\n}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := pkg.Scope().Lookup("In").Type()
	res, problems := schema.For(in, token.NoPos)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	where := map[string]string{}
	for name, fld := range res.Fields {
		where[name] = fset.Position(fld.Var.Pos()).String() + " " + fld.Tag
	}
	want := map[string]string{
		"id":    "p.go:4:2 " + `json:"id"`,
		"tool":  "p.go:14:2 " + `json:"tool"`,
		"inner": "p.go:15:2 " + `json:"inner"`,
	}
	if !maps.Equal(where, want) {
		t.Errorf("Fields = %v, want %v", where, want)
	}
}

// BenchmarkForWide maps a struct of 5,000 required fields, one pair sharing a name: the field
// selection and the required list stay linear in the field count (they were quadratic, 2.5–3.7 s
// at 20,000 fields).
func BenchmarkForWide(b *testing.B) {
	var src strings.Builder
	src.WriteString("package p\ntype T struct {\n")
	for i := range 5000 {
		fmt.Fprintf(&src, "\tF%d int `json:\"f%d\"`\n", i, i)
	}
	src.WriteString("\tDup bool `json:\"f0\"`\n}\n")
	obj := check(b, src.String()).Scope().Lookup("T")
	b.ReportAllocs()
	for b.Loop() {
		res, probs := schema.For(obj.Type(), obj.Pos())
		if len(probs) > 0 || res.Schema.Properties.Len() != 4999 || len(res.Schema.Required) != 4999 {
			b.Fatalf("problems %v, %d properties; want none and 4,999 (f0 shared by two fields of one depth)", probs, res.Schema.Properties.Len())
		}
	}
}
