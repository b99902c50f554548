package mdcard_test

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/mdcard"
)

func ExampleRender() {
	md := "# Release notes\n\nThe cache is faster.\n\n## Fixes\n\n<b>Bold</b> stays literal; [this](javascript:x) is text.\n"
	res, err := mdcard.Render(md, mdcard.RenderOptions{
		TutorTerms: []mdcard.TutorTerm{{Term: "cache", Tip: "Recently used data kept close"}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Card.Title)
	fmt.Printf("%+v\n", res.Parts)
	fmt.Print(res.Card.HTML)
	// Output:
	// Release notes
	// {Current:1 Total:1 HasMore:false}
	// <p>The <span class="md-term" data-term="cache" data-tip="Recently used data kept close" tabindex="0">cache</span> is faster.</p>
	// <details class="md-section" open="">
	// <summary><h2>Fixes</h2></summary>
	// <p>&lt;b&gt;Bold&lt;/b&gt; stays literal; this is text.</p>
	// </details>
}

func ExampleCheckFragment() {
	fmt.Println(mdcard.CheckFragment(`<p class="md-raw">&lt;b&gt;</p>`))
	fmt.Println(mdcard.CheckFragment(`<a href="javascript:alert(1)">x</a>`))
	// Output:
	// <nil>
	// offset 0: href "javascript:alert(1)" is not an http, https or mailto URL
}

func ExampleRegister() {
	s := mcp.NewServer(&mcp.Implementation{Name: "docs", Version: "v1"}, nil)
	if err := mdcard.Register(s, mdcard.Options{ServerName: "docs", ForceDisplay: true}); err != nil {
		log.Fatal(err)
	}

	// Talk to it in process, as a client would.
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{
		Name:      mdcard.ToolName,
		Arguments: map[string]any{"markdown": "# Hello\n\nWorld."},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// Markdown card "Hello": part 1 of 1. The user cannot see this card yet: call show_widget with structuredContent.display's title, loading_messages and widget_code (widget_code unchanged).
}

// A tool of the service's own that returns a document serves it through a Document (cardgen
// generates this for an output field tagged card:"markdown"): the long document is cut into
// parts, and the text the model reads says how to get the next one.
func ExampleDocument_Serve() {
	doc, err := mdcard.NewDocument("release_notes")
	if err != nil {
		log.Fatal(err)
	}
	md := "# Release 2.4\n\nThe cache is faster.\n\n## Fixes\n\n- Orders list again.\n"
	// req is the tool call's request; without one (as here) the client is taken for one that
	// cannot mount the view, and the result carries the card as a show_widget call too.
	res, out, err := doc.Serve(nil, md, mdcard.RenderOptions{Subtitle: "Shipped on Monday"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out.Card.Title, "/", out.Card.Subtitle)
	fmt.Println(out.Parts.Current, "of", out.Parts.Total, "more:", out.Parts.HasMore, "display:", out.Display != nil)
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// Release 2.4 / Shipped on Monday
	// 1 of 1 more: false display: true
	// Markdown card "Release 2.4": part 1 of 1. The user cannot see this card yet: call show_widget with structuredContent.display's title, loading_messages and widget_code (widget_code unchanged).
}
