package shop_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/inspector"
	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/mdcard"
	"github.com/cardgen/cardgen/runtime/register"
)

// generated runs cardgen on this package without writing and returns its model and file.
func generated(t *testing.T) (*gen.Package, []byte) {
	t.Helper()
	res, err := gen.Generate(gen.Options{Dir: "."}, ".")
	if err != nil {
		t.Fatalf("cardgen on examples/shop: %v", err)
	}
	if len(res.Files) != 2 || len(res.Packages) != 1 {
		t.Fatalf("cardgen made %d files for %d packages; want 2 and 1", len(res.Files), len(res.Packages))
	}
	return res.Packages[0], res.Files[0].Content
}

// TestGenerateIntoCopy generates the shop into a fresh copy of its sources (a nested module with
// the same import path, so the schemas' $id match), builds and vets the copy, and checks that the
// result is byte-identical to the committed cards_gen.go, which the other tests exercise.
func TestGenerateIntoCopy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the example; skipped with -short")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// The copy is the whole module (without git, npm packages and the generated file), so the
	// example keeps its import path and its schemas' $id.
	tmp := t.TempDir()
	copyTree(t, root, tmp, func(rel string) bool {
		return rel != filepath.Join("examples", "shop", gen.GeneratedFile) &&
			rel != filepath.Join("examples", "shop", gen.GeneratedTestFile)
	})
	shopDir := filepath.Join(tmp, "examples", "shop")

	res, err := gen.Generate(gen.Options{Dir: shopDir}, ".")
	if err != nil {
		t.Fatalf("cardgen on the copy: %v", err)
	}
	written, err := gen.Write(res.Files)
	if err != nil || len(written) != 2 {
		t.Fatalf("Write wrote %v, %v; want cards_gen.go and cards_gen_test.go", written, err)
	}
	run(t, shopDir, "go", "build", "./...")
	run(t, shopDir, "go", "vet", ".")
	// The generated golden test passes on the fresh copy (its testdata came along).
	run(t, shopDir, "go", "test", "-run", "Golden", ".")
	// A golden file of a tool that is gone (here: as if get_order had been track_order once)
	// fails the test by its name, and -update removes it and nothing else.
	golden := filepath.Join(shopDir, "testdata", "golden")
	before, err := os.ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	card, err := os.ReadFile(filepath.Join(golden, "get_order.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(golden, "track_order.card.json"), card, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-run", "Golden", ".")
	cmd.Dir = shopDir
	out, err := cmd.CombinedOutput()
	if want := "testdata/golden/track_order.card.json is not a golden file of any tool of this package"; err == nil || !bytes.Contains(out, []byte(want)) {
		t.Errorf("the golden test with a leftover golden file: %v\n%s\nwant a failure saying %q", err, out, want)
	}
	run(t, shopDir, "go", "test", "-run", "Golden", ".", "-update")
	after, err := os.ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("after -update testdata/golden holds %d files; want the %d it held before the leftover", len(after), len(before))
	}
	if _, err := os.Stat(filepath.Join(golden, "track_order.card.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("-update left the leftover golden file: %v", err)
	}
	run(t, shopDir, "go", "test", "-run", "Golden", ".")

	got, err := os.ReadFile(filepath.Join(shopDir, gen.GeneratedFile))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(gen.GeneratedFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("cards_gen.go generated into a fresh copy differs from the committed one; run go generate ./examples/...")
	}
	// A second run writes nothing: the bytes are the same.
	res2, err := gen.Generate(gen.Options{Dir: shopDir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if written, err := gen.Write(res2.Files); err != nil || len(written) != 0 {
		t.Fatalf("second run wrote %v (%v); want nothing, the output is deterministic", written, err)
	}
}

func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	serverT, clientT := mcp.NewInMemoryTransports()
	server, err := shop.NewServer(shop.New(), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	ss, err := server.Connect(ctx, serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(x)
	return string(b)
}

// TestToolsList checks what a real SDK client sees: every tool with its title, annotations and
// exactly the schemas cardgen generated.
func TestToolsList(t *testing.T) {
	model, _ := generated(t)
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		byName[tool.Name] = tool
	}
	want := map[string]struct {
		title                             string
		readOnly, destructive, idempotent bool
	}{
		"get_order":           {"Order status", true, false, true},
		"list_orders":         {"Recent orders", true, false, true},
		"search_products":     {"Search products", true, false, true},
		"get_product":         {"Product details", true, false, true},
		"cancel_order":        {"Cancel an order", false, true, false},
		"checkout_preview":    {"Checkout preview", true, false, true},
		"refresh_order":       {"Refresh order", true, false, true},
		"shipping_policy":     {"Shipping policy", true, false, true},
		"review_cancellation": {"Review a cancellation", true, false, true},
		// Not a cardgen tool: runtime/mdcard registers it by hand in NewServer.
		"create_markdown_card": {"Create document card from markdown", true, false, true},
	}
	if len(res.Tools) != len(want) {
		t.Errorf("tools/list has %d tools; want %d", len(res.Tools), len(want))
	}
	for name, w := range want {
		tool := byName[name]
		if tool == nil {
			t.Errorf("tools/list lacks %s", name)
			continue
		}
		if tool.Title != w.title {
			t.Errorf("%s: title %q; want %q", name, tool.Title, w.title)
		}
		a := tool.Annotations
		if a == nil {
			t.Errorf("%s: no annotations", name)
			continue
		}
		destructive := a.DestructiveHint != nil && *a.DestructiveHint
		if a.ReadOnlyHint != w.readOnly || destructive != w.destructive || a.IdempotentHint != w.idempotent {
			t.Errorf("%s: readOnly=%v destructive=%v idempotent=%v; want %v %v %v", name, a.ReadOnlyHint, destructive, a.IdempotentHint, w.readOnly, w.destructive, w.idempotent)
		}
		// search_products alone has an icon (//card:tool icon=), a data: URI of an SVG.
		if gotIcon, wantIcon := len(tool.Icons) == 1 && strings.HasPrefix(tool.Icons[0].Source, "data:image/svg+xml;base64,"), name == "search_products"; gotIcon != wantIcon {
			t.Errorf("%s: icons %+v; want an SVG data: URI for search_products alone", name, tool.Icons)
		}
		if tool.Description == "" || strings.Contains(tool.Description, "//card:") || strings.Contains(tool.Description, "card:tool") {
			t.Errorf("%s: description %q should be the doc comment without directives", name, tool.Description)
		}
	}
	for _, mt := range model.Tools {
		tool := byName[mt.Name]
		if tool == nil {
			continue
		}
		if got, want := canonical(t, tool.InputSchema), canonical(t, json.RawMessage(mt.InSchema)); got != want {
			t.Errorf("%s: input schema on the wire\n%s\nwant the generated\n%s", mt.Name, got, want)
		}
		if got, want := canonical(t, tool.OutputSchema), canonical(t, outSchema(mt)); got != want {
			t.Errorf("%s: output schema on the wire\n%s\nwant the generated\n%s", mt.Name, got, want)
		}
	}
}

// TestToolsCall calls each tool with valid input and checks the structured content against the
// output schema with an independent validator; invalid input must give an error result.
func TestToolsCall(t *testing.T) {
	model, _ := generated(t)
	cs := connect(t)
	ctx := context.Background()
	calls := map[string]map[string]any{
		"get_order":           {"id": "1042"},
		"list_orders":         {"status": "Shipped"},
		"search_products":     {"query": "mouse"},
		"get_product":         {"id": "kb-01"},
		"checkout_preview":    {"product_id": "kb-01", "quantity": 2, "email": "lan@example.com", "coupon": "WELCOME10"},
		"review_cancellation": {"id": "1043"},
		"cancel_order":        {"id": "1043"},
		"refresh_order":       {"id": "1042"},
		"shipping_policy":     {"part": 2},
	}
	for _, mt := range model.Tools {
		args, ok := calls[mt.Name]
		if !ok {
			t.Errorf("no test call for tool %s", mt.Name)
			continue
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mt.Name, Arguments: args})
		if err != nil {
			t.Errorf("%s: %v", mt.Name, err)
			continue
		}
		if res.IsError {
			t.Errorf("%s: error result %v", mt.Name, res.Content)
			continue
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(outSchema(mt), &s); err != nil {
			t.Fatal(err)
		}
		resolved, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: resolving output schema: %v", mt.Name, err)
		}
		var sc any
		if err := json.Unmarshal([]byte(canonical(t, res.StructuredContent)), &sc); err != nil {
			t.Fatal(err)
		}
		if err := resolved.Validate(sc); err != nil {
			t.Errorf("%s: structuredContent does not validate against the output schema: %v", mt.Name, err)
		}
		if len(res.Content) == 0 {
			t.Errorf("%s: no text content; hosts that ignore structuredContent would show nothing", mt.Name)
		}
	}

	bad := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get_order", map[string]any{}, "id"},
		{"get_order", map[string]any{"id": 42}, "id"},
		{"list_orders", map[string]any{"limit": 500}, "limit"},
		{"search_products", map[string]any{"query": "x", "colour": "red"}, "colour"},
		{"checkout_preview", map[string]any{"product_id": "kb-01", "quantity": 0, "email": "lan@example.com"}, "quantity"},
	}
	for _, b := range bad {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: b.tool, Arguments: b.args})
		if err != nil {
			t.Errorf("%s %v: protocol error %v; want an error result", b.tool, b.args, err)
			continue
		}
		if !res.IsError {
			t.Errorf("%s %v: succeeded; want an error result", b.tool, b.args)
			continue
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !strings.Contains(text, b.want) {
			t.Errorf("%s %v: error %q does not mention %q", b.tool, b.args, text, b.want)
		}
	}
}

// TestInspectorCLI runs the MCP Inspector CLI, a real MCP client from npm, against the shop over
// stdio and checks its tools/list.
func TestInspectorCLI(t *testing.T) {
	inspector.Require(t)
	bin := filepath.Join(t.TempDir(), "shop")
	run(t, ".", "go", "build", "-o", bin, "./cmd/shop")
	var list struct {
		Tools []struct {
			Name        string          `json:"name"`
			Title       string          `json:"title"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	inspector.Call(t, []string{bin}, []string{"--method", "tools/list"}, &list)
	model, _ := generated(t)
	// The model's tools, and create_markdown_card, which NewServer adds by hand.
	if len(list.Tools) != len(model.Tools)+1 {
		t.Fatalf("inspector lists %d tools; want %d", len(list.Tools), len(model.Tools))
	}
	byName := map[string]*gen.Tool{}
	for _, mt := range model.Tools {
		byName[mt.Name] = mt
	}
	for _, tool := range list.Tools {
		mt := byName[tool.Name]
		if tool.Name == mdcard.ToolName {
			continue
		}
		if mt == nil {
			t.Errorf("inspector lists unknown tool %s", tool.Name)
			continue
		}
		if tool.Title != mt.Title {
			t.Errorf("%s: title %q; want %q", tool.Name, tool.Title, mt.Title)
		}
		if got, want := canonical(t, tool.InputSchema), canonical(t, json.RawMessage(mt.InSchema)); got != want {
			t.Errorf("%s: input schema via inspector\n%s\nwant\n%s", tool.Name, got, want)
		}
	}
	var call struct {
		StructuredContent map[string]any `json:"structuredContent"`
		Meta              map[string]any `json:"_meta"`
	}
	inspector.Call(t, []string{bin}, []string{"--method", "tools/call", "--tool-name", "get_order", "--tool-arg", `id="1042"`}, &call)
	if call.StructuredContent["id"] != "1042" {
		t.Errorf("inspector tools/call get_order: structuredContent %v", call.StructuredContent)
	}
	if _, ok := call.Meta["assistant_platform"]; !ok {
		t.Errorf("inspector tools/call get_order: no _meta.assistant_platform in %v", call.Meta)
	}

	var resources struct {
		Resources []struct {
			URI      string         `json:"uri"`
			MIMEType string         `json:"mimeType"`
			Meta     map[string]any `json:"_meta"`
		} `json:"resources"`
	}
	inspector.Call(t, []string{bin}, []string{"--method", "resources/list"}, &resources)
	var orderView string
	for _, r := range resources.Resources {
		if r.MIMEType != "text/html;profile=mcp-app" || r.Meta["ui"] == nil {
			t.Errorf("inspector resources/list: %s has MIME %q and meta %v", r.URI, r.MIMEType, r.Meta)
		}
		if strings.HasPrefix(r.URI, "ui://shop/orders/card.html?v=") {
			orderView = r.URI
		}
	}
	if orderView == "" {
		t.Fatalf("inspector resources/list has no order view: %+v", resources.Resources)
	}
	var read struct {
		Contents []struct {
			URI      string         `json:"uri"`
			MIMEType string         `json:"mimeType"`
			Text     string         `json:"text"`
			Meta     map[string]any `json:"_meta"`
		} `json:"contents"`
	}
	inspector.Call(t, []string{bin}, []string{"--method", "resources/read", "--uri", orderView}, &read)
	if len(read.Contents) != 1 || read.Contents[0].MIMEType != "text/html;profile=mcp-app" || read.Contents[0].Meta["ui"] == nil ||
		!strings.Contains(read.Contents[0].Text, "order-title") {
		t.Errorf("inspector resources/read %s: %+v", orderView, read.Contents)
	}
}

// outSchema is the output schema a tool sends: its own, or mdcard's for a markdown card tool.
func outSchema(mt *gen.Tool) json.RawMessage {
	if mt.Markdown != nil {
		return mdcard.OutputSchema()
	}
	return mt.OutSchema
}

// TestShippingPolicyParts reads the generated markdown card tool part by part: the policy spans
// at least three parts, every part says where it is, and a part out of range is an error result
// that names the valid range.
func TestShippingPolicyParts(t *testing.T) {
	cs := connect(t)
	ctx := context.Background()
	var total int
	for part := 1; ; part++ {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "shipping_policy", Arguments: map[string]any{"part": part}})
		if err != nil || res.IsError {
			t.Fatalf("part %d: %v %v", part, err, res)
		}
		var out mdcard.Output
		if err := json.Unmarshal([]byte(canonical(t, res.StructuredContent)), &out); err != nil {
			t.Fatal(err)
		}
		if out.Parts.Current != part || out.Card.Title != "Shipping policy" || out.Card.HTML == "" {
			t.Fatalf("part %d: parts %+v, title %q, %d bytes of HTML", part, out.Parts, out.Card.Title, len(out.Card.HTML))
		}
		if n := len([]rune(out.Card.HTML)); n > mdcard.PartLimit && strings.Count(out.Card.HTML, "<details") > 1 {
			t.Errorf("part %d is %d runes with several sections; the limit is %d", part, n, mdcard.PartLimit)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if out.Parts.HasMore != strings.Contains(text, fmt.Sprintf("part: %d", part+1)) {
			t.Errorf("part %d: text %q does not match hasMore=%v", part, text, out.Parts.HasMore)
		}
		total = out.Parts.Total
		if !out.Parts.HasMore {
			break
		}
	}
	if total < 3 {
		t.Errorf("the shipping policy has %d parts; the example should span at least 3", total)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "shipping_policy", Arguments: map[string]any{"part": total + 1}})
	if err != nil || !res.IsError {
		t.Fatalf("part %d: %v %v; want an error result", total+1, err, res)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, fmt.Sprintf("1–%d", total)) {
		t.Errorf("out-of-range error %q does not name the range 1–%d", text, total)
	}
}

// TestACPLoop closes the Agent Chat Protocol loop: the generated builders make cards the strict
// validator accepts, a card message carries one, and a reply to the checkout form — in each of
// the three forms a selection comes back in — is dispatched to checkout_preview with its values
// validated against the tool's input schema.
func TestACPLoop(t *testing.T) {
	ctx := context.Background()
	svc := shop.New()
	list, err := svc.SearchProducts(ctx, shop.SearchProductsInput{Query: "e"})
	if err != nil {
		t.Fatal(err)
	}
	carousel, err := shop.SearchProductsACP(list)
	if err != nil {
		t.Fatalf("carousel: %v", err)
	}
	msg, err := acp.NewCardMessage("Here is what I found.", carousel, acp.MetadataOptions{})
	if err != nil {
		t.Fatal(err)
	}
	meta := msg.Content[1].(acp.MetadataContent).Metadata
	if meta["card_kind"] != "carousel" || len(carousel.Items) != len(list.Products) {
		t.Fatalf("card message metadata %v with %d items for %d products", meta, len(carousel.Items), len(list.Products))
	}
	if err := acp.ValidatePayload("carousel", []byte(meta["card_payload"])); err != nil {
		t.Errorf("the generated carousel fails strict validation: %v", err)
	}
	product, _ := svc.GetProduct(ctx, shop.GetProductInput{ID: "kb-01"})
	if _, err := shop.GetProductACP(product); err != nil {
		t.Errorf("detail card: %v", err)
	}
	review, _ := svc.ReviewCancellation(ctx, shop.GetOrderInput{ID: "1043"})
	if p, err := shop.ReviewCancellationACP(review); err != nil || p.ApproveCTA.Selection["text"] != "Cancel order 1043" {
		t.Errorf("review card %+v: %v", p, err)
	}

	form := shop.CheckoutPreviewACPForm()
	if _, b, err := acp.Encode(form); err != nil || acp.ValidatePayload("form", b) != nil {
		t.Fatalf("form card: %v", err)
	}
	selection := `{"tool":"checkout_preview","product_id":"kb-01","quantity":"2","email":"lan@example.com","express":"true"}`
	replies := map[string]acp.ChatMessage{
		"json text": acp.NewChatMessage(acp.TextContent{Text: selection}),
		"card response": acp.NewChatMessage(acp.MetadataContent{Metadata: map[string]string{
			"card_protocol_version": "1", "selection": selection}}),
	}
	for name, reply := range replies {
		r := acp.ParseResponse(reply, form.SubmitCTA)
		tool, out, err := shop.DispatchACP(ctx, svc, r)
		if err != nil || tool != "checkout_preview" {
			t.Errorf("%s: dispatch %q: %v", name, tool, err)
			continue
		}
		p := out.(*shop.CheckoutPreview)
		if p.Items != 2 || p.Total != 2*1_250_000+50_000 {
			t.Errorf("%s: checkout preview %+v", name, p)
		}
	}
	bad := acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: `{"tool":"checkout_preview","product_id":"kb-01","quantity":"20","email":"nope"}`}))
	if _, _, err := shop.DispatchACP(ctx, svc, bad); err == nil || !strings.Contains(err.Error(), "quantity") {
		t.Errorf("dispatch of an invalid selection: %v; want a validation error naming quantity", err)
	}
	// A handler's error comes back with a nil output, not an any holding a nil *CheckoutPreview,
	// which out == nil would not catch.
	soldOut := acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: `{"tool":"checkout_preview","product_id":"hd-05","quantity":"1","email":"lan@example.com"}`}))
	if _, out, err := shop.DispatchACP(ctx, svc, soldOut); err == nil || out != nil {
		t.Errorf("dispatch for a sold-out product: out %#v, error %v; want no output and the handler's error", out, err)
	}
	other := acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: `{"tool":"cancel_order","id":"1042"}`}))
	if _, _, err := shop.DispatchACP(ctx, svc, other); err == nil {
		t.Error("dispatch to a tool without a form card succeeded; only form tools may be called from a reply")
	}
	// Prose that names the tool matches the submit CTA, but carries no values the user entered,
	// and a cancelled form calls nothing: DispatchACP refuses both before any handler runs.
	prose := acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: "They want checkout_preview for two keyboards."}), form.SubmitCTA)
	if prose.Matched == nil {
		t.Fatalf("prose naming the tool matched no CTA (%+v); the refusal below would prove nothing", prose)
	}
	if _, _, err := shop.DispatchACP(ctx, svc, prose); !errors.Is(err, register.ErrNoFormValues) {
		t.Errorf("dispatch of prose: %v; want register.ErrNoFormValues", err)
	}
	cancelled := acp.ParseResponse(acp.NewChatMessage(acp.MetadataContent{Metadata: map[string]string{
		"card_protocol_version": "1", "selection": selection, "cancelled": "true"}}), form.SubmitCTA)
	if _, _, err := shop.DispatchACP(ctx, svc, cancelled); !errors.Is(err, register.ErrFormCancelled) {
		t.Errorf("dispatch of a cancelled form: %v; want register.ErrFormCancelled", err)
	}
}

// TestACPNilOutput holds the generated ACP builders to an error, not a panic, when the handler
// returned a nil output and no error: an agent passes them whatever its handler returned,
// and must still be able to send its narration without a card.
func TestACPNilOutput(t *testing.T) {
	builders := map[string]func() error{
		"search_products":     func() error { _, err := shop.SearchProductsACP(nil); return err },
		"get_product":         func() error { _, err := shop.GetProductACP(nil); return err },
		"review_cancellation": func() error { _, err := shop.ReviewCancellationACP(nil); return err },
	}
	for tool, build := range builders {
		t.Run(tool, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("the builder panics on a nil output: %v", r)
				}
			}()
			if err := build(); err == nil || !strings.Contains(err.Error(), tool) {
				t.Errorf("error %v; want one naming %s", err, tool)
			}
		})
	}
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// copyTree copies the files below src that keep accepts (by path relative to src), leaving out
// version control and npm folders.
func copyTree(t *testing.T, src, dst string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() || !keep(rel) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUIResources checks the MCP Apps wiring through a real SDK client: every card tool points at
// a versioned ui:// view with both meta keys, the app-only tool says so, and each view is listed
// and read with the MCP Apps MIME type and its _meta.ui on both the list entry and the content.
func TestUIResources(t *testing.T) {
	cs := connect(t)
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	uris := map[string]string{}
	for _, tool := range tools.Tools {
		ui, _ := tool.Meta["ui"].(map[string]any)
		uri, _ := ui["resourceUri"].(string)
		flat, _ := tool.Meta["ui/resourceUri"].(string)
		vis := canonical(t, ui["visibility"])
		switch tool.Name {
		case "get_order":
			if !strings.HasPrefix(uri, "ui://shop/orders/card.html?v=") || len(uri) != len("ui://shop/orders/card.html?v=")+12 {
				t.Errorf("get_order: resourceUri %q; want ui://shop/orders/card.html?v=<12 hex>", uri)
			}
		case "get_product", "cancel_order", "checkout_preview", "review_cancellation":
			if !strings.HasPrefix(uri, "ui://shop/result-card.html?v=") {
				t.Errorf("%s: resourceUri %q; want the built-in result-card view", tool.Name, uri)
			}
		case "shipping_policy":
			if !strings.HasPrefix(uri, "ui://shop/markdown-card.html?v=") {
				t.Errorf("shipping_policy: resourceUri %q; want the markdown card view", uri)
			}
		case mdcard.ToolName:
			continue // runtime/mdcard's own tool, tested there
		case "refresh_order":
			if uri != "" || vis != `["app"]` {
				t.Errorf("refresh_order: meta %v; want visibility [app] and no view", tool.Meta)
			}
			continue
		default:
			if tool.Meta["ui"] != nil {
				t.Errorf("%s has no card or view, but _meta.ui is %v", tool.Name, tool.Meta["ui"])
			}
			continue
		}
		if flat != uri {
			t.Errorf("%s: legacy ui/resourceUri %q differs from ui.resourceUri %q", tool.Name, flat, uri)
		}
		if vis != `["model","app"]` {
			t.Errorf("%s: visibility %s; want both", tool.Name, vis)
		}
		uris[uri] = tool.Name
	}
	res, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]*mcp.Resource{}
	for _, r := range res.Resources {
		listed[r.URI] = r
	}
	for uri, tool := range uris {
		r := listed[uri]
		if r == nil {
			t.Errorf("%s's view %s is not in resources/list", tool, uri)
			continue
		}
		if r.MIMEType != "text/html;profile=mcp-app" || r.Meta["ui"] == nil {
			t.Errorf("%s: list entry MIME %q meta %v", uri, r.MIMEType, r.Meta)
		}
		read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Errorf("reading %s: %v", uri, err)
			continue
		}
		c := read.Contents[0]
		if c.MIMEType != "text/html;profile=mcp-app" || c.Meta["ui"] == nil || !strings.Contains(c.Text, "<html") {
			t.Errorf("%s: read content MIME %q meta %v, %d bytes", uri, c.MIMEType, c.Meta, len(c.Text))
		}
		if strings.Contains(uri, "markdown-card.html") {
			// The markdown view's Copy buttons need the clipboard, on list and on read, and
			// a document's images the origins NewServer lists with register.WithUIDefault.
			want := `{"csp":{"resourceDomains":["` + shop.ImageOrigin + `"]},"permissions":{"clipboardWrite":{}},"prefersBorder":true}`
			for where, meta := range map[string]any{"list": r.Meta["ui"], "read": c.Meta["ui"]} {
				if ui := canonical(t, meta); ui != want {
					t.Errorf("the markdown view's _meta.ui on %s is %s; want %s: WithUIDefault's CSP with the view's clipboard permission and border", where, ui, want)
				}
			}
		}
		if strings.Contains(uri, "result-card.html") {
			// get_product's image comes whole from the catalogue: NewServer lists its origin
			// with register.WithUIDefault, or a host would block it.
			for where, meta := range map[string]any{"list": r.Meta["ui"], "read": c.Meta["ui"]} {
				if ui := canonical(t, meta); !strings.Contains(ui, `"resourceDomains":["`+shop.ImageOrigin+`"]`) {
					t.Errorf("the built-in view's _meta.ui on %s is %s; want the images' origin %s in csp.resourceDomains", where, ui, shop.ImageOrigin)
				}
			}
		}
		if strings.Contains(uri, "orders/card.html") {
			ui := canonical(t, c.Meta["ui"])
			if !strings.Contains(ui, `"prefersBorder":true`) || !strings.Contains(ui, "https://shop.example.com") {
				t.Errorf("the order view's _meta.ui %s does not come from its card.meta.json sidecar", ui)
			}
		}
	}
	for _, bad := range []string{"ui://shop/../shop.go", "ui://shop/orders/card.meta.json", "ui://shop/%2e%2e/go.mod", "ui://other/result-card.html"} {
		if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: bad}); err == nil {
			t.Errorf("resources/read %s succeeded; only registered views may be served", bad)
		}
	}
}

// TestHostileArguments calls every tool of the shop with arguments no schema allows, or that
// once took the server down: "arguments": null made the defaults of list_orders panic in a nil
// map, which the SDK does not recover, ending the process. Each call must get an answer, and the
// session must still work afterwards.
func TestHostileArguments(t *testing.T) {
	cs := connect(t)
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		for _, args := range []string{`null`, `[]`, `"x"`, `1e400`, `{"id":1e400}`, `{"ID":"1042"}`, `{"limit":null,"part":-0}`} {
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name, Arguments: json.RawMessage(args)}); err != nil {
				t.Errorf("%s with arguments %s: %v; want a result", tool.Name, args, err)
			}
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_orders", Arguments: json.RawMessage(`null`)})
	if err != nil || res.IsError {
		t.Fatalf("list_orders with null arguments: %v, %+v; want the orders, as with no arguments", err, res)
	}
}

// TestRegisterToolsRefusesNilService: a nil service is a wiring mistake RegisterTools reports at
// start-up, instead of every call of its tools failing with a recovered panic.
func TestRegisterToolsRefusesNilService(t *testing.T) {
	defer func() {
		r := recover()
		if msg, _ := r.(string); !strings.Contains(msg, "shop.RegisterTools: shop is nil") {
			t.Errorf("RegisterTools with a nil *Shop: recovered %v; want a panic that names it", r)
		}
	}()
	shop.RegisterTools(mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "v1"}, nil), nil)
}
