package p

// Item's type declaration has one brace too many: the parser makes Item a struct without the
// fields below, and what Show's card says of them ("Item has no field Title") is not reported.
type Item struct {{
	Title string `json:"title"`
}
