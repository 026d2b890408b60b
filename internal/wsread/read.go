// Package wsread reads websocket messages with a bound on what they hold
// after decompression.
//
// gorilla/websocket's Conn.SetReadLimit counts the bytes on the wire: with
// permessage-deflate negotiated, a 15 KB frame under a 16 KB limit may
// inflate to 15 MB, and Conn.ReadMessage reads all of it. Read inflates at
// most limit+1 bytes of a message, whatever its frames say, and refuses the
// rest; every stepviz socket reads through it (server, rooms, notebook).
package wsread

import (
	"fmt"
	"io"

	"github.com/gorilla/websocket"
)

// TooLargeError is returned by Read for a message longer than its limit
// once decompressed.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("message too large (limit %d bytes)", e.Limit)
}

// Read returns the next message of c, of at most limit bytes after
// decompression. A longer message is a *TooLargeError, after at most
// limit+1 bytes have been inflated; the caller should close the connection
// (websocket.CloseMessageTooBig), as the rest of the message is unread.
// Cost: O(min(message, limit)) time and memory. Like Conn.ReadMessage it
// must be called by the connection's one reader.
func Read(c *websocket.Conn, limit int64) (kind int, data []byte, err error) {
	kind, r, err := c.NextReader()
	if err != nil {
		return kind, nil, err
	}
	data, err = io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return kind, nil, err
	}
	if int64(len(data)) > limit {
		return kind, nil, &TooLargeError{Limit: limit}
	}
	return kind, data, nil
}
