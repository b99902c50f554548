package p

import "context"

type In struct {
	ID string `json:"id"`
}

// Base is shared by several outputs; its card tags apply wherever it is embedded.
type Base struct {
	ID   string `json:"id" card:"title"`
	Note string `json:"note" card:"text"`
}

// Meta is embedded through a pointer, which may be nil: the card then shows nothing for it.
type Meta struct {
	Owner string `json:"owner,omitempty" card:"subtitle"`
	Email string `json:"email,omitempty" card:"field=Email"`
}

// Order embeds both; its own Note shadows Base's, so Base's card:"text" is not promoted.
type Order struct {
	Base
	*Meta
	Note  string `json:"order_note"`
	Total string `json:"total" card:"field=Total"`
}

// GetOrder shows an order whose card comes from the tags of the structs it embeds.
//
//card:tool readonly
//card:example {"id":"o1","note":"","order_note":"gift","total":"12 €"}
func GetOrder(ctx context.Context, in In) (*Order, error) {
	return &Order{Base: Base{ID: in.ID}}, nil
}

// Box is generic: its card tag applies in each instance, with the instance's field type (its
// own declaration, where V is a T, is no card).
type Box[T any] struct {
	V T `json:"v" card:"subtitle"`
}

// Boxed embeds an instance of Box and lends its card the instance's V, an int.
type Boxed struct {
	Box[int]
	Title string `json:"title" card:"title"`
}

// GetBoxed shows a card whose subtitle comes from a generic type's tag.
//
//card:tool
//card:example {"v":7,"title":"seven"}
func GetBoxed(ctx context.Context, in In) (*Boxed, error) { return &Boxed{}, nil }
