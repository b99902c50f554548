package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/cardgen/cardgen/runtime/apps"
)

func main() {
	data, err := os.ReadFile("examples/shop/cards/orders/card.meta.json")
	if err != nil {
		panic(err)
	}
	m, probs := apps.ParseResourceMeta(data)
	for _, p := range probs {
		l, c := p.LineCol(data)
		fmt.Printf("card.meta.json:%d:%d: %s\n", l, c, p.Msg)
	}
	b, _ := json.Marshal(m)
	fmt.Println(string(b), "problems:", len(probs), "validate:", m.Validate())
	html, _ := os.ReadFile("examples/shop/cards/orders/card.html")
	reg := apps.NewRegistry("shop", apps.Options{})
	uri, err := reg.AddFile(os.DirFS("examples/shop/cards"), "orders/card.html", nil)
	fmt.Println(uri, err, len(html))
}
