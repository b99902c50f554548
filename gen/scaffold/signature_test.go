package scaffold

import (
	"slices"
	"testing"
)

func TestSignatureChanges(t *testing.T) {
	const header = "package billing\n\n"
	register := func(params string) string {
		return "func RegisterTools(" + params + ") {}\n"
	}
	dispatch := func(params string) string {
		return "func DispatchACP(" + params + ") (string, any, error) { return \"\", nil, nil }\n"
	}
	tests := []struct {
		name     string
		old, new string // "" for no file before
		want     []string
	}{
		{"a receiver type added",
			register("s *mcp.Server, opts ...register.Option"),
			register("s *mcp.Server, store *Store, opts ...register.Option"),
			[]string{"RegisterTools now takes store *Store after s; update its callers"}},
		{"two added, one before an existing one",
			register("s *mcp.Server, shop *Shop, opts ...register.Option"),
			register("s *mcp.Server, audit *Audit, shop *Shop, store *Store, opts ...register.Option"),
			[]string{"RegisterTools now takes audit *Audit after s, and store *Store after shop; update its callers"}},
		{"DispatchACP too",
			register("s *mcp.Server, opts ...register.Option") + dispatch("ctx context.Context, reply acp.Response"),
			register("s *mcp.Server, store *Store, opts ...register.Option") + dispatch("ctx context.Context, store *Store, reply acp.Response"),
			[]string{"RegisterTools now takes store *Store after s; update its callers",
				"DispatchACP now takes store *Store after ctx; update its callers"}},
		{"grouped parameters",
			register("s *mcp.Server, a *A, opts ...register.Option"),
			register("s *mcp.Server, a, b *A, opts ...register.Option"),
			[]string{"RegisterTools now takes b *A after a; update its callers"}},
		{"not an insertion",
			register("s *mcp.Server, a *A, opts ...register.Option"),
			register("s *mcp.Server, b *B, opts ...register.Option"),
			[]string{"RegisterTools now takes (s *mcp.Server, b *B, opts ...register.Option) instead of (s *mcp.Server, a *A, opts ...register.Option); update its callers"}},
		// Callers pass arguments by position: a renamed parameter changes nothing for them.
		{"renamed", register("s *mcp.Server, reply *Reply"), register("s *mcp.Server, replySvc *Reply"), nil},
		{"unchanged", register("s *mcp.Server, opts ...register.Option"), register("s *mcp.Server, opts ...register.Option"), nil},
		// A function the package did not have has no callers yet.
		{"new package", "", register("s *mcp.Server, store *Store, opts ...register.Option"), nil},
		{"DispatchACP new",
			register("s *mcp.Server, store *Store, opts ...register.Option"),
			register("s *mcp.Server, store *Store, opts ...register.Option") + dispatch("ctx context.Context, store *Store, reply acp.Response"),
			nil},
		{"old file does not parse", "func RegisterTools(", register("s *mcp.Server, store *Store"), nil},
	}
	for _, tt := range tests {
		var old []byte
		if tt.old != "" {
			old = []byte(header + tt.old)
		}
		var got []string
		for _, c := range signatureChanges(old, []byte(header+tt.new)) {
			got = append(got, c.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q; want %q", tt.name, got, tt.want)
		}
	}
}
