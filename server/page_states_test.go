package server

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/server/session"
)

// TestFollowerPageUnderRateLimit: a follower's page watching the presenter
// play at 20 steps a second (the page's top speed) on a big BFS asks for
// the state strings it shows and fetches ahead, and stays under the
// follower's limit of 30 messages a second: it is not disconnected and
// keeps up with every step.
func TestFollowerPageUnderRateLimit(t *testing.T) {
	srv := New(Config{MaxNodes: 100000})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	s, err := searchFromForm(formValues(url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"bfs"}}), 100000)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(s)
	if err != nil {
		t.Fatal(err)
	}
	const start = 3000
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: start})
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+followerPath(sess)), testbrowser.Until(
		`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(start)+`"`, 30*time.Second)); err != nil {
		t.Fatalf("the follower's page did not draw step %d: %v", start, err)
	}
	// count what the page sends from now on
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const ws = window.stepviz.state.ws, send = ws.send.bind(ws);
		window.sentAt = [];
		ws.send = (d) => { window.sentAt.push(performance.now()); send(d); };
	})()`)); err != nil {
		t.Fatal(err)
	}
	const secs = 5
	if err := sess.Command(clientMsg{Type: cmdPlay, Speed: 20}); err != nil {
		t.Error(err)
	}
	time.Sleep(secs * time.Second)
	var live int
	_ = sess.Command(clientMsg{Type: cmdPause})
	sess.Do(func(lv session.Live) { live = lv.Search.StepCount() })
	if live < start+secs*10 {
		t.Fatalf("the presenter played only to step %d in %d s at 20 a second", live, secs)
	}
	if err := chromedp.Do(ctx, testbrowser.Until(`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(live)+`"`, 10*time.Second)); err != nil {
		t.Fatalf("the follower's page did not draw the live step %d: %v", live, err)
	}
	type sent struct {
		Open      bool
		Count     int
		MaxPerSec int
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[sent](`(() => {
		const ts = window.sentAt;
		let worst = 0;
		for (let i = 0, j = 0; i < ts.length; i++) { while (ts[i] - ts[j] >= 1000) j++; worst = Math.max(worst, i - j + 1); }
		return { Open: !!window.stepviz.state.ws && window.stepviz.state.ws.readyState === 1, Count: ts.length, MaxPerSec: worst };
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the follower's page sent %d messages while %d steps were played, at most %d in a second", got.Count, live-start, got.MaxPerSec)
	if !got.Open {
		t.Error("the follower's socket was closed while the presenter played")
	}
	if got.MaxPerSec > 30 {
		t.Errorf("the follower's page sent %d messages in one second; a follower may send 30", got.MaxPerSec)
	}
	if got.Count == 0 {
		t.Error("the follower's page asked for no state string in 5 s of play: the test measures nothing")
	}
}

// TestGridPageLoadsH: a grid's state string is known from its cell before
// its h is; a page opened at step 3,000 of A* on arena2 still shows h and f
// in the open and closed tables and f on the tree's boxes (they were blank:
// only a missing state string was asked for).
func TestGridPageLoadsH(t *testing.T) {
	srv := New(Config{MaxNodes: 100000})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	s, err := searchFromForm(formValues(url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "grid_moves": {"8"}, "algo": {"astar"}, "h": {"octile"}}), 100000)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(s)
	if err != nil {
		t.Fatal(err)
	}
	const step = 3000
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: step})
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), testbrowser.Until(
		`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(step)+`"`, 30*time.Second)); err != nil {
		t.Fatalf("the page did not draw step %d: %v", step, err)
	}
	type shown struct{ OpenH, OpenF, ClosedH, ClosedF, TreeF []string }
	got, err := chromedp.Run(ctx, chromedp.Evaluate[shown](`(() => {
		const col = (table, i) => [...document.querySelectorAll('#' + table + ' tbody tr[data-id]')].map((tr) => tr.children[i].textContent);
		return { OpenH: col("open-table", 3), OpenF: col("open-table", 4), ClosedH: col("closed-table", 3), ClosedF: col("closed-table", 4),
			TreeF: [...document.querySelectorAll('#tree [data-testid=tree-node][data-id]')].map((e) => e.dataset.f) };
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	for name, col := range map[string][]string{"open table's h": got.OpenH, "open table's f": got.OpenF, "closed table's h": got.ClosedH, "closed table's f": got.ClosedF, "tree's f": got.TreeF} {
		if len(col) == 0 {
			t.Errorf("the %s: nothing drawn", name)
		}
		for i, v := range col {
			if v == "" {
				t.Errorf("the %s is blank in row %d of %d", name, i+1, len(col))
				break
			}
		}
	}
}
