package server

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestLiveSocketBounds sends a live game session's websocket what its
// bounds refuse, as presenter and follower: a command over 512 bytes, the
// same bound passed by a small compressed frame that inflates past it, and
// a follower's flood. Each connection must be closed with the code and a
// reason naming the bound, as a session's and a room's are.
func TestLiveSocketBounds(t *testing.T) {
	ts, id, key := liveTestServer(t, Config{}, "tictactoe", "alphabeta")
	dial := func(t *testing.T, key string, compress bool) *websocket.Conn {
		t.Helper()
		u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/g/" + id + "/ws"
		if key != "" {
			u += "?key=" + url.QueryEscape(key)
		}
		d := websocket.Dialer{EnableCompression: compress}
		c, _, err := d.Dial(u, nil)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		c.EnableWriteCompression(compress)
		return c
	}
	checkClosed := func(t *testing.T, c *websocket.Conn, code int, reason string) {
		t.Helper()
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			_, _, err := c.ReadMessage()
			if err == nil {
				continue
			}
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != code || !strings.Contains(ce.Text, reason) {
				t.Fatalf("got %v, want a close %d saying %q", err, code, reason)
			}
			return
		}
	}
	padded := `{"cmd":"step"` + strings.Repeat(" ", 100_000) + `}`
	cases := []struct {
		name      string
		presenter bool
		compress  bool
		frames    []string
		code      int
		reason    string
	}{
		{"a presenter's long command", true, false, []string{`{"cmd":"step"` + strings.Repeat(" ", 600) + `}`}, websocket.CloseMessageTooBig, "512 bytes"},
		{"a compressed frame inflating past the bound", true, true, []string{padded}, websocket.CloseMessageTooBig, "512 bytes"},
		{"a follower's flood", false, false, repeat(`{"cmd":"vote","answer":"1"}`, 200), websocket.ClosePolicyViolation, "too many messages"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k := ""
			if tc.presenter {
				k = key
			}
			c := dial(t, k, tc.compress)
			for _, f := range tc.frames {
				if err := c.WriteMessage(websocket.TextMessage, []byte(f)); err != nil {
					break
				}
			}
			checkClosed(t, c, tc.code, tc.reason)
		})
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}
