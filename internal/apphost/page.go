package apphost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// openTimeout bounds the page load and the handshake in Open. It is
// generous because a loaded CI machine can take seconds to start a tab.
const openTimeout = 30 * time.Second

// DefaultTimeout is how long the actions of a new Page wait for the element
// they work on, or for the browser; see [Page.SetTimeout].
const DefaultTimeout = 10 * time.Second

// Scenario is what the host gives one view: the view itself, the tool call
// that it shows, and the host context.
type Scenario struct {
	HTML       []byte            // the view
	ToolInput  map[string]any    // sent as ui/notifications/tool-input
	ToolResult json.RawMessage   // a CallToolResult JSON sent as ui/notifications/tool-result
	Theme      string            // "light" (default) or "dark"
	Variables  map[string]string // hostContext.styles.variables (optional)
	// OnToolCall answers tools/call from the view (optional). It returns
	// a CallToolResult JSON, or an error that the view receives as a
	// JSON-RPC error. It runs on an HTTP server goroutine, so it must not
	// call t.Fatal; without it, every tools/call gets an error.
	OnToolCall func(name string, args map[string]any) (json.RawMessage, error)
}

// Event is one JSON-RPC message that went through the host bridge, or a
// problem of the host page.
//
// Kind is "request", "notification", "response" or "error" for a message
// from the view (a response or an error answers a request of the host), the
// same with the prefix "host-" for a message from the host, and "page-error"
// for an error of the host page (then Method says where it happened).
// Method is the method of the message; for a response or an error it is the
// method of the request it answers. Params holds the params of a request or a
// notification, the result of a response, or the error object of an error.
type Event struct {
	Kind   string          `json:"kind"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// String formats the event for test logs.
func (e Event) String() string {
	return fmt.Sprintf("%s %s %s", e.Kind, e.Method, e.Params)
}

// fromView reports whether the view sent the event.
func (e Event) fromView() bool {
	switch e.Kind {
	case "request", "notification", "response", "error":
		return true
	}
	return false
}

// Page is one host page in its own browser tab, with one view in it. Its
// methods bound their own waiting, so a broken view fails a test instead of
// hanging it. A Page is meant for one test goroutine.
type Page struct {
	scenario Scenario
	timeout  time.Duration // see SetTimeout
	hostHTML []byte
	ctx      context.Context // the tab

	// viewFrame is the frame of the view's iframe.
	viewFrame cdp.FrameID

	mu       sync.Mutex
	events   []Event
	consumed []bool                 // events already returned by WaitEvent
	contexts map[cdp.FrameID]string // frame → unique id of its main-world context
	console  []string
}

// Open loads the host page in a tab of its own, loads the view of s into its
// sandboxed iframe and returns when the handshake is done and the host has
// sent the tool input and the tool result. It fails the test, with the events
// and the console output seen so far, when that does not happen within 30 s.
// When the test ends the Page stops working and its tab goes back to a pool
// for later tests (or is closed if the test failed).
func (h *Host) Open(t testing.TB, s Scenario) *Page {
	t.Helper()
	cfg, err := s.config()
	if err != nil {
		t.Fatalf("apphost: invalid Scenario: %v", err)
	}
	p := &Page{scenario: s, timeout: DefaultTimeout, contexts: map[cdp.FrameID]string{}}
	id := h.register(p)
	cfg["toolCallURL"] = "/p/" + id + "/tools/call"
	cfgJSON, err := json.Marshal(cfg)
	if err != nil {
		t.Fatalf("apphost: invalid Scenario: %v", err)
	}
	// encoding/json escapes <, > and &, so the JSON cannot end the script
	// element early.
	p.hostHTML = []byte(strings.Replace(hostPage, "CONFIG", string(cfgJSON), 1))

	tb, err := h.takeTab()
	if err != nil {
		h.unregister(id)
		t.Fatalf("apphost: opening a tab: %v", err)
	}
	// The Page's context ends with the test, which also ends its listener;
	// the tab itself goes back to the pool.
	ctx, cancel := context.WithCancel(tb.ctx)
	p.ctx = ctx
	t.Cleanup(func() {
		cancel()
		h.unregister(id)
		h.releaseTab(tb, t.Failed())
	})
	// The listener must be in place before the navigation, or the
	// execution context of the view would be missed.
	if err := chromedp.Listen(ctx, p.listen); err != nil {
		t.Fatalf("apphost: opening a tab: %v", err)
	}
	octx, ocancel := context.WithTimeout(ctx, openTimeout)
	defer ocancel()
	// A reused tab still has the mouse where the last test left it; move
	// it off the view, so that nothing in the new view starts hovered.
	parkMouse := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: input.DispatchMouseEventTypeMouseMoved, X: viewWidth + 100, Y: 700,
		})
		return err
	})
	if err := chromedp.Do(octx, parkMouse, chromedp.Navigate(h.server.URL+"/p/"+id)); err != nil {
		t.Fatalf("apphost: loading the host page: %v", err)
	}
	if err := chromedp.Do(octx, chromedp.Evaluate[chromedp.Void](`window.__apphost.ready`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("apphost: the view did not complete the handshake (ui/initialize, then ui/notifications/initialized) within %v: %v\n%s", openTimeout, err, p.diagnostics())
	}
	tree, err := chromedp.Call(octx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		t.Fatalf("apphost: reading the frame tree: %v", err)
	}
	if n := len(tree.FrameTree.ChildFrames); n != 1 {
		t.Fatalf("apphost: the host page has %d child frames in its process, want 1 (the view's iframe); "+
			"Chromium must run with --disable-features=IsolateSandboxedIframes\n%s", n, p.diagnostics())
	}
	p.viewFrame = tree.FrameTree.ChildFrames[0].Frame.ID
	return p
}

// config validates s and returns the configuration of the host page. It
// reports every problem of s at once.
func (s Scenario) config() (map[string]any, error) {
	var problems []string
	if len(s.HTML) == 0 {
		problems = append(problems, "HTML is empty; set it to the view's HTML document")
	}
	theme := s.Theme
	if theme == "" {
		theme = "light"
	}
	if theme != "light" && theme != "dark" {
		problems = append(problems, fmt.Sprintf("Theme %q is not \"light\" or \"dark\"", s.Theme))
	}
	if s.ToolResult != nil {
		var obj map[string]any
		if err := json.Unmarshal(s.ToolResult, &obj); err != nil || obj == nil {
			problems = append(problems, "ToolResult is not a JSON object; set it to a CallToolResult such as {\"content\":[]}")
		}
	}
	for name := range s.Variables {
		if !strings.HasPrefix(name, "--") {
			problems = append(problems, fmt.Sprintf("Variables key %q is not a CSS custom property (it must start with --)", name))
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, errors.New(strings.Join(problems, "; "))
	}
	hostContext := map[string]any{
		"theme":                 theme,
		"displayMode":           "inline",
		"availableDisplayModes": []string{"inline"},
		"containerDimensions":   map[string]any{"width": viewWidth},
		"locale":                "en-US",
		"timeZone":              "UTC",
		"platform":              "web",
	}
	if len(s.Variables) > 0 {
		hostContext["styles"] = map[string]any{"variables": s.Variables}
	}
	input := s.ToolInput
	if input == nil {
		input = map[string]any{}
	}
	return map[string]any{
		"html":        string(s.HTML),
		"toolInput":   input,
		"toolResult":  s.ToolResult,
		"hostContext": hostContext,
	}, nil
}

// viewWidth is the width in CSS pixels of the view's iframe.
const viewWidth = 800

// hostPage is the host page; CONFIG becomes the JSON configuration.
const hostPage = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>apphost</title>
<style>
html, body { margin: 0; padding: 0; }
body { background: #ffffff; }
body.dark { background: #1f1f1f; }
iframe { display: block; width: 800px; height: 300px; border: 0; }
</style>
</head>
<body>
<script>window.__apphostConfig = CONFIG;</script>
<script src="/host.js"></script>
</body>
</html>
`

// listen records the execution contexts and the console output of the tab.
// It runs in chromedp's event loop, so it only appends under the lock.
func (p *Page) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventExecutionContextCreated:
		var aux struct {
			FrameID   cdp.FrameID `json:"frameId"`
			IsDefault bool        `json:"isDefault"`
		}
		if json.Unmarshal([]byte(ev.Context.AuxData), &aux) != nil || !aux.IsDefault {
			return
		}
		p.mu.Lock()
		p.contexts[aux.FrameID] = ev.Context.UniqueID
		p.mu.Unlock()
	case *runtime.EventExecutionContextDestroyed:
		p.mu.Lock()
		for f, id := range p.contexts {
			if id == ev.ExecutionContextUniqueID {
				delete(p.contexts, f)
			}
		}
		p.mu.Unlock()
	case *runtime.EventExecutionContextsCleared:
		p.mu.Lock()
		clear(p.contexts)
		p.mu.Unlock()
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range ev.Args {
			if a.Value != nil {
				parts = append(parts, string(a.Value))
			} else {
				parts = append(parts, a.Description)
			}
		}
		// The transport logs every message it passes on at debug level;
		// the events have those. What it drops stays in the log.
		if ev.Type == runtime.ConsoleAPICalledTypeDebug && len(parts) > 0 &&
			(parts[0] == `"Parsed message"` || parts[0] == `"Sending message"`) {
			return
		}
		p.mu.Lock()
		p.console = append(p.console, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " ")))
		p.mu.Unlock()
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			text += " " + d.Exception.Description
		}
		p.mu.Lock()
		p.console = append(p.console, fmt.Sprintf("exception: %s (%s:%d)", text, d.URL, d.LineNumber+1))
		p.mu.Unlock()
	}
}

// diagnostics formats the events and the console output for a failure.
func (p *Page) diagnostics() string {
	events := p.Events()
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "events seen by the host (%d):\n", len(events))
	for _, e := range events {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	fmt.Fprintf(&b, "console (%d):\n", len(p.console))
	for _, c := range p.console {
		fmt.Fprintf(&b, "  %s\n", c)
	}
	return b.String()
}

// fetch appends the events recorded after the ones already known, waiting up
// to wait for at least one.
func (p *Page) fetch(ctx context.Context, wait time.Duration) error {
	p.mu.Lock()
	from := len(p.events)
	p.mu.Unlock()
	js := fmt.Sprintf(`window.__apphost.next(%d, %d)`, from, wait.Milliseconds())
	events, err := chromedp.Run(ctx, chromedp.Evaluate[[]Event](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return fmt.Errorf("reading the host's events: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	// Another call may have fetched meanwhile; keep only what is new.
	if n := len(p.events) - from; n > 0 {
		events = events[min(n, len(events)):]
	}
	p.events = append(p.events, events...)
	p.consumed = append(p.consumed, make([]bool, len(events))...)
	return nil
}

// SetTimeout sets how long the later actions of p wait for the element they
// work on, for the view's answer to Teardown, or for the browser. The default
// is [DefaultTimeout]. It does not change the timeout of WaitEvent, which is
// an argument.
func (p *Page) SetTimeout(d time.Duration) {
	p.timeout = d
}

// browserMargin is how much longer than its own timeout an action waits for
// the browser, so that the browser's precise error (like "no element
// matches") wins over a bare deadline even on a loaded machine.
const browserMargin = 10 * time.Second

// actionContext returns the context of one action that may also sleep for
// extra.
func (p *Page) actionContext(extra time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(p.ctx, p.timeout+extra+browserMargin)
}

// Events returns every event recorded so far, in order.
func (p *Page) Events() []Event {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	_ = p.fetch(ctx, 0) // on error, what was fetched before is still worth returning
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.events)
}

// WaitEvent returns the first event from the view with the given method that
// no earlier WaitEvent returned, waiting up to timeout for it. Events from the
// view are requests, notifications and the answers to the host's requests;
// use [Page.Events] for the host's own messages. Each event is returned once,
// so two calls return two messages with the same method.
func (p *Page) WaitEvent(method string, timeout time.Duration) (Event, error) {
	ctx, cancel := context.WithTimeout(p.ctx, timeout+browserMargin)
	defer cancel()
	deadline := time.Now().Add(timeout)
	for fetched := false; ; fetched = true {
		p.mu.Lock()
		for i, e := range p.events {
			if !p.consumed[i] && e.Method == method && e.fromView() {
				p.consumed[i] = true
				p.mu.Unlock()
				return e, nil
			}
		}
		p.mu.Unlock()
		left := max(time.Until(deadline), 0)
		if left == 0 && fetched {
			return Event{}, fmt.Errorf("no %q from the view within %v\n%s", method, timeout, p.diagnostics())
		}
		if err := p.fetch(ctx, left); err != nil {
			return Event{}, err
		}
	}
}

// Eval evaluates the JavaScript expression js in the view's frame (its main
// world, so the view's globals are visible) and decodes the JSON of its value
// into out, unless out is nil. A promise is awaited. The Content Security
// Policy of the view does not apply to js.
func (p *Page) Eval(js string, out any) error {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	raw, err := p.evalView(ctx, js)
	if err != nil || out == nil {
		return err
	}
	if raw == nil {
		raw = []byte("null") // undefined
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decoding the value of %q: %v", js, err)
	}
	return nil
}

// evalView evaluates js in the main world of the view and returns its value
// as JSON (nil for undefined).
func (p *Page) evalView(ctx context.Context, js string) ([]byte, error) {
	p.mu.Lock()
	uid := p.contexts[p.viewFrame]
	p.mu.Unlock()
	if uid == "" {
		return nil, errNoView
	}
	return chromedp.Run(ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise, func(e *runtime.EvaluateParams) {
		e.UniqueContextID = uid
	}))
}

// onElement waits up to p.timeout for an element of the view to match
// selector, then evaluates the JavaScript function fn(element, ...args) on it
// and decodes its value into out.
func (p *Page) onElement(ctx context.Context, selector, fn string, out any, args ...any) error {
	argJSON, err := json.Marshal(append([]any{selector, p.timeout.Milliseconds()}, args...))
	if err != nil {
		return err
	}
	js := fmt.Sprintf(`(async (sel, ms, ...args) => {
	const end = Date.now() + ms;
	for (;;) {
		const el = document.querySelector(sel);
		if (el) return { found: true, value: await (%s)(el, ...args) };
		if (Date.now() >= end) return { found: false };
		await new Promise((r) => setTimeout(r, 20));
	}
})(...%s)`, fn, argJSON)
	raw, err := p.evalView(ctx, js)
	if err != nil {
		return fmt.Errorf("selector %q: %w", selector, err)
	}
	var res struct {
		Found bool            `json:"found"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return fmt.Errorf("selector %q: decoding %s: %v", selector, raw, err)
	}
	if !res.Found {
		return fmt.Errorf("no element in the view matches %q within %v", selector, p.timeout)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(res.Value, out)
}

// Text returns the textContent of the first element of the view that matches
// selector, waiting up to the Page's timeout for one to exist.
func (p *Page) Text(selector string) (string, error) {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	var s string
	err := p.onElement(ctx, selector, `(el) => el.textContent`, &s)
	return s, err
}

// Exists reports whether an element of the view matches selector now. It does
// not wait, so it can assert that something is absent. It also reports false
// when the view cannot be reached or the selector is invalid.
func (p *Page) Exists(selector string) bool {
	sel, err := json.Marshal(selector)
	if err != nil {
		return false
	}
	var ok bool
	return p.Eval(fmt.Sprintf(`document.querySelector(%s) !== null`, sel), &ok) == nil && ok
}

// ComputedStyle returns the computed value of the CSS property prop (as
// written in CSS, like "background-color" or "--x") of the first element of
// the view that matches selector.
func (p *Page) ComputedStyle(selector, prop string) (string, error) {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	var s string
	err := p.onElement(ctx, selector, `(el, prop) => getComputedStyle(el).getPropertyValue(prop)`, &s, prop)
	return s, err
}

// point scrolls the element into view and returns its center in the
// coordinates of the page's viewport, which is what mouse input takes.
func (p *Page) point(ctx context.Context, selector string) (x, y float64, err error) {
	var c struct{ X, Y, W, H float64 }
	err = p.onElement(ctx, selector, `(el) => {
		el.scrollIntoView({ block: "center", inline: "center" });
		const r = el.getBoundingClientRect();
		return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
	}`, &c)
	if err != nil {
		return 0, 0, err
	}
	if c.W == 0 || c.H == 0 {
		return 0, 0, fmt.Errorf("element %q of the view has no size (is it hidden?)", selector)
	}
	pt, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ X, Y float64 }](fmt.Sprintf(`window.__apphost.viewportPoint(%g, %g)`, c.X, c.Y)))
	return pt.X, pt.Y, err
}

// stablePoint is point once the element has stayed where it is for 50 ms. A view may still be
// laying out when a test acts on it (an image that fails to load, the frame resized after
// ui/notifications/size-changed), and a click at where a button was a moment ago hit something
// else: one test in four or five missed its ui/message on a loaded two-core machine.
func (p *Page) stablePoint(ctx context.Context, selector string) (x, y float64, err error) {
	x, y, err = p.point(ctx, selector)
	for err == nil {
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return 0, 0, ctx.Err()
		}
		x2, y2, err2 := p.point(ctx, selector)
		if err2 != nil {
			return 0, 0, err2
		}
		if x2 == x && y2 == y {
			return x, y, nil
		}
		x, y = x2, y2
	}
	return 0, 0, err
}

// mouse dispatches mouse events at the center of the element.
func (p *Page) mouse(selector string, hold time.Duration, steps ...input.DispatchMouseEventParams) error {
	ctx, cancel := p.actionContext(hold)
	defer cancel()
	x, y, err := p.stablePoint(ctx, selector)
	if err != nil {
		return err
	}
	for i, s := range steps {
		s.X, s.Y = x, y
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, s); err != nil {
			return fmt.Errorf("mouse %s on %q: %w", s.Type, selector, err)
		}
		if i == 0 && hold > 0 {
			select {
			case <-time.After(hold):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	return nil
}

// press returns the events of one click with button.
func press(button input.MouseButton, buttons int64) []input.DispatchMouseEventParams {
	return []input.DispatchMouseEventParams{
		{Type: input.DispatchMouseEventTypeMouseMoved},
		{Type: input.DispatchMouseEventTypeMousePressed, Button: button, Buttons: buttons, ClickCount: 1},
		{Type: input.DispatchMouseEventTypeMouseReleased, Button: button, ClickCount: 1},
	}
}

// Click clicks the center of the first element of the view that matches
// selector with the real (CDP) mouse, after scrolling it into view. Whatever
// covers that point gets the click, as for a user.
func (p *Page) Click(selector string) error {
	return p.mouse(selector, 0, press(input.MouseButtonLeft, 1)...)
}

// ContextMenu right-clicks the center of the first element of the view that
// matches selector, which fires contextmenu in the view.
func (p *Page) ContextMenu(selector string) error {
	return p.mouse(selector, 0, press(input.MouseButtonRight, 2)...)
}

// Hover moves the real mouse over the center of the first element of the view
// that matches selector and returns after d. The mouse stays there.
func (p *Page) Hover(selector string, d time.Duration) error {
	return p.mouse(selector, d, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved})
}

// SetTheme changes hostContext.theme to "light" or "dark"; the bridge sends
// ui/notifications/host-context-changed when the theme changes.
func (p *Page) SetTheme(theme string) error {
	if theme != "light" && theme != "dark" {
		return fmt.Errorf("theme %q is not \"light\" or \"dark\"", theme)
	}
	return p.SetHostContext(map[string]any{"theme": theme})
}

// SetHostContext merges patch into the host context (top-level keys replace
// the old values); the bridge sends the changed fields to the view as
// ui/notifications/host-context-changed.
func (p *Page) SetHostContext(patch map[string]any) error {
	b, err := json.Marshal(patch)
	if err != nil {
		return fmt.Errorf("host context patch: %v", err)
	}
	ctx, cancel := p.actionContext(0)
	defer cancel()
	return chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__apphost.setHostContext(%s)`, b)))
}

// Teardown sends ui/resource-teardown and waits up to the Page's timeout for
// the view's answer. An error answer (for example "Method not found" from an SDK App
// without onteardown) is returned as an error.
func (p *Page) Teardown() error {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	js := fmt.Sprintf(`window.__apphost.teardown(%d).then(() => true)`, p.timeout.Milliseconds())
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js, chromedp.EvalAwaitPromise)); err != nil {
		return fmt.Errorf("ui/resource-teardown: %w", err)
	}
	return nil
}

// Screenshot writes a PNG of the view's iframe, as rendered in the page, to
// path.
func (p *Page) Screenshot(path string) error {
	ctx, cancel := p.actionContext(0)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#view")))
	if err != nil {
		return fmt.Errorf("screenshot of the view: %w", err)
	}
	return os.WriteFile(path, b, 0o644)
}

// serveToolCall answers the host page's forward of a tools/call of the view
// with the Scenario's OnToolCall.
func (p *Page) serveToolCall(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeToolError(w, fmt.Sprintf("decoding the tools/call params: %v", err))
		return
	}
	if p.scenario.OnToolCall == nil {
		writeToolError(w, fmt.Sprintf("tools/call %q: the test host has no answer; set Scenario.OnToolCall", req.Name))
		return
	}
	res, err := p.callTool(req.Name, req.Arguments)
	if err != nil {
		writeToolError(w, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(res)
}

// callTool runs OnToolCall and checks its result; a panic becomes an error.
func (p *Page) callTool(name string, args map[string]any) (res json.RawMessage, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("OnToolCall(%q) panicked: %v", name, v)
		}
	}()
	res, err = p.scenario.OnToolCall(name, args)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if json.Unmarshal(res, &obj) != nil || obj == nil {
		return nil, fmt.Errorf("OnToolCall(%q) returned %q, which is not a JSON object (a CallToolResult)", name, res)
	}
	return res, nil
}

func writeToolError(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusInternalServerError)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
