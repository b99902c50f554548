package register

import (
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/card"
)

// TestReviewFromFittedCardKeepsRoles is the review card a generated …ACP builder makes from a
// card whose approve button is invalid: the reject button must not become approve_cta.
func TestReviewFromFittedCardKeepsRoles(t *testing.T) {
	c := card.Card{
		V: card.Version, Title: "Booking 7", FallbackText: "Booking 7",
		Fields: []card.Field{{Label: "Room", Value: "12"}},
		Actions: []card.Action{
			card.URLAction("Pay", "http://pay.example.com/7"),
			card.MessageAction("Cancel", "Cancel booking 7"),
		},
	}
	p, err := ReviewFromCard(card.Fit(c))
	if err == nil {
		t.Fatalf("ReviewFromCard gave a review card with approve_cta %+v; want an error", p.ApproveCTA)
	}
	if !strings.Contains(err.Error(), "approve button") {
		t.Errorf("error %q does not say the approve button is missing", err)
	}

	c.Actions[0].URL = "https://pay.example.com/7"
	p, err = ReviewFromCard(card.Fit(c))
	if err != nil {
		t.Fatal(err)
	}
	if p.ApproveCTA.Label != "Pay" || !p.ApproveCTA.Primary || p.RejectCTA == nil || p.RejectCTA.Label != "Cancel" || p.RejectCTA.Primary {
		t.Errorf("approve %+v, reject %+v; want Pay (primary), Cancel", p.ApproveCTA, p.RejectCTA)
	}
}

// TestDetailFromFittedCardKeepsRoles: a detail card's first CTA is the primary one, so a second
// button must not become it either.
func TestDetailFromFittedCardKeepsRoles(t *testing.T) {
	c := card.Card{
		V: card.Version, Title: "Booking 7", FallbackText: "Booking 7",
		Actions: []card.Action{
			card.URLAction("Pay", "http://pay.example.com/7"),
			card.MessageAction("Cancel", "Cancel booking 7"),
		},
	}
	if p, err := DetailFromCard(card.Fit(c)); err == nil {
		t.Errorf("DetailFromCard gave CTAs %+v; want an error (a detail card needs a CTA)", p.CTAs)
	}
}
