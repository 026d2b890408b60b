package server

import (
	"net/http"

	"stepviz/internal/usertext"
)

// Every error text that reaches a user (an error message on a websocket,
// an HTTP error body, the landing form's message) goes through userText,
// which drops the package prefixes Go errors carry for the log.

// packagePrefixes are the prefixes userText removes.
var packagePrefixes = usertext.Prefixes

// userText is msg as a user reads it (usertext.Text).
func userText(msg string) string { return usertext.Text(msg) }

// httpError is http.Error with the message as a user reads it.
func httpError(w http.ResponseWriter, msg string, code int) {
	http.Error(w, userText(msg), code)
}

// errorMsg is the error message a page shows for a refused command.
func errorMsg(command, msg string) ErrorMsg {
	return ErrorMsg{Type: MsgError, Command: command, Message: userText(msg)}
}
