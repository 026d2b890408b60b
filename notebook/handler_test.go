package notebook

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// newServer serves a notebook handler made with cfg at /notebook, closed
// when the test ends.
func newServer(t testing.TB, cfg Config) *httptest.Server {
	t.Helper()
	h := NewHandler(cfg)
	mux := http.NewServeMux()
	mux.Handle("/notebook", h)
	mux.Handle("/notebook/", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestPages(t *testing.T) {
	srv := newServer(t, Config{})
	for _, tc := range []struct {
		path   string
		status int
		want   []string
	}{
		{"/notebook", 200, []string{`data-testid="notebook"`, `data-testid="cell"`, `/notebook/static/notebook.js?v=`, `bfs-vs-astar.ipynb`, `BFS against A*`}},
		{"/notebook/", 200, []string{`data-testid="cell"`}},
		{"/notebook/examples/romania.ipynb", 200, []string{`graph romania start=Arad goal=Bucharest`, `data-kind="markdown"`}},
		{"/notebook/examples/romania", 200, []string{`graph romania`}},
		{"/notebook/examples/nope.ipynb", 404, []string{`no example notebook`}},
		{"/notebook/n/0123456789abcdef", 404, []string{`not saved here`}},
		{"/notebook/n/../../etc", 404, nil},
		{"/notebook/static/notebook.js", 200, []string{`new WebSocket`}},
		{"/notebook/static/style.css", 404, nil},
	} {
		status, body := get(t, srv.URL+tc.path)
		if status != tc.status {
			t.Errorf("GET %s: %d, want %d", tc.path, status, tc.status)
		}
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s lacks %q", tc.path, w)
			}
		}
	}
}

func post(t *testing.T, url, ctype, body string) (int, map[string]string) {
	t.Helper()
	res, err := http.Post(url, ctype, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]string
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatalf("POST %s: reply is not JSON: %v", url, err)
	}
	return res.StatusCode, m
}

func TestSaveOpenDownload(t *testing.T) {
	srv := newServer(t, Config{})
	save := `{"title": "My <b>lecture</b>", "cells": [
		{"kind": "code", "source": "puzzle 283164705 goal=123804765", "count": 1,
		 "outputs": [{"text": "problem: <script>alert(1)</script>", "html": "<script>alert(1)</script>"}]},
		{"kind": "markdown", "source": "# Notes"}]}`
	status, m := post(t, srv.URL+"/notebook/save", "application/json", save)
	if status != 200 || m["id"] == "" || m["url"] != "/notebook/n/"+m["id"] {
		t.Fatalf("save: %d %v", status, m)
	}
	status, page := get(t, srv.URL+m["url"])
	if status != 200 || !strings.Contains(page, "puzzle 283164705 goal=123804765") {
		t.Fatalf("saved page: %d", status)
	}
	// saved outputs are text, escaped: no script from a file reaches the page
	if strings.Contains(page, "<script>alert(1)") || !strings.Contains(page, "problem: &lt;script&gt;") {
		t.Errorf("saved output not escaped in the page")
	}
	if !strings.Contains(page, `value="My &lt;b&gt;lecture&lt;/b&gt;"`) {
		t.Errorf("title not escaped")
	}
	// saving again under the id overwrites
	if len(m["key"]) != 32 || !strings.Contains(m["kept"], "until it restarts") {
		t.Fatalf("first save: no write key, or no word that it is kept only until a restart: %v", m)
	}
	status, m2 := post(t, srv.URL+"/notebook/save", "application/json", `{"id": "`+m["id"]+`", "key": "`+m["key"]+`", "title": "v2", "cells": []}`)
	if status != 200 || m2["id"] != m["id"] || m2["key"] != "" {
		t.Fatalf("save again: %d %v", status, m2)
	}
	// without the key, or with another, nobody saves over it
	for _, key := range []string{"", strings.Repeat("a", 32)} {
		status, m4 := post(t, srv.URL+"/notebook/save", "application/json", `{"id": "`+m["id"]+`", "key": "`+key+`", "title": "evil", "cells": []}`)
		if status != 403 || !strings.Contains(m4["error"], "write key") {
			t.Errorf("save with key %q: %d %v, want 403", key, status, m4)
		}
	}
	res, err := http.Get(srv.URL + m2["ipynb"])
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="v2.ipynb"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	// the downloaded file opens as a new notebook
	status, m3 := post(t, srv.URL+"/notebook/open", "application/x-ipynb+json", string(b))
	if status != 200 || m3["id"] == "" || m3["id"] == m["id"] {
		t.Fatalf("open: %d %v", status, m3)
	}
	// errors
	for _, tc := range []struct{ path, body, want string }{
		{"/notebook/save", "{", "not valid JSON"},
		{"/notebook/save", `{"id": "../x", "cells": []}`, "bad notebook id"},
		{"/notebook/open", `{"nbformat": 4, "cells": [], "metadata": {"kernelspec": {"name": "python3"}}}`, `"python3" kernel`},
		{"/notebook/open", `[]`, "not an .ipynb"},
	} {
		status, m := post(t, srv.URL+tc.path, "application/json", tc.body)
		if status != 400 || !strings.Contains(m["error"], tc.want) {
			t.Errorf("POST %s %s: %d %v, want 400 with %q", tc.path, tc.body, status, m, tc.want)
		}
	}
}

// wsClient is a test client of the kernel websocket.
// wsClient speaks to the kernel socket as the page does: it tells the
// kernel, with each cell, how many failures it has been told of.
type wsClient struct {
	t        *testing.T
	ws       *websocket.Conn
	failures int
}

func dial(t *testing.T, srv *httptest.Server) *wsClient {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return &wsClient{t: t, ws: ws}
}

func (c *wsClient) send(m clientMsg) {
	c.t.Helper()
	if m.Op == "execute" {
		m.Seen = c.failures
	}
	if err := c.ws.WriteJSON(m); err != nil {
		c.t.Fatal(err)
	}
}

// until reads messages up to and including the first for which stop is
// true.
func (c *wsClient) until(stop func(serverMsg) bool) []serverMsg {
	c.t.Helper()
	var out []serverMsg
	_ = c.ws.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		var m serverMsg
		if err := c.ws.ReadJSON(&m); err != nil {
			c.t.Fatalf("reading: %v (after %+v)", err, out)
		}
		out = append(out, m)
		c.failures = max(c.failures, m.Failures)
		if stop(m) {
			return out
		}
	}
}

func doneOf(cell string) func(serverMsg) bool {
	return func(m serverMsg) bool { return m.Type == "done" && m.Cell == cell }
}

func TestKernelSocket(t *testing.T) {
	srv := newServer(t, Config{})
	c := dial(t, srv)
	c.send(clientMsg{Op: "execute", Cell: "c1", Code: "puzzle 283164705 goal=123804765\na = search astar h=manhattan"})
	msgs := c.until(doneOf("c1"))
	var display string
	for _, m := range msgs {
		if m.Type == "output" && m.DisplayID != "" {
			display = m.DisplayID
		}
	}
	if display == "" || msgs[0].Type != "status" || msgs[len(msgs)-1].Count != 1 || msgs[len(msgs)-1].Error != "" {
		t.Fatalf("first cell: %+v", msgs)
	}
	c.send(clientMsg{Op: "execute", Cell: "c2", Code: "step a 2"})
	msgs = c.until(doneOf("c2"))
	updated := false
	for _, m := range msgs {
		if m.Type == "update" && m.DisplayID == display && strings.Contains(m.HTML, `data-step="2"`) {
			updated = true
		}
	}
	if !updated {
		t.Errorf("step a 2 did not update display %s: %+v", display, msgs)
	}
	// a failing cell: the error names the line; the cell queued behind it is not run
	c.send(clientMsg{Op: "execute", Cell: "c3", Code: "step a\nshow a node 99"})
	c.send(clientMsg{Op: "execute", Cell: "c4", Code: "step a"})
	msgs = c.until(doneOf("c4"))
	var d3, d4 serverMsg
	for _, m := range msgs {
		if m.Type == "done" && m.Cell == "c3" {
			d3 = m
		}
		if m.Type == "done" && m.Cell == "c4" {
			d4 = m
		}
	}
	if d3.Line != 2 || !strings.Contains(d3.Error, "node 99 does not exist") {
		t.Errorf("c3 done: %+v", d3)
	}
	if !strings.Contains(d4.Error, "not run") {
		t.Errorf("c4 ran after c3 failed: %+v", d4)
	}
	// the node inspector
	c.send(clientMsg{Op: "node", Search: "a", Node: 2, Req: 5})
	msgs = c.until(func(m serverMsg) bool { return m.Type == "node" })
	if m := msgs[len(msgs)-1]; m.Req != 5 || !strings.Contains(m.Text, "node 2") || m.Error != "" {
		t.Errorf("node inspector: %+v", m)
	}
	// completion
	c.send(clientMsg{Op: "complete", Code: "show a o", Cursor: 8, Req: 7})
	msgs = c.until(func(m serverMsg) bool { return m.Type == "complete" })
	if m := msgs[len(msgs)-1]; m.Req != 7 || strings.Join(m.Matches, ",") != "open" || m.Start != 7 {
		t.Errorf("complete: %+v", m)
	}
	// interrupt a long run; the session survives
	c.send(clientMsg{Op: "execute", Cell: "c5", Code: "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nsearch bfs maxnodes=4000000\nrun"})
	c.until(func(m serverMsg) bool { return m.Type == "output" && m.Cell == "c5" && m.DisplayID != "" })
	time.Sleep(300 * time.Millisecond)
	c.send(clientMsg{Op: "interrupt"})
	msgs = c.until(doneOf("c5"))
	if e := msgs[len(msgs)-1].Error; !strings.Contains(e, "interrupted") {
		t.Errorf("c5 after interrupt: %q", e)
	}
	c.send(clientMsg{Op: "execute", Cell: "c6", Code: "show a stats"})
	msgs = c.until(doneOf("c6"))
	if e := msgs[len(msgs)-1].Error; e != "" {
		t.Errorf("after the interrupt: %s", e)
	}
	// restart forgets everything
	c.send(clientMsg{Op: "restart"})
	c.until(func(m serverMsg) bool { return m.Type == "restarted" })
	c.send(clientMsg{Op: "execute", Cell: "c7", Code: "step a"})
	msgs = c.until(doneOf("c7"))
	if e := msgs[len(msgs)-1].Error; !strings.Contains(e, "no search yet") {
		t.Errorf("after restart: %q", e)
	}
}

func TestKernelSocketOrigin(t *testing.T) {
	srv := newServer(t, Config{})
	hdr := http.Header{"Origin": {"http://evil.example"}}
	_, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", hdr)
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-origin page connected: %v %v", err, res)
	}
}

func TestKernelLimit(t *testing.T) {
	srv := newServer(t, Config{MaxKernels: 1})
	dial(t, srv)
	_, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
	if err == nil || res == nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a second kernel over the limit: %v %v", err, res)
	}
}
