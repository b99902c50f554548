package gen

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// An exampleMismatch is one way an example does not match the output schema, and where in the
// example it is: the keys and array indexes from the example's top to the value it is about
// (none when it is about the whole example), and, when it is about some of that object's members
// (keys it should not have), those members.
type exampleMismatch struct {
	msg     string
	path    []string
	members []string
}

// A jsonNode is where a JSON value, and each value inside it, is in the text it was decoded from.
type jsonNode struct {
	// pos is the byte offset of what a diagnostic about the value points at: an object member's
	// key (its opening quote), an array element's first byte, 0 for the top.
	pos int
	// members are an object's values by key (the last, for a key given twice, as encoding/json
	// keeps the last value) or an array's elements by decimal index.
	members map[string]*jsonNode
}

// jsonPositions returns where each value of text, JSON, is; as much as it could read of text
// when it is not JSON.
func jsonPositions(text string) *jsonNode {
	n := &jsonNode{}
	n.read(json.NewDecoder(strings.NewReader(text)), text)
	return n
}

// read reads the value n is the position of from dec, which decodes text, and reports whether it
// read it whole.
func (n *jsonNode) read(dec *json.Decoder, text string) bool {
	t, err := dec.Token()
	if err != nil {
		return false
	}
	d, ok := t.(json.Delim)
	if !ok {
		return true
	}
	n.members = map[string]*jsonNode{}
	for i := 0; dec.More(); i++ {
		// The decoder reads the comma before a member, and the colon after a key, with the
		// token after them, so the offset it gives is at most whitespace and those before it.
		pos := int(dec.InputOffset())
		for pos < len(text) && strings.IndexByte(" \t\r\n,:", text[pos]) >= 0 {
			pos++
		}
		name := strconv.Itoa(i)
		if d == '{' {
			t, err := dec.Token()
			key, ok := t.(string)
			if err != nil || !ok {
				return false
			}
			name = key
		}
		m := &jsonNode{pos: pos}
		n.members[name] = m
		if !m.read(dec, text) {
			return false
		}
	}
	_, err = dec.Token()
	return err == nil
}

// find returns the position of the value at path below n, or of the first in the text of its
// members named; of the innermost value on the path that there is when the rest is not there.
// A nil n (an example whose text is not its JSON byte for byte) is at 0.
func (n *jsonNode) find(path, members []string) int {
	if n == nil {
		return 0
	}
	for _, k := range path {
		m, ok := n.members[k]
		if !ok {
			return n.pos
		}
		n = m
	}
	pos := -1
	for _, k := range members {
		if m, ok := n.members[k]; ok && (pos < 0 || m.pos < pos) {
			pos = m.pos
		}
	}
	if pos < 0 {
		return n.pos
	}
	return pos
}

// failedAt splits the validator's message msg about a value validated against root into the
// location of the schema it failed at, as a JSON pointer ("" for the top, which the validator
// names by its $id or, for cardgen's schemas, which have none, "root"), and what failed there. The
// places are read as root's (validatortext.PlaceIn), so that a property named "n: type" is not
// taken for the end of the path.
func failedAt(msg string, root *gjsonschema.Schema) (ptr, clause string) {
	ptr, clause = validatortext.PlaceIn(msg, root)
	if !strings.HasPrefix(ptr, "/") {
		ptr = ""
	}
	return ptr, clause
}

// instancePath follows ptr, the location in the schema raw where validating v failed with
// clause, through v, and returns the keys and array indexes of the value it failed at. The
// validator names schemas, not values: the schema of an array's items stands for every element,
// and so does a map's additionalProperties for every value (a patternProperties for every value
// whose key it matches); the element is the first that fails against it with the same clause
// (the validator checks an array's elements in order and a map's in no order). A location the schema does not have, as ptr names one of the oneOf
// alternatives sdkschema.Explain rewrote away, is looked for in those alternatives; the path
// stops where ptr cannot be followed.
func instancePath(raw []byte, v any, ptr, clause string) []string {
	var node map[string]any
	if ptr == "" || json.Unmarshal(raw, &node) != nil {
		return nil
	}
	words := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, w := range words {
		words[i] = strings.ReplaceAll(strings.ReplaceAll(w, "~1", "/"), "~0", "~")
	}
	var path []string
	for len(words) > 0 {
		word := words[0]
		if _, ok := node[word]; !ok {
			if node = nullableBranch(node, word); node == nil {
				return path
			}
		}
		switch word {
		case "properties", "prefixItems", "oneOf", "anyOf", "allOf":
			// A keyword that holds schemas by name or index, and the name or index.
			if len(words) < 2 {
				return path
			}
			name := words[1]
			words = words[2:]
			var sub any
			switch subs := node[word].(type) {
			case map[string]any:
				sub = subs[name]
			case []any:
				if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(subs) {
					sub = subs[i]
				}
			}
			if node, _ = sub.(map[string]any); node == nil {
				return path
			}
			if word == "properties" || word == "prefixItems" {
				var ok bool
				if v, ok = member(v, name); !ok {
					return path
				}
				path = append(path, name)
			}
		case "items", "additionalProperties", "patternProperties":
			words = words[1:]
			sub, _ := node[word].(map[string]any)
			var re *regexp.Regexp // the pattern of a patternProperties, which keys it stands for
			if word == "patternProperties" {
				if len(words) == 0 {
					return path
				}
				sub, _ = sub[words[0]].(map[string]any)
				var err error
				if re, err = regexp.Compile(words[0]); err != nil {
					return path
				}
				words = words[1:]
			}
			var names []string
			switch v := v.(type) {
			case []any:
				for i := range v {
					names = append(names, strconv.Itoa(i))
				}
			case map[string]any:
				props, _ := node["properties"].(map[string]any)
				for k := range v {
					if _, declared := props[k]; re != nil && re.MatchString(k) || re == nil && !declared {
						names = append(names, k)
					}
				}
				slices.Sort(names)
			}
			vals := make([]any, len(names))
			for i, name := range names {
				vals[i], _ = member(v, name)
			}
			i := firstFailing(sub, vals, clause)
			if sub == nil || i < 0 {
				return path
			}
			node, v, path = sub, vals[i], append(path, names[i])
		default:
			return path
		}
	}
	return path
}

// member is the value of v, a decoded JSON object or array, at key or index name, and whether
// there is one (a JSON null is one, and nil).
func member(v any, name string) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		m, ok := v[name]
		return m, ok
	case []any:
		if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(v) {
			return v[i], true
		}
	}
	return nil, false
}

// nullableBranch returns the alternative of node's oneOf that has the keyword word: the schema
// of the value, where sdkschema.Explain wrote {"oneOf":[X,{"type":"null"}]} as X with a null type.
func nullableBranch(node map[string]any, word string) map[string]any {
	alts, _ := node["oneOf"].([]any)
	for _, a := range alts {
		if a, ok := a.(map[string]any); ok {
			if _, ok := a[word]; ok {
				return a
			}
		}
	}
	return nil
}

// firstFailing returns the index of the first of vals that fails validation against the schema
// sub with clause, else of the first that fails at all; -1 when none fails.
func firstFailing(sub map[string]any, vals []any, clause string) int {
	raw, err := json.Marshal(sub)
	if err != nil {
		return -1
	}
	resolved, err := sdkschema.Resolve(raw)
	if err != nil {
		return -1
	}
	first := -1
	for i, v := range vals {
		err := resolved.Validate(v)
		if err == nil {
			continue
		}
		if _, c := failedAt(sdkschema.Explain(raw, v, err).Error(), resolved.Schema()); c == clause {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}
