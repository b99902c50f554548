// Package apphost runs MCP Apps views in a real host for Go tests: the
// official host bridge (AppBridge and PostMessageTransport from the npm
// package @modelcontextprotocol/ext-apps) on a page in headless Chromium, with
// the view under test in a sandboxed srcdoc iframe, as web hosts render it.
//
// A test gets the shared [Host] with [Require], opens one [Page] per scenario
// with [Host.Open] and then works inside the view: it reads the DOM, clicks
// with the real mouse, and reads the JSON-RPC messages that the host saw.
//
//	h := apphost.Require(t)
//	p := h.Open(t, apphost.Scenario{HTML: card, ToolResult: result})
//	if err := p.Click("#refresh"); err != nil {
//		t.Fatal(err)
//	}
//	ev, err := p.WaitEvent("tools/call", 5*time.Second)
//
// One browser and one HTTP server serve every test of a test process. Call
// [Shutdown] from TestMain to stop them and remove the browser profile;
// without it the browser ends with the test process and its profile stays in
// the temporary directory.
//
// The harness needs Debian's chromium, node and the npm packages of this
// directory (installed by setup.sh, which runs npm ci). See docs/testing.md.
package apphost

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// setupScript is the script, relative to the module root, that installs the
// npm packages the harness needs.
const setupScript = "internal/apphost/setup.sh"

// chromiumEnv names the environment variable that overrides the browser
// binary; by default the harness runs "chromium" from PATH.
const chromiumEnv = "APPHOST_CHROMIUM"

// Host is the shared test host: one headless Chromium and one loopback HTTP
// server that serves the host page. Get it with [Require]; it is safe for use
// by parallel tests.
type Host struct {
	server        *httptest.Server
	bundle        []byte // the esbuild bundle of host.js
	profileDir    string
	allocCancel   context.CancelFunc
	browserCtx    context.Context
	browserCancel context.CancelFunc

	mu     sync.Mutex
	pages  map[string]*Page
	nextID int
	idle   []tab // open tabs that no Page uses
}

// tab is a browser tab. Tabs are reused: opening one costs more than a
// navigation.
type tab struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// takeTab returns an idle tab or opens a new one.
func (h *Host) takeTab() (tab, error) {
	h.mu.Lock()
	if n := len(h.idle); n > 0 {
		tb := h.idle[n-1]
		h.idle = h.idle[:n-1]
		h.mu.Unlock()
		return tb, nil
	}
	h.mu.Unlock()
	ctx, cancel := chromedp.NewContext(h.browserCtx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return tab{}, err
	}
	return tab{ctx, cancel}, nil
}

// releaseTab makes tb idle, or closes it after a failed test, whose tab may
// be in a state that the next test should not inherit.
func (h *Host) releaseTab(tb tab, failed bool) {
	if failed {
		tb.cancel()
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.idle = append(h.idle, tb)
}

var (
	sharedMu  sync.Mutex
	shared    *Host
	sharedErr error
)

// Require returns the shared Host. When chromium, node or the npm packages
// are missing, it skips the test with t.Skipf and a printed reason that says
// what is missing and how to install it; but when the environment variable CI
// is "true" it fails the test with t.Fatalf instead, so that CI cannot pass
// by skipping every browser test.
//
// The first call bundles the host page and starts the browser; later calls
// reuse them. A failure to start (as opposed to a missing prerequisite) always
// fails the test.
func Require(t testing.TB) *Host {
	t.Helper()
	dir, missing := prerequisites()
	if len(missing) > 0 {
		msg := "apphost: browser test needs: " + strings.Join(missing, "; ")
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s (CI=true, so this fails instead of skipping)", msg)
		}
		t.Skipf("%s", msg)
	}
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil && sharedErr == nil {
		shared, sharedErr = start(dir)
	}
	if sharedErr != nil {
		t.Fatalf("apphost: %v", sharedErr)
	}
	return shared
}

// Shutdown stops the shared browser and HTTP server and removes the browser
// profile. Call it from TestMain after m.Run. A later [Require] starts a new
// Host. Shutdown does nothing when no Host runs.
func Shutdown() {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared != nil {
		shared.close()
	}
	shared, sharedErr = nil, nil
}

// prerequisites returns the directory of this package and a description of
// every missing prerequisite, each with what to do about it.
func prerequisites() (dir string, missing []string) {
	if _, err := exec.LookPath(chromiumPath()); err != nil {
		missing = append(missing, fmt.Sprintf("chromium: %q not found (install Debian's chromium: apt-get install chromium; or set %s)", chromiumPath(), chromiumEnv))
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing = append(missing, "node: not found in PATH (install Node.js 20 or later)")
	}
	dir, err := packageDir()
	if err != nil {
		return "", append(missing, err.Error())
	}
	for _, rel := range []string{
		"node_modules/@modelcontextprotocol/ext-apps/package.json",
		"node_modules/.bin/esbuild",
	} {
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil {
			missing = append(missing, fmt.Sprintf("npm packages: %s is missing (run %s, which runs npm ci)", filepath.Join(dir, rel), setupScript))
			break
		}
	}
	return dir, missing
}

func chromiumPath() string {
	if p := os.Getenv(chromiumEnv); p != "" {
		return p
	}
	return "chromium"
}

// packageDir finds the source directory of this package, which holds host.js
// and node_modules. Tests of other packages run in their own directory, so
// the working directory does not help; the path of this file does, unless the
// binary was built with -trimpath, and then the module root is searched for.
func packageDir() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok {
		dir := filepath.Dir(file)
		if _, err := os.Stat(filepath.Join(dir, "host.js")); err == nil {
			return dir, nil
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("apphost sources: cannot read the working directory: %v", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, "internal", "apphost")
		if _, err := os.Stat(filepath.Join(candidate, "host.js")); err == nil {
			return candidate, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("apphost sources: internal/apphost/host.js not found above %s (run the tests inside the cardgen module)", wd)
		}
	}
}

// start bundles the host page, starts the browser and the HTTP server.
func start(dir string) (*Host, error) {
	// Bundling and starting the browser take seconds each; overlap them.
	type result struct {
		bundle []byte
		err    error
	}
	bundled := make(chan result, 1)
	go func() {
		b, err := bundleHost(dir)
		bundled <- result{b, err}
	}()
	h, err := startBrowser()
	res := <-bundled
	if err == nil {
		err = res.err
	}
	if err != nil {
		if h != nil {
			h.close()
		}
		return nil, err
	}
	h.bundle = res.bundle
	h.server = httptest.NewServer(h.routes())
	return h, nil
}

// startBrowser starts Chromium.
func startBrowser() (*Host, error) {
	h := &Host{pages: map[string]*Page{}}
	var err error
	// The browser outlives every single test, so its profile cannot be a
	// t.TempDir of the test that happens to start it.
	h.profileDir, err = os.MkdirTemp("", "apphost-chromium-")
	if err != nil {
		return nil, fmt.Errorf("creating the browser profile directory: %v", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Chromium puts sandboxed (opaque-origin) iframes in a process of
		// their own. The view then is a separate target, and mouse input
		// and frame lookups no longer go through the page. Keeping it in the
		// page's process lets one CDP session reach the view's execution
		// context and dispatch real mouse events in page coordinates. The
		// iframe keeps its sandbox and opaque origin; only the process
		// placement changes.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,IsolateSandboxedIframes"),
		chromedp.WindowSize(1024, 768),
		chromedp.UserDataDir(h.profileDir),
	)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	h.allocCancel = allocCancel
	h.browserCtx, h.browserCancel = chromedp.NewContext(allocCtx)
	if err := chromedp.Do(h.browserCtx); err != nil {
		h.close()
		return nil, fmt.Errorf("starting %s: %v", chromiumPath(), err)
	}
	return h, nil
}

// bundleHost bundles host.js and its npm dependencies with esbuild into a
// temporary directory and returns the bundle.
func bundleHost(dir string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "apphost-bundle-")
	if err != nil {
		return nil, fmt.Errorf("bundling host.js: %v", err)
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "host.js")
	cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", "esbuild"),
		"host.js", "--bundle", "--format=iife", "--target=es2022", "--minify", "--log-level=warning", "--outfile="+out)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("bundling host.js with esbuild failed (%v); reinstall the npm packages with %s:\n%s", err, setupScript, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("reading the esbuild bundle: %v", err)
	}
	return b, nil
}

// close stops everything start started; it works on a half-started Host.
func (h *Host) close() {
	if h.browserCancel != nil {
		h.browserCancel()
	}
	if h.allocCancel != nil {
		h.allocCancel()
	}
	if h.server != nil {
		h.server.Close()
	}
	if h.profileDir != "" {
		os.RemoveAll(h.profileDir)
	}
}

func (h *Host) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /host.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		// The bundle never changes while the Host runs; caching lets
		// Chromium reuse its compiled code in every later tab.
		w.Header().Set("Cache-Control", "max-age=3600")
		w.Write(h.bundle)
	})
	mux.HandleFunc("GET /p/{id}", func(w http.ResponseWriter, r *http.Request) {
		p := h.page(r.PathValue("id"))
		if p == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(p.hostHTML)
	})
	mux.HandleFunc("POST /p/{id}/tools/call", func(w http.ResponseWriter, r *http.Request) {
		p := h.page(r.PathValue("id"))
		if p == nil {
			http.NotFound(w, r)
			return
		}
		p.serveToolCall(w, r)
	})
	return mux
}

func (h *Host) register(p *Page) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.nextID++
	id := strconv.Itoa(h.nextID)
	h.pages[id] = p
	return id
}

func (h *Host) unregister(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.pages, id)
}

func (h *Host) page(id string) *Page {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.pages[id]
}

// errNoView is returned by the actions in the view when its JavaScript
// context is gone.
var errNoView = errors.New("the view's JavaScript context is gone (did the view navigate away or the page close?)")
