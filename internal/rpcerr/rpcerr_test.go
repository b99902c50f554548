package rpcerr

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

// TestInstalledServerAnswersBadURIs: the SDK answers a resources/read of a URI no resource has
// with an error whose data it writes with %q; for a URI with a control character that is not
// JSON, and the session ended. With Middleware installed the host gets resource not found, with
// its URI, and the session goes on — on a server with resources and on one without.
func TestInstalledServerAnswersBadURIs(t *testing.T) {
	for _, withResource := range []bool{false, true} {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1.0.0"}, nil)
		if withResource {
			s.AddResource(&mcp.Resource{URI: "file:///notes.txt", Name: "notes"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "file:///notes.txt", Text: "hello"}}}, nil
			})
		}
		Install(s)
		cs := mcptest.Connect(t, s, nil)
		ctx := context.Background()
		for _, uri := range []string{"file:///notes\x01.txt", "ui://x/\x7f", "ui://x/\U000e0001", "file:///a\v"} {
			_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
			rpcErr, ok := errors.AsType[*jsonrpc.Error](err)
			if !ok || rpcErr.Code != jsonrpc.CodeInvalidParams || rpcErr.Message != "Resource not found" {
				t.Fatalf("resources %v: read %q: %v; want resource not found", withResource, uri, err)
			}
			var data struct {
				URI string `json:"uri"`
			}
			if err := json.Unmarshal(rpcErr.Data, &data); err != nil || data.URI != uri {
				t.Errorf("resources %v: read %q: error data %s (%v); want the URI", withResource, uri, rpcErr.Data, err)
			}
			if _, err := cs.ListTools(ctx, nil); err != nil {
				t.Fatalf("resources %v: after reading %q the session is gone: %v", withResource, uri, err)
			}
		}
		if withResource {
			res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///notes.txt"})
			if err != nil || res.Contents[0].Text != "hello" {
				t.Errorf("read of the resource: %v, %v", res, err)
			}
		}
	}
}

// TestMiddleware: only errors whose data is not JSON change, and they keep code and message.
func TestMiddleware(t *testing.T) {
	bad := json.RawMessage(`{"uri":"a\x01"}`)
	result := &mcp.ListToolsResult{}
	for _, tc := range []struct {
		name     string
		req      mcp.Request
		err      error
		wantData string // "" for none
		same     bool   // err itself is returned
	}{
		{"no error", &mcp.ListToolsRequest{}, nil, "", true},
		{"another error", &mcp.ListToolsRequest{}, errors.New("x"), "", true},
		{"valid data", &mcp.ListToolsRequest{}, &jsonrpc.Error{Code: 1, Message: "m", Data: json.RawMessage(`{"a":1}`)}, `{"a":1}`, true},
		{"no data", &mcp.ListToolsRequest{}, &jsonrpc.Error{Code: 1, Message: "m"}, "", true},
		{"bad data", &mcp.ListToolsRequest{}, &jsonrpc.Error{Code: 1, Message: "m", Data: bad}, "", false},
		{"bad data, a read that found nothing", &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: "a\x01"}},
			mcp.ResourceNotFoundError("a\x01"), `{"uri":"a\u0001"}`, false},
		{"bad data, a read that failed otherwise", &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: "a\x01"}},
			&jsonrpc.Error{Code: 7, Message: "m", Data: bad}, `{"uri":"a\u0001"}`, false},
		{"bad data, a read without params", &mcp.ReadResourceRequest{},
			&jsonrpc.Error{Code: 7, Message: "m", Data: bad}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := Middleware(func(context.Context, string, mcp.Request) (mcp.Result, error) { return result, tc.err })
			res, err := h(context.Background(), "m", tc.req)
			if res != result {
				t.Errorf("result %v, want the handler's", res)
			}
			if tc.same {
				if err != tc.err {
					t.Errorf("error %v, want the handler's %v", err, tc.err)
				}
				return
			}
			got, ok := errors.AsType[*jsonrpc.Error](err)
			want, _ := errors.AsType[*jsonrpc.Error](tc.err)
			if !ok || got.Code != want.Code || got.Message != want.Message || string(got.Data) != tc.wantData {
				t.Errorf("error %+v, want code %d, message %q, data %q", got, want.Code, want.Message, tc.wantData)
			}
			if string(want.Data) == tc.wantData {
				t.Errorf("the handler's error was changed in place")
			}
		})
	}
}

// TestInstallOnce: however often Install is called for a server, a request passes Middleware
// once (the registration calls Install for every tool), and the server's entry goes once the
// server is unreachable.
func TestInstallOnce(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1.0.0"}, nil)
	for range 3 {
		Install(s)
	}
	var calls atomic.Int64
	count := func() { calls.Add(1) }
	testHook.Store(&count)
	t.Cleanup(func() { testHook.Store(nil) })
	cs := mcptest.Connect(t, s, nil)
	calls.Store(0) // initialize and its notification
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("one request passed Middleware %d times; want once", n)
	}
	testHook.Store(nil)

	s2 := mcp.NewServer(&mcp.Implementation{Name: "s2", Version: "1.0.0"}, nil)
	Install(s2)
	key := weak.Make(s2)
	if _, ok := installed.Load(key); !ok {
		t.Fatal("no entry for the server")
	}
	s2 = nil
	for deadline := time.Now().Add(5 * time.Second); ; {
		runtime.GC()
		if _, ok := installed.Load(key); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the entry of an unreachable server is still there")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
