package session

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/internal/searchtest"
	"stepviz/server/internal/wstest"
	"stepviz/stepper"
)

// newSearch builds a search from a problem line and a search line.
func newSearch(t testing.TB, problem, options string) *stepper.Search {
	t.Helper()
	return searchtest.New(t, problem, options)
}

// liveServer serves a store of sessions on 127.0.0.1 as the server routes
// them (GET /s/{id}/ws, ?key= the presenter's) and starts one session on
// the problem.
func liveServer(t testing.TB, problem, options string) (*Store, *httptest.Server, *Session) {
	t.Helper()
	return liveServerCap(t, problem, options, 100_000)
}

// liveServerCap is liveServer with a session node limit of maxNodes.
func liveServerCap(t testing.TB, problem, options string, maxNodes int) (*Store, *httptest.Server, *Session) {
	t.Helper()
	st := NewStore(50, 8, 30*time.Minute, membudget.New(membudget.DefaultLimit))
	lim := Conn{MaxClients: 1000, Addrs: NewAddrLimits(DefaultSocketsPerAddress, DefaultAddressRate),
		Upgrader: &websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 16 << 10, EnableCompression: true}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /s/{id}/ws", func(w http.ResponseWriter, r *http.Request) {
		sess, ok := st.Get(r.PathValue("id"))
		if !ok {
			http.Error(w, "no such session", http.StatusNotFound)
			return
		}
		key := r.URL.Query().Get("key")
		if key != "" && !sess.IsPresenter(key) {
			http.Error(w, "wrong presenter key", http.StatusForbidden)
			return
		}
		sess.Connect(w, r, key != "", lim)
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(func() { ts.Close(); st.CloseAll() })
	sess, err := st.Add(newSearch(t, problem, options), maxNodes, "")
	if err != nil {
		t.Fatal(err)
	}
	return st, ts, sess
}

// wsURL is the websocket address of a session, with the key if given.
func wsURL(ts *httptest.Server, sess *Session, key string) string {
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/s/" + sess.ID + "/ws"
	if key != "" {
		u += "?key=" + key
	}
	return u
}

// dial connects and reads the hello and the join state.
func dial(t testing.TB, ts *httptest.Server, sess *Session, key string) (*websocket.Conn, hello, view) {
	t.Helper()
	c := wstest.Dial(t, wsURL(ts, sess, key))
	var h hello
	readAs(t, c, MsgHello, &h)
	var s view
	readAs(t, c, MsgState, &s)
	return c, h, s
}

// readAs reads messages until one of type typ, skipping meta messages, and
// decodes its JSON into v.
func readAs(t testing.TB, c *websocket.Conn, typ string, v any) wire {
	t.Helper()
	return wstest.ReadAs(t, c, typ, MsgMeta, v)
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
