package problems

// TagValues has tag values that invopop writes into the schema and the MCP Go SDK cannot use: a
// pattern RE2 does not compile (the SDK refuses the whole schema), a multipleOf no number satisfies
// or one floating point cannot hold (Tenth). Fine and Float have values that work.
type TagValues struct {
	Look  string   `json:"look" jsonschema:"pattern=^(?!admin)[a-z]+$"`
	Back  []string `json:"back" jsonschema:"pattern=(a)\\1"`
	Zero  float64  `json:"zero" jsonschema:"multipleOf=0"`
	Neg   []int    `json:"neg" jsonschema:"multipleOf=-2"`
	Fine  string   `json:"fine" jsonschema:"pattern=^[a-z]+(\\,[a-z]+)*$,minLength=1"`
	Float float64  `json:"float" jsonschema:"multipleOf=0.5"`
	Tenth float64  `json:"tenth" jsonschema:"multipleOf=0.1"`
}

// IgnoredValues has values invopop drops or misreads without a word: a default, enum or example
// that is not a number on a number (or an array of them), a boolean default that is not true or
// false, uniqueItems=false, which invopop reads as true, and types JSON schema does not have (the
// SDK matches no value against them). Fine's and Types' are all taken.
type IgnoredValues struct {
	Enum    int     `json:"enum" jsonschema:"enum=one,enum=2"`
	Default float64 `json:"default,omitempty" jsonschema:"default=none"`
	Example []int   `json:"example" jsonschema:"example=many"`
	Flag    bool    `json:"flag,omitempty" jsonschema:"default=yes"`
	Unique  []int   `json:"unique" jsonschema:"uniqueItems=false"`
	Strings int     `json:"strings,string" jsonschema:"enum=one,enum=two"`
	Fine    []int   `json:"fine" jsonschema:"enum=1,example=2,uniqueItems=true"`
	Type    string  `json:"type" jsonschema:"type=strin"`
	OneOf   *int    `json:"one_of" jsonschema:"oneof_type=integer;nul"`
	Types   any     `json:"types" jsonschema:"anyof_type=string;array;null"`
	Read    string  `json:"read" jsonschema:"readOnly=yes,writeOnly=1"`
}

// Refs has $refs from oneof_ref and anyof_ref tags, which the MCP Go SDK resolves against the
// schema itself: cardgen's schemas are inline, so #/$defs/Item points nowhere, while
// #/properties/self is a place in the schema. Look's pattern, which makes the SDK refuse the
// schema too, does not hide them.
type Refs struct {
	Defs  string   `json:"defs" jsonschema:"oneof_ref=#/$defs/Item"`
	Items []string `json:"items" jsonschema:"anyof_ref=#/properties/self;#/nowhere"`
	Self  string   `json:"self"`
	Look  string   `json:"look" jsonschema:"pattern=(?=x)"`
}

// Choice has alternatives from oneof_required and anyof_required: a's and d's fields are required
// anyway, so those alternatives always hold; b's field is optional, and c holds only when its
// optional field is there.
type Choice struct {
	A  string `json:"a" jsonschema:"oneof_required=a"`
	B  string `json:"b,omitempty" jsonschema:"oneof_required=b"`
	C1 string `json:"c1" jsonschema:"anyof_required=c"`
	C2 string `json:"c2,omitempty" jsonschema:"anyof_required=c"`
	D  string `json:"d" jsonschema:"anyof_required=d"`
}

// BadNames has json names encoding/json does not take (it uses the field name instead); Fine's
// and Uni's it takes.
type BadNames struct {
	Quote string `json:"user's"`
	Back  string `json:"a\\b"`
	Fine  string `json:"ok name!#$%&()*+-./:;<=>?@[]^_{|}~"`
	Uni   string `json:"héllo"`
}

// ExtrasValues has jsonschema_extras keys the SDK cannot read: invopop writes minProperties=1 as
// the string "1", and the SDK compiles an extra pattern as its own. Fine's keys it reads.
type ExtrasValues struct {
	Props map[string]int `json:"props" jsonschema_extras:"minProperties=1"`
	Pat   string         `json:"pat" jsonschema_extras:"pattern=(?!x)"`
	Fine  string         `json:"fine" jsonschema_extras:"const=x,deprecated=true,minimum=3,x-kind=y"`
}
