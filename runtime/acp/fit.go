package acp

import "slices"

// FitCarousel returns p made sendable from data, and the number of items it dropped: it drops
// every item whose id is empty (a nil pointer on the way to it in the data) or whose id or
// primary CTA selection repeats one of an item kept before it, then
// items from the end until its card_payload, encoded as [Encode] writes it, is at most
// MaxPayloadBytes. It keeps at least one item, as a carousel needs one: a payload that is too
// large with a single item is returned as it is, and [CarouselPayload.Validate] reports it. A
// payload with no repeats that fits, or one that cannot be encoded, is returned unchanged. The
// items kept are the first ones, in order, so put the best matches first; p is not modified.
//
// This is to a carousel what card.Fit is to a result card: the host rejects a card_payload over
// 64 KB (MaxPayloadBytes, read as 64,000 bytes), and the message then shows as plain text, so a carousel built from data (any number
// of items, texts of any length) is trimmed rather than lost.
//
// Repeats are dropped rather than renamed because the reply is all the agent gets back: "The
// JSON contains every value declared in the CTA's selection payload", so two items with one id
// (a repeated SKU in the data) send a pick the agent cannot tell apart, and an id made unique
// by a suffix ("sku-2") would be one the agent's data does not know. The first of them is the
// one kept, as the first items are when the payload is too large. Validate refuses repeats
// (see the package documentation), so a carousel that FitCarousel returns does not carry them.
func FitCarousel(p CarouselPayload) (CarouselPayload, int) {
	if len(p.Items) <= 1 {
		return p, 0
	}
	b, err := encodedJSON(p)
	if err != nil {
		return p, 0
	}
	out := p
	if drop := repeatedItems(b); len(drop) > 0 {
		out.Items = make([]CarouselItem, 0, len(p.Items)-len(drop))
		for i, it := range p.Items {
			if len(drop) > 0 && drop[0] == i {
				drop = drop[1:]
				continue
			}
			out.Items = append(out.Items, it)
		}
		if b, err = encodedJSON(out); err != nil {
			return p, 0
		}
	}
	if len(out.Items) <= 1 || len(b) <= MaxPayloadBytes {
		return out, len(p.Items) - len(out.Items)
	}
	// The payload is the payload without items plus each item and a comma between items:
	// encoding/json writes compact JSON, and an item encodes to the same bytes on its own.
	shell := out
	shell.Items = []CarouselItem{}
	if b, err = encodedJSON(shell); err != nil {
		return p, 0
	}
	size, keep := len(b), 0
	for ; keep < len(out.Items); keep++ {
		ib, err := encodedJSON(out.Items[keep])
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
	out.Items = slices.Clone(out.Items[:keep])
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
