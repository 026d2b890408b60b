package server

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomPollDone: a poll the lecturer is done with leaves the screen.
// After its reveal the presenter's "Hide the poll" takes it away (the
// lanes move up into its room) until the next poll; a poll about a search
// the room no longer shows (another problem loaded) is hidden on the
// presenter's page and a student's.
func TestRoomPollDone(t *testing.T) {
	pctx := openRoomLanes(t, "graph romania", []string{"astar", "bfs"}, 2)
	follower := eval[string](t, pctx, `document.querySelector("[data-testid=room-follower-url]").href`)
	fctx, cancel := chromedp.NewContext(pctx) // a second tab: a student
	t.Cleanup(cancel)
	if err := chromedp.Do(fctx, chromedp.Navigate(follower), poll(`document.getElementById("room-conn").textContent === "live"`)); err != nil {
		t.Fatalf("the student's page: %v", err)
	}
	shown := `!document.getElementById("poll").hidden`
	laneTop := `document.querySelector(".lane-box").getBoundingClientRect().top`
	ask := func(lane string) {
		t.Helper()
		if err := chromedp.Do(pctx,
			chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "`+lane+`"`),
			chromedp.Click(`[data-testid=ask]`),
			poll(`!!window.stepvizRoom.poll && !window.stepvizRoom.poll.revealed && `+shown),
		); err != nil {
			t.Fatalf("asking: %v", err)
		}
	}
	ask("0")
	before := eval[float64](t, pctx, laneTop)
	if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=reveal]`), chromedp.WaitVisible(`[data-testid=poll-hide]`), chromedp.Click(`[data-testid=poll-hide]`), poll(`!(`+shown+`)`)); err != nil {
		t.Fatalf("hiding the revealed poll: %v", err)
	}
	if after := eval[float64](t, pctx, laneTop); after > before-40 {
		t.Errorf("the lanes start at %.0f px with the poll hidden, %.0f px with it shown: they should move up", after, before)
	}
	ask("1") // the next poll shows again
	if err := chromedp.Do(fctx, poll(shown)); err != nil {
		t.Fatalf("the student's poll: %v", err)
	}
	if err := chromedp.Do(pctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "bfs\nastar h=manhattan"; document.querySelector("[data-testid=load]").click()`),
		poll(`document.querySelectorAll("#history-list li").length === 2`),
	); err != nil {
		t.Fatalf("loading another problem: %v", err)
	}
	for _, v := range []struct {
		who string
		ctx context.Context
	}{{"presenter", pctx}, {"student", fctx}} {
		if err := chromedp.Do(v.ctx, poll(`document.getElementById("poll").hidden`)); err != nil {
			t.Errorf("the %s's page still shows the poll about Romania over the puzzle: %v", v.who, err)
		}
	}
}
