// Package problems holds types that gen/schema cannot map. The test asserts each message and
// position exactly.
package problems

import (
	"time"
	"unsafe"

	"github.com/invopop/jsonschema"
)

// Kinds has one field of each kind no JSON schema describes, and fields that are fine.
type Kinds struct {
	OK      string         `json:"ok"`
	Ch      chan int       `json:"ch"`
	Fn      func() error   `json:"fn"`
	C64     complex64      `json:"c64"`
	C128    complex128     `json:"c128"`
	Ptr     unsafe.Pointer `json:"ptr"`
	Addr    uintptr        `json:"addr"`
	Ignored chan int       `json:"-"`
	private func()
}

// Node refers to itself through a pointer.
type Node struct {
	Value    int     `json:"value"`
	Next     *Node   `json:"next,omitempty"`
	Children []Node  `json:"children"`
	Skip     *Node   `json:"-"`
	Parent   *Parent `json:"parent"`
}

// Parent closes a longer cycle back to Node.
type Parent struct {
	Node *Node `json:"node"`
}

// List is a recursive named slice.
type List []List

// Lists uses List twice; the cycle is reported once.
type Lists struct {
	A List `json:"a"`
	B List `json:"b"`
}

// SelfEmbed embeds a pointer to itself.
type SelfEmbed struct {
	*SelfEmbed
	X int `json:"x"`
}

// Keys has map keys encoding/json cannot use.
type Keys struct {
	Bool   map[bool]string        `json:"bool"`
	Float  map[float64]int        `json:"float"`
	Struct map[struct{}]int       `json:"struct"`
	Fine   map[uint]int           `json:"fine"`
	Time   map[time.Time]int      `json:"time"`
	Deep   []map[[2]int]time.Time `json:"deep"`
}

// Tags has jsonschema tags invopop cannot turn into a valid schema.
type Tags struct {
	Plus      int     `json:"plus" jsonschema:"minimum=+1"`
	Hex       float64 `json:"hex" jsonschema:"maximum=0x1p3"`
	Inf       float64 `json:"inf" jsonschema:"default=Inf"`
	Items     []int   `json:"items" jsonschema:"enum=01"`
	NoItems   string  `json:"no_items" jsonschema:"type=array,format=email"`
	NoItems2  []byte  `json:"no_items2" jsonschema:"type=array,minimum=1"`
	ItemsOnly string  `json:"items_only" jsonschema:"type=array,minItems=1"`
}

// Nested reaches problems through a nested struct, a slice and a map.
type Nested struct {
	Inner  Kinds            `json:"inner"`
	Many   []Inner          `json:"many"`
	ByName map[string]Inner `json:"by_name"`
}

// Inner has one bad field.
type Inner struct {
	Done chan struct{} `json:"done"`
}

// NotStruct is not an object.
type NotStruct []string

// Generic is not instantiated.
type Generic[T any] struct {
	V T `json:"v"`
}

// Stamp is a struct that invopop describes as a string.
type Stamp = time.Time

// Runtime has both a custom schema and a problem invopop never reaches.
type Runtime struct {
	Ch chan int `json:"ch"`
}

// JSONSchemaAlias makes invopop reflect another type instead of Runtime.
func (Runtime) JSONSchemaAlias() any { return struct{}{} }

// Schemer is an interface with invopop's method: invopop calls it on a nil *Schemer and panics.
type Schemer interface {
	JSONSchema() *jsonschema.Schema
}

// IfaceMethod has a field of that interface type.
type IfaceMethod struct {
	S Schemer `json:"s"`
}

// IgnoredTags has jsonschema tag words that invopop ignores without a word, each a mistake that
// would leave a constraint out of the schema; Fine and Items have none.
type IgnoredTags struct {
	Typo      string     `json:"typo" jsonschema:"requird,minLenght=1"`
	NoValue   string     `json:"no_value" jsonschema:"minLength"`
	Unknown   string     `json:"unknown" jsonschema:"const=x"`
	WrongType int        `json:"wrong_type" jsonschema:"minLength=1"`
	Comma     string     `json:"comma" jsonschema:"description=Hello, world"`
	Items     []string   `json:"items" jsonschema:"minItems=1,minLength=2"`
	Nested    [][]string `json:"nested" jsonschema:"minLength=2"`
	Fine      string     `json:"fine" jsonschema:"required,nullable,title=t,description=a\\, b"`
}

// JSONOptions has json tag options nothing reads; a misspelt omitempty makes Note required.
type JSONOptions struct {
	Note   string          `json:"note,omitemtpy"`
	Name   string          `json:"name,omitempty,omitzero"`
	Count  int             `json:"count,string"`
	Extra  string          `json:"extra,requried"`
	Hidden string          `json:"-,"`
	V2     string          `json:"v2,case:ignore,format:RFC3339,unknown"`
	Flat   struct{ A int } `json:"flat,inline"`
}

// Money describes itself as a string when invopop reflects it.
type Money struct{ Cents int }

// JSONSchema is called by invopop at reflect time.
func (Money) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }

// RuntimeTags has a field whose JSON type is known only at run time: its string keyword is not
// judged by a type cardgen cannot see, while a misspelt keyword still is.
type RuntimeTags struct {
	Price Money `json:"price" jsonschema:"pattern=^[0-9]+$,patern=x"`
}

type status string

// EmbeddedUnexported embeds an unexported non-struct type, which encoding/json ignores and
// invopop's schema requires.
type EmbeddedUnexported struct {
	status
	ID string `json:"id"`
}

// GenNode is generic and refers to itself through its own instance.
type GenNode[T any] struct {
	V    T           `json:"v"`
	Next *GenNode[T] `json:"next"`
}

// GenTree holds a GenNode[int]: the method that describes it must be declared on GenNode.
type GenTree struct {
	Root GenNode[int] `json:"root"`
}
