// Command demo is what `make example` runs after regenerating the shop: it starts the shop
// server in-process, connects the Go SDK's own client to it, lists the tools and calls the card
// tools, printing what a client receives: the tool list, the result, each result card and the
// text a messaging channel would show instead.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run is the demo, printing to w; main_test.go runs it, so that make example keeps working.
func run(ctx context.Context, w io.Writer) error {
	server, err := shop.NewServer(shop.New(), nil, "")
	if err != nil {
		return err
	}
	serverT, clientT := mcp.NewInMemoryTransports()
	// The server must be connected first: the in-memory client starts the handshake at once.
	ss, err := server.Connect(ctx, serverT, nil)
	if err != nil {
		return err
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "demo", Version: "0.1.0"}, nil)
	cs, err := client.Connect(ctx, clientT, nil)
	if err != nil {
		return err
	}
	defer cs.Close()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "== tools/list: %d tools\n", len(tools.Tools))
	for _, t := range tools.Tools {
		hints := ""
		if a := t.Annotations; a != nil {
			if a.ReadOnlyHint {
				hints += " readonly"
			}
			if a.DestructiveHint != nil && *a.DestructiveHint {
				hints += " destructive"
			}
			if a.IdempotentHint {
				hints += " idempotent"
			}
		}
		fmt.Fprintf(w, "  %-22s %-36q%s\n", t.Name, t.Title, hints)
	}

	calls := []struct {
		tool string
		args map[string]any
	}{
		{"get_order", map[string]any{"id": "1042"}},
		{"get_product", map[string]any{"id": "kb-01"}},
		{"checkout_preview", map[string]any{"product_id": "kb-01", "quantity": 2, "email": "lan@example.com"}},
		{"cancel_order", map[string]any{"id": "1043", "reason": "ordered twice"}},
	}
	for i, c := range calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			return err
		}
		if i == 0 {
			fmt.Fprintf(w, "\n== tools/call %s: the whole result a client receives\n", c.tool)
			if err := printJSON(w, res); err != nil {
				return err
			}
		}
		crd, ok, err := card.FromMeta(res.Meta)
		if err != nil || !ok {
			return fmt.Errorf("%s: no result card in _meta (%v)", c.tool, err)
		}
		fmt.Fprintf(w, "\n== %s: result card (_meta.assistant_platform.card)\n", c.tool)
		if err := printJSON(w, crd); err != nil {
			return err
		}
		fmt.Fprintf(w, "-- %s: what a messaging channel shows\n%s\n", c.tool, crd.MessagingText())
	}

	// An Agent Chat Protocol agent shows the search result as a carousel card.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_products", Arguments: map[string]any{"query": "e", "in_stock": true}})
	if err != nil {
		return err
	}
	var list shop.ProductList
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	carousel, err := shop.SearchProductsACP(&list)
	if err != nil {
		return err
	}
	msg, err := acp.NewCardMessage("Here are the products in stock.", carousel, acp.MetadataOptions{})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== search_products as an Agent Chat Protocol ChatMessage (carousel card)\n")
	return printJSON(w, msg)
}

// printJSON writes v as indented JSON, without HTML escapes, as a reader wants to see it.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
