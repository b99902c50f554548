package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/cardgen/cardgen/runtime/acp"
)

const acpPath = "github.com/cardgen/cardgen/runtime/acp"

// renderACP writes the tool's Agent Chat Protocol builder: <Tool>ACP(out) for cards projected
// from the output, <Tool>ACPForm() for a form, which depends on the input type only.
func renderACP(f *jen.File, t *Tool) {
	spec := t.ACP
	name := t.GoName + "ACP"
	fit := func(c jen.Code) jen.Code { return jen.Qual(cardPath, "Fit").Call(c) }
	outParam := jen.Id("out").Op("*").Add(t.typ(t.outName()))
	switch spec.Kind {
	case "detail", "review":
		payload, project := "DetailPayload", "DetailFromCard"
		if spec.Kind == "review" {
			payload, project = "ReviewPayload", "ReviewFromCard"
		}
		projection := "(title, image, fields as summary rows, buttons as CTAs)"
		if spec.Kind == "review" {
			projection = "(title, fields as summary rows, the first button to approve and the second to reject)"
		}
		doc(f, fmt.Sprintf("%s builds the Agent Chat Protocol %s card of %s: its result card, fitted and projected "+
			"%s, and validated. A nil out is the error register.NoOutput.", name, spec.Kind, t.Name, projection))
		f.Func().Id(name).Params(outParam).Params(jen.Qual(acpPath, payload), jen.Error()).Block(
			noOutput(t, payload),
			jen.Return(jen.Qual(registerPath, project).Call(fit(jen.Id(t.GoName+"Card").Call(jen.Id("out"))))))
	case "carousel":
		item := carouselItem(t)
		renderCard(f, item)
		elem := jen.Op("&").Id("out").Dot(spec.ItemsField).Index(jen.Id("i"))
		if spec.ItemPtr {
			elem = jen.Id("out").Dot(spec.ItemsField).Index(jen.Id("i"))
		}
		r := &cardRenderer{t: item, root: "el"}
		id := r.value(spec.ItemID)
		loop := []jen.Code{jen.Id("el").Op(":=").Add(elem)}
		if spec.ItemPtr {
			loop = append(loop, jen.If(jen.Id("el").Op("==").Nil()).Block(jen.Continue()))
		}
		loop = append(loop, r.locals...)
		loop = append(loop, jen.Id("items").Op("=").Append(jen.Id("items"),
			jen.Qual(registerPath, "CarouselItem").Call(id, fit(jen.Id(item.GoName+"Card").Call(jen.Id("el"))))))
		title := t.Title
		doc(f, fmt.Sprintf("%s builds the Agent Chat Protocol carousel of %s: one item per element of %s, from "+
			"its card (%s), fitted; an element whose id repeats an earlier one's is left out (the user's pick could not tell them apart), items from the end are dropped while the payload is over the 64 KB limit, and the carousel is validated (it needs at least one item). A nil out is the error register.NoOutput.", name, t.Name, spec.ItemsField, item.GoName+"Card"))
		f.Func().Id(name).Params(outParam).Params(jen.Qual(acpPath, "CarouselPayload"), jen.Error()).Block(
			noOutput(t, "CarouselPayload"),
			jen.Id("items").Op(":=").Make(jen.Index().Qual(acpPath, "CarouselItem"), jen.Lit(0), jen.Len(jen.Id("out").Dot(spec.ItemsField))),
			jen.For(jen.Id("i").Op(":=").Range().Id("out").Dot(spec.ItemsField)).Block(loop...),
			jen.Return(jen.Qual(registerPath, "Carousel").Call(jen.Lit(title), jen.Id("items"))))
	case "form":
		doc(f, fmt.Sprintf("%sForm is the Agent Chat Protocol form that asks for the input of %s, checked when cardgen "+
			"ran. Its submit CTA names the tool, so DispatchACP can call it with what the user entered.", name, t.Name))
		f.Func().Id(name+"Form").Params().Qual(acpPath, "FormPayload").Block(jen.Return(formLit(spec.Form)))
	}
}

// dispatchReturn returns DispatchACP's result for the handler's out and err: the output only
// without an error, and for a pointer output never a nil one, which an any holding it would hide
// from a caller's out == nil (the error is register.NoOutput, as RegisterTools' is).
func dispatchReturn(t *Tool) jen.Code {
	done := jen.Return(jen.Lit(t.Name), jen.Id("out"), jen.Nil())
	if t.OutPtr {
		done = jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.Return(jen.Lit(t.Name), jen.Nil(), jen.Qual(registerPath, "NoOutput").Call(jen.Lit(t.Name)))).Line().Add(done)
	}
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Lit(t.Name), jen.Nil(), jen.Err())).Line().Add(done)
}

// noOutput returns register.NoOutput for a nil output. An agent calls the builder with whatever
// its handler returned, and a handler may return a nil output and no error: the builder
// then reports it as the generated MCP handler does, instead of panicking on out's fields, so
// the agent can still send its narration without a card.
func noOutput(t *Tool, payload string) jen.Code {
	return jen.If(jen.Id("out").Op("==").Nil()).Block(
		jen.Return(jen.Qual(acpPath, payload).Values(), jen.Qual(registerPath, "NoOutput").Call(jen.Lit(t.Name))))
}

func formLit(p *acp.FormPayload) jen.Code {
	var fields []jen.Code
	for _, fl := range p.Fields {
		d := jen.Dict{
			jen.Id("Name"):  jen.Lit(fl.Name),
			jen.Id("Kind"):  jen.Qual(acpPath, inputKindConst(fl.Kind)),
			jen.Id("Label"): jen.Lit(fl.Label),
		}
		if fl.Required {
			d[jen.Id("Required")] = jen.True()
		}
		if fl.Placeholder != "" {
			d[jen.Id("Placeholder")] = jen.Lit(fl.Placeholder)
		}
		if len(fl.Options) > 0 {
			var opts []jen.Code
			for _, o := range fl.Options {
				opts = append(opts, jen.Values(jen.Dict{jen.Id("Value"): jen.Lit(o.Value), jen.Id("Label"): jen.Lit(o.Label)}))
			}
			d[jen.Id("Options")] = jen.Index().Qual(acpPath, "Option").Values(opts...)
		}
		fields = append(fields, jen.Values(d))
	}
	return jen.Qual(acpPath, "FormPayload").Values(jen.Dict{
		jen.Id("Title"):  jen.Lit(p.Title),
		jen.Id("Fields"): jen.Index().Qual(acpPath, "FormField").Values(fields...),
		jen.Id("SubmitCTA"): jen.Qual(acpPath, "CTA").Values(jen.Dict{
			jen.Id("Label"):     jen.Lit(p.SubmitCTA.Label),
			jen.Id("Selection"): jen.Qual(acpPath, "Selection").Values(jen.Dict{jen.Qual(registerPath, "SelectionTool"): jen.Lit(p.SubmitCTA.Selection["tool"])}),
			jen.Id("Primary"):   jen.True(),
		}),
	})
}

func inputKindConst(k acp.InputKind) string {
	switch k {
	case acp.InputNumber:
		return "InputNumber"
	case acp.InputEmail:
		return "InputEmail"
	case acp.InputSelect:
		return "InputSelect"
	case acp.InputCheckbox:
		return "InputCheckbox"
	}
	return "InputText"
}

// renderDispatch writes DispatchACP, which closes the loop card → choice → tool call for the
// package's form tools.
func renderDispatch(f *jen.File, p *Package) {
	var forms []*Tool
	for _, t := range p.Tools {
		if t.ACP != nil && t.ACP.Kind == "form" {
			forms = append(forms, t)
		}
	}
	if len(forms) == 0 {
		return
	}
	params := []jen.Code{jen.Id("ctx").Qual(contextPath, "Context")}
	for _, r := range p.Receivers {
		params = append(params, jen.Id(r.Param).Op("*").Id(r.Type.Name()))
	}
	params = append(params, jen.Id("reply").Qual(acpPath, "Response"))
	var cases []jen.Code
	var names []string
	for _, t := range forms {
		names = append(names, t.Name)
		call := handlerCall(t, jen.Nil()) // no MCP request behind a chat reply
		cases = append(cases, jen.Case(jen.Lit(t.Name)).Block(
			jen.Var().Id("in").Add(t.typ(t.inName())),
			jen.If(jen.Err().Op(":=").Qual(registerPath, "DecodeSelection").Call(jen.Id(schemaVar(t, "Input")), jen.Id("sel"), jen.Op("&").Id("in")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Lit(t.Name), jen.Nil(), jen.Err())),
			jen.List(jen.Id("out"), jen.Err()).Op(":=").Add(call),
			dispatchReturn(t),
		))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Lit(""), jen.Nil(),
		jen.Qual(registerPath, "UnknownSelection").Call(jen.Id("sel"), jen.Index().String().Values(litStrings(names)...)))))
	doc(f, fmt.Sprintf("DispatchACP calls the form tool that a reply to a form card names (%s), with the values ", strings.Join(names, ", "))+
		"the user entered: the reply, as acp.ParseResponse returns it, must be a JSON reply or a card "+
		"response (register.FormSelection: prose or a cancelled form is an error), and its selection is "+
		"decoded into the tool's input and validated against its input schema before the handler runs. "+
		"It returns the tool's name and output.")
	f.Func().Id("DispatchACP").Params(params...).Params(jen.String(), jen.Any(), jen.Error()).Block(
		jen.List(jen.Id("sel"), jen.Err()).Op(":=").Qual(registerPath, "FormSelection").Call(jen.Id("reply")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Lit(""), jen.Nil(), jen.Err())),
		jen.Switch(jen.Id("sel").Index(jen.Qual(registerPath, "SelectionTool"))).Block(cases...))
}

func litStrings(ss []string) []jen.Code {
	out := make([]jen.Code, len(ss))
	for i, s := range ss {
		out[i] = jen.Lit(s)
	}
	return out
}
