package session

import (
	"testing"

	"github.com/gorilla/websocket"
)

// TestSharingByRole: SetSharing sends each client the text of its role
// when that text changes and nothing when it does not; a client joining
// while it is set reads it right after its state; "" clears it.
func TestSharingByRole(t *testing.T) {
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", "bfs")
	p, _, _ := dial(t, ts, sess, sess.Key())
	f, _, _ := dial(t, ts, sess, "")
	for _, tc := range []struct {
		name                 string
		followers, presenter string
		// wantF and wantP are the texts the follower and the presenter
		// are sent next (nil: nothing, checked by the next step's read).
		wantF, wantP *string
		// join dials a follower, which reads wantF after its state.
		join bool
	}{
		{name: "followers told", followers: "F", wantF: ptr("F")},
		{name: "the presenter told instead", presenter: "P", wantF: ptr(""), wantP: ptr("P")},
		{name: "both, a follower joining", followers: "F", presenter: "P", wantF: ptr("F"), join: true},
		{name: "cleared", wantF: ptr(""), wantP: ptr("")},
	} {
		if !sess.SetSharing(tc.followers, tc.presenter) {
			t.Fatalf("%s: the session has stopped", tc.name)
		}
		checkSharing(t, tc.name+", the follower", f, tc.wantF)
		checkSharing(t, tc.name+", the presenter", p, tc.wantP)
		if tc.join {
			j, _, _ := dial(t, ts, sess, "")
			checkSharing(t, tc.name+", the joiner", j, ptr(tc.followers))
			j.Close()
		}
	}
}

// checkSharing reads c's next message but meta, when want is set, and
// checks it is a sharing message with the text *want.
func checkSharing(t *testing.T, what string, c *websocket.Conn, want *string) {
	t.Helper()
	if want == nil {
		return
	}
	var m SharingMsg
	readAs(t, c, MsgSharing, &m)
	if m.Message != *want {
		t.Errorf("%s was sent %q, want %q", what, m.Message, *want)
	}
}
