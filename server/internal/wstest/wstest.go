// Package wstest is the websocket harness of the tests of server and
// server/session: it dials a session's socket, reads its frames (JSON text
// and binary frames with a JSON header and packed records), sends client
// messages and waits for the close frame. It is imported only by test
// files; every read has a 10-second deadline and a failed read or write
// ends the test.
package wstest

import (
	"encoding/binary"
	"encoding/json"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// readTimeout bounds every read, so that a missing message fails the test
// instead of hanging it.
const readTimeout = 10 * time.Second

// Frame is one message as read: its type, its JSON (the header of a binary
// frame), a binary frame's packed records and the frame's size in bytes.
type Frame struct {
	Type string
	JSON []byte
	Recs []byte
	Size int
}

// Dial connects to url, failing the test with the HTTP status if the
// upgrade is refused; the connection is closed when the test ends.
func Dial(t testing.TB, url string) *websocket.Conn {
	t.Helper()
	c, resp, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Read reads one message of any type.
func Read(t testing.TB, c *websocket.Conn) Frame {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(readTimeout))
	kind, raw, err := c.ReadMessage()
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	f := Frame{JSON: raw, Size: len(raw)}
	if kind == websocket.BinaryMessage {
		if len(raw) < 4 {
			t.Fatalf("binary frame of %d bytes", len(raw))
		}
		n := int(binary.LittleEndian.Uint32(raw))
		if 4+n > len(raw) {
			t.Fatalf("binary frame header of %d bytes in a frame of %d", n, len(raw))
		}
		f.JSON, f.Recs = raw[4:4+n], raw[4+n:]
	}
	var head struct{ Type string }
	if err := json.Unmarshal(f.JSON, &head); err != nil {
		t.Fatalf("bad message %.300q: %v", f.JSON, err)
	}
	f.Type = head.Type
	return f
}

// ReadJSON reads one message of any type and returns its JSON (a binary
// frame's header).
func ReadJSON(t testing.TB, c *websocket.Conn) []byte {
	t.Helper()
	return Read(t, c).JSON
}

// ReadAs reads messages until one of type typ, skipping messages of type
// skip (meta messages, which come whenever the audience or the live step
// changes) unless typ is skip, and decodes its JSON into v. Any other type
// fails the test.
func ReadAs(t testing.TB, c *websocket.Conn, typ, skip string, v any) Frame {
	t.Helper()
	for {
		f := Read(t, c)
		if f.Type == skip && typ != skip {
			continue
		}
		if f.Type != typ {
			t.Fatalf("got a %q message, want %q: %.300s", f.Type, typ, f.JSON)
		}
		if err := json.Unmarshal(f.JSON, v); err != nil {
			t.Fatalf("decoding %s: %v", typ, err)
		}
		return f
	}
}

// Send writes m as one JSON text message.
func Send(t testing.TB, c *websocket.Conn, m any) {
	t.Helper()
	b, _ := json.Marshal(m)
	if err := c.WriteMessage(websocket.TextMessage, b); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// ExpectClose reads until the connection closes and returns the close
// frame's code and reason; a connection that ends without one fails the
// test.
func ExpectClose(t testing.TB, c *websocket.Conn) (int, string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(readTimeout))
	for {
		_, _, err := c.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if asCloseError(err, &ce) {
			return ce.Code, ce.Text
		}
		t.Fatalf("connection ended without a close frame: %v", err)
	}
}

// asCloseError reports whether err is a close frame, and if so sets *ce.
func asCloseError(err error, ce **websocket.CloseError) bool {
	e, ok := err.(*websocket.CloseError)
	if ok {
		*ce = e
	}
	return ok
}
