package server

import (
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/server/session"
)

// postFrom posts a landing form from the client address ip (any
// 127.0.0.0/8 address reaches a server on 127.0.0.1), without following
// the redirect.
func postFrom(t *testing.T, ts string, ip string, form url.Values) (int, string, string) {
	t.Helper()
	c := &http.Client{
		Transport:     &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       10 * time.Second,
	}
	res, err := c.PostForm(ts+"/sessions", form)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res.StatusCode, res.Header.Get("Location"), b.String()
}

var exampleForm = url.Values{"source": {"example"}, "example": {"puzzle-283164705"}}

// TestFormReadsNoFile: the grid field, and a problem line, never make the
// server read a file, and the answer is the same whether the file exists,
// is missing or is a FIFO (which must not hang the request).
func TestFormReadsNoFile(t *testing.T) {
	ts := newTestServer(t, New(Config{}))
	dir := t.TempDir()
	real := filepath.Join(dir, "real.map")
	if err := os.WriteFile(real, []byte("type octile\nheight 1\nwidth 3\nmap\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.map")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.map")
	var answers []string
	for _, form := range []url.Values{
		{"source": {"grid"}, "grid_rows": {real}},
		{"source": {"grid"}, "grid_rows": {missing}},
		{"source": {"grid"}, "grid_rows": {fifo}},
		{"source": {"grid"}, "grid_rows": {"\n  " + strings.ToUpper(real) + "  \n"}},
		{"source": {"line"}, "line": {"grid " + real + " start=0,0 goal=2,0"}},
		{"source": {"line"}, "line": {"grid " + fifo}},
		{"source": {"line"}, "line": {"graph /etc/passwd"}},
		{"source": {"line"}, "line": {"GRAPH " + real}},
	} {
		start := time.Now()
		status, loc, body := postFrom(t, ts.URL, "127.0.0.1", form)
		if status != http.StatusUnprocessableEntity || loc != "" || !strings.Contains(body, "reads no files") {
			t.Errorf("%v: HTTP %d %q, want 422 saying the server reads no files", form, status, loc)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%v: answered in %v", form, d)
		}
		// the map file's own words ("height 1"), not the form's help on a
		// heuristic's globals, which names a grid's height
		for _, leak := range []string{"no such file", "permission", "directory", "height 1", "type octile"} {
			if strings.Contains(body, leak) {
				t.Errorf("%v: the answer says %q, which tells whether the file exists", form, leak)
			}
		}
		i := strings.Index(body, "reads no files")
		if i >= 0 {
			answers = append(answers, body[i:i+60])
		}
	}
	// the grid-field answers are the same for the file, the missing one and the FIFO
	if len(answers) >= 3 && (answers[0] != answers[1] || answers[1] != answers[2]) {
		t.Errorf("answers differ: %q", answers[:3])
	}
	// a grid drawn as rows still works
	if status, loc, _ := postFrom(t, ts.URL, "127.0.0.1", url.Values{"source": {"grid"}, "grid_rows": {"S..\n.#G"}}); status != http.StatusSeeOther || !strings.HasPrefix(loc, "/s/") {
		t.Errorf("a drawn grid: HTTP %d %q", status, loc)
	}
}

// TestSessionQuotas: one client address cannot take every session slot;
// another still gets one; and a session held only by open websockets is
// reclaimed once its presenter has been idle, where one the presenter
// drives is not.
func TestSessionQuotas(t *testing.T) {
	const idle = 300 * time.Millisecond
	srv := New(Config{MaxSessions: 4, MaxPerClient: 2, Idle: idle})
	t.Cleanup(srv.Close)
	ts := newTestServer(t, srv)
	var mine []string
	for i := 0; i < 2; i++ {
		status, loc, _ := postFrom(t, ts.URL, "127.0.0.2", exampleForm)
		if status != http.StatusSeeOther {
			t.Fatalf("session %d of 127.0.0.2: HTTP %d", i, status)
		}
		mine = append(mine, loc)
	}
	status, _, body := postFrom(t, ts.URL, "127.0.0.2", exampleForm)
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "your computer already holds 2 sessions") {
		t.Fatalf("third session of one client: HTTP %d, want 503 naming the per-client limit", status)
	}
	for _, ip := range []string{"127.0.0.3", "127.0.0.4"} {
		if status, _, _ := postFrom(t, ts.URL, ip, exampleForm); status != http.StatusSeeOther {
			t.Fatalf("another client %s: HTTP %d, want a session", ip, status)
		}
	}
	// the server is full now (4). Hold the first session of 127.0.0.2 open
	// with a follower and its presenter's socket, both silent; drive the
	// second one.
	ws := func(loc string) *websocket.Conn {
		u, _ := url.Parse(loc)
		c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.URL, "http")+u.Path+"/ws?"+u.RawQuery, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	follower := ws(strings.Split(mine[0], "?")[0])
	_ = ws(mine[0])
	driver := ws(mine[1])
	deadline := time.Now().Add(2 * idle)
	for time.Now().Before(deadline) {
		_ = driver.WriteMessage(websocket.TextMessage, []byte(`{"type":"step"}`))
		time.Sleep(idle / 6)
	}
	// every session but the driven one is idle: a new client's session
	// reclaims the least recently used, not the driven one
	status, _, body = postFrom(t, ts.URL, "127.0.0.5", exampleForm)
	if status != http.StatusSeeOther {
		t.Fatalf("a session on a full server with idle sessions: HTTP %d %.200s", status, body)
	}
	id0 := strings.TrimPrefix(strings.Split(mine[0], "?")[0], "/s/")
	id1 := strings.TrimPrefix(strings.Split(mine[1], "?")[0], "/s/")
	if _, ok := srv.session(id0); ok {
		t.Errorf("the session held only by silent sockets was not reclaimed")
	}
	if _, ok := srv.session(id1); !ok {
		t.Errorf("the driven session was reclaimed")
	}
	// its follower's connection is closed, saying why
	_ = follower.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := follower.ReadMessage(); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatalf("the reclaimed session's follower is still connected")
			}
			if ce, ok := err.(*websocket.CloseError); !ok || !strings.Contains(ce.Text, "no presenter command for 300 milliseconds") {
				t.Errorf("the reclaimed session's follower was closed with %v, want a reason naming the idle rule", err)
			}
			break
		}
	}
	// 127.0.0.2's own share: it holds one session now, so it may start one
	if status, _, _ := postFrom(t, ts.URL, "127.0.0.2", exampleForm); status != http.StatusSeeOther {
		t.Errorf("127.0.0.2 after its session was reclaimed: HTTP %d", status)
	}
}

// TestRunToGoalWithAHugeNodeLimit: "Run to goal" under the largest node
// limit neither overflows its step target nor resets the session to step 0.
func TestRunToGoalWithAHugeNodeLimit(t *testing.T) {
	_, ts, sess := liveServer(t, Config{MaxNodes: math.MaxInt}, "puzzle 283164705 goal=123804765", "astar h=manhattan")
	c, _, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, sess.Key()), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"goal"}`)); err != nil {
		t.Fatal(err)
	}
	var step int
	var status string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		sess.Do(func(lv session.Live) { step, status = lv.Search.StepCount(), string(lv.Search.Status()) })
		if step > 0 {
			break
		}
	}
	if step == 0 || status != "solved" {
		t.Fatalf("after Run to goal: step %d, status %s; want the goal", step, status)
	}
}

// TestConfigValidate: every serve limit is range-checked with a message
// naming the flag and the range.
func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, ""},
		{Config{MaxNodes: math.MaxInt}, "-max-nodes 9223372036854775807 is out of range: give a whole number from 1 to 10000000"},
		{Config{MaxNodes: MaxMaxNodes}, ""},
		{Config{MaxSessions: -1}, "-max-sessions -1 is out of range"},
		{Config{MaxClients: 1 << 40}, "-max-clients 1099511627776 is out of range"},
		{Config{MaxSessions: 5, MaxPerClient: 6}, "-max-per-client 6 is above -max-sessions 5"},
		{Config{Idle: time.Millisecond}, "-idle 1 millisecond is out of range: give a duration from 1 second to 7 days, such as 30m"},
		{Config{Idle: 365 * 24 * time.Hour}, "-idle 365 days is out of range"},
	} {
		err := tc.cfg.Validate()
		if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && !strings.Contains(got, tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.cfg, err, tc.want)
		}
	}
}

// TestFormErrors: a form over 2 MB is refused as too large, a malformed
// one as malformed, each saying so.
func TestFormErrors(t *testing.T) {
	ts := newTestServer(t, New(Config{}))
	for _, tc := range []struct {
		body   string
		status int
		want   string
	}{
		{"source=grid&grid_rows=" + strings.Repeat(".", 3<<20), http.StatusRequestEntityTooLarge, "larger than 2 MB"},
		{"source=%zz", http.StatusBadRequest, "the form is malformed"},
	} {
		res, err := http.Post(ts.URL+"/sessions", "application/x-www-form-urlencoded", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 4096)
		n, _ := io.ReadFull(res.Body, b)
		res.Body.Close()
		if res.StatusCode != tc.status || !strings.Contains(string(b[:n]), tc.want) {
			t.Errorf("%.40q: %d %q, want %d with %q", tc.body, res.StatusCode, b[:n], tc.status, tc.want)
		}
	}
}
