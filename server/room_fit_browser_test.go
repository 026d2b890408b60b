package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// roomFit is JavaScript listing what a class could not see whole of a
// room on the presenter's screen without scrolling: a search shown (a lane
// side by side, or the one search's page) or the poll running past the
// window, two of them (or one and the presenter's tools) overlapping, a
// tree under 140 px tall or 260 px wide, a lane's heading or counters
// under 16 px, its narration or the poll's text under 14 px, the poll
// cut (scrolling inside its box).
const roomFit = `(() => {
	const W = innerWidth, H = innerHeight, out = [];
	const name = (e) => e.dataset.testid || e.id || e.className;
	const boxes = [...document.querySelectorAll(".lane-box, iframe.lane")];
	const poll = document.getElementById("poll"), tools = document.querySelector(".room-tools");
	const parts = [...boxes, ...(poll.hidden ? [] : [poll]), ...(tools ? [tools] : [])];
	if (document.documentElement.scrollWidth > W + 1) out.push("the page is " + document.documentElement.scrollWidth + " px wide");
	parts.forEach((e, i) => {
		const r = e.getBoundingClientRect();
		if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) out.push(name(e) + " spans " + [r.left, r.top, r.right, r.bottom].map(Math.round) + ", outside the " + W + "×" + H + " window");
		for (const f of parts.slice(i + 1)) {
			const s = f.getBoundingClientRect();
			if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) out.push(name(e) + " and " + name(f) + " overlap");
		}
	});
	for (const b of document.querySelectorAll(".lane-box")) {
		const t = b.querySelector("[data-testid=lane-tree]").getBoundingClientRect();
		if (t.height < 140 || t.width < 260) out.push(name(b) + "'s tree is " + Math.round(t.width) + "×" + Math.round(t.height) + " px");
		for (const e of b.querySelectorAll(".lane-head h2, .lane-counters")) if (parseFloat(getComputedStyle(e).fontSize) < 16) out.push(name(b) + ": " + JSON.stringify(e.textContent.slice(0, 20)) + " is under 16 px");
		for (const e of b.querySelectorAll(".lane-head *, .lane-narration")) if (e.children.length === 0 && e.textContent.trim() && e.getClientRects().length && parseFloat(getComputedStyle(e).fontSize) < 14) out.push(name(b) + ": " + JSON.stringify(e.textContent.slice(0, 20)) + " is under 14 px");
	}
	if (!poll.hidden && poll.scrollHeight > poll.clientHeight + 1) out.push("the poll shows " + poll.clientHeight + " px of its " + poll.scrollHeight);
	if (!poll.hidden) for (const e of poll.querySelectorAll("h2, button, [data-testid=poll-status]")) if (parseFloat(getComputedStyle(e).fontSize) < 14) out.push("the poll's " + JSON.stringify(e.textContent.slice(0, 20)) + " is under 14 px");
	return out;
})()`

// TestRoomFit: a lecturer's room on a 1280×720 projector shows 1 to 4
// searches of a 5×5 puzzle (long states: a tall poll), before and while a
// "which node is expanded next?" poll is open: every search whole in the
// window with its tree, the poll whole, nothing overlapping, text at the
// projector's floors (see roomFit).
func TestRoomFit(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	all := []string{"astar h=manhattan", "bfs", "greedy h=misplaced", "ucs"}
	for n := 1; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d-searches", n), func(t *testing.T) {
			ctx := openRoomSearches(t, "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,0,23,24", all[:n], 2)
			check := func(when, png string) {
				t.Helper()
				screenshot(t, ctx, png)
				if bad := eval[[]string](t, ctx, roomFit); len(bad) > 0 {
					t.Errorf("%d searches %s, at 1280×720:\n%s", n, when, strings.Join(bad, "\n"))
				}
			}
			check("with no poll", fmt.Sprintf("room-fit-%d.png", n))
			if err := chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "%d"`, n-1)),
				chromedp.Click(`[data-testid=ask]`),
				poll(`!!window.stepvizRoom.poll && (window.stepvizRoom.poll.choices || []).length > 1 && document.querySelectorAll("#poll .choices button").length === window.stepvizRoom.poll.choices.length`),
				chromedp.Sleep(400*time.Millisecond),
			); err != nil {
				t.Fatalf("asking: %v", err)
			}
			check("with a poll open", fmt.Sprintf("room-fit-%d-poll.png", n))
		})
	}
}

// openRoomSearches opens a new room's presenter page on a 1280×720
// screen, shows searches of problem (one: its session page; more: side
// by side) and steps them all steps times.
func openRoomSearches(t *testing.T, problem string, searches []string, steps int) context.Context {
	t.Helper()
	return openRoom(t, problem, searches, steps, func(k int) chromedp.Action[chromedp.Void] {
		all := make([]string, len(searches))
		for i := range searches {
			all[i] = fmt.Sprintf("%s === %q", laneStep(i), fmt.Sprint(k))
		}
		return poll(strings.Join(all, " && "))
	})
}
