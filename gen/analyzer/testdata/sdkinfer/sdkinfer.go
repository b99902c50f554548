// Package sdkinfer declares types to hold the analyzer's reading of the MCP Go SDK's schema
// inference to google/jsonschema-go's own: TestSDKInference infers each of Cases with both.
package sdkinfer

import (
	"math/big"
	"reflect"
	"time"
	"unsafe"
)

// Case is a type to infer.
type Case struct {
	Name string
	Type reflect.Type
}

// Cases are inferred in this order, by one walker, as the calls of a package are.
var Cases = []Case{
	{"Fine", reflect.TypeFor[Fine]()},
	{"Refused", reflect.TypeFor[Refused]()},
	{"SDKForm", reflect.TypeFor[SDKForm]()},
	{"WordLater", reflect.TypeFor[WordLater]()},
	{"SpaceFirst", reflect.TypeFor[SpaceFirst]()},
	{"EqualsFirst", reflect.TypeFor[EqualsFirst]()},
	{"LeadingSpace", reflect.TypeFor[LeadingSpace]()},
	{"TabBefore", reflect.TypeFor[TabBefore]()},
	{"EmptyTag", reflect.TypeFor[EmptyTag]()},
	{"EmbeddedStruct", reflect.TypeFor[EmbeddedStruct]()},
	{"EmbeddedPointer", reflect.TypeFor[EmbeddedPointer]()},
	{"EmbeddedNamed", reflect.TypeFor[EmbeddedNamed]()},
	{"EmbeddedNonStruct", reflect.TypeFor[EmbeddedNonStruct]()},
	{"Shadowed", reflect.TypeFor[Shadowed]()},
	{"Ambiguous", reflect.TypeFor[Ambiguous]()},
	{"Unexported", reflect.TypeFor[Unexported]()},
	{"Dash", reflect.TypeFor[Dash]()},
	{"DashComma", reflect.TypeFor[DashComma]()},
	{"IntKeyFirst", reflect.TypeFor[IntKeyFirst]()},
	{"TextKey", reflect.TypeFor[TextKey]()},
	{"PointerTextKey", reflect.TypeFor[PointerTextKey]()},
	{"ChanFirst", reflect.TypeFor[ChanFirst]()},
	{"TagFirst", reflect.TypeFor[TagFirst]()},
	{"CycleFirst", reflect.TypeFor[CycleFirst]()},
	{"TagBeforeCycle", reflect.TypeFor[TagBeforeCycle]()},
	{"Times", reflect.TypeFor[Times]()},
	{"Interface", reflect.TypeFor[Interface]()},
	{"Generic", reflect.TypeFor[Box[Refused]]()},
	{"PointerPointer", reflect.TypeFor[PointerPointer]()},
	{"Array", reflect.TypeFor[Array]()},
	{"FuncFirst", reflect.TypeFor[FuncFirst]()},
	{"SliceOfChan", reflect.TypeFor[SliceOfChan]()},
	{"Twice", reflect.TypeFor[Twice]()},
	{"Outer", reflect.TypeFor[Outer]()},
	{"Inner", reflect.TypeFor[Inner]()},
	{"Complex", reflect.TypeFor[Complex]()},
	{"Unsafe", reflect.TypeFor[Unsafe]()},
	{"Alias", reflect.TypeFor[Alias]()},
	{"EmbeddedJSONName", reflect.TypeFor[EmbeddedJSONName]()},
	{"SelfEmbedded", reflect.TypeFor[SelfEmbedded]()},
	{"Anonymous", reflect.TypeFor[Anonymous]()},
	{"PointerToRefused", reflect.TypeFor[*Refused]()},
	{"MapOfRefused", reflect.TypeFor[map[string]Refused]()},
	{"Chan", reflect.TypeFor[chan int]()},
	{"DeepShadow", reflect.TypeFor[DeepShadow]()},
}

type Fine struct {
	ID   string            `json:"id"`
	Tags map[string]any    `json:"tags"`
	At   time.Time         `json:"at"`
	N    *big.Int          `json:"n"`
	Opt  *int              `json:"opt,omitempty"`
	Subs []map[string]Fine `json:"-"`
}

type Refused struct {
	ID string `json:"id" jsonschema:"description=the order id"`
}

type SDKForm struct {
	ID string `json:"id" jsonschema:"the order id"`
}

type WordLater struct {
	ID string `json:"id" jsonschema:"a=b c"`
}

type SpaceFirst struct {
	ID string `json:"id" jsonschema:"sort order (default=asc)"`
}

type EqualsFirst struct {
	ID string `json:"id" jsonschema:"=x"`
}

type LeadingSpace struct {
	ID string `json:"id" jsonschema:" description=x"`
}

type TabBefore struct {
	ID string `json:"id" jsonschema:"a\tb=c"`
}

type EmptyTag struct {
	ID string `json:"id" jsonschema:""`
}

type EmbeddedStruct struct {
	Refused
	Note string `json:"note"`
}

type EmbeddedPointer struct {
	*Refused
}

type EmbeddedNamed struct {
	Base `json:"base"`
}

type Base struct {
	Name string `jsonschema:"title=the name"`
}

type Str string

type EmbeddedNonStruct struct {
	Str `jsonschema:"description=embedded"`
}

type Shadowed struct {
	Refused
	ID string `json:"id"`
}

type Other struct {
	ID string `json:"other_id" jsonschema:"description=other"`
}

type Ambiguous struct {
	Refused
	Other
}

type Unexported struct {
	id string `jsonschema:"description=never read"`
}

type Dash struct {
	Skip string `json:"-" jsonschema:"description=left out"`
}

type DashComma struct {
	Dash string `json:"-," jsonschema:"description=named -"`
}

type IntKeyFirst struct {
	ByID map[int]string `json:"by_id"`
	Refused
}

type Key struct{ A, B int }

func (Key) MarshalText() ([]byte, error) { return nil, nil }

type PointerKey struct{ A, B int }

func (*PointerKey) MarshalText() ([]byte, error) { return nil, nil }

type TextKey struct {
	ByKey map[Key]Refused `json:"by_key"`
}

type PointerTextKey struct {
	ByKey map[PointerKey]string `json:"by_key"`
	ID    string                `json:"id" jsonschema:"description=x"`
}

type ChanFirst struct {
	C  chan int `json:"c"`
	ID string   `json:"id" jsonschema:"description=the id"`
}

type TagFirst struct {
	ID string   `json:"id" jsonschema:"description=the id"`
	C  chan int `json:"c"`
}

type CycleFirst struct {
	Kids []CycleFirst `json:"kids"`
	Name string       `json:"name" jsonschema:"description=x"`
}

type TagBeforeCycle struct {
	Name string            `json:"name" jsonschema:"description=x"`
	Kids []*TagBeforeCycle `json:"kids"`
}

type Times struct {
	At time.Time `json:"at" jsonschema:"format=date-time"`
}

type Interface struct {
	V any `json:"v" jsonschema:"description=any value"`
}

type Box[T any] struct {
	V T `json:"v"`
}

type PointerPointer struct {
	P **Refused `json:"p"`
}

type Array struct {
	A [2]Refused `json:"a"`
}

type FuncFirst struct {
	F func() `json:"f"`
	Refused
}

type SliceOfChan struct {
	S  []chan int `json:"s" jsonschema:"description=ignored with its field"`
	ID string     `json:"id" jsonschema:"description=x"`
}

type Twice struct {
	A Fine `json:"a"`
	B Fine `json:"b"`
	C Refused
}

type Outer struct {
	X Inner `json:"x"`
}

type Inner struct {
	Back *Outer `json:"back"`
	Refused
}

type Complex struct {
	C complex128 `json:"c"`
	Refused
}

type Unsafe struct {
	P unsafe.Pointer `json:"p"`
	Refused
}

type Alias = Refused

type EmbeddedJSONName struct {
	Refused `json:"inner"`
}

type SelfEmbedded struct {
	*SelfEmbedded
	X string `json:"x" jsonschema:"description=x"`
}

type Anonymous struct {
	S struct {
		ID string `json:"id" jsonschema:"minLength=1"`
	} `json:"s"`
}

type Level1 struct{ Level2 }

type Level2 struct {
	ID string `json:"id" jsonschema:"description=deep"`
}

type DeepShadow struct {
	Level1
	ID string `json:"id"`
	Other
}
