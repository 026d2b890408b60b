package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestRoomPollOneLane: with one search shown, the room embeds its
// session page; on the presenter's (the page the projector shows) a
// "which node is expanded next?" poll about it hides what tells the
// answer, the "next" tag, the ring and the open list's rows (in pop
// order, the first row is the answer), until the reveal.
func TestRoomPollOneLane(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	frame := `(() => { try { const d = document.querySelector("iframe.lane").contentDocument; return %s; } catch (e) { return false; } })()`
	drawn := `d.getElementById("app").dataset.drawn === "2" && d.querySelectorAll("#open-table tbody tr").length > 1`
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("stepviz-projector", "1"); document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "astar h=manhattan"; document.querySelector("[data-testid=load]").click()`),
		poll(`!!document.querySelector("iframe.lane")`),
		testbrowser.Until(fmt.Sprintf(frame, `d.getElementById("app").dataset.drawn === "0"`), 15*time.Second),
		chromedp.Click(`[data-testid=drive-step]`), chromedp.Click(`[data-testid=drive-step]`),
		testbrowser.Until(fmt.Sprintf(frame, drawn), 15*time.Second),
	); err != nil {
		t.Fatalf("one search in projector mode: %v", err)
	}
	told := fmt.Sprintf(frame, `[...d.querySelectorAll("#open-table tbody tr, table.nodes .tag, .next-ring")].filter((e) => getComputedStyle(e).visibility !== "hidden" && e.getBoundingClientRect().width > 0).length`)
	if n := eval[int](t, ctx, told); n == 0 {
		t.Fatalf("before the poll the page shows no open row, tag or ring: the test sees nothing")
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "0"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`!!window.stepvizRoom.poll && !!window.stepvizRoom.poll.right`),
		testbrowser.Until(fmt.Sprintf(frame, `d.documentElement.classList.contains("poll-open")`), 5*time.Second),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	screenshot(t, ctx, "room-poll-one-lane.png")
	if n := eval[int](t, ctx, told); n != 0 {
		t.Errorf("while the class answers which node is next, the projected page shows %d open rows, next tags or rings", n)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=reveal]`), poll(told+` > 0`)); err != nil {
		t.Errorf("after the reveal the open list comes back: %v", err)
	}
}
