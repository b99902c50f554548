package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID   string `json:"id"`
	Path string `json:"path"`
	Host string `json:"host"`
}

// Get puts data where it could change the link's host.
//
//card:tool
//card:result title="Order {{.ID}}" image="https://img.example.com{{.Path}}"
//card:action url Open "https://shop.example.com{{.Path}}"
//card:action url Sub "https://{{.Host}}.example.com/x"
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

type Linked struct {
	ID   string `json:"id"`
	Base string `json:"base"`
	Path string `json:"path"`
	Port string `json:"port"`
}

// Joined starts its URLs with data and puts more data where it could still reach the host.
//
//card:tool
//card:result title="Linked {{.ID}}"
//card:action url Open "{{.Base}}{{.Path}}"
//card:action url Port "{{.Base}}:{{.Port}}/x"
func Joined(ctx context.Context, in In) (*Linked, error) { return nil, nil }

// Credentials puts a user name and password before the host, fixed and with data after them.
//
//card:tool
//card:result title="Order {{.ID}}" image="https://user:secret@img.example.com/a.png"
//card:action url Open "https://shop.example.com@evil.example/o/{{.ID}}"
func Credentials(ctx context.Context, in In) (*Out, error) { return nil, nil }
