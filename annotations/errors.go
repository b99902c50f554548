package annotations

import "go/token"

// Error is a problem at a position. Msg follows Go toolchain style: lower-case,
// "what is wrong; what to do".
type Error struct {
	Pos token.Pos
	Msg string
	// Fix, when set, is the one edit that certainly mends the problem (a misspelt directive,
	// key, flag or enumerated value replaced by the name it was meant to be, flags joined by
	// commas separated by spaces); editors offer it as a quick fix.
	Fix *Fix
}

// Fix replaces the source bytes [Pos, End) with NewText.
type Fix struct {
	Pos, End token.Pos
	NewText  string
}

// Error returns Msg. The package has no token.FileSet, so callers that want
// "file:line:col: msg" resolve Pos with their own FileSet.
func (e Error) Error() string { return e.Msg }

// TagError is a problem inside a `card:"…"` struct tag value. Offset is the
// byte offset inside the tag value (not the whole struct tag literal), so the
// caller can map it to a source column.
type TagError struct {
	Offset int
	Msg    string
	// Fix, when set, is the one edit that certainly mends the problem (a misspelt slot name
	// replaced by the slot it was meant to be), in the same byte offsets as Offset.
	Fix *TagFix
}

// TagFix replaces the bytes [Offset, End) of a card tag value with NewText.
type TagFix struct {
	Offset, End int
	NewText     string
}

// Error returns Msg.
func (e TagError) Error() string { return e.Msg }
