package apps

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// card20K returns a distinct view of about 20 KB: the starter view padded
// with a comment.
func card20K(i int) []byte {
	v := StarterView()
	pad := 20*1024 - len(v)
	head := fmt.Appendf(nil, "<!-- card %d ", i)
	return append(v, append(head, append(bytes.Repeat([]byte("x"), max(pad-len(head)-4, 0)), " -->"...)...)...)
}

// BenchmarkReadResource reads one 20 KB view through the registry's resource
// handler, the work done per resources/read besides the SDK's JSON encoding.
func BenchmarkReadResource(b *testing.B) {
	r := NewRegistry("shop", Options{})
	uri, err := r.AddHTML("orders/card.html", card20K(0), nil)
	if err != nil {
		b.Fatal(err)
	}
	r.Register(newServer())
	req := &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: uri}}
	ctx := context.Background()
	b.ReportAllocs()
	b.SetBytes(20 * 1024)
	for b.Loop() {
		res, err := r.read(ctx, req)
		if err != nil || len(res.Contents[0].Text) != 20*1024 {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadResourceClient reads the same view through a real SDK client
// and server over in-memory transports: the whole resources/read round trip.
func BenchmarkReadResourceClient(b *testing.B) {
	r := NewRegistry("shop", Options{})
	uri, err := r.AddHTML("orders/card.html", card20K(0), nil)
	if err != nil {
		b.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	cs := connect(b, s, nil)
	ctx := context.Background()
	b.ReportAllocs()
	b.SetBytes(20 * 1024)
	for i := 0; b.Loop(); i++ {
		// A distinct stale version each time keeps the client's read cache
		// out of the measurement; the server answers with the current view.
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: fmt.Sprintf("ui://shop/orders/card.html?v=%012x", i)})
		if err != nil || res.Contents[0].URI != uri {
			b.Fatal(err)
		}
	}
}

// BenchmarkListTools100 lists 100 tools, each with ToolMeta, on a server that
// also has 100 views, through a real SDK client.
func BenchmarkListTools100(b *testing.B) {
	r := NewRegistry("shop", Options{})
	s := newServer()
	for i := range 100 {
		uri, err := r.AddHTML(fmt.Sprintf("tools/t%03d.html", i), card20K(i), nil)
		if err != nil {
			b.Fatal(err)
		}
		s.AddTool(&mcp.Tool{
			Name:        fmt.Sprintf("tool_%03d", i),
			Description: "A tool with a view.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`),
			Meta:        ToolMeta(uri, 0),
		}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	r.Register(s)
	cs := connect(b, s, nil)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.ListTools(ctx, nil)
		if err != nil || len(res.Tools) != 100 {
			b.Fatalf("%v, %d tools", err, len(res.Tools))
		}
	}
}

// BenchmarkRegistryAdd100 adds 100 distinct 20 KB views, hashing each: the
// start-up cost of a server with 100 cards.
func BenchmarkRegistryAdd100(b *testing.B) {
	cards := make([][]byte, 100)
	for i := range cards {
		cards[i] = card20K(i)
	}
	paths := make([]string, 100)
	for i := range paths {
		paths[i] = fmt.Sprintf("cards/c%03d.html", i)
	}
	b.ReportAllocs()
	b.SetBytes(100 * 20 * 1024)
	for b.Loop() {
		r := NewRegistry("shop", Options{})
		for i, c := range cards {
			if _, err := r.AddHTML(paths[i], c, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// templateRead returns the handler Register gave s for the ui://<name>/{+path} template.
func templateRead(s *mcp.Server, name string) mcp.ResourceHandler {
	g := namesakesOn(s)
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.byName[name].read
}

// registeredShop returns a server with one registry named shop registered on it, holding the
// 20 KB view orders/card.html, and the read request of its path without ?v=, which the SDK
// routes to the template handler.
func registeredShop(b *testing.B) (*mcp.Server, *Registry, *mcp.ReadResourceRequest) {
	r := NewRegistry("shop", Options{})
	if _, err := r.AddHTML("orders/card.html", card20K(0), nil); err != nil {
		b.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	return s, r, &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: "ui://shop/orders/card.html"}}
}

// BenchmarkReadTemplate reads the view by its path without ?v= through the
// template handler Register added: the work done per such resources/read
// besides the SDK's lookup and JSON encoding.
func BenchmarkReadTemplate(b *testing.B) {
	s, _, req := registeredShop(b)
	read := templateRead(s, "shop")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := read(ctx, req)
		if err != nil || len(res.Contents[0].Text) != 20*1024 {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadTemplateParallel is BenchmarkReadTemplate from GOMAXPROCS
// goroutines at once, as the reads of many sessions of one server.
func BenchmarkReadTemplateParallel(b *testing.B) {
	s, _, req := registeredShop(b)
	read := templateRead(s, "shop")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		for pb.Next() {
			res, err := read(ctx, req)
			if err != nil || len(res.Contents[0].Text) != 20*1024 {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkURI looks up a view's URI in a registered registry.
func BenchmarkURI(b *testing.B) {
	_, r, _ := registeredShop(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := r.URI("orders/card.html"); !ok {
			b.Fatal("no URI")
		}
	}
}

// BenchmarkURIParallel is BenchmarkURI from GOMAXPROCS goroutines at once.
func BenchmarkURIParallel(b *testing.B) {
	_, r, _ := registeredShop(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, ok := r.URI("orders/card.html"); !ok {
				b.Error("no URI")
				return
			}
		}
	})
}
