package apps

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParseVisibility(t *testing.T) {
	tests := []struct {
		in      string
		want    Visibility
		strings []string
		err     string
	}{
		{in: "model", want: Model, strings: []string{"model"}},
		{in: "app", want: App, strings: []string{"app"}},
		{in: "model,app", want: Model | App, strings: []string{"model", "app"}},
		{in: "app,model", want: Model | App, strings: []string{"model", "app"}},
		{in: " app , model ", want: Model | App, strings: []string{"model", "app"}},
		{in: "", err: `visibility is empty; use "model", "app" or "model,app"`},
		{in: " ", err: `visibility is empty; use "model", "app" or "model,app"`},
		{in: "card", err: `unknown visibility "card"; a tool only cards call is "app"`},
		{in: "Model", err: `unknown visibility "Model" in "Model"; use "model", "app" or "model,app"`},
		{in: "model,", err: `unknown visibility "" in "model,"; use "model", "app" or "model,app"`},
		{in: "model,app,model", err: `visibility "model,app,model" lists "model" twice; name it once`},
	}
	for _, tt := range tests {
		got, err := ParseVisibility(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseVisibility(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseVisibility(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if s := got.Strings(); !slices.Equal(s, tt.strings) {
			t.Errorf("ParseVisibility(%q).Strings() = %q, want %q", tt.in, s, tt.strings)
		}
	}
}

func TestVisibilityStrings(t *testing.T) {
	tests := []struct {
		v    Visibility
		want string
	}{
		{0, "model,app"}, // the zero value is the default
		{Model, "model"},
		{App, "app"},
		{Model | App, "model,app"},
		{1 << 5, "model,app"}, // no known bit: the default
		{App | 1<<5, "app"},   // unknown bits are ignored
		{Model | App | 1<<7, "model,app"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("Visibility(%d).String() = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestToolMetaJSON(t *testing.T) {
	const uri = "ui://shop/orders/card.html?v=0123456789ab"
	tests := []struct {
		uri  string
		v    Visibility
		want string
	}{
		{uri, 0, `{"ui":{"resourceUri":"ui://shop/orders/card.html?v=0123456789ab","visibility":["model","app"]},"ui/resourceUri":"ui://shop/orders/card.html?v=0123456789ab"}`},
		{uri, App, `{"ui":{"resourceUri":"ui://shop/orders/card.html?v=0123456789ab","visibility":["app"]},"ui/resourceUri":"ui://shop/orders/card.html?v=0123456789ab"}`},
		{uri, Model, `{"ui":{"resourceUri":"ui://shop/orders/card.html?v=0123456789ab","visibility":["model"]},"ui/resourceUri":"ui://shop/orders/card.html?v=0123456789ab"}`},
		{"", App, `{"ui":{"visibility":["app"]}}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(ToolMeta(tt.uri, tt.v))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("ToolMeta(%q, %v) =\n%s\nwant\n%s", tt.uri, tt.v, b, tt.want)
		}
	}
}
