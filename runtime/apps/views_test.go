package apps

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var builtinViews = map[string]func() []byte{
	"result-card.html": ResultCardView,
	"starter.html":     StarterView,
}

// TestViewsHaveNoHTMLSinks greps the views for every API that turns a string
// into markup or code: data must reach the DOM through textContent only.
func TestViewsHaveNoHTMLSinks(t *testing.T) {
	sinks := []string{
		"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "setHTMLUnsafe",
		"parseHTMLUnsafe", "createContextualFragment", "DOMParser", "srcdoc", "eval(",
		"new Function", "javascript:",
	}
	for name, view := range builtinViews {
		src := string(view())
		for _, sink := range sinks {
			if i := strings.Index(src, sink); i >= 0 {
				t.Errorf("%s uses %s at byte %d; build the DOM with createElement and textContent", name, sink, i)
			}
		}
	}
}

// TestViewsAreSelfContained checks that the views load nothing from outside:
// no external scripts, styles, fonts or images in the markup or the CSS.
func TestViewsAreSelfContained(t *testing.T) {
	// CSS url( is matched case-sensitively: the script's new URL(…) is no load.
	external := regexp.MustCompile(`(?i:<script[^>]*\ssrc=|<link\b|<iframe\b|@import|\s(src|href|action)=")|\burl\(`)
	for name, view := range builtinViews {
		if m := external.Find(view()); m != nil {
			t.Errorf("%s loads an outside resource: %q", name, m)
		}
	}
}

func TestResultCardViewHooks(t *testing.T) {
	src := string(ResultCardView())
	for _, want := range []string{
		// Stable hooks for tests and hosts.
		`id="card-title"`, `id="card-subtitle"`, `id="card-text"`, `id="card-image"`, `id="card-icon"`,
		`id="result-text"`, `"card-field"`, `"card-action"`, `"data-kind", "url"`, `"data-kind", "message"`,
		// The protocol, spelled as the spec spells it.
		`"ui/initialize"`, `protocolVersion: "2026-01-26"`, `appInfo:`, `appCapabilities:`,
		`"ui/notifications/initialized"`, `"ui/notifications/tool-result"`, `"ui/notifications/host-context-changed"`,
		`"ui/resource-teardown"`, `"ui/notifications/size-changed"`, `"ui/open-link"`, `"ui/message"`,
		`role: "user", content: [{ type: "text", text: text }]`, `assistant_platform`, `ResizeObserver`,
		// Theme: data-theme with fallbacks in both schemes.
		`:root[data-theme="dark"]`, `var(--color-background-primary,`, `var(--color-text-primary,`,
		`var(--color-text-secondary,`, `var(--color-border-primary,`, `var(--font-sans,`, `var(--border-radius-md,`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("result card view lacks %s", want)
		}
	}
}

func TestStarterView(t *testing.T) {
	src := StarterView()
	if n := bytes.Count(src, []byte("TOOL_NAME")); n != 1 {
		t.Fatalf("starter view has TOOL_NAME %d times; the scaffolder replaces exactly one", n)
	}
	for _, want := range []string{`<meta name="mcp-tool" content="TOOL_NAME">`, `"tools/call"`, `"ui/initialize"`,
		`"ui/notifications/initialized"`, `"ui/notifications/tool-input"`, `"ui/notifications/tool-result"`,
		`"ui/resource-teardown"`, `"ui/notifications/size-changed"`, `:root[data-theme="dark"]`} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("starter view lacks %s", want)
		}
	}
	got := StarterViewFor(`get_order"<x>`)
	if !bytes.Contains(got, []byte(`<meta name="mcp-tool" content="get_order&#34;&lt;x&gt;">`)) || bytes.Contains(got, []byte("TOOL_NAME")) {
		t.Errorf("StarterViewFor did not bind the escaped tool name")
	}
	// The placeholder check in the script must survive the replacement.
	if !bytes.Contains(got, []byte(`"TOOL_" + "NAME"`)) {
		t.Errorf("StarterViewFor changed the script's placeholder check")
	}
}

func TestViewsAreCopies(t *testing.T) {
	a := ResultCardView()
	a[0] = 'X'
	if ResultCardView()[0] != '<' {
		t.Error("ResultCardView returned shared bytes")
	}
}

// TestViewScriptsParse checks the inline scripts' syntax with node, when it is
// installed; the views are exercised in a real browser by internal/apphost.
func TestViewScriptsParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	script := regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	for name, view := range builtinViews {
		m := script.FindAllSubmatch(view(), -1)
		if len(m) != 1 {
			t.Errorf("%s has %d inline scripts, want 1", name, len(m))
			continue
		}
		file := filepath.Join(t.TempDir(), name+".js")
		if err := os.WriteFile(file, m[0][1], 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(node, "--check", file).CombinedOutput(); err != nil {
			t.Errorf("%s: script does not parse: %v\n%s", name, err, out)
		}
	}
}
