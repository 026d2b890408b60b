package server

import (
	"net/http"

	"stepviz/internal/usertext"
)

// Every error text that reaches a user (an error message on a websocket,
// a close reason, an HTTP error body, the landing form's message) goes
// through usertext.Text, which drops the package prefixes Go errors carry
// for the log.

// httpError is http.Error with the message as a user reads it.
func httpError(w http.ResponseWriter, msg string, code int) {
	http.Error(w, usertext.Text(msg), code)
}

// errorMsg is the error message a page shows for a refused command.
func errorMsg(command, msg string) ErrorMsg {
	return ErrorMsg{Type: MsgError, Command: command, Message: usertext.Text(msg)}
}
