package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Fine keeps what card.Fit keeps: line breaks in the text and the fallback, right-to-left text
// and a title of 80 characters of two bytes each.
//
//card:tool
//card:result title="éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé" subtitle="שלום {{.ID}} مرحبا" text="line 1\nline 2"
//card:fallback "Order {{.ID}}\nsecond line"
func Fine(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Breaks puts line breaks where a card keeps none.
//
//card:tool
//card:result title="Order\n{{.ID}}" subtitle="a\u2028b"
//card:field "Total\r" "{{.ID}}\n"
//card:action message Cancel "Cancel\norder {{.ID}}"
func Breaks(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Controls puts other control characters and bad bytes in.
//
//card:tool
//card:result title="\x1b[1mOrder" text="a\x00b\u2029c" subtitle="caf\xe9"
//card:field "Status" "\u0085{{.ID}}"
//card:fallback "Order {{.ID}}\x07"
func Controls(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Blank fixed texts that the user would see as nothing.
//
//card:tool
//card:result title="\u200b\u200b"
//card:field "\u2060" "\ufeff"
//card:action message "\u00ad" "\u200f"
//card:fallback "\u3164"
func Blank(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Tabbed has a tab in fixed text, which card.Fit turns into a space: the card would not be what
// is written, and the generated golden test would fail on every example.
//
//card:tool
//card:result title="Item	{{.ID}}"
func Tabbed(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Markup is written in fixed text, where every field is plain text: a host shows it as typed.
//
//card:tool
//card:field "More" "***both*** ~~gone~~ <!-- c --> <https://x.example>"
//card:result title="**Order** {{.ID}}" subtitle="<b>{{.ID}}</b>" text="# Summary\nSee [the order](https://shop.example.com/o)."
//card:field "Code" "`{{.ID}}`"
//card:field "Total" "5 &amp; 6"
//card:action message "**Cancel**" "Cancel order {{.ID}}"
//card:fallback "## Details\nOrder {{.ID}}"
func Markup(ctx context.Context, in In) (*Out, error) { return nil, nil }

// NotMarkup holds text that looks a little like markup and is not: a hash before a number, a
// lone asterisk, a comparison, a lone underscore or backtick, brackets without a link.
//
//card:tool
//card:result title="Order #{{.ID}}" subtitle="5 * 3 < 20 > 4" text="snake_case and C++ and a ` alone [draft] (v2)\n# of guests\nare 2"
//card:field "A & B" "x_{{.ID}}_y"
//card:field "# of guests" "{{.ID}}"
//card:field "API" "Returns List<Order> for the Vec<u8> API; press <Enter>"
//card:field "Python" "__init__ called, 2**3 + 4**5, x<y and y>z; press <Q>, List<B>, a<b && c>d"
//card:action message "Deploy" "Deploy [prod](us-east-1) now"
//card:fallback "Order #{{.ID}}: *new* & 1 < 2, Q&A, R&D; A&B; C# tips <3 x*y*z [1](2) **"
func NotMarkup(ctx context.Context, in In) (*Out, error) { return nil, nil }
