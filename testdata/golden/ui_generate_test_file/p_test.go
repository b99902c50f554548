package p_test

//go:generate go tool cardgen -ui views
