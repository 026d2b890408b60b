package server

import (
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/server/session"
)

// TestStepLink opens links to a step in Chromium: a follower's
// ?step=5 shows step 5 of its own copy while the class stays at step 2; a
// presenter's #step=7 moves the session to 7; neither address keeps the
// step, so a reload does not move anything again.
func TestStepLink(t *testing.T) {
	srv, ts, sess := liveServer(t, Config{}, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	_ = srv
	conn, _, _ := dial(t, ts, sess, sess.Key())
	for range 2 {
		send(t, conn, clientMsg{Type: cmdStep})
	}
	ctx := browser(t)
	liveStep := func() int {
		n := -1
		sess.Do(func(lv session.Live) { n = lv.Search.StepCount() })
		return n
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+followerPath(sess)+"?step=5"),
		poll(`document.getElementById("step-n").textContent === "5" && window.stepviz.state.local === true`),
	); err != nil {
		t.Fatalf("the follower's ?step=5: %v", err)
	}
	if n := liveStep(); n != 2 {
		t.Errorf("a follower's step link moved the class to %d", n)
	}
	addr, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	if err != nil || addr != ts.URL+followerPath(sess) {
		t.Errorf("the follower's address after the jump: %q %v", addr, err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+presenterPath(sess)+"#step=7"),
		poll(`document.getElementById("step-n").textContent === "7"`),
	); err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " " + document.getElementById("step-n").textContent + " " + document.getElementById("conn").textContent + " " + document.getElementById("notice").textContent`))
		t.Fatalf("the presenter's #step=7: %v (%s, live %d)", err, dbg, liveStep())
	}
	if n := liveStep(); n != 7 {
		t.Errorf("the presenter's step link left the session at %d, want 7", n)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+followerPath(sess)+"?step=nonsense"),
		poll(`document.getElementById("conn").textContent === "live" && document.getElementById("step-n").textContent === "7" && window.stepviz.state.local === false`)); err != nil {
		t.Errorf("a malformed step link: %v", err)
	}
}
