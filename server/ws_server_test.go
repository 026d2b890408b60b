package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/stepper"
)

// The problem most websocket tests step.
const puzzleLine, puzzleOpts = "puzzle 283164705 goal=123804765", "astar h=manhattan"

// TestHandshakeChecks: another site's page may not open a session's
// websocket, and a wrong presenter key is refused.
func TestHandshakeChecks(t *testing.T) {
	_, ts, sess := liveServer(t, Config{MaxClients: 2}, puzzleLine, puzzleOpts)
	for _, tc := range []struct {
		name, origin, key string
		status            int
	}{
		{"other site", "http://evil.example", "", http.StatusForbidden},
		{"same host", ts.URL, "", http.StatusSwitchingProtocols},
		{"wrong key", "", "guess", http.StatusForbidden},
		{"no such session", "", "", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.origin != "" {
				h.Set("Origin", tc.origin)
			}
			u := wsURL(ts, sess, tc.key)
			if tc.name == "no such session" {
				u = strings.Replace(u, sess.ID, "nope", 1)
			}
			c, resp, err := websocket.DefaultDialer.Dial(u, h)
			if c != nil {
				c.Close()
			}
			if resp == nil {
				t.Fatalf("no response: %v", err)
			}
			if resp.StatusCode != tc.status {
				t.Errorf("HTTP %d, want %d (%v)", resp.StatusCode, tc.status, err)
			}
		})
	}
	// MaxClients: two connections are allowed, the third is refused.
	waitFor(t, func() bool { return sess.Stats().Connected == 0 }) // the subtests' sockets have left
	dial(t, ts, sess, "")
	dial(t, ts, sess, "")
	waitFor(t, func() bool { return sess.Stats().Connected == 2 })
	_, resp, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, ""), nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("third connection with MaxClients 2: %v", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("condition not met in 5 s")
}

// TestNodeLimit: a session's search stops at the server's node limit and
// says so.
func TestNodeLimit(t *testing.T) {
	srv := New(Config{MaxNodes: 500})
	defer srv.Close()
	ts := newTestServer(t, srv)
	s, err := searchFromForm(formValues(map[string][]string{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"bfs"}}), 500)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(s)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _ := dial(t, ts, sess, sess.Key())
	send(t, p, clientMsg{Type: cmdGoal})
	var m view
	readAs(t, p, msgMove, &m)
	if m.Status != stepper.LimitReached || m.NodeEnd < 500 || m.NodeEnd > 600 {
		t.Fatalf("run to goal under a 500-node limit: status %s, %d nodes", m.Status, m.NodeEnd)
	}
	send(t, p, clientMsg{Type: cmdStep})
	var e errorMsg
	readAs(t, p, msgError, &e)
	if !strings.Contains(e.Message, "limit reached") {
		t.Errorf("stepping past the limit: %q", e.Message)
	}
}
