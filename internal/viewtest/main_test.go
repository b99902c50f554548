package viewtest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/internal/mcptest"
	"github.com/cardgen/cardgen/runtime/apps"
)

var updateScreenshots = flag.Bool("update-screenshots", false,
	"rewrite the committed screenshots under docs/img")

// screenshotEnv names a folder that keeps the PNG of every card drawn, for a
// look after the run; without it each test writes into its own TempDir.
const screenshotEnv = "VIEWTEST_SCREENSHOTS"

func TestMain(m *testing.M) {
	code := m.Run()
	apphost.Shutdown()
	os.Exit(code)
}

// connect returns an SDK client session to server, both in-process. The
// client advertises MCP Apps, as the hosts that draw these views do. The
// server connects first, as the in-memory transports require.
func connect(t *testing.T, server *mcp.Server) *mcp.ClientSession {
	t.Helper()
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(apps.ExtensionID, map[string]any{"mimeTypes": []any{apps.MIMEType}})
	return mcptest.Connect(t, server, &mcp.ClientOptions{Capabilities: caps})
}

// connectShop connects to a fresh example shop, so that a test that changes
// an order does not change it for the others. It registers the shop's tools
// with RegisterTools, as shop.NewServer does, on a server of its own, so the
// tests depend only on the generated registration.
func connectShop(t *testing.T) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: shop.Version}, nil)
	shop.RegisterTools(s, shop.New())
	return connect(t, s)
}

// call calls tool with args and returns the CallToolResult as the JSON that
// a host receives. It fails the test on a protocol error or a tool error.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) json.RawMessage {
	t.Helper()
	res, err := callResult(cs, tool, args)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// callResult is call without a testing.T, for Scenario.OnToolCall, which
// runs on an HTTP server goroutine.
func callResult(cs *mcp.ClientSession, tool string, args map[string]any) (json.RawMessage, error) {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	if res.IsError {
		return nil, &toolError{tool: tool, result: string(b)}
	}
	return b, nil
}

// toolError is a CallToolResult with isError set where a test expected a result.
type toolError struct{ tool, result string }

func (e *toolError) Error() string {
	return "tool " + e.tool + " returned an error result: " + e.result
}

// eventuallyText waits for the textContent of selector to be want.
func eventuallyText(t *testing.T, p *apphost.Page, selector, want string) {
	t.Helper()
	apphost.Eventually(t, selector, func() (string, error) { return p.Text(selector) }, want)
}

// eventuallyStyle waits for the computed prop of selector to be want.
func eventuallyStyle(t *testing.T, p *apphost.Page, selector, prop, want string) {
	t.Helper()
	apphost.Eventually(t, selector+" "+prop, func() (string, error) { return p.ComputedStyle(selector, prop) }, want)
}

// eval evaluates js in the view and decodes its value into a new T.
func eval[T any](t *testing.T, p *apphost.Page, js string) T {
	t.Helper()
	var v T
	if err := p.Eval(js, &v); err != nil {
		t.Fatalf("eval %s: %v", js, err)
	}
	return v
}

// assertJSON fails unless got and want are the same JSON value.
func assertJSON(t *testing.T, what string, got json.RawMessage, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v in %s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: bad expectation %s: %v", what, want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s =\n%s\nwant\n%s", what, got, want)
	}
}

// messageParams is the ui/message a view sends for a user message text.
func messageParams(t *testing.T, text string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"role":    "user",
		"content": []any{map[string]any{"type": "text", "text": text}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// handshake checks that the view asked ui/initialize with the Apps protocol
// version and then sent ui/notifications/initialized.
func handshake(t *testing.T, p *apphost.Page) {
	t.Helper()
	init, err := p.WaitEvent("ui/initialize", apphost.Wait)
	if err != nil {
		t.Fatal(err)
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(init.Params, &params); err != nil {
		t.Fatalf("ui/initialize params %s: %v", init.Params, err)
	}
	if params.ProtocolVersion != apps.ProtocolVersion {
		t.Errorf("ui/initialize protocolVersion = %q, want %q", params.ProtocolVersion, apps.ProtocolVersion)
	}
	if _, err := p.WaitEvent("ui/notifications/initialized", apphost.Wait); err != nil {
		t.Fatal(err)
	}
}

// sized waits for a ui/notifications/size-changed with a height above zero.
func sized(t *testing.T, p *apphost.Page) {
	t.Helper()
	end := time.Now().Add(apphost.Wait)
	for {
		ev, err := p.WaitEvent("ui/notifications/size-changed", time.Until(end))
		if err != nil {
			t.Fatalf("no size-changed with a height > 0: %v", err)
		}
		var size struct{ Height float64 }
		if err := json.Unmarshal(ev.Params, &size); err != nil {
			t.Fatalf("size-changed params %s: %v", ev.Params, err)
		}
		if size.Height > 0 {
			return
		}
	}
}

// fitted waits until the host has fitted the frame to the size the view
// reported, so that nothing is cut off and the content does not move under
// the mouse while a click is on its way (a frame that grows scrolls back).
func fitted(t *testing.T, p *apphost.Page) {
	t.Helper()
	apphost.Eventually(t, "view content height <= frame height", func() (string, error) {
		var fits bool
		err := p.Eval(`document.documentElement.scrollHeight <= window.innerHeight`, &fits)
		return fmt.Sprint(fits), err
	}, "true")
}

// clickSends clicks selector and checks the request the view sends.
func clickSends(t *testing.T, p *apphost.Page, selector, method, params string) {
	t.Helper()
	if err := p.Click(selector); err != nil {
		t.Fatal(err)
	}
	ev, err := p.WaitEvent(method, apphost.Wait)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, method+" params after a click on "+selector, ev.Params, params)
}

// tornDown sends ui/resource-teardown and checks the view's {} answer.
func tornDown(t *testing.T, p *apphost.Page) {
	t.Helper()
	if err := p.Teardown(); err != nil {
		t.Fatalf("ui/resource-teardown: %v", err)
	}
	ev, err := p.WaitEvent("ui/resource-teardown", apphost.Wait)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Kind != "response" {
		t.Errorf("ui/resource-teardown answered with a %s, want a response", ev.Kind)
	}
	assertJSON(t, "ui/resource-teardown result", ev.Params, `{}`)
}

// noPageErrors fails the test for every error the host page recorded.
func noPageErrors(t *testing.T, p *apphost.Page) {
	t.Helper()
	for _, e := range p.Events() {
		if e.Kind == "page-error" {
			t.Errorf("page error: %v", e)
		}
	}
}

// screenshot writes a PNG of the view to name in the screenshot folder and
// checks that it decodes and is not empty. It returns the file's path.
func screenshot(t *testing.T, p *apphost.Page, name string) string {
	t.Helper()
	dir := os.Getenv(screenshotEnv)
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("%s=%q: %v", screenshotEnv, dir, err)
	}
	path := filepath.Join(dir, name)
	if err := p.Screenshot(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot %s is not a PNG: %v", path, err)
	}
	if r := img.Bounds(); r.Dx() == 0 || r.Dy() == 0 {
		t.Fatalf("screenshot %s is %dx%d", path, r.Dx(), r.Dy())
	}
	return path
}

// commitScreenshot copies the PNG at src to docs/img/name when
// -update-screenshots is set.
func commitScreenshot(t *testing.T, src, name string) {
	t.Helper()
	if !*updateScreenshots {
		return
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join("..", "..", "docs", "img", name)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", dst)
}
