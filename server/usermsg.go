package server

import (
	"net/http"
)

// Every text that reaches a user (an error message on a websocket, a close
// reason, an HTTP error body, the landing form's message) is written in
// the user's words: a literal without a package prefix, or an error's
// usererr.Text.

// httpError is http.Error with msg, a message in the user's words.
func httpError(w http.ResponseWriter, msg string, code int) {
	http.Error(w, msg, code)
}
