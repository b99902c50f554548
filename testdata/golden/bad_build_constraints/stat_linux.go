package p

// sysStat is declared per platform, and only an unexported field uses it.
type sysStat struct{ mode uint32 }
