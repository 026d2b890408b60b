package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// The hostile-client suite (issue 9): `stepviz serve` runs as a child
// process on 127.0.0.1 and is attacked as a student's laptop, a page of
// another site or a local process would: every attack on the lecture
// server and the web notebook that issue 9 lists, and more of the same
// kinds. After each, the server must still answer /healthz within
// hostileAnswer and its resident memory (VmRSS of the child) stay under
// hostileRSS. Each attack is bounded in count and time; the whole suite
// takes about 30 s, most of it waiting out the body deadline of the slow
// uploads, which run beside the other attacks.
const (
	hostileAnswer = 2 * time.Second
	hostileRSS    = 400 << 20 // bytes
	bodyDeadline  = 15 * time.Second
)

// servedProcess is a running `stepviz serve`.
type servedProcess struct {
	base string // http://127.0.0.1:PORT
	host string // 127.0.0.1:PORT
	pid  int
}

func startHostileServe(t *testing.T, exe string, args ...string) *servedProcess {
	t.Helper()
	args = append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "stepviz.db")}, args...)
	p := startServeCmd(t, exec.Command(exe, args...), func(cmd *exec.Cmd) {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("serve did not stop within 10 s of SIGTERM")
		}
	})
	return &servedProcess{base: p.base, host: p.addr, pid: p.cmd.Process.Pid}
}

// rss is the child's resident set size in bytes, from /proc/PID/status.
func (p *servedProcess) rss(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		t.Fatalf("the server process is gone: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc status")
	return 0
}

// healthy checks the server answers within hostileAnswer and stays under
// hostileRSS, and returns its RSS.
func (p *servedProcess) healthy(t *testing.T, after string) int64 {
	t.Helper()
	c := &http.Client{Timeout: hostileAnswer}
	start := time.Now()
	res, err := c.Get(p.base + "/healthz")
	if err != nil {
		t.Fatalf("after %s: /healthz did not answer within %v: %v", after, hostileAnswer, err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("after %s: /healthz answered %s", after, res.Status)
	}
	rss := p.rss(t)
	if rss > hostileRSS {
		t.Fatalf("after %s: the server holds %d MB, over the %d MB ceiling", after, rss>>20, hostileRSS>>20)
	}
	t.Logf("after %s: /healthz in %v, RSS %d MB", after, time.Since(start).Round(time.Millisecond), rss>>20)
	return rss
}

// clientFrom is an HTTP client whose connections come from ip (any
// 127.0.0.0/8 address reaches the server); it does not follow redirects.
func clientFrom(ip string) *http.Client {
	return &http.Client{
		Transport:     &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       10 * time.Second,
	}
}

// do sends a request and returns the status and body; for a redirect,
// the body is the Location.
func do(t *testing.T, c *http.Client, method, url, ctype, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	start := time.Now()
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if d := time.Since(start); d > answerBound(len(body)) {
		t.Errorf("%s %s: answered in %v, over %v", method, url, d, answerBound(len(body)))
	}
	if res.StatusCode/100 == 3 {
		return res.StatusCode, res.Header.Get("Location")
	}
	return res.StatusCode, string(b)
}

// answerBound is how long a request with a body of n bytes may take:
// hostileAnswer, and a second more for every 4 MB (a 15 MB notebook is
// decoded, encoded and stored).
func answerBound(n int) time.Duration { return hostileAnswer + time.Duration(n/(4<<20))*time.Second }

const form = "application/x-www-form-urlencoded"

var exampleSession = url.Values{"source": {"example"}, "example": {"puzzle-283164705"}}.Encode()

func TestHostileClients(t *testing.T) {
	exe := buildStepviz(t)

	t.Run("FlagsOutOfRange", func(t *testing.T) {
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"-max-nodes", "9223372036854775807"}, "-max-nodes 9223372036854775807 is out of range: give a whole number from 1 to 10000000"},
			{[]string{"-max-nodes", "99999999999999999999"}, "-max-nodes 99999999999999999999 is out of range: give a whole number from 1 to 10000000"},
			{[]string{"-max-sessions", "0"}, "-max-sessions 0 is out of range: give a whole number from 1 to 10000"},
			{[]string{"-max-clients", "-5"}, "-max-clients -5"},
			{[]string{"-max-per-client", "20", "-max-sessions", "5"}, "-max-per-client 20 is above -max-sessions 5"},
			{[]string{"-idle", "1ns"}, "-idle 1ns is out of range"},
			{[]string{"-idle", "NaNs"}, "invalid value"},
			{[]string{"-host", "evil.example/x"}, "give a host name"},
		} {
			cmd := exec.Command(exe, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "x.db")}, tc.args...)...)
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage || !strings.Contains(string(out), tc.want) {
				t.Errorf("serve %v: %v\n%s\nwant exit %d saying %q", tc.args, err, out, exitUsage, tc.want)
			}
		}
	})

	p := startHostileServe(t, exe, "-max-sessions", "6", "-max-per-client", "2", "-idle", "2s", "-max-nodes", "200000")
	rss0 := p.healthy(t, "start")
	local := clientFrom("127.0.0.1")

	// Slow uploads and slow headers run beside everything below; their
	// connections must be dropped by the deadlines.
	slowDone := make(chan []string, 1)
	go func() { slowDone <- slowClients(p, 200, 50) }()

	t.Run("DNSRebinding", func(t *testing.T) {
		_, port, _ := net.SplitHostPort(p.host)
		evil := "rebound.example:" + port
		if status, body := do(t, local, "GET", p.base+"/", "", "", map[string]string{"Host": evil}); status != http.StatusMisdirectedRequest || !strings.Contains(body, "does not answer to the host") {
			t.Errorf("GET / with Host %s: %d %.100q", evil, status, body)
		}
		if status, _ := do(t, local, "POST", p.base+"/sessions", form, exampleSession, map[string]string{"Host": evil, "Origin": "http://" + evil}); status != http.StatusMisdirectedRequest {
			t.Errorf("POST /sessions from a rebound page: %d", status)
		}
		if status, _ := do(t, local, "POST", p.base+"/notebook/save", "application/json", `{"cells":[]}`, map[string]string{"Host": evil, "Origin": "http://" + evil}); status != http.StatusMisdirectedRequest {
			t.Errorf("POST /notebook/save from a rebound page: %d", status)
		}
		sess := newSession(t, local, p)
		for _, h := range []http.Header{
			{"Host": {evil}, "Origin": {"http://" + evil}},             // the rebinding page itself
			{"Origin": {"http://" + evil}},                             // Origin is not the served host
			{"Origin": {"http://evil.example"}},                        // plain cross-origin
			{"Origin": {"null"}, "Sec-Fetch-Site": {"cross-site"}},     // sandboxed frame
			{"Host": {"localhost.evil.example:" + port}, "Origin": {}}, // a look-alike name
		} {
			d := websocket.Dialer{HandshakeTimeout: hostileAnswer}
			hdr := http.Header{}
			host := ""
			for k, v := range h {
				if k == "Host" {
					host = v[0]
				} else if len(v) > 0 {
					hdr[k] = v
				}
			}
			u := "ws://" + p.host + sess.path + "/ws?key=" + sess.key
			if host != "" {
				hdr.Set("Host", host)
			}
			c, res, err := d.Dial(u, hdr)
			if err == nil {
				c.Close()
				t.Errorf("presenter websocket with %v: accepted", h)
			} else if res == nil || (res.StatusCode != 403 && res.StatusCode != 421) {
				t.Errorf("presenter websocket with %v: %v, want 403 or 421", h, err)
			}
		}
		// the page's own origin still works
		c, _, err := (&websocket.Dialer{}).Dial("ws://"+p.host+sess.path+"/ws?key="+sess.key, http.Header{"Origin": {p.base}})
		if err != nil {
			t.Fatalf("same-origin presenter websocket: %v", err)
		}
		c.Close()
		p.healthy(t, "rebinding")
	})

	t.Run("CrossOriginPosts", func(t *testing.T) {
		for _, tc := range []struct {
			path, ctype, body string
			header            map[string]string
			status            int
		}{
			{"/sessions", form, exampleSession, map[string]string{"Origin": "http://evil.example"}, 403},
			{"/sessions", form, exampleSession, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
			{"/sessions", "text/plain", exampleSession, nil, 415},
			{"/sessions/trace", form, "trace=x", nil, 415},
			{"/notebook/save", "text/plain", `{"title":"csrf","cells":[]}`, nil, 415},
			{"/notebook/save", "application/json", `{"title":"csrf","cells":[]}`, map[string]string{"Origin": "http://evil.example"}, 403},
			{"/notebook/open", "text/plain", `{"nbformat":4,"cells":[]}`, nil, 415},
			{"/notebook/open", "application/json", `{"nbformat":4,"cells":[]}`, map[string]string{"Origin": "null"}, 403},
		} {
			if status, body := do(t, local, "POST", p.base+tc.path, tc.ctype, tc.body, tc.header); status != tc.status {
				t.Errorf("POST %s (%s, %v): %d %.120q, want %d", tc.path, tc.ctype, tc.header, status, body, tc.status)
			}
		}
		p.healthy(t, "cross-origin posts")
	})

	t.Run("FileProbes", func(t *testing.T) {
		dir := t.TempDir()
		exists := filepath.Join(dir, "exists.map")
		_ = os.WriteFile(exists, []byte("type octile\nheight 1\nwidth 2\nmap\n..\n"), 0o644)
		fifo := filepath.Join(dir, "fifo.map")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		var first string
		for i, f := range []url.Values{
			{"source": {"grid"}, "grid_rows": {exists}},
			{"source": {"grid"}, "grid_rows": {filepath.Join(dir, "missing.map")}},
			{"source": {"grid"}, "grid_rows": {fifo}},
			{"source": {"grid"}, "grid_rows": {"/dev/zero.map"}},
			{"source": {"line"}, "line": {"grid " + fifo + " start=0,0 goal=1,0"}},
			{"source": {"line"}, "line": {"graph /dev/zero"}},
			{"source": {"line"}, "line": {"graph " + fifo}},
		} {
			status, body := do(t, local, "POST", p.base+"/sessions", form, f.Encode(), nil)
			j := strings.Index(body, "reads no files")
			if status != http.StatusUnprocessableEntity || j < 0 {
				t.Errorf("%v: %d, want 422 saying the server reads no files", f, status)
				continue
			}
			if i < 3 {
				if first == "" {
					first = body[j : j+80]
				} else if body[j:j+80] != first {
					t.Errorf("%v: the answer differs from the existing file's, which tells what exists", f)
				}
			}
		}
		p.healthy(t, "file probes")
	})

	t.Run("BigAndBadForms", func(t *testing.T) {
		big := "source=grid&grid_rows=" + strings.Repeat(".", 3<<20)
		if status, _ := do(t, local, "POST", p.base+"/sessions", form, big, nil); status != http.StatusRequestEntityTooLarge {
			t.Errorf("a 3 MB form: %d, want 413", status)
		}
		for _, f := range []url.Values{
			{"source": {"example"}, "example": {"puzzle-283164705"}, "maxnodes": {"9223372036854775807"}},
			{"source": {"example"}, "example": {"puzzle-283164705"}, "maxnodes": {"1e400"}},
			{"source": {"example"}, "example": {"puzzle-283164705"}, "depth": {"-1"}},
			{"source": {"grid"}, "grid_rows": {strings.Repeat(strings.Repeat(".", 2000)+"\n", 500)}},
			{"source": {"puzzle"}, "puzzle": {strings.Repeat("1", 100000)}},
		} {
			if status, _ := do(t, local, "POST", p.base+"/sessions", form, f.Encode(), nil); status != http.StatusUnprocessableEntity {
				t.Errorf("form %.80s: %d, want 422", f.Encode(), status)
			}
		}
		p.healthy(t, "big and bad forms")
	})

	t.Run("SessionSlots", func(t *testing.T) {
		// one address asks for every slot: it gets its share (2), no more
		hog := clientFrom("127.0.0.2")
		var held []session
		for i := 0; i < 10; i++ {
			status, body := do(t, hog, "POST", p.base+"/sessions", form, exampleSession, nil)
			if i >= 2 {
				if status != http.StatusServiceUnavailable || !strings.Contains(body, "already holds 2 sessions") {
					t.Errorf("session %d of one client: %d, want 503 naming its share", i+1, status)
				}
				continue
			}
			held = append(held, newSessionFrom(t, hog, p, status, body))
		}
		// and holds them with silent websockets, a presenter's and 20 followers'
		var conns []*websocket.Conn
		for _, s := range held {
			for i := 0; i <= 20; i++ {
				u := "ws://" + p.host + s.path + "/ws"
				if i == 0 {
					u += "?key=" + s.key
				}
				c, _, err := websocket.DefaultDialer.Dial(u, nil)
				if err != nil {
					t.Fatalf("websocket %d: %v", i, err)
				}
				conns = append(conns, c)
			}
		}
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		// others still get sessions until the server is full (6, one taken
		// by DNSRebinding)
		others, refused := 0, 0
		for i := 3; i < 9; i++ {
			status, body := do(t, clientFrom(fmt.Sprintf("127.0.0.%d", i)), "POST", p.base+"/sessions", form, exampleSession, nil)
			switch {
			case status == http.StatusSeeOther:
				others++
			case status == http.StatusServiceUnavailable && strings.Contains(body, "already holds 6 sessions"):
				refused++
			default:
				t.Errorf("client 127.0.0.%d: %d %.200q", i, status, body)
			}
		}
		// 3 slots were free, 4 if DNSRebinding's session has been idle 2 s
		if others < 3 || refused < 2 {
			t.Errorf("other clients got %d sessions and %d refusals beside the hog's 2, want 3 or 4 and the rest refused (6 in all)", others, refused)
		}
		// two idle seconds later (-idle 2s) the hog's silent sessions are
		// reclaimed for a newcomer, websockets or not
		time.Sleep(2100 * time.Millisecond)
		if status, body := do(t, clientFrom("127.0.0.20"), "POST", p.base+"/sessions", form, exampleSession, nil); status != http.StatusSeeOther {
			t.Errorf("a newcomer on a full server of idle sessions: %d %.200q", status, body)
		}
		p.healthy(t, "session slots")
	})

	t.Run("WebsocketJunk", func(t *testing.T) {
		sess := newSession(t, clientFrom("127.0.0.30"), p)
		for _, msg := range [][]byte{
			bytes.Repeat([]byte("x"), 4<<20),
			[]byte(`{"type":"seek","step":9223372036854775807}`),
			[]byte(`{"type":"seek","step":-9223372036854775808}`),
			[]byte(`{"type":"speed","speed":1e308}`),
			[]byte(`{"type":"goal"}`),
			[]byte(`{"type":"view","step":1e999}`),
			[]byte(`not json`),
			[]byte(`{"type":"` + strings.Repeat("a", 100000) + `"}`),
		} {
			c, _, err := websocket.DefaultDialer.Dial("ws://"+p.host+sess.path+"/ws?key="+sess.key, nil)
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			_ = c.SetWriteDeadline(time.Now().Add(hostileAnswer))
			_ = c.WriteMessage(websocket.TextMessage, msg)
			_ = c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
			for {
				if _, _, err := c.ReadMessage(); err != nil {
					break
				}
			}
			c.Close()
		}
		// after all that, Run to goal reached the goal and never went back to 0
		c, _, err := websocket.DefaultDialer.Dial("ws://"+p.host+sess.path+"/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(hostileAnswer))
		found := false
		for i := 0; i < 10 && !found; i++ {
			_, raw, err := c.ReadMessage()
			if err != nil {
				break
			}
			found = bytes.Contains(raw, []byte(`"solved"`))
		}
		if !found {
			t.Errorf("after Run to goal a follower does not see the search solved")
		}
		p.healthy(t, "websocket junk")
	})

	t.Run("NotebookSaves", func(t *testing.T) {
		owner := clientFrom("127.0.0.40")
		status, body := do(t, owner, "POST", p.base+"/notebook/save", "application/json", `{"title":"mine","cells":[{"kind":"code","source":"puzzle 283164705"}]}`, nil)
		var saved map[string]string
		_ = json.Unmarshal([]byte(body), &saved)
		if status != 200 || saved["key"] == "" {
			t.Fatalf("first save: %d %s", status, body)
		}
		// nobody else overwrites it: no key, a wrong key, a cross-origin text/plain form
		for _, tc := range []struct{ ctype, body string }{
			{"application/json", `{"id":"` + saved["id"] + `","title":"pwned","cells":[]}`},
			{"application/json", `{"id":"` + saved["id"] + `","key":"` + strings.Repeat("0", 32) + `","title":"pwned","cells":[]}`},
			{"text/plain", `{"id":"` + saved["id"] + `","key":"","title":"pwned","cells":[]}`},
		} {
			if status, _ := do(t, clientFrom("127.0.0.41"), "POST", p.base+"/notebook/save", tc.ctype, tc.body, nil); status == 200 {
				t.Errorf("overwrite %s %.60s: accepted", tc.ctype, tc.body)
			}
		}
		// 500 anonymous saves from one address stop at its quota and
		// evict nothing
		spammer := clientFrom("127.0.0.42")
		ok := 0
		for i := 0; i < 500; i++ {
			status, body := do(t, spammer, "POST", p.base+"/notebook/save", "application/json", `{"title":"spam","cells":[]}`, nil)
			if status == 200 {
				ok++
			} else if !strings.Contains(body, "not saved") {
				t.Fatalf("save %d: %d %s", i, status, body)
			}
		}
		if ok > 50 {
			t.Errorf("one address saved %d notebooks, over its quota of 50", ok)
		}
		// big saves stop at the per-owner byte quota: four of 15 MB fit
		// in 64 MB, the fifth is refused, and a 17 MB one is refused as
		// it is read
		bigCell := strings.Repeat("x", 15<<20)
		hoarder := clientFrom("127.0.0.43")
		for i := 0; i < 5; i++ {
			status, body := do(t, hoarder, "POST", p.base+"/notebook/save", "application/json", `{"title":"big","cells":[{"kind":"markdown","source":"`+bigCell+`"}]}`, nil)
			if (i < 4) != (status == 200) {
				t.Errorf("save %d of 15 MB: %d %.200q; want the first 4 saved, the 5th refused", i+1, status, body)
			}
			p.healthy(t, fmt.Sprintf("big save %d", i+1))
		}
		if status, body := do(t, clientFrom("127.0.0.44"), "POST", p.base+"/notebook/save", "application/json", `{"title":"huge","cells":[{"kind":"markdown","source":"`+strings.Repeat("x", 17<<20)+`"}]}`, nil); status != http.StatusRequestEntityTooLarge {
			t.Errorf("a 17 MB save: %d %.200q, want 413", status, body)
		}
		// the first notebook is intact
		status, page := do(t, owner, "GET", p.base+saved["url"], "", "", nil)
		if status != 200 || !strings.Contains(page, "puzzle 283164705") || strings.Contains(page, "pwned") {
			t.Errorf("the owner's notebook after the attacks: %d", status)
		}
		p.healthy(t, "notebook saves")
	})

	t.Run("NotebookKernelsOfClosedTabs", func(t *testing.T) {
		// 24 tabs each start a long search and close at once: the server
		// ends each cell before its slot is free, so at most 16 run and
		// memory stays bounded; a new tab then runs a cell. Each search
		// stops at 100,000 nodes (about 7 MB), so even 16 cells that a
		// loaded machine is slow to stop stay well under the ceiling.
		for i := 0; i < 24; i++ {
			c, res, err := websocket.DefaultDialer.Dial("ws://"+p.host+"/notebook/ws", nil)
			if err != nil {
				if res != nil && res.StatusCode == http.StatusServiceUnavailable {
					continue // every slot is busy: refused, as it should be
				}
				t.Fatalf("tab %d: %v", i, err)
			}
			_ = c.WriteJSON(map[string]any{"op": "execute", "cell": "c1", "code": "puzzle 867254301 goal=123456780\nsearch bfs maxnodes=100000\nrun 2000000"})
			time.Sleep(20 * time.Millisecond)
			c.Close()
		}
		p.healthy(t, "24 closed tabs")
		var c *websocket.Conn
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			var err error
			c, _, err = websocket.DefaultDialer.Dial("ws://"+p.host+"/notebook/ws", nil)
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no kernel slot free 10 s after the tabs closed: %v", err)
			}
		}
		defer c.Close()
		_ = c.WriteJSON(map[string]any{"op": "execute", "cell": "c1", "code": "puzzle 283164705 goal=123804765\nsearch astar h=manhattan\nrun"})
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			var m map[string]any
			if err := c.ReadJSON(&m); err != nil {
				t.Fatalf("the new tab's cell: %v", err)
			}
			if m["type"] == "done" {
				if m["error"] != nil {
					t.Errorf("the new tab's cell failed: %v", m["error"])
				}
				break
			}
		}
		p.healthy(t, "a new tab after the closed ones")
	})

	for _, problem := range <-slowDone {
		t.Error(problem)
	}
	rss := p.healthy(t, "all attacks")
	t.Logf("RSS: %d MB at start, %d MB after every attack (ceiling %d MB)", rss0>>20, rss>>20, hostileRSS>>20)
}

// session is a started session: its page path and presenter key.
type session struct{ path, key string }

func newSession(t *testing.T, c *http.Client, p *servedProcess) session {
	t.Helper()
	status, body := do(t, c, "POST", p.base+"/sessions", form, exampleSession, nil)
	return newSessionFrom(t, c, p, status, body)
}

// newSessionFrom reads the session a POST /sessions made from its
// redirect's Location.
func newSessionFrom(t *testing.T, _ *http.Client, _ *servedProcess, status int, body string) session {
	t.Helper()
	if status != http.StatusSeeOther {
		t.Fatalf("POST /sessions: %d %.200q", status, body)
	}
	m := regexp.MustCompile(`(/s/[A-Za-z0-9_-]+)\?key=([A-Za-z0-9_-]+)`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no session link in the redirect %q", body)
	}
	return session{path: m[1], key: m[2]}
}

// slowClients opens uploads that send a byte a second of a 1 MB body and
// connections that send headers a byte a second, and checks the server
// drops every one within its deadlines (the body deadline, 10 s for
// headers) plus 5 s. It returns what went wrong.
func slowClients(p *servedProcess, uploads, headers int) []string {
	var (
		mu       sync.Mutex
		problems []string
		wg       sync.WaitGroup
	)
	report := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(problems) < 5 {
			problems = append(problems, fmt.Sprintf(format, a...))
		}
	}
	slow := func(prefix string, limit time.Duration) {
		defer wg.Done()
		c, err := net.DialTimeout("tcp", p.host, hostileAnswer)
		if err != nil {
			report("slow client: dial: %v", err)
			return
		}
		defer c.Close()
		start := time.Now()
		if _, err := io.WriteString(c, prefix); err != nil {
			report("slow client: %v", err)
			return
		}
		for time.Since(start) < limit+5*time.Second {
			time.Sleep(time.Second)
			if _, err := c.Write([]byte("x")); err != nil {
				return // dropped
			}
		}
		// still writable: is the server still reading? A closed socket
		// makes a read return at once.
		_ = c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				report("a slow client (%.30q) was still connected after %v", prefix, time.Since(start).Round(time.Second))
			}
		}
	}
	upload := "POST /sessions HTTP/1.1\r\nHost: " + p.host + "\r\nContent-Type: " + form + "\r\nContent-Length: 1048576\r\n\r\nsource=grid&grid_rows="
	for i := 0; i < uploads; i++ {
		wg.Add(1)
		go slow(upload, bodyDeadline)
	}
	for i := 0; i < headers; i++ {
		wg.Add(1)
		go slow("GET / HTTP/1.1\r\nHost: "+p.host+"\r\nX-Slow: ", 10*time.Second)
	}
	wg.Wait()
	return problems
}
