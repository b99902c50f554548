package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_tag_positions/model"
)

// Find looks things up. Its types' tags are written as interpreted strings, with escapes and
// multi-byte runes before their mistakes: each is reported at the mistake's own byte column,
// as the Go toolchain counts columns.
//
//card:tool
func Find(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	// Escaped quotes and ß (two bytes) before the misspelt keyword.
	Street string "json:\"street\" jsonschema:\"description=Straße,minLenght=1\""
	// \u00e9 is six bytes of source for two of the tag, and \\\\, an escaped comma in the
	// jsonschema value, is five bytes of source for one of the value.
	Size int "json:\"gr\u00f6\u00dfe\" jsonschema:\"title=a\\\\,b,maximum=x\""
	// A tab, written \t, where a space belongs between two key:"value" pairs.
	Tab string "json:\"tab\"\tjsonschema:\"required\""
	// A raw tag with multi-byte runes before the mistake.
	Raw int `json:"raw" jsonschema:"description=Größe in ㎝,minimum=zwei"`
	// Fields of a type declared in another package of the module: its file is read for the tag.
	Where model.Place `json:"where"`
}

type Out struct {
	Name  string "json:\"n\u00e4me\" card:\"title\""
	Label string "json:\"l\u00e4bel\" card:\"titel\""
	// Card tags of a type declared in another package of the module.
	model.Owner
}

// Ask is a form tool whose input is declared in another package of the module.
//
//card:tool
//card:acp form
func Ask(ctx context.Context, in model.Ask) (*Out, error) { return nil, nil }
