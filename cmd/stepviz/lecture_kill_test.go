package main

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestLectureKill9 is the landing page's restart test: a session started
// with "Start session" (here the example script form, whose problem is
// rebuilt from the form itself) on a server with -db, stepped to 40 by
// its presenter with 5 followers connected; the server killed with SIGKILL
// and started again on the same database: every follower is back on step
// 40 without being told anything, and the presenter's link drives on.
func TestLectureKill9(t *testing.T) {
	exe := buildStepviz(t)
	db := filepath.Join(t.TempDir(), "stepviz.db")
	srv := startServe(t, exe, "127.0.0.1:0", db)
	base := srv.base
	const n = 40

	for _, form := range []url.Values{
		{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"astar"}, "h": {"manhattan"}},
		{"source": {"script"}, "script_example": {"hanoi.star"}, "algo": {"bfs"}},
	} {
		loc := postForm(t, base, "/sessions", form)
		id, key := strings.TrimPrefix(loc.Path, "/s/"), loc.Query().Get("key")
		ws := "ws" + strings.TrimPrefix(base, "http") + "/s/" + id + "/ws"

		var fs []*follower
		for range 5 {
			fs = append(fs, follow(ws))
		}
		p, _, err := websocket.DefaultDialer.Dial(ws+"?key="+url.QueryEscape(key), nil)
		if err != nil {
			t.Fatal(err)
		}
		for range n {
			sendJSON(t, p, map[string]any{"type": "step"})
		}
		atStep := func(k int64) func() bool {
			return func() bool {
				for _, f := range fs {
					if f.step.Load() != k {
						return false
					}
				}
				return true
			}
		}
		waitUntil(t, 10*time.Second, "every follower on step 40", atStep(n))
		p.Close()

		if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = srv.cmd.Wait()
		before := make([]int64, len(fs))
		for i, f := range fs {
			before[i] = f.reconnects.Load()
		}
		killed := time.Now()
		srv = startServe(t, exe, srv.addr, db)
		waitUntil(t, 10*time.Second, "every follower back on step 40", func() bool {
			for i, f := range fs {
				if f.reconnects.Load() == before[i] {
					return false
				}
			}
			return atStep(n)()
		})
		t.Logf("%s: 5 followers back on step %d %v after the kill", form.Get("source"), n, time.Since(killed).Round(time.Millisecond))

		// The presenter's link drives; a wrong key does not.
		if _, resp, err := websocket.DefaultDialer.Dial(ws+"?key=wrong-key", nil); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("a wrong key after the restart: %v", err)
		}
		p2, _, err := websocket.DefaultDialer.Dial(ws+"?key="+url.QueryEscape(key), nil)
		if err != nil {
			t.Fatalf("the presenter's link after the restart: %v", err)
		}
		sendJSON(t, p2, map[string]any{"type": "step"})
		waitUntil(t, 5*time.Second, "every follower on step 41", atStep(n+1))
		p2.Close()
		for _, f := range fs {
			close(f.stop)
		}
	}
}
