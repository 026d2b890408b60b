package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pollWhole is JavaScript listing what a class could not read of the
// room's poll: its question, choices or status running past the poll's
// box or cut inside their own, a choice's text other than its label,
// drawn faded (opacity under 1) or under min px, a poll taller than
// 220 px on a wide screen, and a page wider than the window.
const pollWhole = `((min) => {
	const out = [], box = document.getElementById("poll"), b = box.getBoundingClientRect();
	const p = window.stepvizRoom.poll, labels = new Map((p.choices || []).map((c) => [c.answer, c.label]));
	const parts = [box.querySelector("h2"), ...box.querySelectorAll(".choices button"), box.querySelector("[data-testid=poll-status]")];
	for (const e of parts) {
		const r = e.getBoundingClientRect(), cs = getComputedStyle(e), name = JSON.stringify(e.textContent.slice(0, 24));
		if (r.left < b.left - 0.5 || r.right > b.right + 0.5) out.push(name + " runs past the poll's box: " + [r.left, r.right].map(Math.round) + " in " + [b.left, b.right].map(Math.round));
		if (e.scrollWidth > e.clientWidth + 1) out.push(name + " is cut: " + e.scrollWidth + " px wide in " + e.clientWidth);
		if (parseFloat(cs.fontSize) < min) out.push(name + " is " + cs.fontSize);
		if (e.tagName === "BUTTON") {
			if (e.textContent.replaceAll("\u200b", "").replaceAll("\u00a0", " ") !== labels.get(e.dataset.testid.slice(7))) out.push(name + " is not its whole label");
			if (parseFloat(cs.opacity) < 1) out.push(name + " is faded (opacity " + cs.opacity + ")");
		}
	}
	if (innerWidth > 1000 && b.height > 220) out.push("the poll is " + Math.round(b.height) + " px tall on a " + innerHeight + " px screen, leaving the searches under it too little");
	if (document.documentElement.scrollWidth > innerWidth + 1) out.push("the page is " + document.documentElement.scrollWidth + " px wide in a " + innerWidth + " px window");
	return out;
})(14)`

// TestRoomPollWhole: a "which node is next?" poll about a 5×5 puzzle,
// whose choices are long (25 numbers each), is read whole on the
// presenter's 1280×720 projector with three searches side by side and on
// a follower's 390×844 phone: every choice in full, inside the poll's
// box (a long state breaks onto lines, after its commas), at full
// contrast and 14 px or more, and no page wider than its window; on the
// projector the choices stand side by side, so that the poll leaves the
// searches under it their room (220 px tall at most).
func TestRoomPollWhole(t *testing.T) {
	pctx := openRoomLanes(t, "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,0,23,24", []string{"astar h=manhattan", "bfs", "greedy h=misplaced"}, 2)
	follower := eval[string](t, pctx, `document.querySelector("[data-testid=room-follower-url]").href`)
	fctx, cancel := chromedp.NewContext(pctx) // a second tab: a student's phone
	t.Cleanup(cancel)
	if err := chromedp.Do(fctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(follower), poll(`document.getElementById("room-conn").textContent === "live"`)); err != nil {
		t.Fatalf("the student's page: %v", err)
	}
	asked := `!!window.stepvizRoom.poll && (window.stepvizRoom.poll.choices || []).length > 1 && document.querySelectorAll("#poll .choices button").length === window.stepvizRoom.poll.choices.length`
	if err := chromedp.Do(pctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "1"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(asked),
		chromedp.Sleep(200*time.Millisecond),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	if err := chromedp.Do(fctx, poll(asked), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatalf("the student's poll: %v", err)
	}
	if long := eval[int](t, pctx, `Math.max(...window.stepvizRoom.poll.choices.map((c) => c.label.length))`); long < 60 {
		t.Fatalf("the longest choice has %d characters: the test needs long ones", long)
	}
	for _, v := range []struct {
		screen, png string
		ctx         context.Context
	}{
		{"the presenter's 1280×720 projector", "room-poll-whole-projector.png", pctx},
		{"a student's 390×844 phone", "room-poll-whole-phone.png", fctx},
	} {
		screenshot(t, v.ctx, v.png)
		if bad := eval[[]string](t, v.ctx, pollWhole); len(bad) > 0 {
			t.Errorf("on %s the poll is not read whole:\n%s", v.screen, strings.Join(bad, "\n"))
		}
	}
}
