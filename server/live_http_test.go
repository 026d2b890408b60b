package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/stepper/game"
)

// liveTestServer starts a server and a live session through its form.
func liveTestServer(t *testing.T, cfg Config, problem, algo string) (*httptest.Server, string, string) {
	t.Helper()
	srv := New(cfg)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	resp := postLive(t, ts, problem, algo)
	if resp.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("POST /live: %d %s", resp.StatusCode, b)
	}
	u, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return ts, strings.TrimPrefix(u.Path, "/g/"), u.Query().Get(keyParam)
}

func postLive(t *testing.T, ts *httptest.Server, problem, algo string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+livePath, strings.NewReader(url.Values{"problem": {problem}, "algo": {algo}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", ts.URL)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func dialLive(t *testing.T, ts *httptest.Server, id, key string) *websocket.Conn {
	t.Helper()
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/g/" + id + "/ws"
	if key != "" {
		u += "?key=" + url.QueryEscape(key)
	}
	c, resp, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// readLive reads messages until one of type typ, returning it raw.
func readLive(t *testing.T, c *websocket.Conn, typ string) []byte {
	t.Helper()
	for range 10 {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("reading a %s message: %v", typ, err)
		}
		var m struct{ Type string }
		_ = json.Unmarshal(b, &m)
		if m.Type == typ {
			return b
		}
	}
	t.Fatalf("no %s message", typ)
	return nil
}

// TestLiveSession drives a session over its websocket: the presenter's
// commands move every page, a follower's are refused in words, back is
// the view at k−1, and a big tree's message is bounded.
func TestLiveSession(t *testing.T) {
	ts, id, key := liveTestServer(t, Config{}, "tictactoe", "alphabeta")
	p := dialLive(t, ts, id, key)
	f := dialLive(t, ts, id, "")
	readLive(t, p, "view")
	readLive(t, f, "view")

	_ = f.WriteJSON(liveCommand{Cmd: "step"})
	var note liveNote
	_ = json.Unmarshal(readLive(t, f, "note"), &note)
	if !strings.Contains(note.Text, "only the presenter") {
		t.Errorf("a follower's step: %q", note.Text)
	}
	g, _ := game.ParseProblem("tictactoe")
	o, _ := game.ParseOptions("alphabeta")
	o.MaxNodes = DefaultMaxNodes
	for _, tc := range []struct {
		cmd  liveCommand
		step int
	}{{liveCommand{Cmd: "step"}, 1}, {liveCommand{Cmd: "seek", Step: 40}, 40}, {liveCommand{Cmd: "back"}, 39}, {liveCommand{Cmd: "run"}, -1}, {liveCommand{Cmd: "reset"}, 0}} {
		_ = p.WriteJSON(tc.cmd)
		var fr liveFrame
		b := readLive(t, f, "view")
		_ = json.Unmarshal(b, &fr)
		want := tc.step
		if want < 0 {
			v, _ := game.ViewAt(g, o, 1<<30)
			want = v.Step
		}
		v, _ := game.ViewAt(g, o, want)
		if fr.Step != want || fr.Says != v.Says {
			t.Errorf("%s: follower at step %d %q, want %d %q", tc.cmd.Cmd, fr.Step, fr.Says, want, v.Says)
		}
		nodes := len(v.Nodes)
		if nodes == 0 && v.Start != nil {
			nodes = 1 // the root the search starts from, as drawn
		}
		if len(fr.Nodes) > maxLiveRows || len(fr.Cut) > maxLiveRows || fr.NodesLeft+len(fr.Nodes) != nodes {
			t.Errorf("%s: %d rows + %d left of %d nodes, %d cuts", tc.cmd.Cmd, len(fr.Nodes), fr.NodesLeft, nodes, len(fr.Cut))
		}
		if tc.cmd.Cmd == "run" {
			if !strings.Contains(fr.SVG, `data-testid="folded"`) || len(b) > 1<<20 {
				t.Errorf("the whole tic-tac-toe tree: %d bytes, folded %v", len(b), strings.Contains(fr.SVG, "folded"))
			}
		}
	}
	_ = p.WriteJSON(liveCommand{Cmd: "dance"})
	_ = json.Unmarshal(readLive(t, p, "note"), &note)
	if !strings.Contains(note.Text, "unknown command") {
		t.Errorf("an unknown command: %q", note.Text)
	}
}

// TestLiveHTTP checks the form's refusals and the presenter key.
func TestLiveHTTP(t *testing.T) {
	ts, id, key := liveTestServer(t, Config{}, "queens 8 seed=1", "")
	tests := []struct {
		name   string
		status int
		body   string
		do     func() *http.Response
	}{
		{"not a game", http.StatusUnprocessableEntity, "is not a game or a local-search problem", func() *http.Response { return postLive(t, ts, "puzzle 123", "") }},
		{"a local problem searched by a game algorithm", http.StatusUnprocessableEntity, "hillclimb", func() *http.Response { return postLive(t, ts, "queens 8", "alphabeta") }},
		{"prefilled form", http.StatusOK, "tsp 10 seed=3", func() *http.Response { return getResp(t, ts.URL+livePath+"?problem=tsp+10+seed%3D3") }},
		{"follower page", http.StatusOK, "Following", func() *http.Response { return getResp(t, ts.URL+"/g/"+id) }},
		{"presenter page", http.StatusOK, "live-step", func() *http.Response { return getResp(t, ts.URL+"/g/"+id+"?key="+url.QueryEscape(key)) }},
		{"wrong key", http.StatusForbidden, "wrong presenter key", func() *http.Response { return getResp(t, ts.URL+"/g/"+id+"?key=nope") }},
		{"no session", http.StatusNotFound, "no such live session", func() *http.Response { return getResp(t, ts.URL+"/g/nope") }},
	}
	for _, tc := range tests {
		resp := tc.do()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode != tc.status || !strings.Contains(string(b), tc.body) {
			t.Errorf("%s: %d, want %d with %q", tc.name, resp.StatusCode, tc.status, tc.body)
		}
	}
	req, _ := http.NewRequest("POST", ts.URL+livePath, strings.NewReader("problem=queens+8"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://elsewhere.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a POST from another site: %d", resp.StatusCode)
	}
}

func getResp(t *testing.T, u string) *http.Response {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// TestLandingSendsGamesLive checks that the landing form's problem line
// sends a game or local problem to the live form, filled in.
func TestLandingSendsGamesLive(t *testing.T) {
	srv := New(Config{})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	for _, line := range []string{fig55, "queens 8 seed=1"} {
		req, _ := http.NewRequest("POST", ts.URL+"/sessions", strings.NewReader(url.Values{"source": {"line"}, "line": {line}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", ts.URL)
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		u, _ := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusSeeOther || u.Path != livePath || u.Query().Get("problem") != line {
			t.Errorf("%s: %d to %q", line, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
}
