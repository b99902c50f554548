package p

import "context"

// F gets an order.
//
//card:tool get_order
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G differs from F's tool name only in punctuation.
//
//card:tool get.order
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

// H differs only in case.
//
//card:tool getOrder
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ListOrders is fine, but the package declares its schema variable itself.
//
//card:tool
//card:reply "Listed {{.ID}}"
func ListOrders(ctx context.Context, in In) (*Out, error) { return nil, nil }

var listOrdersInputSchema = 1

func listOrdersReply() {}

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Room's card makes a carousel item of each room.
//
//card:result title="{{.Name}}"
type Room struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Rooms is a list of rooms, each with a card.
type Rooms struct {
	Rooms []Room `json:"rooms"`
}

// FindRooms shows a carousel, which declares FindRoomsItemCard.
//
//card:tool find_rooms
//card:acp carousel
func FindRooms(ctx context.Context, in In) (*Rooms, error) { return nil, nil }

// FindRoomsItem declares FindRoomsItemCard for its own result card.
//
//card:tool find_rooms_item
//card:result title="Room {{.ID}}"
func FindRoomsItem(ctx context.Context, in In) (*Room, error) { return nil, nil }

// FindRoomsACP is the package's own, and the carousel's builder would take its name.
func FindRoomsACP() {}

// GetRoom and Getroom differ only in case.
//
//card:tool getRoom
func GetRoom(ctx context.Context, in In) (*Room, error) { return nil, nil }

// Getroom differs from getRoom only in case.
//
//card:tool getroom
func Getroom(ctx context.Context, in In) (*Room, error) { return nil, nil }

// Get's card has a title with fixed text, which the generated file declares as getTitle; the
// package declares that name itself.
//
//card:tool get
//card:result title="Order {{.ID}}" text="Placed."
//card:field Status "{{.ID}}"
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

func getTitle() string { return "x" }

const getField1Label = "Status"

// Send's reply text is the constant sendReplyText1, and SendReply's card text is too.
//
//card:tool send
//card:result title="{{.ID}}"
//card:reply "Sent {{.ID}}."
func Send(ctx context.Context, in In) (*Out, error) { return nil, nil }

// SendReply's card text would be named sendReply + Text1.
//
//card:tool send_reply
//card:result title="{{.ID}}" text="Reply {{.ID}}."
func SendReply(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Show has a view of its own, which the generated file embeds in the variable uiFiles; the
// package declares that name itself.
//
//card:tool show
//card:ui view.html
func Show(ctx context.Context, in In) (*Out, error) { return nil, nil }

var uiFiles = 0
