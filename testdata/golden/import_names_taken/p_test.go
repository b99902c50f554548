package p

// Names only the package's tests declare: the test build compiles them with both generated
// files, so their imports are renamed around these too.
var (
	strconv  = 1
	testing  = true
	cardtest = 0.5
)
