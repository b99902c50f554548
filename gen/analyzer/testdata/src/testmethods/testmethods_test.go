package testmethods

// Stauts is a method of Order in the test variant only.
func (Order) Stauts() string { return "" }

// helper is a type of the tests: its method is not one of a type of the package.
type helper struct{}

func (helper) check() {}

var _ = helper.check
