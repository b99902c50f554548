// Package schema derives, at generate time, the JSON schema that invopop/jsonschema v0.14.0 would
// reflect at run time for a Go type, working from go/types instead of reflect.
//
// The reference output is what
//
//	(&jsonschema.Reflector{ExpandedStruct: true, DoNotReference: true}).Reflect(v)
//
// returns: one inline tree without $defs or $ref, which is what the MCP Go SDK accepts as a tool
// schema. The mapping mirrors invopop's rules, quirks included (its json and jsonschema tag
// grammar, how it embeds, which fields are required, how it parses numbers from tags), because
// users write tags against invopop's documented behaviour and the generated schema must not
// surprise them. Where invopop would panic, loop or produce a schema that cannot be marshalled,
// For reports a positioned Problem instead. docs/schemas.md lists the few deliberate differences.
package schema

import (
	"errors"
	"go/token"
	"go/types"
	"slices"

	"github.com/invopop/jsonschema"
)

// Problem is a type that cannot be mapped, positioned at the struct field (or type) that caused
// it. Msg says what is wrong and what to do, in the style of the Go toolchain's errors.
type Problem struct {
	Pos token.Pos
	Msg string
	// Ignored marks a problem that does not change the schema: a word of a jsonschema tag that
	// invopop ignores (a misspelt keyword, one for another JSON type), or one it writes as it is
	// into a schema the MCP Go SDK cannot use (a pattern RE2 does not compile, a $ref to nowhere),
	// a field invopop describes though encoding/json cannot decode it as the schema says (a
	// non-empty interface in an input, a string with the json string option), or a method of
	// the name of one invopop calls that it does not call (a JSONSchema that returns the MCP Go
	// SDK's *jsonschema.Schema, one on the pointer receiver).
	// It is still a mistake — the constraint it meant is not in the schema, or the schema fails
	// every call — and the generator reports it like any other.
	Ignored bool
	// MethodPkg is set for an Ignored problem about a method invopop does not call: the path
	// of the package that declares the method. A method in a module the user does not own
	// (a dependency's) is no mistake of theirs to fix, and a caller may leave it out.
	MethodPkg string
	// InvalidType marks the problem of a field whose type go/types could not check, because the
	// package that declares it does not compile. A caller that reports those compile errors
	// itself can leave it out: the compile error says why.
	InvalidType bool
	// Field is set for a problem about one word of a struct tag (a misspelt keyword, a value
	// that is not a number, a malformed pair): Field is the field, Tag its tag as go/types holds
	// it, and TagOffset the byte offset in Tag of the word, its value or the stray byte. Pos is
	// still the field's: a caller with the field's syntax can point at the word instead (the
	// tag's literal gives its position; LiteralOffset maps the offset into it).
	Field     *types.Var
	Tag       string
	TagOffset int
	// FixText, when set, mends the problem: it replaces FixOld, which Tag holds at TagOffset (a
	// misspelt keyword or option, and the one it was meant to be).
	FixOld, FixText string
}

// Result of mapping one top-level type.
type Result struct {
	// Schema is the schema invopop would reflect; nil when Runtime is true or problems were found.
	Schema *jsonschema.Schema
	// Runtime reports that the type, or something it reaches, has a method invopop calls while
	// reflecting (JSONSchema, JSONSchemaExtend, JSONSchemaAlias, JSONSchemaProperty or
	// GetFieldDocString). Its result cannot be known at generate time, so the generated code must
	// call invopop at init instead of embedding a schema.
	Runtime bool
	// Loose is, when Runtime is set, the schema as far as cardgen can map it, where each type
	// invopop asks for its schema (JSONSchema, JSONSchemaAlias) accepts any value and
	// descriptions may differ (GetFieldDocString): every value the run-time schema accepts, it
	// accepts, so it can check examples without refusing a good one. Nil when the top-level type
	// is such a type, or a method may change the schema around it (JSONSchemaExtend,
	// JSONSchemaProperty).
	Loose *jsonschema.Schema
	// Fields holds, for each property of Schema, the struct field it comes from (a field
	// promoted from an embedded struct, or the one encoding/json chooses among fields of one
	// name), so that a problem with a property can be reported at its field.
	Fields map[string]Field
	// Declared are the named types whose declarations Schema was made from — the top-level
	// type, each struct reached through fields, embedded or not, that the schema describes by
	// its fields, and each other named type described by its underlying type (type Status
	// string) rather than by methods of its own — each once, in the order they were first read.
	// A change to one of their declarations can change the schema; the generated test holds each
	// to the declaration it was made from (gen's type guards).
	Declared []*types.Named
}

// A Field is a struct field and its tag, as go/types holds them.
type Field struct {
	Var *types.Var
	Tag string
}

// For maps the Go type t (a struct type, or a pointer to one) to its schema. pos is where the
// type is used (a handler parameter, say); problems inside the type are positioned at the field
// that causes them when that position is known, and at pos otherwise. The top level must be a JSON
// object, so a type that is not a struct is a Problem. All problems are returned, in the order
// the fields are declared, but for those about a oneof_ref or anyof_ref $ref, which can only be
// checked once the schema is complete and come last.
//
// When every problem is Ignored, the schema is returned with them: it is the one invopop would
// make, which is what the oracle compares.
func For(t types.Type, pos token.Pos) (Result, []Problem) {
	return forMode(t, pos, false)
}

// ForOutput is For for a tool's output type, which encoding/json writes and the MCP Go SDK
// validates (as structuredContent) against the schema. Where encoding/json writes null for a Go
// value the input schema would refuse, the output schema accepts null as well: a nil slice, map
// or pointer in a field without omitempty or omitzero, and a nil pointer, slice or map inside a
// slice, array or map. Such a schema s becomes {"oneOf":[s,{"type":"null"}]}, as invopop's
// nullable option writes it, when s has a single type other than null. Fields promoted through an
// embedded pointer are not required, as a nil pointer leaves them out. runtime/register's
// AdjustSchema does the same to a schema invopop reflects at run time.
func ForOutput(t types.Type, pos token.Pos) (Result, []Problem) {
	return forMode(t, pos, true)
}

func forMode(t types.Type, pos token.Pos, output bool) (Result, []Problem) {
	m := newMapper()
	m.output = output
	s := m.top(t, pos)
	if more := m.cycles - maxCycleReports; more > 0 {
		m.problemf(site{pos: pos}, "%d more fields lead back to a type that contains them, besides the %d reported (their type refers to itself); mend those first, then run cardgen again to see what is left", more, maxCycleReports)
	}
	if s != nil && !m.runtime {
		m.checkRefs(s)
	}
	switch {
	case slices.ContainsFunc(m.problems, func(p Problem) bool { return !p.Ignored }):
		return Result{}, m.problems
	case m.runtime && s != nil && !m.inexact:
		return Result{Runtime: true, Loose: s}, m.problems
	case m.runtime:
		return Result{Runtime: true}, m.problems
	}
	return Result{Schema: s, Fields: m.topFields, Declared: m.declared}, m.problems
}

// Marshal returns the deterministic JSON bytes the generator embeds as json.RawMessage: compact,
// keys in invopop's order (struct field order of jsonschema.Schema, properties in declaration
// order, jsonschema_extras keys sorted), byte-for-byte what json.Marshal gives for invopop's own
// schema.
func Marshal(s *jsonschema.Schema) ([]byte, error) {
	if s == nil {
		return nil, errors.New("schema: cannot marshal a nil schema; For returns none when Result.Runtime is set or problems were found")
	}
	return appendSchema(nil, s)
}
