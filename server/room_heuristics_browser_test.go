package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomOwnHeuristicBrowser writes a heuristic in a room's load form in
// Chromium: the field names what a search line can give, a syntax error
// comes back with its line, and A* with it is shown beside A* with
// Manhattan, on a follower's page too; the presenter's page, reloaded,
// keeps the script in the field.
func TestRoomOwnHeuristicBrowser(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	pctx := browser(t)
	fctx, cancel := chromedp.NewContext(pctx) // a second tab: the follower
	t.Cleanup(cancel)

	// type sets a field's text as typing does (an input event).
	typeIn := func(id, text string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("input")); })()`, id, text))
	}
	text := func(sel string) string {
		return fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel)
	}
	const bad = "def h_mine(s):\n    return 1 +\n"
	const good = "def h_mine(s):\n    return 0\n"
	if err := chromedp.Do(pctx,
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Click(`[data-testid=load-heuristics-field] summary`),
		typeIn("load-problem", "puzzle 283164705 goal=123804765"),
		typeIn("load-searches", "astar h=mine\nastar h=manhattan"),
		typeIn("load-heuristics", bad),
		poll(text(`[data-testid=load-heuristics-names]`)+`.includes("h=mine")`),
		// the view of s for the puzzle only
		poll(`!document.querySelector('#load-heuristics-field [data-kind=puzzle]').hidden && document.querySelector('#load-heuristics-field [data-kind=graph]').hidden`),
		chromedp.Click(`[data-testid=load]`),
		poll(text(`[data-testid=room-notice]`)+`.includes("mine.star:2")`),
		poll(`document.getElementById("load-heuristics-field").open`),
	); err != nil {
		t.Fatalf("a syntax error in the room's heuristic: %v", err)
	}
	laneTitles := `[0, 1].map((i) => (document.querySelector("[data-testid=lane-" + i + "]") || {}).title || "").join(" | ")`
	if err := chromedp.Do(pctx,
		typeIn("load-heuristics", good),
		chromedp.Click(`[data-testid=load]`),
		poll(laneTitles+`.includes("Search 1: astar h=mine ")`),
	); err != nil {
		got, _ := chromedp.Run(pctx, chromedp.Evaluate[string](laneTitles+` + " / " + document.getElementById("room-notice").textContent + " / " + document.querySelector("[data-testid=lanes]").innerHTML.slice(0, 900)`))
		t.Fatalf("showing A* with the lecturer's heuristic: %v (%s)", err, got)
	}
	if err := chromedp.Do(fctx,
		chromedp.Navigate(ts.URL+"/r/"+code),
		poll(laneTitles+`.includes("Search 1: astar h=mine ") && `+laneTitles+`.includes("Search 2: astar h=manhattan ")`),
		poll(laneStep(0)+` === "0" && `+laneStep(1)+` === "0"`),
	); err != nil {
		t.Fatalf("the follower's page: %v", err)
	}
	if err := chromedp.Do(pctx,
		chromedp.Reload(),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		poll(fmt.Sprintf(`document.getElementById("load-heuristics").value === %q && document.getElementById("load-heuristics-field").open`, good)),
	); err != nil {
		t.Fatalf("the reloaded presenter's form: %v", err)
	}
}
