package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestPhoneFollower: a student on a phone (390×844) scrolled to any pane
// sees it, not the controls over it: the tree's, the problem's and the
// lists' titles and the open list's rows are each what the screen shows
// at their place when scrolled to the top of the screen.
func TestPhoneFollower(t *testing.T) {
	srv, ts, sess := liveServer(t, Config{}, "graph romania", "astar")
	_ = srv
	conn, _, _ := dial(t, ts, sess, sess.Key())
	for range 4 {
		send(t, conn, clientMsg{Type: cmdStep})
	}
	ctx := testbrowser.New(t, 390, 844, 60*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(ts.URL+followerPath(sess)), waitStep(4)); err != nil {
		t.Fatal(err)
	}
	for _, sel := range []string{"#tree-h", ".pane.problem h2", "[data-testid=open-title]", "#open-table tbody tr"} {
		got := eval[string](t, ctx, `(() => {
			const e = document.querySelector(`+"`"+sel+"`"+`);
			if (!e) return "missing";
			e.scrollIntoView({ block: "start" });
			const r = e.getBoundingClientRect(), top = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
			return !top || e.contains(top) || top.contains(e) ? "" : "covered by " + top.tagName.toLowerCase() + (top.id ? "#" + top.id : "") + " " + JSON.stringify((top.closest("[data-testid]") || top).dataset.testid || "");
		})()`)
		if got != "" {
			_ = chromedp.Do(ctx, chromedp.Sleep(100*time.Millisecond))
			screenshot(t, ctx, "phone-follower-covered.png")
			t.Errorf("scrolled to %s on a phone: %s", sel, got)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector(".pane.lists").scrollIntoView({block: "start"})`), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "phone-follower-lists.png")
}
