package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/cardgen/cardgen/testdata/golden/alias_names/api"
)

// Get returns an order: api.Order is an alias of a type of api's internal package, which the
// generated code names through the alias.
//
//card:tool readonly
//card:result title="Order {{.ID}}"
//card:example {"id":"o1","total":3}
func Get(ctx context.Context, in api.Query) (*api.Order, error) { return nil, nil }

// Status takes and returns the exported aliases of api's unexported types, the input through an
// alias of an alias.
//
//card:tool readonly
func Status(ctx context.Context, in api.Lookup) (api.Status, error) { return api.Status{}, nil }

// Fail returns the SDK's jsonrpc.Error, an alias of a type of the SDK's internal/jsonrpc2.
//
//card:tool readonly
func Fail(ctx context.Context, in api.Query) (*jsonrpc.Error, error) { return nil, nil }
