package session

import (
	"encoding/binary"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// newSearch builds a search from a problem line and a search line.
func newSearch(t testing.TB, problem, options string) *stepper.Search {
	t.Helper()
	var inst stepper.Instance
	var err error
	if text, ok := strings.CutPrefix(problem, "graphtext:"); ok {
		inst, err = graph.ParseText("test", text, nil)
	} else {
		inst, err = problems.Parse(problem, stepper.LocalFiles)
	}
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// liveServer serves a store of sessions on 127.0.0.1 as the server routes
// them (GET /s/{id}/ws, ?key= the presenter's) and starts one session on
// the problem.
func liveServer(t testing.TB, problem, options string) (*Store, *httptest.Server, *Session) {
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
	sess, err := st.Add(newSearch(t, problem, options), 100_000, "")
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
	c, resp, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, key), nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { c.Close() })
	var h hello
	readAs(t, c, MsgHello, &h)
	var s view
	readAs(t, c, MsgState, &s)
	return c, h, s
}

// wire is one message as read: its type, its JSON (the header of a binary
// frame) and a binary frame's packed records.
type wire struct {
	typ  string
	json []byte
	recs []byte
	size int
}

// readWire reads one message of any type.
func readWire(t testing.TB, c *websocket.Conn) wire {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	kind, raw, err := c.ReadMessage()
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	w := wire{json: raw, size: len(raw)}
	if kind == websocket.BinaryMessage {
		if len(raw) < 4 {
			t.Fatalf("binary frame of %d bytes", len(raw))
		}
		n := int(binary.LittleEndian.Uint32(raw))
		if 4+n > len(raw) {
			t.Fatalf("binary frame header of %d bytes in a frame of %d", n, len(raw))
		}
		w.json, w.recs = raw[4:4+n], raw[4+n:]
	}
	var head struct{ Type string }
	if err := json.Unmarshal(w.json, &head); err != nil {
		t.Fatalf("bad message %.300q: %v", w.json, err)
	}
	w.typ = head.Type
	return w
}

// readAs reads messages until one of type typ (skipping meta messages,
// which come whenever the audience or the live step changes) and decodes
// its JSON into v.
func readAs(t testing.TB, c *websocket.Conn, typ string, v any) wire {
	t.Helper()
	for {
		w := readWire(t, c)
		if w.typ == MsgMeta && typ != MsgMeta {
			continue
		}
		if w.typ != typ {
			t.Fatalf("got a %q message, want %q: %.300s", w.typ, typ, w.json)
		}
		if err := json.Unmarshal(w.json, v); err != nil {
			t.Fatalf("decoding %s: %v", typ, err)
		}
		return w
	}
}

func readRaw(t testing.TB, c *websocket.Conn) []byte {
	t.Helper()
	return readWire(t, c).json
}

func send(t testing.TB, c *websocket.Conn, m ClientMsg) {
	t.Helper()
	b, _ := json.Marshal(m)
	if err := c.WriteMessage(websocket.TextMessage, b); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// expectClose reads until the connection closes and returns the close
// frame's code and reason.
func expectClose(t testing.TB, c *websocket.Conn) (int, string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, _, err := c.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if ok := asCloseError(err, &ce); ok {
			return ce.Code, ce.Text
		}
		t.Fatalf("connection ended without a close frame: %v", err)
	}
}

func asCloseError(err error, ce **websocket.CloseError) bool {
	e, ok := err.(*websocket.CloseError)
	if ok {
		*ce = e
	}
	return ok
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
