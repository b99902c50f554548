package register

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
)

// Tests for fitting ACP payloads to the card_payload limit when a result card's buttons carry
// long URLs: valid in a result card at any length, they pushed a detail, review or carousel
// payload over acp.MaxPayloadBytes, and then no card was sent at all.

// linkURL is an https URL of n bytes or a little more, which card.Fit keeps as it is.
func linkURL(n int) string { return "https://shop.example.com/p?q=" + strings.Repeat("a", n) }

const (
	imageURL = "https://img.example.com/kb.png"
	kb       = 1 << 10
)

// fitted is card.Fit(c), checked to keep every button and the image: the tests need them.
func fitted(t *testing.T, c card.Card) card.Card {
	t.Helper()
	c.V, c.FallbackText = card.Version, c.Title
	f := card.Fit(c)
	if len(f.Actions) != len(c.Actions) || f.ImageURL != c.ImageURL {
		t.Fatalf("card.Fit changed the buttons or the image; the test needs them kept")
	}
	for i := range c.Actions {
		if f.Actions[i].URL != c.Actions[i].URL {
			t.Fatalf("card.Fit changed actions[%d].url; the test needs it kept", i)
		}
	}
	return f
}

// checkSendable fails the test unless p validates and encodes to at most acp.MaxPayloadBytes.
func checkSendable(t *testing.T, p acp.Payload) {
	t.Helper()
	if err := p.(interface{ Validate() error }).Validate(); err != nil {
		t.Errorf("the payload does not validate: %v", err)
	}
	if _, b, err := acp.Encode(p); err != nil || len(b) > acp.MaxPayloadBytes {
		t.Errorf("the payload encodes to %d bytes, %v; want at most %d", len(b), err, acp.MaxPayloadBytes)
	}
}

// checkLog fails the test unless the debug log holds one line for each of want, in order, each
// holding its want: the dropped part's path and what became of it (`ctas[1]="dropped: `).
func checkLog(t *testing.T, log string, want []string) {
	t.Helper()
	var lines []string
	for l := range strings.Lines(log) {
		lines = append(lines, l)
	}
	if len(lines) != len(want) {
		t.Errorf("debug log has %d lines, want %d: %q", len(lines), len(want), log)
		return
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) || !strings.Contains(lines[i], "over the "+fmt.Sprint(acp.MaxPayloadBytes)+"-byte card_payload limit") {
			t.Errorf("debug log line %d: %q; want it to hold %q and the limit", i, lines[i], w)
		}
	}
}

// checkTooLarge fails the test unless err says in words that the card is too large, holds each
// of want (the largest part and what was left out), and wraps the *acp.ValidationError.
func checkTooLarge(t *testing.T, err error, want []string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error; want one saying the card is too large")
	}
	msg := err.Error()
	for _, w := range append([]string{"is too large to send", "over the " + fmt.Sprint(acp.MaxPayloadBytes) + "-byte limit"}, want...) {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
	if strings.Contains(msg, "send fewer items") {
		t.Errorf("error %q gives acp's advice for a carousel, not which part to shorten", msg)
	}
	if v := (*acp.ValidationError)(nil); !errors.As(err, &v) {
		t.Errorf("error %q does not wrap the *acp.ValidationError", msg)
	}
}

func TestDetailFitsLongButtonURLs(t *testing.T) {
	for _, tc := range []struct {
		name      string
		image     string
		urls      []string // the buttons' URLs, the first the primary one's; "" is a message button
		raw       bool     // the card is not fitted by card.Fit: it has more buttons than Fit keeps
		ctas      []int    // the indexes of the card's buttons kept as CTAs
		keepImage bool     // the hero image is kept
		log       []string // the debug lines' parts
		wantErr   []string // the error's words, when the card cannot be sent
	}{{
		name: "fits, unchanged", image: imageURL, urls: []string{linkURL(30 * kb), ""},
		ctas: []int{0, 1}, keepImage: true,
	}, {
		name: "long secondary URL: secondary dropped, primary kept", urls: []string{linkURL(30 * kb), linkURL(40 * kb)},
		ctas: []int{0}, log: []string{`ctas[1]="dropped: `},
	}, {
		name: "long secondary URL and a small image: the image is put back", image: imageURL, urls: []string{"", linkURL(70 * kb)},
		ctas: []int{0}, keepImage: true, log: []string{`ctas[1]="dropped: `},
	}, {
		name: "long image and long secondary URL: the image goes first", image: linkURL(40 * kb), urls: []string{"", linkURL(40 * kb)},
		ctas: []int{0, 1}, log: []string{`hero_image="dropped: `},
	}, {
		name: "long image and longer secondary URL: both dropped", image: linkURL(70 * kb), urls: []string{"", linkURL(70 * kb)},
		ctas: []int{0}, log: []string{`hero_image="dropped: `, `ctas[1]="dropped: `},
	}, {
		name: "several 25 KB URLs: dropped from the last until it fits", raw: true,
		urls: []string{linkURL(25 * kb), linkURL(25*kb) + "b", linkURL(25*kb) + "c", linkURL(25*kb) + "d"},
		ctas: []int{0, 1}, log: []string{`ctas[3]="dropped: `, `ctas[2]="dropped: `},
	}, {
		name: "primary URL alone over: an error that names it", image: imageURL, urls: []string{linkURL(70 * kb), ""},
		wantErr: []string{`the detail card "Keyboard"`, "even without hero_image and ctas[1], which the reference does not require",
			`its largest part is ctas[0], the primary button "Buy"`, "its URL alone is " + strconv.Itoa(len(linkURL(70*kb))) + " bytes", "shorten it"},
	}, {
		name: "primary URL alone over, nothing to leave out", urls: []string{linkURL(70 * kb)},
		wantErr: []string{`its largest part is ctas[0], the primary button "Buy"`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			log := captureDebug(t)
			c := card.Card{Title: "Keyboard", ImageURL: tc.image, Fields: []card.Field{{Label: "Price", Value: "£49"}}}
			labels := []string{"Buy", "Compare", "Reviews", "Share"}
			for i, u := range tc.urls {
				if u == "" {
					c.Actions = append(c.Actions, card.MessageAction(labels[i], "Tell me more"))
				} else {
					c.Actions = append(c.Actions, card.URLAction(labels[i], u))
				}
			}
			if !tc.raw {
				c = fitted(t, c)
			}
			p, err := DetailFromCard(c)
			if tc.wantErr != nil {
				checkTooLarge(t, err, tc.wantErr)
				if p.HeroImage != c.ImageURL || len(p.CTAs) != len(c.Actions) {
					t.Errorf("with the error, a hero image of %d bytes and %d CTAs; want the card's own, nothing left out", len(p.HeroImage), len(p.CTAs))
				}
				checkLog(t, log.String(), nil)
				return
			}
			if err != nil {
				t.Fatalf("DetailFromCard: %v", err)
			}
			checkSendable(t, p)
			want := acp.DetailPayload{Title: c.Title, SummaryRows: summaryRows(c)}
			if tc.keepImage {
				want.HeroImage = c.ImageURL
			}
			for _, i := range tc.ctas {
				want.CTAs = append(want.CTAs, ActionCTA(c.Actions[i], i == 0))
			}
			if !reflect.DeepEqual(p, want) {
				t.Errorf("DetailFromCard: hero image of %d bytes, CTAs %v; want %d bytes, %v",
					len(p.HeroImage), ctaLabels(p.CTAs), len(want.HeroImage), ctaLabels(want.CTAs))
			}
			checkLog(t, log.String(), tc.log)
		})
	}
}

func ctaLabels(ctas []acp.CTA) []string {
	var labels []string
	for _, c := range ctas {
		labels = append(labels, c.Label)
	}
	return labels
}

func TestReviewFitsLongButtonURLs(t *testing.T) {
	for _, tc := range []struct {
		name           string
		approve, rejct string // the buttons' URLs; "" is a message button, "-" none
		reject         bool   // the reject CTA is kept
		log            []string
		wantErr        []string
	}{{
		name: "fits, unchanged", approve: linkURL(30 * kb), rejct: linkURL(30 * kb), reject: true,
	}, {
		name: "long reject URL: reject dropped", approve: "", rejct: linkURL(70 * kb),
		log: []string{`reject_cta="dropped: `},
	}, {
		name: "long approve and reject URLs: reject dropped", approve: linkURL(40 * kb), rejct: linkURL(40 * kb),
		log: []string{`reject_cta="dropped: `},
	}, {
		name: "long approve URL: an error that names it", approve: linkURL(70 * kb), rejct: "",
		wantErr: []string{`the review card "Booking 7"`, "even without reject_cta, which the reference does not require",
			`its largest part is approve_cta, the approve button "Pay"`, "its URL alone is " + strconv.Itoa(len(linkURL(70*kb))) + " bytes"},
	}, {
		name: "long approve URL, no reject button", approve: linkURL(70 * kb), rejct: "-",
		wantErr: []string{`its largest part is approve_cta, the approve button "Pay"`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			log := captureDebug(t)
			c := card.Card{Title: "Booking 7", Fields: []card.Field{{Label: "Room", Value: "12"}}}
			for i, u := range []string{tc.approve, tc.rejct} {
				label := []string{"Pay", "Cancel"}[i]
				switch u {
				case "-":
				case "":
					c.Actions = append(c.Actions, card.MessageAction(label, label+" booking 7"))
				default:
					c.Actions = append(c.Actions, card.URLAction(label, u))
				}
			}
			c = fitted(t, c)
			p, err := ReviewFromCard(c)
			if tc.wantErr != nil {
				checkTooLarge(t, err, tc.wantErr)
				if (p.RejectCTA != nil) != (len(c.Actions) > 1) {
					t.Errorf("with the error, reject %v; want the card's own, nothing left out", p.RejectCTA)
				}
				checkLog(t, log.String(), nil)
				return
			}
			if err != nil {
				t.Fatalf("ReviewFromCard: %v", err)
			}
			checkSendable(t, p)
			want := acp.ReviewPayload{Title: c.Title, SummaryRows: summaryRows(c), ApproveCTA: ActionCTA(c.Actions[0], true)}
			if tc.reject {
				r := ActionCTA(c.Actions[1], false)
				want.RejectCTA = &r
			}
			if !reflect.DeepEqual(p, want) {
				t.Errorf("ReviewFromCard: approve %q, reject %v; want reject kept %v", p.ApproveCTA.Label, p.RejectCTA, tc.reject)
			}
			checkLog(t, log.String(), tc.log)
		})
	}
}

func TestCarouselFitsLongButtonURLs(t *testing.T) {
	item := func(t *testing.T, id, image, url string) acp.CarouselItem {
		c := card.Card{Title: "Product " + id, ImageURL: image}
		if url != "" {
			c.Actions = []card.Action{card.URLAction("Buy", url)}
		}
		return CarouselItem(id, fitted(t, c))
	}
	for _, tc := range []struct {
		name   string
		images []string // each item's image
		urls   []string // each item's button URL; "" is none (the "Choose" CTA)
		keep   int      // how many items are kept
		fit    int      // the item fitted, or -1
		image  bool     // the fitted item keeps its image
		log    []string
	}{{
		name: "fits, unchanged", images: []string{imageURL, imageURL}, urls: []string{linkURL(20 * kb), linkURL(20 * kb)},
		keep: 2, fit: -1,
	}, {
		name: "an item's long URL: its CTA is the default one, and the items are kept", images: []string{"", "", ""},
		urls: []string{"", linkURL(70 * kb), linkURL(kb)}, keep: 3, fit: 1,
		log: []string{`items[1].primary_cta="replaced by the default \"Choose\" CTA with the item's id: `},
	}, {
		name: "an item's long URL and small image: the image is put back", images: []string{imageURL, imageURL},
		urls: []string{linkURL(70 * kb), ""}, keep: 2, fit: 0, image: true,
		log: []string{`items[0].primary_cta="replaced by the default \"Choose\" CTA`},
	}, {
		name: "an item's long URL and long image: both", images: []string{linkURL(70 * kb)},
		urls: []string{linkURL(70 * kb)}, keep: 1, fit: 0,
		log: []string{`items[0].image="dropped: `, `items[0].primary_cta="replaced by the default \"Choose\" CTA`},
	}, {
		name: "an item's long image and a URL that fits with it: the image goes first", images: []string{linkURL(40 * kb)},
		urls: []string{linkURL(40 * kb)}, keep: 1, fit: 0, image: false,
		log: []string{`items[0].image="dropped: `},
	}, {
		name: "long URLs that fit one by one: items dropped from the end", images: []string{"", "", ""},
		urls: []string{linkURL(30 * kb), linkURL(30 * kb), linkURL(30 * kb)}, keep: 2, fit: -1,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			log := captureDebug(t)
			var items []acp.CarouselItem
			for i, u := range tc.urls {
				items = append(items, item(t, string(rune('a'+i)), tc.images[i], u))
			}
			orig := slices.Clone(items)
			p, err := Carousel("Products", items)
			if err != nil {
				t.Fatalf("Carousel: %v", err)
			}
			checkSendable(t, p)
			if !reflect.DeepEqual(items, orig) {
				t.Error("Carousel changed the items passed in")
			}
			want := orig[:tc.keep]
			if tc.fit >= 0 {
				want = slices.Clone(want)
				it := &want[tc.fit]
				if !tc.image {
					it.Image = ""
				}
				if strings.Contains(tc.log[len(tc.log)-1], "primary_cta") {
					it.PrimaryCTA = acp.CTA{Label: "Choose", Selection: acp.Selection{"id": it.ID}, Primary: true}
				}
			}
			if !reflect.DeepEqual(p.Items, want) {
				t.Errorf("Carousel: %d items; want %d, item %d fitted (image kept %v)", len(p.Items), len(want), tc.fit, tc.image)
				for i := range min(len(p.Items), len(want)) {
					if !reflect.DeepEqual(p.Items[i], want[i]) {
						t.Errorf("items[%d]: image of %d bytes, CTA %q %d keys; want %d bytes, %q %d keys", i,
							len(p.Items[i].Image), p.Items[i].PrimaryCTA.Label, len(p.Items[i].PrimaryCTA.Selection),
							len(want[i].Image), want[i].PrimaryCTA.Label, len(want[i].PrimaryCTA.Selection))
					}
				}
			}
			checkLog(t, log.String(), tc.log)
		})
	}
}

// TestCarouselItemTooLarge: an item too large even without its image and with the default CTA
// (a title far longer than card.Fit leaves it, in an item built by hand) is an error that says
// so and names the title.
func TestCarouselItemTooLarge(t *testing.T) {
	log := captureDebug(t)
	it := acp.CarouselItem{ID: "kb", Image: imageURL, Title: strings.Repeat("K", 70*kb),
		PrimaryCTA: ActionCTA(card.URLAction("Buy", linkURL(kb)), true)}
	it.PrimaryCTA.Selection["id"] = "kb"
	_, err := Carousel("", []acp.CarouselItem{it})
	checkTooLarge(t, err, []string{`the carousel card with its one item "kb"`,
		`even without its image and with the default "Choose" CTA, the least the reference requires`,
		"its largest part is items[0].title, the item's title, at 71682 bytes: shorten it"})
	checkLog(t, log.String(), nil)
}
