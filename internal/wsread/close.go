package wsread

import (
	"io"
	"time"

	"github.com/gorilla/websocket"
)

// Close sends c a close frame (code, reason) and then closes it without
// losing that frame. A peer that was still sending when it was refused
// (a flood, an oversized message) leaves unread bytes in our receive
// buffer, and closing a TCP connection with unread bytes sends a reset,
// which may discard the close frame before the peer reads it. So Close
// half-closes the connection (the peer reads the close frame, then EOF),
// reads and discards what the peer still sends, for at most lingerTime and
// lingerBytes, and closes it. It must be called by c's reader (it reads c's
// connection), at most once. Cost: at most lingerTime and lingerBytes.
func Close(c *websocket.Conn, code int, reason string, writeWait time.Duration) {
	msg := websocket.FormatCloseMessage(code, reason)
	_ = c.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeWait))
	nc := c.NetConn()
	if tc, ok := nc.(interface{ CloseWrite() error }); ok {
		_ = tc.CloseWrite()
	}
	_ = nc.SetReadDeadline(time.Now().Add(lingerTime))
	_, _ = io.Copy(io.Discard, io.LimitReader(nc, lingerBytes))
	_ = c.Close()
}

const (
	// lingerTime bounds how long Close reads what the peer still sends.
	lingerTime = time.Second
	// lingerBytes bounds how much Close reads and discards.
	lingerBytes = 1 << 20
)
