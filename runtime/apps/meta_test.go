package apps

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseResourceMetaValid(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name string
		in   string
		want ResourceMeta
	}{
		{"empty object", `{}`, ResourceMeta{}},
		{"seed example", `{"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": false}`,
			ResourceMeta{CSP: &CSP{ConnectDomains: []string{"https://api.example.com"}}, PrefersBorder: &no}},
		{"everything", `{
  "csp": {
    "connectDomains": ["https://api.example.com", "wss://live.example.com:8443"],
    "resourceDomains": ["https://*.cdn.example.com"],
    "frameDomains": ["https://www.youtube.com"],
    "baseUriDomains": ["https://example.com:443"]
  },
  "permissions": {"camera": {}, "microphone": {}, "geolocation": {}, "clipboardWrite": {}},
  "domain": "a904794854a047f6.claudemcpcontent.com",
  "prefersBorder": true
}`, ResourceMeta{
			CSP: &CSP{
				ConnectDomains:  []string{"https://api.example.com", "wss://live.example.com:8443"},
				ResourceDomains: []string{"https://*.cdn.example.com"},
				FrameDomains:    []string{"https://www.youtube.com"},
				BaseURIDomains:  []string{"https://example.com:443"},
			},
			Permissions:   &Permissions{Camera: &struct{}{}, Microphone: &struct{}{}, Geolocation: &struct{}{}, ClipboardWrite: &struct{}{}},
			Domain:        "a904794854a047f6.claudemcpcontent.com",
			PrefersBorder: &yes,
		}},
		{"empty lists", `{"csp":{"connectDomains":[]},"permissions":{}}`,
			ResourceMeta{CSP: &CSP{ConnectDomains: []string{}}, Permissions: &Permissions{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ParseResourceMeta([]byte(tt.in))
			if len(problems) > 0 {
				t.Fatalf("problems: %v", problems)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// problem is an expected MetaProblem; at is what data[Offset:] must start
// with, so a wrong offset is caught even if the number was mistyped.
type problem struct {
	off int64
	at  string
	msg string
}

func TestParseResourceMetaProblems(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []problem
	}{
		{"empty", "  \n", []problem{{0, "", `the meta file is empty; write a JSON object such as {"prefersBorder": true}, or delete the file`}}},
		{"syntax", `{"csp": {"connectDomains": ["https://a.example.com",]}}`, []problem{
			{52, "]", `invalid JSON: invalid character ']' looking for beginning of value; fix the syntax`}}},
		{"truncated", `{"domain": "x"`, []problem{
			{13, `"`, `invalid JSON: unexpected end of JSON input; fix the syntax`}}},
		{"not an object", `["csp"]`, []problem{
			{0, `[`, `the meta file must be a JSON object such as {"prefersBorder": true}, not an array`}}},
		{"unknown keys with hints", `{"prefers_border": true, "CSP": {}, "colour": 1}`, []problem{
			{1, `"prefers_border"`, `unknown key "prefers_border" (did you mean "prefersBorder"?); known keys are csp, permissions, domain, prefersBorder`},
			{25, `"CSP"`, `unknown key "CSP" (did you mean "csp"?); known keys are csp, permissions, domain, prefersBorder`},
			{36, `"colour"`, `unknown key "colour"; known keys are csp, permissions, domain, prefersBorder`}}},
		{"wrong types", `{"csp": [], "permissions": "camera", "domain": 7, "prefersBorder": "yes"}`, []problem{
			{8, `[]`, `"csp" must be an object, not an array`},
			{27, `"camera"`, `"permissions" must be an object, not a string`},
			{47, `7`, `"domain" must be a string, not a number`},
			{67, `"yes"`, `"prefersBorder" must be true or false, not a string`}}},
		{"null values", `{"prefersBorder": null, "csp": {"frameDomains": null}}`, []problem{
			{18, `null`, `"prefersBorder" must be true or false, not null`},
			{48, `null`, `"csp.frameDomains" must be an array of origins such as ["https://api.example.com"], not null`}}},
		{"duplicate key", `{"domain": "a.example", "domain": "b.example"}`, []problem{
			{24, `"domain"`, `duplicate key "domain"; keep only one`}}},
		{"bad origins", `{"csp": {"connectDomains": ["http://api.example.com", "https://api.example.com/v1", "https://cdn.example.com/", 5],
 "resourceDomains": ["wss://x.example.com", "cdn.example.com", "https://a_b.example.com", "https://x.example.com:99999", "https://u@x.example.com"],
 "frameDomains": ["http://localhost:3000", "https://*"]}}`, []problem{
			{28, `"http://api`, `csp.connectDomains[0] "http://api.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com`},
			{54, `"https://api.example.com/v1"`, `csp.connectDomains[1] "https://api.example.com/v1" has a path, query or fragment; an origin has nothing after the host: write it as https://host[:port], e.g. https://api.example.com`},
			{84, `"https://cdn.example.com/"`, `csp.connectDomains[2] "https://cdn.example.com/" ends with a slash; an origin has nothing after the host: remove the trailing /`},
			{112, `5`, `"csp.connectDomains[3]" must be an origin string such as "https://api.example.com", not a number`},
			{137, `"wss://x`, `csp.resourceDomains[0] "wss://x.example.com" is a WebSocket origin, allowed only in csp.connectDomains; write it as https://host[:port], e.g. https://api.example.com`},
			{160, `"cdn.example.com"`, `csp.resourceDomains[1] "cdn.example.com" is not an origin; write it as https://host[:port], e.g. https://api.example.com`},
			{179, `"https://a_b`, `csp.resourceDomains[2] "https://a_b.example.com" has an invalid host; use a DNS name such as api.example.com, optionally with a leading *. for subdomains`},
			{206, `"https://x.example.com:99999"`, `csp.resourceDomains[3] "https://x.example.com:99999" has an invalid port; a port is a number from 1 to 65535: write it as https://host[:port], e.g. https://api.example.com`},
			{237, `"https://u@`, `csp.resourceDomains[4] "https://u@x.example.com" has user information; an origin has only a host and an optional port: write it as https://host[:port], e.g. https://api.example.com`},
			{283, `"http://localhost:3000"`, `csp.frameDomains[0] "http://localhost:3000" is plain http: a card shipped with it would reach into each user's own machine; use an https origin`},
			{308, `"https://*"`, `csp.frameDomains[1] "https://*" has an invalid host; use a DNS name such as api.example.com, optionally with a leading *. for subdomains`}}},
		// The IPv6 loopback gets the loopback's message, as localhost does.
		{"IPv6 loopback", `{"csp": {"connectDomains": ["http://[::1]:3000"]}}`, []problem{
			{28, `"http://[::1]:3000"`, `csp.connectDomains[0] "http://[::1]:3000" is plain http: a card shipped with it would reach into each user's own machine; use an https origin`}}},
		// CSP's host sources have no bracketed form: the port was called invalid.
		{"IPv6 origin", `{"csp": {"connectDomains": ["https://[2001:db8::1]:8443"]}}`, []problem{
			{28, `"https://[`, `csp.connectDomains[0] "https://[2001:db8::1]:8443" is an IPv6 address, which a Content-Security-Policy source cannot name (a host there is a DNS name or an IPv4 address); give the server a DNS name and use it: write it as https://host[:port], e.g. https://api.example.com`}}},
		{"bad permissions", `{"permissions": {"camera": true, "clipboardWrite": {"x": 1}, "clipboard": {}}}`, []problem{
			{27, `true`, `"permissions.camera" must be {} to request the permission (remove the key to not request it), not a boolean`},
			{51, `{"x"`, `"permissions.clipboardWrite" must be the empty object {}; it takes no settings`},
			{61, `"clipboard"`, `unknown key "permissions.clipboard" (did you mean "clipboardWrite"?); known keys are camera, microphone, geolocation, clipboardWrite`}}},
		{"problems after an unknown nested value", `{"x": {"y": [1, {"z": 2}]}, "domain": ""}`, []problem{
			{1, `"x"`, `unknown key "x"; known keys are csp, permissions, domain, prefersBorder`},
			{28, `"domain"`, `"domain" is empty; give the host's sandbox domain or remove the key`}}},
		// Blank is as good as empty: Validate refuses it, so a sidecar with it passed cardgen
		// and then failed AddFile, and a generated RegisterTools panicked at start-up.
		{"blank domain", `{"domain": " \t "}`, []problem{
			{1, `"domain"`, `"domain" is blank; give the host's sandbox domain or remove the key`}}},
		// JSON is UTF-8. The decoder turned the é of a Latin-1 file into U+FFFD, so the domain
		// reached hosts as other characters than the file's, without a word.
		{"not UTF-8", "{\"domain\": \"caf\xe9.example\"}", []problem{
			{15, "\xe9", `the meta file is not valid UTF-8 (byte 0xe9 here); save it as UTF-8, which JSON requires`}}},
		{"huge number", `{"prefersBorder": 1e999}`, []problem{
			{18, `1e999`, `"prefersBorder" must be true or false, not a number`}}},
		// A byte order mark (some editors write one) is read as space: the file parses, and
		// offsets still count its three bytes.
		{"byte order mark", "\uFEFF" + `{"domain": ""}`, []problem{
			{4, `"domain"`, `"domain" is empty; give the host's sandbox domain or remove the key`}}},
		{"upper-case scheme", `{"csp": {"connectDomains": ["HTTPS://Up.Example.com"]}}`, []problem{
			{28, `"HTTPS://`, `csp.connectDomains[0] "HTTPS://Up.Example.com" has its scheme in upper case; write it in lower case, as https://Up.Example.com`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := ParseResourceMeta([]byte(tt.in))
			if len(got) != len(tt.want) {
				t.Errorf("got %d problems, want %d:\n%v", len(got), len(tt.want), got)
			}
			for i := range min(len(got), len(tt.want)) {
				g, w := got[i], tt.want[i]
				if g.Offset != w.off || g.Msg != w.msg {
					t.Errorf("problem %d:\n got %d %s\nwant %d %s", i, g.Offset, g.Msg, w.off, w.msg)
				}
				if !strings.HasPrefix(tt.in[w.off:], w.at) {
					t.Errorf("problem %d: the input at offset %d is %.20q, want it to start with %q", i, w.off, tt.in[w.off:], w.at)
				}
			}
		})
	}
}

func TestMetaProblemLineCol(t *testing.T) {
	data := []byte("{\n  \"csp\": [],\n\t\"x\": 1\n}")
	tests := []struct {
		off       int64
		line, col int
	}{
		{0, 1, 1},
		{1, 1, 2},
		{2, 2, 1},
		{11, 2, 10}, // the [ of "csp": [] (line 2 starts at byte 2)
		{16, 3, 2},  // "x" after a tab
		{-5, 1, 1},  // clamped
		{999, 4, 2}, // clamped to the end
	}
	for _, tt := range tests {
		line, col := MetaProblem{Offset: tt.off}.LineCol(data)
		if line != tt.line || col != tt.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

func TestResourceMetaValidate(t *testing.T) {
	ok := ResourceMeta{CSP: &CSP{ConnectDomains: []string{"https://a.example.com", "wss://b.example.com"}}}
	if err := ok.Validate(); err != nil {
		t.Errorf("Validate(%+v) = %v, want nil", ok, err)
	}
	bad := ResourceMeta{
		CSP:    &CSP{ResourceDomains: []string{"https://ok.example.com", "http://cdn.example.com"}, BaseURIDomains: []string{"wss://x.example.com"}},
		Domain: "  ",
	}
	want := `csp.resourceDomains[1] "http://cdn.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com
csp.baseUriDomains[0] "wss://x.example.com" is a WebSocket origin, allowed only in csp.connectDomains; write it as https://host[:port], e.g. https://api.example.com
domain is blank; give the host's sandbox domain or leave it empty`
	if err := bad.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate = %v\nwant %s", err, want)
	}
}

func TestResourceMetaJSON(t *testing.T) {
	yes := true
	m := ResourceMeta{
		CSP:           &CSP{ConnectDomains: []string{"https://api.example.com"}, BaseURIDomains: []string{"https://example.com"}},
		Permissions:   &Permissions{ClipboardWrite: &struct{}{}},
		PrefersBorder: &yes,
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"csp":{"connectDomains":["https://api.example.com"],"baseUriDomains":["https://example.com"]},"permissions":{"clipboardWrite":{}},"prefersBorder":true}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// FuzzParseResourceMeta checks that any input parses without panicking, that
// every offset lies inside the input, and that a meta parsed without problems
// survives a JSON round trip unchanged and still without problems.
func FuzzParseResourceMeta(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"csp":{"connectDomains":["https://a.example.com"]},"prefersBorder":false}`,
		`{"permissions":{"camera":{}}}`, `{"x":[1,{"y":null}],"domain":"d"}`, `[`, `{"csp":{"frameDomains":["http://localhost"]}}`,
		`{"domain":"a","domain":"b"}`, `"str"`, `{"prefersBorder":1e999}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, problems := ParseResourceMeta(data)
		for _, p := range problems {
			if p.Offset < 0 || p.Offset > int64(len(data)) || p.Msg == "" {
				t.Fatalf("bad problem %+v for %q", p, data)
			}
		}
		if len(problems) > 0 {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("parsed meta fails Validate: %v", err)
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, problems := ParseResourceMeta(b)
		if len(problems) > 0 || !reflect.DeepEqual(normalize(m), normalize(m2)) {
			t.Fatalf("round trip of %q via %s: %+v, problems %v", data, b, m2, problems)
		}
	})
}

// normalize makes empty lists nil, as omitempty drops them when encoding.
func normalize(m ResourceMeta) ResourceMeta {
	if m.CSP != nil {
		c := *m.CSP
		for _, l := range []*[]string{&c.ConnectDomains, &c.ResourceDomains, &c.FrameDomains, &c.BaseURIDomains} {
			if len(*l) == 0 {
				*l = nil
			}
		}
		m.CSP = &c
	}
	return m
}
