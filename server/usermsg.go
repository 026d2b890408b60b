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

// truncate cuts s to n bytes and marks the cut, for a user's input quoted
// back in a message or a close reason.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
