// Package intrange gives the range of a Go integer type as a JSON schema states it. cardgen's
// generate-time schemas (gen/schema, over go/types) and the schemas reflected at run time
// (runtime/register, over reflect) both state it, and the schema oracle holds the two to the
// same bytes; this is the one table they read.
package intrange

import "encoding/json"

// Of returns the minimum and maximum a JSON schema states for a Go integer type, signed or
// unsigned, of the given size in bits: 8, 16, 32 or 64 for the sized types, and 0 for int and
// uint, whatever their size on the platform (a schema written on amd64 serves a 386 build too).
// Either is empty when the schema states no such end.
//
// The ends are those the MCP Go SDK's own schema inference (jsonschema-go's For) states: both for
// the 8-, 16- and 32-bit types, 0 as the minimum of uint and uint64, and none for int and int64,
// whose ends (like uint64's maximum) are past what a JSON number holds exactly in most clients
// (2^53).
func Of(signed bool, bits int) (minimum, maximum json.Number) {
	switch {
	case signed && bits == 8:
		return "-128", "127"
	case signed && bits == 16:
		return "-32768", "32767"
	case signed && bits == 32:
		return "-2147483648", "2147483647"
	case signed:
		return "", ""
	case bits == 8:
		return "0", "255"
	case bits == 16:
		return "0", "65535"
	case bits == 32:
		return "0", "4294967295"
	}
	return "0", ""
}
