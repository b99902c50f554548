// Package annotations parses the cardgen annotation languages into typed
// values with exact source positions:
//
//   - //card: directives in doc comments (ParseComment, ParseCommentGroup),
//     checked against one registry of directives (Lookup, Specs);
//   - card templates, the {{.Field.Path}} texts inside directives (ParseTemplate);
//   - `card:"…"` struct tags (ParseTag).
//
// The registry is the single source of truth: validation, `cardgen help`
// (WriteHelp) and docs/directives.md (Markdown) are all derived from it.
//
// The package deliberately knows nothing about go/types and performs no I/O,
// so it stays fast, fuzzable and usable from any tool. Whether a template
// field exists, whether a ui file exists, and how many fields a card has are
// decided by the generator, which has the type information.
package annotations
