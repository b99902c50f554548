// Command shop serves the example shop over MCP: stdio by default, or streamable HTTP with
// -http 127.0.0.1:8080. Over HTTP, a session that has had no request for -session-timeout (30
// minutes by default) is closed, so clients that go away without ending their session do not
// pile up in the server.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on this `address` (e.g. 127.0.0.1:8080) instead of stdio")
	debug := flag.Bool("debug", false, "log debug lines (cards fitted to the host limits) to stderr")
	docs := flag.String("docs", "", "folder of markdown files create_markdown_card may read by path (default: none, paths are refused)")
	idle := flag.Duration("session-timeout", 0, "with -http, close a session after this long without a request (0: never, the SDK's default); its clients must then ping (mcp.ClientOptions.KeepAlive)")
	flag.Parse()

	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	// Logs go to stderr: on stdio, stdout carries the protocol.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	svc := shop.New()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	server, err := shop.NewServer(svc, logger, *docs)
	if err != nil {
		log.Fatal(err)
	}
	if *addr == "" {
		if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
			log.Fatal(err)
		}
		return
	}
	handler := httpHandler(server, *idle)
	// Listening first lets the line below name the port the system chose for -http host:0.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: handler}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Fprintf(os.Stderr, "shop: serving MCP on http://%s\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		log.Fatal(err)
	}
}

// httpHandler serves server over streamable HTTP. A session with no request for idle is closed
// (never, for 0). Without a timeout the SDK keeps every session until its client ends it with a
// DELETE, and a client that crashes, loses its network or never sends one leaves its session and
// its goroutines in the server for good: a long-running deployment should set one. With one, only
// requests count: a client that holds the event stream open but sends nothing for idle loses its
// session, and go-sdk v1.8.0's client does not start a new one when the server answers 404 for it
// (the MCP specification asks clients to), so its later calls fail with "session not found". Its
// keep-alive pings (mcp.ClientOptions.KeepAlive, shorter than idle) are requests, and keep the
// session open; hence the default of never.
func httpHandler(server *mcp.Server, idle time.Duration) http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{SessionTimeout: idle})
}
