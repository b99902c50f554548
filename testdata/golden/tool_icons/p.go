package p

import "context"

// A's icon is written in capitals, which data: URIs allow.
//
//card:tool icon="DATA:IMAGE/PNG;BASE64,iVBORw0KGgo="
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B's icon has a parameter before ;base64.
//
//card:tool icon="data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+"
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C's icon is unpadded base64.
//
//card:tool icon="data:image/png;base64,aGk"
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct{}

type Out struct{}
