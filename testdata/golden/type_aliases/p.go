package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/testdata/golden/external_types/model"
)

// The package's names for types declared elsewhere, as an API package's request and response
// types often are.
type (
	GetInput  = model.Lookup
	GetOutput = model.Record
	NoteInput = Note
	Note      struct {
		Text string `json:"text"`
	}
)

// Get takes and returns aliases of another package's types.
//
//card:tool readonly
//card:result title="Record {{.ID}}" subtitle="{{.Owner}}"
//card:example {"id":"r1","owner":"Lan"}
func Get(ctx context.Context, in GetInput) (*GetOutput, error) {
	return &GetOutput{ID: in.ID}, nil
}

// Echo takes an alias of a local type and returns the type by value.
//
//card:tool
func Echo(ctx context.Context, in NoteInput) (Note, error) { return in, nil }

// Store's methods are declared through an alias of it, as a package that renamed a type keeps
// its old name for a while: RegisterTools takes a *Store.
type Store struct{ last Note }

// OldStore is Store's old name.
type OldStore = Store

// Latest returns the last note; its receiver is written with the alias.
//
//card:tool readonly
func (s *OldStore) Latest(ctx context.Context, in NoteInput) (Note, error) { return s.last, nil }

// request is the package's name for the SDK's request, itself an alias. (Unexported, as are the
// types below, to keep them out of TestSchemaOracle: they are no tool's input or output.)
type request = mcp.CallToolRequest

// Whoami takes the request through the package's alias of it.
//
//card:tool
func Whoami(ctx context.Context, req *request, in NoteInput) (Note, error) { return in, nil }

// list embeds a pointer to itself, and ring and link each other: no tool uses them, but cardgen
// looks at every type of the package for card tags.
type list struct{ *list }

type ring struct{ *link }

type link struct{ *ring }
