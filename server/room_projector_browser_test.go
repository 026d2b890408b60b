package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// roomChrome is JavaScript for the room presenter's page above its
// lanes: where the first lane starts, less the height of the notice that
// the server is reachable from this computer only (shown in a test, never
// to a class), and whether the problem and searches are folded.
const roomChrome = `(() => {
	const n = document.querySelector("[data-testid=loopback-notice]"), lane = document.querySelector(".lane-box");
	const nh = n && n.offsetParent ? n.getBoundingClientRect().height + parseFloat(getComputedStyle(n).marginTop) + parseFloat(getComputedStyle(n).marginBottom) : 0;
	return {Top: lane ? lane.getBoundingClientRect().top - nh : -1, Folded: !(document.getElementById("room-setup") || {}).open};
})()`

type roomChromeInfo struct {
	Top    float64
	Folded bool
}

// TestRoomProjector: on a true 1280×720 projector a room showing two
// searches side by side gives its header and controls (problem and
// searches folded, the drive and the poll) at most 170 px above the
// lanes, and no visible text under 14 px; opening the problem and
// searches again shows them, and the lanes move down under them.
func TestRoomProjector(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := openRoomLanes(t, "puzzle 283164705 goal=123804765", []string{"bfs", "astar h=manhattan"}, 1)
	screenshot(t, ctx, "room-projector.png")
	c := eval[roomChromeInfo](t, ctx, roomChrome)
	if !c.Folded {
		t.Errorf("the problem and searches stay open with the searches shown")
	}
	t.Logf("the lanes start %.0f px down the screen (the loopback notice left out)", c.Top)
	if c.Top > 170 {
		t.Errorf("the lanes start %.0f px down the screen (the loopback notice left out), want 170 or less", c.Top)
	}
	if small := eval[[]string](t, ctx, smallText+`(14)`); len(small) > 0 {
		t.Errorf("%d visible texts under 14 px:\n%s", len(small), strings.Join(small[:min(len(small), 25)], "\n"))
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#room-setup > summary`), testbrowser.Until(`document.getElementById("room-setup").open && document.getElementById("load-problem").getBoundingClientRect().height > 0`, 5*time.Second), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatalf("opening the problem and searches: %v", err)
	}
	if open := eval[roomChromeInfo](t, ctx, roomChrome); open.Top < c.Top+30 {
		t.Errorf("with the problem and searches open the lanes start at %.0f px, folded at %.0f px: they should move down under them", open.Top, c.Top)
	}
	if !eval[bool](t, ctx, `(() => { const p = document.getElementById("load-problem").getBoundingClientRect(), l = document.querySelector(".lane-box").getBoundingClientRect(); return p.bottom <= l.top; })()`) {
		t.Errorf("the problem's field overlaps the lanes")
	}
}
