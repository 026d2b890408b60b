package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"

	"stepviz/internal/testenv/browser"
)

// follower is a Go client that behaves as a follower's page does: it
// keeps a session's websocket open, reconnecting with backoff whenever it
// drops, and remembers the step of the last full state or step it got.
type follower struct {
	step       atomic.Int64
	reconnects atomic.Int64
	stop       chan struct{}
}

func follow(wsURL string) *follower {
	f := &follower{stop: make(chan struct{})}
	f.step.Store(-1)
	go func() {
		delay := 100 * time.Millisecond
		for first := true; ; first = false {
			select {
			case <-f.stop:
				return
			default:
			}
			c, _, err := websocket.DefaultDialer.Dial(wsURL, nil)
			if err != nil {
				time.Sleep(delay)
				delay = min(2*delay, time.Second)
				continue
			}
			delay = 100 * time.Millisecond
			if !first {
				f.reconnects.Add(1)
			}
			go func() { <-f.stop; c.Close() }()
			for {
				kind, raw, err := c.ReadMessage()
				if err != nil {
					break
				}
				raw = frameJSON(kind, raw)
				var m struct {
					Type  string
					Step  *int
					Event struct{ Step int }
				}
				_ = json.Unmarshal(raw, &m)
				switch {
				case m.Type == "step":
					f.step.Store(int64(m.Event.Step))
				case m.Step != nil:
					f.step.Store(int64(*m.Step))
				}
			}
			c.Close()
		}
	}()
	return f
}

// roomWS is a minimal room client for the test.
func roomWS(t *testing.T, base, code, key, token string) *websocket.Conn {
	t.Helper()
	u := "ws" + strings.TrimPrefix(base, "http") + "/r/" + code + "/ws?t=" + token
	if key != "" {
		u += "&key=" + url.QueryEscape(key)
	}
	c, _, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		t.Fatalf("room websocket: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// readUntil reads room messages until pred accepts one.
func readUntil(t *testing.T, c *websocket.Conn, what string, pred func(m map[string]any) bool) map[string]any {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(15 * time.Second))
	for {
		_, raw, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		if m["type"] == "error" {
			t.Fatalf("waiting for %s: error %v", what, m["message"])
		}
		if pred(m) {
			return m
		}
	}
}

func sendJSON(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	if err := c.WriteJSON(v); err != nil {
		t.Fatal(err)
	}
}

// TestRoomKill9 is the restart test: a room stepped to 25 with 10
// followers connected (and a follower's page in Chromium), the server
// killed with SIGKILL and started again on the same database: every
// follower is back on step 25 within 5 s without a reload, the presenter's
// link drives, and the poll results and a saved notebook are intact.
func TestRoomKill9(t *testing.T) {
	exe := buildStepviz(t)
	db := filepath.Join(t.TempDir(), "stepviz.db")
	srv := startServe(t, exe, "127.0.0.1:0", db)
	base := srv.base

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	loc := postForm(t, base, "/rooms", nil)
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")

	p := roomWS(t, base, code, key, "presenter-token-000000")
	sendJSON(t, p, map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
	room := readUntil(t, p, "the search shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	lane := room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)
	id := lane["id"].(string)
	sessWS := "ws" + strings.TrimPrefix(base, "http") + "/s/" + id + "/ws"

	var fs []*follower
	for range 10 {
		fs = append(fs, follow(sessWS))
	}
	defer func() {
		for _, f := range fs {
			close(f.stop)
		}
	}()
	// A follower's page in Chromium, marked so that a reload would show.
	ctx := browser.New(t, 1280, 800, 90*time.Second)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/r/"+code),
		browser.Until(`(() => { const f = document.querySelector("iframe.lane"); return f && f.contentDocument && f.contentDocument.getElementById("step-n") !== null; })()`, 15*time.Second),
		chromedp.Evaluate[chromedp.Void](`window.notReloaded = true; document.querySelector("iframe.lane").contentWindow.notReloaded = true`),
	); err != nil {
		t.Fatalf("the follower's page: %v", err)
	}

	for range 25 {
		sendJSON(t, p, map[string]any{"type": "drive", "command": "step", "lane": -1})
	}
	readUntil(t, p, "step 25", func(m map[string]any) bool {
		rows, _ := m["rows"].([]any)
		return m["type"] == "compare" && len(rows) == 1 && rows[0].(map[string]any)["step"] == 25.0
	})
	waitUntil(t, 10*time.Second, "every follower on step 25", func() bool {
		for _, f := range fs {
			if f.step.Load() != 25 {
				return false
			}
		}
		return true
	})
	pageStep := `document.querySelector("iframe.lane").contentDocument.getElementById("step-n").textContent`
	if err := chromedp.Do(ctx, browser.Until(pageStep+` === "25"`, 10*time.Second)); err != nil {
		t.Fatalf("the follower's page did not reach step 25: %v", err)
	}

	// A poll the class answers, and a saved notebook.
	sendJSON(t, p, map[string]any{"type": "ask", "kind": "next", "lane": 0})
	poll := readUntil(t, p, "the poll", func(m map[string]any) bool { return m["type"] == "poll" })
	pollID, right := poll["id"].(float64), poll["right"].(string)
	for i := range 10 {
		c := roomWS(t, base, code, "", fmt.Sprintf("follower-token-%08d", i))
		sendJSON(t, c, map[string]any{"type": "answer", "poll": pollID, "answer": right})
		readUntil(t, c, "the answer recorded", func(m map[string]any) bool { return m["type"] == "poll" && m["yours"] == right })
	}
	nbReq, _ := http.NewRequest("POST", base+"/notebook/save", strings.NewReader(`{"title":"lecture 7","cells":[{"kind":"code","source":"p = puzzle 283164705"}]}`))
	nbReq.Header.Set("Content-Type", "application/json")
	nbReq.Header.Set("Origin", base)
	nbResp, err := client.Do(nbReq)
	if err != nil {
		t.Fatal(err)
	}
	var saved struct{ ID, Key string }
	_ = json.NewDecoder(nbResp.Body).Decode(&saved)
	nbResp.Body.Close()
	if nbResp.StatusCode != 200 || saved.ID == "" {
		t.Fatalf("saving a notebook: %s %+v", nbResp.Status, saved)
	}

	// kill -9, and start again on the same database.
	before := make([]int64, len(fs))
	for i, f := range fs {
		before[i] = f.reconnects.Load()
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = srv.cmd.Wait()
	killed := time.Now()
	srv = startServe(t, exe, srv.addr, db)
	waitUntil(t, 5*time.Second-time.Since(killed), "every follower back on step 25", func() bool {
		for i, f := range fs {
			if f.reconnects.Load() == before[i] || f.step.Load() != 25 {
				return false
			}
		}
		return true
	})
	t.Logf("10 followers back on step 25 %v after the kill", time.Since(killed).Round(time.Millisecond))
	left := 5*time.Second - time.Since(killed)
	if err := chromedp.Do(ctx, browser.Until(`window.notReloaded === true && document.querySelector("iframe.lane").contentWindow.notReloaded === true && `+
		pageStep+` === "25" && document.querySelector("iframe.lane").contentDocument.getElementById("conn").textContent === "live"`, max(left, 100*time.Millisecond))); err != nil {
		t.Fatalf("the follower's page is not back on step 25, live, without a reload, 5 s after the kill: %v", err)
	}
	t.Logf("the follower's page back on step 25 %v after the kill", time.Since(killed).Round(time.Millisecond))

	// The presenter's link drives.
	p2 := roomWS(t, base, code, key, "presenter-token-000000")
	readUntil(t, p2, "the room", func(m map[string]any) bool { return m["type"] == "room" })
	sendJSON(t, p2, map[string]any{"type": "drive", "command": "step", "lane": -1})
	waitUntil(t, 5*time.Second, "step 26 everywhere", func() bool {
		for _, f := range fs {
			if f.step.Load() != 26 {
				return false
			}
		}
		return true
	})
	if err := chromedp.Do(ctx, browser.Until(pageStep+` === "26"`, 5*time.Second)); err != nil {
		t.Fatalf("the follower's page did not follow step 26: %v", err)
	}

	// The poll's answers and the notebook are intact.
	csvResp, err := client.Get(base + "/r/" + code + "/polls.csv?key=" + url.QueryEscape(key))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(csvResp.Body)
	csvResp.Body.Close()
	if n := strings.Count(string(body), ","+right+",1,"); n != 10 {
		t.Fatalf("poll results after the restart (%d right answers):\n%s", n, body)
	}
	nbGet, err := client.Get(base + "/notebook/n/" + saved.ID + "/ipynb")
	if err != nil {
		t.Fatal(err)
	}
	nb, _ := io.ReadAll(nbGet.Body)
	nbGet.Body.Close()
	if nbGet.StatusCode != 200 || !strings.Contains(string(nb), "puzzle 283164705") {
		t.Fatalf("the saved notebook after the restart: %s %.200s", nbGet.Status, nb)
	}
}

func waitUntil(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out (%v) waiting for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// frameJSON is the JSON of a session websocket frame: a text frame is
// JSON; a binary frame (protocol v2's state and move) starts with the
// JSON's length (4 bytes, little-endian), then the JSON, then records.
func frameJSON(kind int, raw []byte) []byte {
	if kind != websocket.BinaryMessage {
		return raw
	}
	if len(raw) < 4 {
		return nil
	}
	n := int(binary.LittleEndian.Uint32(raw))
	if 4+n > len(raw) {
		return nil
	}
	return raw[4 : 4+n]
}

// postForm posts form (nil: empty) to base+path as the lecturer's browser
// would (same Origin) and returns where the 303 it must answer leads.
func postForm(t *testing.T, base, path string, form url.Values) *url.URL {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || loc == nil {
		t.Fatalf("POST %s (%v): %s", path, form, resp.Status)
	}
	return loc
}
