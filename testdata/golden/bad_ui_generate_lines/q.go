package p

//go:generate go tool cardgen -ui=web

//go:generate go run github.com/cardgen/cardgen/cmd/cardgen@v0.1.0 --ui ../views

//go:generate go tool cardgen -ui views/
