package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDemo runs what make example runs after regenerating the shop, and checks what it prints:
// every tool in the list, a result card and its messaging text for each card tool, and the ACP
// carousel. The README quotes this output (abbreviated); the card values it shows must be the
// ones the demo prints.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("the demo failed: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		"== tools/list: 10 tools\n",
		"\n== tools/call get_order: the whole result a client receives\n",
		"\n== get_order: result card (_meta.assistant_platform.card)\n",
		"-- get_order: what a messaging channel shows\nOrder #1042 Shipped, arrives Friday. Total 1,250,000 ₫.\n",
		"\n== get_product: result card",
		"\n== checkout_preview: result card",
		"\n== cancel_order: result card",
		"\n== search_products as an Agent Chat Protocol ChatMessage (carousel card)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the demo's output lacks %q:\n%s", want, got)
		}
	}
	for _, tool := range []string{"cancel_order", "checkout_preview", "get_order", "get_product", "list_orders", "search_products"} {
		if !regexp.MustCompile(`(?m)^  ` + tool + ` +"`).MatchString(got) {
			t.Errorf("tools/list in the demo's output lacks %s:\n%s", tool, got)
		}
	}

	readme, err := os.ReadFile("../../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	quoted := regexp.MustCompile(`"(title|subtitle|text|fallback_text)":"([^"]*)"`).FindAllStringSubmatch(string(readme), -1)
	if len(quoted) < 4 {
		t.Fatalf("found %d card values in the README's make example output; want its title, subtitle, text and fallback text", len(quoted))
	}
	for _, q := range quoted {
		if want := `"` + q[1] + `": "` + q[2] + `"`; !strings.Contains(got, want) {
			t.Errorf("the README quotes %s, which the demo does not print", want)
		}
	}
}
