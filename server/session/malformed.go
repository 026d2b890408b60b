package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
)

// Malformed says why a websocket frame did not decode as one message, in
// the words of the JSON a person or a page sent: the unknown field, the
// field whose value has the wrong kind, where the JSON breaks, or that the
// frame is empty; then example, a message that would have been accepted.
// err is what encoding/json's Decoder returned for the frame. The result is
// a close frame's reason: a field name the client made up is clipped, so
// with an example of up to 40 bytes it fits the 120 bytes a close reason
// is clipped to.
func Malformed(err error, example string) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var fault string
	switch {
	case errors.Is(err, io.EOF):
		fault = "the frame is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		fault = "the JSON ends before its object closes"
	case errors.As(err, &syn):
		fault = fmt.Sprintf("not valid JSON at byte %d", syn.Offset)
	case errors.As(err, &typ) && typ.Field == "":
		fault = "want a JSON object, found " + jsonValueKind(typ.Value)
	case errors.As(err, &typ):
		fault = fmt.Sprintf("%q must be %s, not %s", typ.Field, usererr.JSONKind(typ.Type), jsonValueKind(typ.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		fault = "unknown field " + usererr.Clip(strings.TrimPrefix(err.Error(), "json: unknown field "), 32)
	default:
		fault = "not one JSON object"
	}
	return fmt.Sprintf("malformed message: %s; send e.g. %s", fault, example)
}

// jsonValueKind names what encoding/json's UnmarshalTypeError.Value found.
func jsonValueKind(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case v == "array":
		return "an array"
	case v == "object":
		return "an object"
	case v == "string":
		return "a string"
	case strings.HasPrefix(v, "number"):
		return "a number"
	}
	return v
}
