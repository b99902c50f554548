package apphost

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Shutdown()
	os.Exit(code)
}

var bookingResult = json.RawMessage(`{
	"content": [{"type": "text", "text": "Booking 42: Harbour view, 2 nights"}],
	"structuredContent": {"title": "Harbour view"}
}`)

// open opens the test view of testdata/view.html with the booking tool call.
func open(t *testing.T, s Scenario) *Page {
	t.Helper()
	h := Require(t)
	html, err := os.ReadFile(filepath.Join("testdata", "view.html"))
	if err != nil {
		t.Fatal(err)
	}
	s.HTML = html
	if s.ToolInput == nil {
		s.ToolInput = map[string]any{"id": "42"}
	}
	if s.ToolResult == nil {
		s.ToolResult = bookingResult
	}
	return h.Open(t, s)
}

// assertJSON fails unless got and want are the same JSON value.
func assertJSON(t *testing.T, what string, got json.RawMessage, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v in %s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: bad expectation: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func TestHandshake(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	init, err := p.WaitEvent("ui/initialize", Wait)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "ui/initialize params", init.Params,
		`{"protocolVersion":"2026-01-26","appInfo":{"name":"apphost-test-view","version":"1.0.0"},"appCapabilities":{}}`)
	if _, err := p.WaitEvent("ui/notifications/initialized", Wait); err != nil {
		t.Fatal(err)
	}
	// The host answered ui/initialize with its context, and sent the tool
	// input before the tool result, only after initialized.
	var kinds []string
	for _, e := range p.Events() {
		if strings.HasPrefix(e.Kind, "host-") {
			kinds = append(kinds, e.Kind+" "+e.Method)
		}
	}
	want := []string{
		"host-response ui/initialize",
		"host-notification ui/notifications/tool-input",
		"host-notification ui/notifications/tool-result",
	}
	if !reflect.DeepEqual(kinds[:min(len(kinds), 3)], want) {
		t.Errorf("host messages = %q, want them to start with %q", kinds, want)
	}
}

func TestToolInputAndResultReachTheView(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{ToolInput: map[string]any{"id": "42", "nights": 2}})
	Eventually(t, "#input", func() (string, error) { return p.Text("#input") }, `{"id":"42","nights":2}`)
	Eventually(t, "#title", func() (string, error) { return p.Text("#title") }, "Harbour view")
	Eventually(t, "#result", func() (string, error) { return p.Text("#result") }, "Booking 42: Harbour view, 2 nights")
}

func TestSizeChanged(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	ev, err := p.WaitEvent("ui/notifications/size-changed", Wait)
	if err != nil {
		t.Fatal(err)
	}
	var size struct{ Width, Height float64 }
	if err := json.Unmarshal(ev.Params, &size); err != nil {
		t.Fatal(err)
	}
	if size.Height <= 0 {
		t.Errorf("size-changed height = %v, want > 0 (params %s)", size.Height, ev.Params)
	}
}

func TestThemeAndVariables(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{Variables: map[string]string{"--color-background-primary": "rgb(250, 240, 230)"}})
	Eventually(t, "#theme", func() (string, error) { return p.Text("#theme") }, "light")
	Eventually(t, "body color", func() (string, error) { return p.ComputedStyle("body", "color") }, "rgb(17, 17, 17)")
	Eventually(t, "body background", func() (string, error) { return p.ComputedStyle("body", "background-color") }, "rgb(250, 240, 230)")

	if err := p.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	Eventually(t, "body color after SetTheme", func() (string, error) { return p.ComputedStyle("body", "color") }, "rgb(240, 240, 240)")
	ev, err := p.WaitEvent("ui/notifications/host-context-changed", 0)
	if err == nil {
		t.Errorf("WaitEvent returned %v, a message of the host, want only messages of the view", ev)
	}
	var changed []Event
	for _, e := range p.Events() {
		if e.Kind == "host-notification" && e.Method == "ui/notifications/host-context-changed" {
			changed = append(changed, e)
		}
	}
	if len(changed) != 1 {
		t.Fatalf("host-context-changed sent %d times, want 1", len(changed))
	}
	assertJSON(t, "host-context-changed params", changed[0].Params, `{"theme":"dark"}`)

	if err := p.SetTheme("sepia"); err == nil {
		t.Error(`SetTheme("sepia") succeeded, want an error`)
	}
}

func TestDarkThemeFromTheStart(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{Theme: "dark"})
	Eventually(t, "body color", func() (string, error) { return p.ComputedStyle("body", "color") }, "rgb(240, 240, 240)")
}

func TestRequestsOfTheView(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	tests := []struct {
		button string
		method string
		params string
	}{
		{"#send-message", "ui/message", `{"role":"user","content":[{"type":"text","text":"Tell me more about booking 42"}]}`},
		{"#open-link", "ui/open-link", `{"url":"https://example.com/bookings/42?tab=details"}`},
		{"#update-context", "ui/update-model-context", `{"content":[{"type":"text","text":"booking 42 is selected"}]}`},
		{"#log", "notifications/message", `{"level":"info","data":"log button pressed"}`},
	}
	for _, tt := range tests {
		if err := p.Click(tt.button); err != nil {
			t.Fatal(err)
		}
		ev, err := p.WaitEvent(tt.method, Wait)
		if err != nil {
			t.Fatal(err)
		}
		assertJSON(t, tt.method+" params", ev.Params, tt.params)
	}
	// The host answered the update, so the view went on.
	Eventually(t, "#status", func() (string, error) { return p.Text("#status") }, "context updated")
	var clicks int
	if err := p.Eval("window.viewState.clicks", &clicks); err != nil {
		t.Fatal(err)
	}
	if clicks != 1 {
		t.Errorf("viewState.clicks = %d, want 1", clicks)
	}
}

func TestToolCall(t *testing.T) {
	t.Parallel()
	var gotName string
	var gotArgs map[string]any
	p := open(t, Scenario{OnToolCall: func(name string, args map[string]any) (json.RawMessage, error) {
		gotName, gotArgs = name, args
		return json.RawMessage(`{"content":[{"type":"text","text":"refreshed 42"}]}`), nil
	}})
	if err := p.Click("#call-tool"); err != nil {
		t.Fatal(err)
	}
	ev, err := p.WaitEvent("tools/call", Wait)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tools/call params", ev.Params, `{"name":"refresh_booking","arguments":{"id":"42","force":true}}`)
	Eventually(t, "#tool", func() (string, error) { return p.Text("#tool") }, "result: refreshed 42")
	if gotName != "refresh_booking" || !reflect.DeepEqual(gotArgs, map[string]any{"id": "42", "force": true}) {
		t.Errorf("OnToolCall got (%q, %v), want (refresh_booking, map[force:true id:42])", gotName, gotArgs)
	}
}

func TestToolCallErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer func(string, map[string]any) (json.RawMessage, error)
		want   string
	}{
		{"error", func(string, map[string]any) (json.RawMessage, error) { return nil, errors.New("booking 42 is gone") }, "error: booking 42 is gone"},
		{"no OnToolCall", nil, `error: tools/call "refresh_booking": the test host has no answer; set Scenario.OnToolCall`},
		{"not an object", func(string, map[string]any) (json.RawMessage, error) { return json.RawMessage(`[1]`), nil }, `error: OnToolCall("refresh_booking") returned "[1]", which is not a JSON object (a CallToolResult)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := open(t, Scenario{OnToolCall: tt.answer})
			if err := p.Click("#call-tool"); err != nil {
				t.Fatal(err)
			}
			Eventually(t, "#tool", func() (string, error) { return p.Text("#tool") }, tt.want)
		})
	}
}

func TestTeardown(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	if err := p.Teardown(); err != nil {
		t.Fatal(err)
	}
	ev, err := p.WaitEvent("ui/resource-teardown", Wait)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Kind != "response" {
		t.Errorf("teardown answer kind = %q, want response", ev.Kind)
	}
	assertJSON(t, "teardown answer", ev.Params, `{}`)
	if got, err := p.Text("#status"); err != nil || got != "torn down" {
		t.Errorf("#status = %q, %v; want torn down", got, err)
	}
}

func TestTeardownNotAnswered(t *testing.T) {
	t.Parallel()
	h := Require(t)
	// A view that never answers ui/resource-teardown, as an SDK App
	// without onteardown answers it with an error.
	p := h.Open(t, Scenario{HTML: []byte(`<!DOCTYPE html><script>
		window.addEventListener("message", ({ data }) => {
			if (data?.id === 1 && data.result) parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/initialized" }, "*");
			if (data?.method === "ui/resource-teardown") parent.postMessage({ jsonrpc: "2.0", id: data.id, error: { code: -32601, message: "Method not found" } }, "*");
		});
		parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: { protocolVersion: "2026-01-26", appInfo: { name: "x", version: "1" }, appCapabilities: {} } }, "*");
	</script>`)})
	err := p.Teardown()
	if err == nil || !strings.Contains(err.Error(), "Method not found") {
		t.Errorf("Teardown() = %v, want the view's Method not found error", err)
	}
}

func TestMouse(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	if p.Exists("#tooltip.shown") {
		t.Fatal("tooltip shown before the hover")
	}
	if err := p.Hover("#hover-target", 400*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if !p.Exists("#tooltip.shown") {
		t.Error("tooltip not shown after a 400 ms hover")
	}
	if err := p.ContextMenu("#menu-target"); err != nil {
		t.Fatal(err)
	}
	Eventually(t, "#status", func() (string, error) { return p.Text("#status") }, "context menu (button 2)")
}

func TestMissingElement(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	if p.Exists("#nothing") {
		t.Error(`Exists("#nothing") = true`)
	}
	p.SetTimeout(300 * time.Millisecond)
	start := time.Now()
	err := p.Click("#nothing")
	if want := `no element in the view matches "#nothing" within 300ms`; err == nil || err.Error() != want {
		t.Errorf("Click(#nothing) = %v, want %q", err, want)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("Click(#nothing) took %v, want it to Wait 300ms for the element", d)
	}
	if _, err := p.Text("#a:b:c"); err == nil {
		t.Error("Text with an invalid selector succeeded")
	}
}

func TestScreenshot(t *testing.T) {
	t.Parallel()
	p := open(t, Scenario{})
	Eventually(t, "#title", func() (string, error) { return p.Text("#title") }, "Harbour view")
	path := filepath.Join(t.TempDir(), "view.png")
	if err := p.Screenshot(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if got := img.Bounds().Dx(); got != viewWidth {
		t.Errorf("screenshot width = %d, want %d (the iframe)", got, viewWidth)
	}
	if img.Bounds().Dy() <= 0 {
		t.Errorf("screenshot height = %d", img.Bounds().Dy())
	}
}

func TestScenarioConfigErrors(t *testing.T) {
	_, err := Scenario{Theme: "blue", ToolResult: json.RawMessage(`"x"`), Variables: map[string]string{"color": "red"}}.config()
	want := `HTML is empty; set it to the view's HTML document; ` +
		`Theme "blue" is not "light" or "dark"; ` +
		`ToolResult is not a JSON object; set it to a CallToolResult such as {"content":[]}; ` +
		`Variables key "color" is not a CSS custom property (it must start with --)`
	if err == nil || err.Error() != want {
		t.Errorf("config() error =\n%v\nwant\n%s", err, want)
	}
}
