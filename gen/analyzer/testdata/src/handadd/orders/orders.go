// Package orders holds types that a tool of another package takes, their tags in invopop's form.
package orders

type Line struct {
	SKU string `json:"sku" jsonschema:"description=the article number"`
}
