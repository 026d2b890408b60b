package usererr

import "reflect"

// JSONKind says what a Go value of type t is written as in JSON, in the
// words an error message gives a person: "a number", "a whole number", "a
// string", "true or false", "a list", "an object". A pointer is what it
// points to; a nil type or any other kind is "another value".
func JSONKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return JSONKind(t.Elem())
	}
	return "another value"
}
