package p

// The package refers to the builders cardgen declares, as an agent's code does: before the first
// generation they are undefined, which generation cures, so cardgen does not report it.
var (
	_ = FindRoomsACP
	_ = BookRoomACPForm
	_ = DispatchACP
)
