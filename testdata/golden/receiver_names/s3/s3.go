// Package s3 holds the types of a tool whose receiver type is named after it, a package name
// that ends in a digit.
package s3

// GetInput says which object to get.
type GetInput struct {
	Key string `json:"key"`
}

// GetOutput is an object.
type GetOutput struct {
	Key string `json:"key"`
}
