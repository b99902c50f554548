// Package rpcerr keeps the JSON-RPC errors an MCP server answers with sendable.
//
// An error whose data is not JSON cannot be written, and the Go SDK then ends the session
// instead of answering. Its mcp.ResourceNotFoundError (go-sdk v1.8.0) writes the URI into the
// data with Go's %q, whose \x01 and \U000e0001 are not JSON, and the SDK answers every
// resources/read of a URI that no resource has with it, with or without resources: one control
// character in a host's URI cost the host its connection. cardgen's tool registration and its
// UI registry install Middleware on every server they are given, once per server.
package rpcerr

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ResourceNotFound is mcp.ResourceNotFoundError — its code and message, which the SDK chooses
// (MCPGODEBUG can change the code), and {"uri": …} as data — with the data encoded by
// encoding/json.
func ResourceNotFound(uri string) *jsonrpc.Error {
	e, ok := mcp.ResourceNotFoundError("").(*jsonrpc.Error)
	if !ok { // not in go-sdk v1.8.0; the code its default is
		e = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Resource not found"}
	}
	data, _ := json.Marshal(struct {
		URI string `json:"uri"`
	}{uri})
	return &jsonrpc.Error{Code: e.Code, Message: e.Message, Data: data}
}

// Middleware is receiving middleware that answers with a sendable error where the method's
// handler returned a JSON-RPC error whose data is not JSON. The error keeps its code and
// message; its data becomes {"uri": …} for a resources/read (the data the SDK writes there),
// and is left out otherwise. Results, and errors with valid data, pass unchanged.
func Middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if hook := testHook.Load(); hook != nil {
			(*hook)()
		}
		res, err := next(ctx, method, req)
		rpcErr, ok := errors.AsType[*jsonrpc.Error](err)
		if !ok || len(rpcErr.Data) == 0 || json.Valid(rpcErr.Data) {
			return res, err
		}
		fixed := *rpcErr
		fixed.Data = nil
		if rr, ok := req.(*mcp.ReadResourceRequest); ok && rr.Params != nil {
			fixed.Data = ResourceNotFound(rr.Params.URI).Data
		}
		return res, &fixed
	}
}

// testHook, when set by a test, is called on every request Middleware sees. Atomic: the test
// sets it while the server's goroutines read it.
var testHook atomic.Pointer[func()]

// installed holds the servers Install has added Middleware to. Its keys are weak, and a
// server's entry is deleted once the server is unreachable, so a process that makes a server
// per session does not keep them.
var installed sync.Map // weak.Pointer[mcp.Server] → struct{}

// Install adds Middleware to s's receiving middleware, once however often it is called for s:
// the tool registration calls it for every tool.
func Install(s *mcp.Server) {
	key := weak.Make(s)
	if _, done := installed.LoadOrStore(key, struct{}{}); done {
		return
	}
	runtime.AddCleanup(s, func(k weak.Pointer[mcp.Server]) { installed.Delete(k) }, key)
	s.AddReceivingMiddleware(Middleware)
}
