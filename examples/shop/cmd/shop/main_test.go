package main

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/runtime/card"
)

// TestStreamableHTTP runs the command with -http on a port the system picks, connects the Go
// SDK's client over streamable HTTP, lists the tools and calls get_order, then interrupts the
// server, which must exit cleanly. (Stdio, the default, is covered by the MCP Inspector test in
// examples/shop.)
func TestStreamableHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the command; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "shop")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}

	// The first line names the address; later lines are logs, shown when the test fails. The
	// reader ends when the process does, which the cleanup waits for.
	addr := make(chan string, 1)
	var logged strings.Builder
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(stderr)
		serving := regexp.MustCompile(`^shop: serving MCP on (http://127\.0\.0\.1:\d+)$`)
		for sc.Scan() {
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
			logged.WriteString(sc.Text() + "\n")
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-read
		if t.Failed() {
			t.Logf("the shop's stderr:\n%s", logged.String())
		}
	})
	var url string
	select {
	case url = <-addr:
	case <-time.After(30 * time.Second):
		t.Fatal("the shop did not say where it serves within 30 s")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "http-test", Version: "0.1.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatalf("connecting to %s: %v", url, err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 10 {
		t.Errorf("tools/list over HTTP: %d tools; want the shop's 10", len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_order", Arguments: map[string]any{"id": "1042"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("get_order over HTTP is an error result: %+v", res.Content)
	}
	c, ok, err := card.FromMeta(res.Meta)
	if err != nil || !ok || c.Title != "Order #1042" {
		t.Errorf("get_order over HTTP: card %+v, ok %v, err %v; want the card titled Order #1042", c, ok, err)
	}
	if err := cs.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after an interrupt the shop exited with %v; want status 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("the shop did not exit within 10 s of an interrupt")
	}
}

// TestHTTPSessionTimeout connects a client over streamable HTTP, as TestStreamableHTTP does,
// and then cuts it off from the server without ending its session, as a host that crashes or
// loses its network is. The server must close the session once it has been idle for the
// timeout; with no timeout, the SDK's default, every such session stayed in the server for good.
func TestHTTPSessionTimeout(t *testing.T) {
	server, err := shop.NewServer(shop.New(), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	const idle = 200 * time.Millisecond
	srv := httptest.NewServer(httpHandler(server, idle))
	defer srv.Close()

	ctx := context.Background()
	var cut atomic.Bool
	httpClient := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if cut.Load() {
			return nil, errors.New("network unreachable")
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
	client := mcp.NewClient(&mcp.Implementation{Name: "gone", Version: "0.1.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: httpClient, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cut.Store(true)
	srv.CloseClientConnections()
	cs.Close() // its DELETE does not get through

	sessions := func() int {
		n := 0
		for range server.Sessions() {
			n++
		}
		return n
	}
	if n := sessions(); n != 1 {
		t.Fatalf("%d sessions once the client is cut off; want its 1, still open", n)
	}
	const wait = 5 * time.Second
	deadline := time.Now().Add(wait)
	for sessions() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the abandoned session is still open %v after its last request; want it closed after %v", wait, idle)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
