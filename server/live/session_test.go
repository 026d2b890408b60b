package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/testenv"
	"stepviz/internal/usererr"
	"stepviz/stepper/game"
)

// livePollAt asks kind about node at step k of problem searched by algo.
func livePollAt(t *testing.T, problem, algo string, k int, kind string, node int) (*gamePoll, error) {
	t.Helper()
	l, err := newLiveSearch(problem, algo, DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.seek(k); err != nil {
		t.Fatal(err)
	}
	return newGamePoll(l, kind, node)
}

// TestLivePolls checks the polls' answers against AIMA Fig. 5.2 and 5.5:
// B, C and D back up 3, 2 and 2, A backs up 3; alpha-beta cuts C's c2 and
// c3 first, then nothing else but D's none.
func TestLivePolls(t *testing.T) {
	const fig52 = "gametree [[3,12,8],[2,4,6],[14,5,2]]"
	tests := []struct {
		name, algo string
		step       int
		kind       string
		node       int
		ask, want  string
		err        string
	}{
		{"B after its first leaf", "alphabeta", 3, askBackup, -1, "What value backs up to B?", "3", ""},
		{"A at the start", "minimax", 1, askBackup, 0, "What value backs up to A?", "3", ""},
		{"C under minimax", "minimax", 10, askBackup, -1, "What value backs up to C?", "2", ""},
		{"D under alpha-beta", "alphabeta", 15, askBackup, -1, "What value backs up to D?", "2", ""},
		{"C's cut at step 5", "alphabeta", 5, askPrune, -1, "Which branch gets pruned next?", "C: c2, C: c3", ""},
		{"after C's cut", "alphabeta", 14, askPrune, -1, "Which branch gets pruned next?", noPrune, ""},
		{"a leaf", "alphabeta", 3, askBackup, 2, "", "", "inner node on the current path"},
		{"minimax prunes nothing", "minimax", 3, askPrune, -1, "", "", "only alpha-beta prunes"},
		{"over", "alphabeta", 100, askBackup, -1, "", "", "the search is over"},
		{"unknown kind", "alphabeta", 3, "colour", -1, "", "", "ask"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := livePollAt(t, fig52, tc.algo, tc.step, tc.kind, tc.node)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Ask != tc.ask || p.answer != tc.want {
				t.Errorf("asks %q answer %q, want %q %q", p.Ask, p.answer, tc.ask, tc.want)
			}
			if p.Kind == askPrune {
				for _, r := range strings.Split(tc.want, ", ") {
					if !p.isRight(r) || !contains(p.Choices, r) {
						t.Errorf("%q not a right choice among %v", r, p.Choices)
					}
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestLiveVote checks what a follower's answer may be, and that one page
// holds one vote.
func TestLiveVote(t *testing.T) {
	backup, err := livePollAt(t, fig55, "alphabeta", 3, askBackup, -1)
	if err != nil {
		t.Fatal(err)
	}
	prune, err := livePollAt(t, fig55, "alphabeta", 5, askPrune, -1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p      *gamePoll
		answer string
		stored string
		err    string
	}{
		{backup, " 3.0 ", "3", ""},
		{backup, "−2", "-2", ""},
		{backup, "three", "", "answer with a number"},
		{backup, "NaN", "", "answer with a number"},
		{backup, strings.Repeat("1", 40), "", "at most 32"},
		{prune, "C: c2", "C: c2", ""},
		{prune, "Z: z9", "", "one of the branches"},
	}
	for _, tc := range tests {
		c := &liveClient{}
		err := tc.p.vote(c, tc.answer)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.answer, err, tc.err)
			}
			continue
		}
		if err != nil || tc.p.votes[c] != tc.stored {
			t.Errorf("%q: stored %q (%v), want %q", tc.answer, tc.p.votes[c], err, tc.stored)
		}
	}
	c := &liveClient{}
	for _, a := range []string{"1", "2", "2"} {
		if err := backup.vote(c, a); err != nil {
			t.Fatal(err)
		}
	}
	if backup.Counts["1"] != 0 || backup.Counts["2"] != 1 {
		t.Errorf("a page's second answer did not replace its first: %v", backup.Counts)
	}
	backup.drop(c)
	if backup.Counts["2"] != 0 {
		t.Errorf("a closed page's vote still counts: %v", backup.Counts)
	}
	backup.reveal()
	if err := backup.vote(c, "3"); err == nil {
		t.Error("a vote after the reveal counted")
	}
}

// FuzzLiveVote feeds a backup poll any answer: it is refused or stored
// as a number written by the rounding rule.
func FuzzLiveVote(f *testing.F) {
	for _, s := range []string{"3", "-1e308", "−∞", "1e400", "0x10", " 2 "} {
		f.Add(s)
	}
	l, err := newLiveSearch(fig55, "alphabeta", DefaultMaxNodes)
	if err != nil {
		f.Fatal(err)
	}
	_ = l.seek(3)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := newGamePoll(l, askBackup, -1)
		if err != nil {
			t.Fatal(err)
		}
		c := &liveClient{}
		if p.vote(c, s) == nil && (len(p.votes[c]) > maxAnswerBytes || p.Counts[p.votes[c]] != 1) {
			t.Fatalf("%q stored as %q", s, p.votes[c])
		}
	})
}

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
		if len(fr.Nodes) > maxLiveRows || len(fr.Cut) > maxLiveRows || fr.NodesLeft+len(fr.Nodes) != len(v.Nodes) {
			t.Errorf("%s: %d rows + %d left of %d nodes, %d cuts", tc.cmd.Cmd, len(fr.Nodes), fr.NodesLeft, len(v.Nodes), len(fr.Cut))
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

// TestLiveReadsNoScript: a script line reaches no game or local parser on
// the server (they would load the file it names): a real game script is
// refused, saying the server reads no files, and the landing form does not
// send it to the live page.
func TestLiveReadsNoScript(t *testing.T) {
	path := filepath.Join(testenv.ModuleRoot(t), "examples", "games", "nim.star")
	for _, line := range []string{"script " + path, "SCRIPT " + path + " heaps=1,2"} {
		if isLiveKind(line) {
			t.Errorf("isLiveKind(%q) = true: the server asked a parser that loads the file", line)
		}
		_, err := newLiveSearch(line, "alphabeta", DefaultMaxNodes)
		if err == nil || !strings.Contains(usererr.Text(err), "reads no files") {
			t.Errorf("newLiveSearch(%q): %v, want a refusal saying the server reads no files", line, err)
		}
	}
}
