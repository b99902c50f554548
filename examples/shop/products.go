package shop

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Product is one item of the catalogue. Its card comes from the struct tags, so every tool that
// returns a Product shows the same card.
type Product struct {
	ID          string `json:"id"`
	Name        string `json:"name" card:"title"`
	Category    string `json:"category" card:"subtitle"`
	Description string `json:"description" card:"text"`
	Price       Money  `json:"price" card:"field=Price"`
	Stock       int    `json:"stock" card:"field=In stock"`
	ImageURL    string `json:"image_url" card:"image" jsonschema:"format=uri"`
}

// GetProductInput names a product.
type GetProductInput struct {
	ID string `json:"id" jsonschema:"description=Product id such as kb-01"`
}

// GetProduct shows one product with its price and stock.
//
//card:tool title="Product details" readonly idempotent
//card:acp detail
//card:action message "Add to cart" "Add {{.Name}} to my cart"
//card:fallback "{{.Name}}: {{.Price}}, {{.Stock}} in stock."
//card:example {"id":"kb-01","name":"Mechanical keyboard","category":"accessories","description":"Tenkeyless, brown switches, USB-C.","price":1250000,"stock":12,"image_url":"https://shop.example.com/img/kb-01.jpg"}
func (s *Shop) GetProduct(ctx context.Context, in GetProductInput) (*Product, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.products[in.ID]
	if !ok {
		return nil, noProduct(in.ID)
	}
	cp := *p
	return &cp, nil
}

// noProduct is the error for a product id the catalogue does not have.
func noProduct(id string) error {
	return fmt.Errorf("no product %s; search_products finds product ids", quoted(id))
}

// SearchProductsInput is a catalogue search.
type SearchProductsInput struct {
	Query    string `json:"query" jsonschema:"description=Words to look for in names and descriptions,minLength=1"`
	Category string `json:"category,omitempty" jsonschema:"enum=accessories,enum=displays,enum=audio"`
	InStock  bool   `json:"in_stock,omitempty" jsonschema:"description=Only products in stock"`
}

// ProductList is the result of a search.
type ProductList struct {
	Products []Product `json:"products"`
}

// SearchProducts finds products whose name or description contains the query.
//
//card:tool title="Search products" readonly idempotent icon="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PGNpcmNsZSBjeD0iNyIgY3k9IjciIHI9IjUiIGZpbGw9Im5vbmUiIHN0cm9rZT0iIzMzMyIgc3Ryb2tlLXdpZHRoPSIyIi8+PHBhdGggZD0iTTExIDExbDQgNCIgc3Ryb2tlPSIjMzMzIiBzdHJva2Utd2lkdGg9IjIiLz48L3N2Zz4="
//card:acp carousel
//card:example {"products":[{"id":"kb-01","name":"Mechanical keyboard","category":"accessories","description":"Tenkeyless, brown switches, USB-C.","price":1250000,"stock":12,"image_url":"https://shop.example.com/img/kb-01.jpg"},{"id":"ms-02","name":"Wireless mouse","category":"accessories","description":"Silent clicks, two years on one battery.","price":450000,"stock":40,"image_url":"https://shop.example.com/img/ms-02.jpg"}]}
func (s *Shop) SearchProducts(ctx context.Context, in SearchProductsInput) (*ProductList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := strings.ToLower(in.Query)
	out := &ProductList{Products: []Product{}}
	for _, p := range s.products {
		if in.Category != "" && p.Category != in.Category {
			continue
		}
		if in.InStock && p.Stock == 0 {
			continue
		}
		if strings.Contains(strings.ToLower(p.Name), q) || strings.Contains(strings.ToLower(p.Description), q) {
			out.Products = append(out.Products, *p)
		}
	}
	sort.Slice(out.Products, func(i, j int) bool { return out.Products[i].ID < out.Products[j].ID })
	return out, nil
}
