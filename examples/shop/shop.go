// Package shop is cardgen's bundled example: a small shop with orders, products and a checkout,
// kept in memory. Its handlers are ordinary Go methods annotated with //card: directives;
// cardgen writes cards_gen.go, which registers them as MCP tools with schemas and cards.
package shop

//go:generate go run github.com/cardgen/cardgen/cmd/cardgen

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Shop is the service: an in-memory catalogue and order book, safe for concurrent use.
type Shop struct {
	mu       sync.Mutex
	orders   map[string]*Order
	products map[string]*Product
}

// New returns a shop filled with sample data.
func New() *Shop {
	s := &Shop{orders: map[string]*Order{}, products: map[string]*Product{}}
	for _, p := range sampleProducts {
		p := p
		s.products[p.ID] = &p
	}
	for _, o := range sampleOrders {
		o := o
		s.orders[o.ID] = &o
	}
	return s
}

// Money is an amount in Vietnamese đồng, the shop's currency. It prints with thousands
// separators and the ₫ sign, which is how the cards show it.
type Money int64

// String formats m as "1,250,000 ₫".
func (m Money) String() string {
	neg := m < 0
	if neg {
		m = -m
	}
	digits := fmt.Sprint(int64(m))
	var b strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String() + " ₫"
	}
	return b.String() + " ₫"
}

var sampleProducts = []Product{
	{ID: "kb-01", Name: "Mechanical keyboard", Price: 1_250_000, Stock: 12, Category: "accessories", ImageURL: "https://shop.example.com/img/kb-01.jpg", Description: "Tenkeyless, brown switches, USB-C."},
	{ID: "ms-02", Name: "Wireless mouse", Price: 450_000, Stock: 40, Category: "accessories", ImageURL: "https://shop.example.com/img/ms-02.jpg", Description: "Silent clicks, two years on one battery."},
	{ID: "mn-27", Name: "27-inch monitor", Price: 6_900_000, Stock: 3, Category: "displays", ImageURL: "https://shop.example.com/img/mn-27.jpg", Description: "QHD IPS panel, 144 Hz."},
	{ID: "hd-05", Name: "Noise-cancelling headphones", Price: 3_200_000, Stock: 0, Category: "audio", ImageURL: "https://shop.example.com/img/hd-05.jpg", Description: "Thirty hours of battery, foldable."},
}

var sampleOrders = []Order{
	{ID: "1042", Status: StatusShipped, ETA: "Friday", Total: 1_250_000, Carrier: "GHN", TrackURL: "https://shop.example.com/o/1042",
		Customer: &Customer{Name: "Lan Nguyen", Email: "lan@example.com"}, Lines: []Line{{ProductID: "kb-01", Quantity: 1, Price: 1_250_000}}},
	{ID: "1043", Status: StatusProcessing, ETA: "next Tuesday", Total: 900_000, Carrier: "VNPost", TrackURL: "https://shop.example.com/o/1043",
		Customer: &Customer{Name: "Minh Tran", Email: "minh@example.com"}, Lines: []Line{{ProductID: "ms-02", Quantity: 2, Price: 450_000}}},
	{ID: "1044", Status: StatusDelivered, ETA: "delivered", Total: 6_900_000, Carrier: "GHN", TrackURL: "https://shop.example.com/o/1044",
		Customer: &Customer{Name: "Lan Nguyen", Email: "lan@example.com"}, Lines: []Line{{ProductID: "mn-27", Quantity: 1, Price: 6_900_000}}},
}

func (s *Shop) sortedOrders() []*Order {
	out := make([]*Order, 0, len(s.orders))
	for _, o := range s.orders {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
