package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomPollProjected: the presenter's page is the one a projector
// shows the class, so while a "which node is expanded next?" poll is open
// it tells neither the right answer (in the status or the distribution)
// nor the next node (the ring in the search's tree) until the lecturer
// opens "Right answer" or reveals; after the reveal both are shown.
func TestRoomPollProjected(t *testing.T) {
	ctx := openRoomLanes(t, "graph romania", []string{"astar", "bfs"}, 3)
	ring := `[...document.querySelectorAll("[data-testid=lane-0] .next-ring")].filter((e) => getComputedStyle(e).visibility !== "hidden").length`
	if n := eval[int](t, ctx, ring); n != 1 {
		t.Fatalf("%d visible next rings in A*'s tree before the poll, want 1", n)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "0"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`!!window.stepvizRoom.poll && !!window.stepvizRoom.poll.right && !!document.querySelector("[data-testid=poll-status]")`),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	right := eval[string](t, ctx, `window.stepvizRoom.poll.right`)
	shown := `document.querySelector("[data-testid=poll-status]").innerText`
	if s := eval[string](t, ctx, shown); strings.Contains(s, "#"+right) || strings.Contains(s, "answer: "+right) {
		t.Errorf("the open poll's status tells the class the right answer: %q", s)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#poll .bar.right, #poll .choices .right").length`); n != 0 {
		t.Errorf("the open poll marks the right answer in %d places", n)
	}
	if n := eval[int](t, ctx, ring); n != 0 {
		t.Errorf("A*'s tree rings the next node while the class answers which it is")
	}
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=poll-peek] summary`), poll(`(() => { const d = document.querySelector("[data-testid=poll-peek]"); return d.open && d.innerText.replace(/\s+/g, " ").startsWith("Right answer #`+right+` "); })()`)); err != nil {
		t.Errorf("the lecturer's Right answer: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=reveal]`), poll(shown+`.startsWith("Right answer: #`+right+` ")`)); err != nil {
		t.Fatalf("the reveal: %v", err)
	}
	if n := eval[int](t, ctx, ring); n != 1 {
		t.Errorf("%d visible next rings in A*'s tree after the reveal, want 1", n)
	}
}
