package server

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestFullSessionNamesTheFlag fills a lecture session and a live game
// session to -max-clients 1 and checks the next follower is refused with
// 503 and a reason that names the limit and the flag that raises it.
func TestFullSessionNamesTheFlag(t *testing.T) {
	cfg := Config{MaxClients: 1}
	cases := []struct {
		name string
		open func(t *testing.T) string // fills the session; returns a follower's websocket address
	}{
		{"lecture session", func(t *testing.T) string {
			_, ts, sess := liveServer(t, cfg, puzzleLine, puzzleOpts)
			dial(t, ts, sess, "")
			waitFor(t, func() bool { return sess.Stats().Connected == 1 })
			return wsURL(ts, sess, "")
		}},
		{"live game session", func(t *testing.T) string {
			ts, id, _ := liveTestServer(t, cfg, "tictactoe", "alphabeta")
			dialLive(t, ts, id, "")
			time.Sleep(50 * time.Millisecond) // the first page is attached before Connect returns its upgrade
			return "ws" + strings.TrimPrefix(ts.URL, "http") + "/g/" + url.PathEscape(id) + "/ws"
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := tc.open(t)
			c, resp, err := websocket.DefaultDialer.Dial(u, nil)
			if c != nil {
				c.Close()
				t.Fatal("a second follower was let in with -max-clients 1")
			}
			if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("second follower: %v, want 503", err)
			}
			b, _ := io.ReadAll(resp.Body)
			for _, w := range []string{"1 viewer", "-max-clients"} {
				if !strings.Contains(string(b), w) {
					t.Errorf("refusal %q does not say %q", b, w)
				}
			}
		})
	}
}
