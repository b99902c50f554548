// Package jsonschema stubs google/jsonschema-go's inference API, with its import path, for the
// analyzer's tests of hand registrations.
package jsonschema

import "reflect"

type Schema struct{}

type ForOptions struct {
	IgnoreInvalidTypes bool
	TypeSchemas        map[reflect.Type]*Schema
}

func For[T any](opts *ForOptions) (*Schema, error) { return nil, nil }

func ForType(t reflect.Type, opts *ForOptions) (*Schema, error) { return nil, nil }
