package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"stepviz/internal/searchtest"
	"stepviz/server/internal/wstest"
	"stepviz/server/session"
	"stepviz/stepper"
)

// newSearch builds a search from a problem line and a search line.
func newSearch(t testing.TB, problem, options string) *stepper.Search {
	t.Helper()
	return searchtest.New(t, problem, options)
}

// liveServer serves srv on 127.0.0.1 (httptest listens there) and starts
// one session on the problem.
func liveServer(t testing.TB, cfg Config, problem, options string) (*Server, *httptest.Server, *session.Session) {
	t.Helper()
	srv := New(cfg)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	sess, err := srv.startSession(newSearch(t, problem, options))
	if err != nil {
		t.Fatal(err)
	}
	return srv, ts, sess
}

// wsURL is the websocket address of a session, with the key if given.
func wsURL(ts *httptest.Server, sess *session.Session, key string) string {
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/s/" + sess.ID + "/ws"
	if key != "" {
		u += "?key=" + key
	}
	return u
}

// dial connects and reads the hello and the join state.
func dial(t testing.TB, ts *httptest.Server, sess *session.Session, key string) (*websocket.Conn, hello, view) {
	t.Helper()
	c := wstest.Dial(t, wsURL(ts, sess, key))
	var h hello
	readAs(t, c, msgHello, &h)
	var s view
	readAs(t, c, msgState, &s)
	return c, h, s
}

// readAs reads messages until one of type typ, skipping meta messages, and
// decodes its JSON into v.
func readAs(t testing.TB, c *websocket.Conn, typ string, v any) wire {
	t.Helper()
	return wstest.ReadAs(t, c, typ, msgMeta, v)
}

// wire is one message as read.
type wire = wstest.Frame

// The rest of the websocket harness, under the names these tests use.
var (
	readWire    = wstest.Read
	readRaw     = wstest.ReadJSON
	send        = wstest.Send
	expectClose = wstest.ExpectClose
)

// get fetches a URL and returns its status and body.
func get(t testing.TB, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, b.String(), resp.Header
}

func newTestServer(t testing.TB, srv *Server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts
}
