package wsread

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestCloseReachesASendingPeer: a peer that has sent bytes the server
// never read still receives the close frame and its reason. A plain close
// with unread bytes resets the connection, and the peer, reading after the
// reset has arrived, loses what was still queued to it, close frame
// included, and gets "connection reset by peer" instead.
func TestCloseReachesASendingPeer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		close func(*websocket.Conn)
		ok    bool
	}{
		{"wsread.Close", func(c *websocket.Conn) { Close(c, websocket.ClosePolicyViolation, "too many messages", time.Second) }, true},
		{"plain close", func(c *websocket.Conn) {
			msg := websocket.FormatCloseMessage(websocket.ClosePolicyViolation, "too many messages")
			_ = c.WriteControl(websocket.CloseMessage, msg, time.Now().Add(time.Second))
			_ = c.Close()
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sent := make(chan struct{})
			up := websocket.Upgrader{}
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c, err := up.Upgrade(w, r, nil)
				if err != nil {
					return
				}
				<-sent // the peer's bytes wait unread in our receive buffer
				// Messages the peer is slow to read: the close frame waits
				// behind them in our send buffer.
				for range 3 {
					if c.WriteMessage(websocket.BinaryMessage, make([]byte, 16<<10)) != nil {
						return
					}
				}
				tc.close(c)
			}))
			defer ts.Close()
			// A small receive buffer keeps most of the server's messages,
			// and its close frame, in the server's send buffer.
			d := websocket.Dialer{NetDialContext: (&net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
				return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
			}}).DialContext}
			c, _, err := d.Dial("ws"+strings.TrimPrefix(ts.URL, "http"), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			for range 64 {
				if err := c.WriteMessage(websocket.TextMessage, []byte(strings.Repeat("x", 1024))); err != nil {
					t.Fatal(err)
				}
			}
			close(sent)
			time.Sleep(200 * time.Millisecond) // the close frame, and any reset, have arrived
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			for err == nil {
				_, _, err = c.ReadMessage()
			}
			var ce *websocket.CloseError
			got := errors.As(err, &ce) && ce.Code == websocket.ClosePolicyViolation && ce.Text == "too many messages"
			if got != tc.ok {
				t.Errorf("read after the close: %v; want the close frame: %v", err, tc.ok)
			}
		})
	}
}
