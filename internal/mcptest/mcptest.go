// Package mcptest connects the Go SDK's own client to a server in the same process, over the
// SDK's in-memory transports, for tests that need a real MCP session rather than calls of the
// server's handlers.
package mcptest

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Connect connects s and a client with opts (nil for none), the server first, as the in-memory
// transports require, and returns the client's session. Both ends are closed when the test ends.
func Connect(t testing.TB, s *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("connect the server: %v", err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1.0.0"}, opts).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		t.Fatalf("connect the client: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}
