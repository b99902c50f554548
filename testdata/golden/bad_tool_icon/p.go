package p

import "context"

// A is shown with an icon fetched in the clear.
//
//card:tool icon=http://example.com/a.png
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B's icon is a data: URI of plain text.
//
//card:tool icon="data:text/plain;base64,aGk="
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C's icon is a data: URI whose data is not base64.
//
//card:tool icon="data:image/png;base64,not base64!"
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D's icon is a data: URI without ;base64.
//
//card:tool icon="data:image/svg+xml,<svg/>"
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

// E's icon is a path, not a URL.
//
//card:tool icon=icons/e.png
func E(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct{}

type Out struct{}

// F's icon is a data: URI of no media type.
//
//card:tool icon="data:;base64,aGk="
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G's icon is a data: URI with no data.
//
//card:tool icon="data:image/png;base64,"
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

// H's icon is a data: URI of image/ with no subtype.
//
//card:tool icon="data:image/;base64,aGk="
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// I's icon is an https URL with its scheme in capitals.
//
//card:tool icon=HTTPS://icons.example.com/i.png
func I(ctx context.Context, in In) (*Out, error) { return nil, nil }
