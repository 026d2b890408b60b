package server

import (
	"bytes"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"stepviz/server/room"
	"stepviz/server/session"
)

// bombBytes inflates to 15 MB and deflates to about 15 KB: under every
// socket's limit on the wire, far above every limit once inflated.
const bombBytes = 15 << 20

// TestCompressedBombRefused: a permessage-deflate message that is small on
// the wire and huge inflated closes its socket with 1009 on every socket
// that negotiates compression, and the server inflates no more than each
// socket's message limit: its allocations while refusing bombs stay far
// below one bomb's size, let alone one per socket.
func TestCompressedBombRefused(t *testing.T) {
	srv, ts := roomServer(t, "")
	sess, err := srv.startSession(newSearch(t, "puzzle 283164705 goal=123804765", "bfs"))
	if err != nil {
		t.Fatal(err)
	}
	code, roomKey := createRoom(t, ts)
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	const sockets = 8
	for _, tc := range []struct {
		name, url string
		limit     int64 // the socket's limit after inflation
	}{
		{"follower", base + "/s/" + sess.ID + "/ws", session.MaxMessageSize},
		{"presenter", base + "/s/" + sess.ID + "/ws?key=" + url.QueryEscape(sess.Key()), session.MaxMessageSize},
		{"room follower", base + "/r/" + code + "/ws?t=" + strings.Repeat("f", 20), room.FollowerReadLimit},
		{"room presenter", base + "/r/" + code + "/ws?t=" + strings.Repeat("p", 20) + "&key=" + url.QueryEscape(roomKey), room.ReadLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bomb, err := websocket.NewPreparedMessage(websocket.TextMessage, bytes.Repeat([]byte{' '}, bombBytes))
			if err != nil {
				t.Fatal(err)
			}
			conns := make([]*websocket.Conn, sockets+1)
			d := websocket.Dialer{EnableCompression: true}
			for i := range conns {
				c, resp, err := d.Dial(tc.url, http.Header{"Origin": {ts.URL}})
				if err != nil {
					t.Fatalf("dial: %v", err)
				}
				t.Cleanup(func() { c.Close() })
				if !strings.Contains(resp.Header.Get("Sec-Websocket-Extensions"), "permessage-deflate") {
					t.Fatalf("compression not negotiated: %v", resp.Header)
				}
				conns[i] = c
			}
			// The first bomb compresses the prepared message (client side).
			sendBomb(t, conns[0], bomb)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for _, c := range conns[1:] {
				sendBomb(t, c, bomb)
			}
			runtime.ReadMemStats(&after)
			grew := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bombs of %d MB inflated: the process allocated %d MB", sockets, bombBytes>>20, grew>>20)
			// Each socket may inflate its limit (and the JSON decoder's
			// copies); the bound leaves room for everything else the
			// server and client do meanwhile.
			if bound := uint64(sockets)*uint64(4*tc.limit) + 16<<20; grew > bound {
				t.Errorf("%d bombs allocated %d MB, want at most %d MB", sockets, grew>>20, bound>>20)
			}
		})
	}
}

// sendBomb writes the bomb and expects the server to close with 1009.
func sendBomb(t *testing.T, c *websocket.Conn, bomb *websocket.PreparedMessage) {
	t.Helper()
	if err := c.WritePreparedMessage(bomb); err != nil {
		t.Fatalf("write: %v", err)
	}
	if code, reason := expectClose(t, c); code != websocket.CloseMessageTooBig {
		t.Errorf("close %d %q, want %d", code, reason, websocket.CloseMessageTooBig)
	}
}
