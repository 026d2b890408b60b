package server

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestRoomMalformedNamesTheFault sends the room's websocket frames it
// refuses, as presenter and as follower, and checks the close frame says
// what is wrong in each (1008 and the fault, never one fixed sentence).
func TestRoomMalformedNamesTheFault(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	checkClosed := func(t *testing.T, rc *roomConn, frame string, wants []string) {
		t.Helper()
		if err := rc.c.WriteMessage(websocket.TextMessage, []byte(frame)); err != nil {
			t.Fatalf("write %s: %v", frame, err)
		}
		_ = rc.c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			_, _, err := rc.c.ReadMessage()
			if err == nil {
				continue
			}
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.ClosePolicyViolation {
				t.Fatalf("frame %s: %v, want a close with 1008", frame, err)
			}
			for _, w := range wants {
				if !strings.Contains(ce.Text, w) {
					t.Errorf("frame %s: close reason %q does not say %q", frame, ce.Text, w)
				}
			}
			return
		}
	}
	cases := []struct {
		presenter bool
		frame     string
		wants     []string
	}{
		{true, `{"type":"load","problem":"puzzle 283164705","search":["bfs"]}`, []string{`unknown field "search"`}},
		{true, `{"type":"show","pos":"0"}`, []string{`"pos" must be a whole number, not a string`}},
		{false, `{"type":"answer","poll":1,"answer":7}`, []string{`"answer" must be a string, not a number`}},
		{false, `{"type":"answer"`, []string{`ends before`, `{"type":"answer","poll":1,"answer":"7"}`}},
	}
	for i, tc := range cases {
		k := ""
		if tc.presenter {
			k = key
		}
		rc := dialRoom(t, ts, code, k, strings.Repeat("ab", 8)+string(rune('a'+i)))
		checkClosed(t, rc, tc.frame, tc.wants)
	}
}
