package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
	N  int    `json:"n"`
}

// Hosts fixes a host or port that no browser opens, whatever the data: every URL is dropped.
//
//card:tool
//card:result title="Hosts" image="https://256.1.1.1/{{.ID}}" icon="https://shop.example.com:99999/{{.ID}}"
//card:action url Go "https://shop example.com/{{.ID}}"
//card:action url Back "https://shop.example.com/a b/{{.ID}}"
func Hosts(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Fine has fixed parts a browser opens, with data in the path, the query and the fragment.
//
//card:tool
//card:result title="Fine" image="https://shop.example.com:8443/img?id={{.ID}}&n={{.N}}#{{.ID}}" icon="https://bücher.example/{{.ID}}"
//card:action url Go "https://0x7f.1/o/{{.ID}}/{{.N}}"
func Fine(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Shouting writes its URLs' scheme in capitals, which a URL parser takes and a host checking the
// prefix refuses.
//
//card:tool
//card:result title="Loud" image="HTTPS://shop.example.com/{{.ID}}.png"
//card:action url Go "Https://shop.example.com/o/{{.ID}}"
func Shouting(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Labels writes templates where the labels are fixed text.
//
//card:tool
//card:result title="Labels"
//card:field "Order {{.ID}}" "{{.N}}"
//card:action message "Cancel {{.ID}}" "Cancel order {{.ID}}"
func Labels(ctx context.Context, in In) (*Out, error) { return nil, nil }
