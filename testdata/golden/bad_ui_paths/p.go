package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// A has an absolute path.
//
//card:tool
//card:ui /etc/card.html
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B climbs out of the ui folder.
//
//card:tool
//card:ui ../secret.html
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C is not an HTML file.
//
//card:tool
//card:ui orders/card.js
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D names a file that does not exist.
//
//card:tool
//card:ui orders/missing.html
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G starts the path with the ui folder's name, as seen from the package directory.
//
//card:tool
//card:ui cards/placeholder.html
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

// E uses a backslash.
//
//card:tool
//card:ui orders\card.html
func E(ctx context.Context, in In) (*Out, error) { return nil, nil }

// F has a bad visibility.
//
//card:tool
//card:visibility models
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// H names a file go:embed refuses: aux is a reserved name on Windows.
//
//card:tool
//card:ui orders/Aux.v2.html
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// I names a view saved as Latin-1, not UTF-8.
//
//card:tool
//card:ui orders/latin1.html
func I(ctx context.Context, in In) (*Out, error) { return nil, nil }

// J names its view with an upper-case extension.
//
//card:tool
//card:ui orders/Card.HTML
func J(ctx context.Context, in In) (*Out, error) { return nil, nil }

// K names a view with a letter outside ASCII, which go:embed patterns as cardgen writes them
// cannot hold.
//
//card:tool
//card:ui Übersicht.html
func K(ctx context.Context, in In) (*Out, error) { return nil, nil }
