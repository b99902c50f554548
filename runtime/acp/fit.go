package acp

import "slices"

// FitCarousel returns p with items dropped from the end until its card_payload, encoded as
// [Encode] writes it, is at most MaxPayloadBytes, and the number of items it dropped. It keeps
// at least one item, as a carousel needs one: a payload that is too large with a single item
// is returned as it is, and [CarouselPayload.Validate] reports it. A payload that fits, or that
// cannot be encoded, is returned unchanged. The items kept are the first ones, in order, so put
// the best matches first; p is not modified.
//
// This is to a carousel what card.Fit is to a result card: the host rejects a card_payload over
// 64 KB, and the message then shows as plain text, so a carousel built from data (any number
// of items, texts of any length) is trimmed rather than lost.
func FitCarousel(p CarouselPayload) (CarouselPayload, int) {
	if len(p.Items) <= 1 {
		return p, 0
	}
	if b, err := encodedJSON(p); err != nil || len(b) <= MaxPayloadBytes {
		return p, 0
	}
	// The payload is the payload without items plus each item and a comma between items:
	// encoding/json writes compact JSON, and an item encodes to the same bytes on its own.
	shell := p
	shell.Items = []CarouselItem{}
	b, err := encodedJSON(shell)
	if err != nil {
		return p, 0
	}
	size, keep := len(b), 0
	for ; keep < len(p.Items); keep++ {
		ib, err := encodedJSON(p.Items[keep])
		if err != nil {
			return p, 0
		}
		add := len(ib)
		if keep > 0 {
			add++ // the comma
		}
		if size+add > MaxPayloadBytes {
			break
		}
		size += add
	}
	keep = max(keep, 1)
	out := p
	out.Items = slices.Clone(p.Items[:keep])
	return out, len(p.Items) - keep
}

// encodedJSON is v as Encode writes it: no HTML escaping, raw U+2028 and U+2029.
func encodedJSON(v any) ([]byte, error) {
	b, err := marshalNoHTML(v)
	if err != nil {
		return nil, err
	}
	return rawLineSeparators(b), nil
}
