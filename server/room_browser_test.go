package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// laneStep is JavaScript for the step a lane shows: the session page of
// a room's one search, or a lane of searches side by side.
func laneStep(lane int) string {
	return fmt.Sprintf(`(() => { const f = document.querySelector('[data-testid=lane-%d]'); if (f && f.tagName !== "IFRAME") { const s = f.querySelector("[data-testid=lane-step]"); return s ? s.textContent : ""; } const d = f && f.contentDocument; const s = d && d.getElementById("step-n"); return s ? s.textContent : ""; })()`, lane)
}

func poll(expr string) chromedp.Action[chromedp.Void] {
	return testbrowser.Until(expr, 15*time.Second)
}

// TestRoomBrowser drives a room from the presenter's page in Chromium and
// watches a follower's page: show BFS, step, switch to A* on the same
// link, look back at the BFS and re-join live, compare two searches side
// by side, run a poll answered by clicking, reveal it, export it.
func TestRoomBrowser(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	pctx := browser(t)
	fctx, cancel := chromedp.NewContext(pctx) // a second tab: the follower
	t.Cleanup(cancel)

	load := func(problem, searches string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("load-problem").value = %q; document.getElementById("load-searches").value = %q; document.querySelector("[data-testid=load]").click()`, problem, searches))
	}
	if err := chromedp.Do(pctx,
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		chromedp.WaitVisible(`[data-testid=qr]`),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		load("puzzle 283164705 goal=123804765", "bfs"),
		poll(laneStep(0)+` === "0"`),
	); err != nil {
		t.Fatalf("presenter shows BFS: %v", err)
	}
	if err := chromedp.Do(fctx,
		chromedp.Navigate(ts.URL+"/r/"+code),
		poll(laneStep(0)+` === "0"`),
	); err != nil {
		t.Fatalf("follower's page: %v", err)
	}
	if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=drive-step]`), poll(laneStep(0)+` === "1"`),
		chromedp.Click(`[data-testid=drive-step]`), poll(laneStep(0)+` === "2"`)); err != nil {
		t.Fatalf("stepping: %v", err)
	}
	if err := chromedp.Do(fctx, poll(laneStep(0)+` === "2"`)); err != nil {
		t.Fatalf("the follower did not follow to step 2: %v", err)
	}
	bfsID, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=lane-0]").dataset.session`))

	// Switch to A*: the follower follows on the same link.
	if err := chromedp.Do(pctx, load("puzzle 283164705 goal=123804765", "astar h=manhattan")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(fctx,
		poll(fmt.Sprintf(`document.querySelector("[data-testid=lane-0]").dataset.session !== %q && %s === "0"`, bfsID, laneStep(0))),
		poll(`document.querySelectorAll("#history-list li").length === 2`),
	); err != nil {
		t.Fatalf("the follower did not follow the switch to A*: %v", err)
	}
	if title, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=lane-0]").title`)); !strings.Contains(title, "astar h=manhattan") {
		t.Fatalf("lane title %q", title)
	}
	// Back to the BFS on the follower's own page, then re-join live.
	if err := chromedp.Do(fctx,
		chromedp.Click(`[data-testid=history] summary`),
		chromedp.Click(`[data-testid=history-0] button`),
		poll(fmt.Sprintf(`document.querySelector("[data-testid=lane-0]").dataset.session === %q && %s === "2"`, bfsID, laneStep(0))),
		chromedp.WaitVisible(`[data-testid=viewing-old]`),
		chromedp.Click(`[data-testid=rejoin-live]`),
		poll(fmt.Sprintf(`document.querySelector("[data-testid=lane-0]").dataset.session !== %q && document.getElementById("viewing-old").hidden`, bfsID)),
	); err != nil {
		dbg, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`JSON.stringify({s: document.querySelector("[data-testid=lane-0]").dataset.session, step: `+laneStep(0)+`, v: window.stepvizRoom.viewing, hidden: document.getElementById("viewing-old").hidden})`))
		t.Fatalf("looking back and re-joining: %v (bfs %s; page %s)", err, bfsID, dbg)
	}

	// Side by side, stepped together; the comparison table follows.
	if err := chromedp.Do(pctx, load("puzzle 283164705 goal=123804765", "bfs\nastar h=manhattan"),
		poll(laneStep(0)+` === "0" && `+laneStep(1)+` === "0"`)); err != nil {
		t.Fatalf("side by side: %v", err)
	}
	for k := 1; k <= 3; k++ {
		if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=drive-step]`), poll(fmt.Sprintf(`%s === "%d" && %s === "%d"`, laneStep(0), k, laneStep(1), k))); err != nil {
			t.Fatalf("lock-step %d: %v", k, err)
		}
	}
	if err := chromedp.Do(fctx,
		poll(laneStep(0)+` === "3" && `+laneStep(1)+` === "3"`),
		poll(`[...document.querySelectorAll("#compare-rows tr")].map(r => r.children[1].textContent).join() === "3,3"`),
	); err != nil {
		t.Fatalf("the follower's comparison: %v", err)
	}
	genBFS, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=compare-0]").children[4].textContent`))
	genA, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=compare-1]").children[4].textContent`))
	if genBFS == "" || genBFS == genA {
		t.Fatalf("generated: BFS %q, A* %q", genBFS, genA)
	}

	// A poll: which node does A* expand next? The follower clicks.
	if err := chromedp.Do(pctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "1"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`window.stepvizRoom.poll && window.stepvizRoom.poll.right !== undefined && window.stepvizRoom.poll.right !== ""`),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	right, _ := chromedp.Run(pctx, chromedp.Evaluate[string](`window.stepvizRoom.poll.right`))
	// The follower first clicks a wrong node in A*'s tree (side by side),
	// then changes its mind with the poll's button.
	nodeOf := func(id string) string {
		return `[data-testid=lane-1] [data-testid=tree-node][data-id="` + id + `"]`
	}
	if err := chromedp.Do(fctx, chromedp.WaitVisible(`[data-testid=choice-`+right+`]`)); err != nil {
		t.Fatal(err)
	}
	wrong, _ := chromedp.Run(fctx, chromedp.Evaluate[string](`window.stepvizRoom.poll.choices.map(c => c.answer).find(a => a !== window.stepvizRoom.poll.right && document.querySelector('`+nodeOf(`' + a + '`)+`')) || ""`))
	if wrong == "" {
		t.Fatalf("no wrong choice is drawn in the follower's tree of A*")
	}
	if err := chromedp.Do(fctx,
		chromedp.Click(nodeOf(wrong)),
		poll(`document.querySelector("[data-testid=poll-status]").textContent.includes("Your answer: #`+wrong+` ")`),
		chromedp.Click(`[data-testid=choice-`+right+`]`),
		poll(`document.querySelector("[data-testid=poll-status]").textContent.includes("Your answer: #`+right+` ")`),
	); err != nil {
		t.Fatalf("answering: %v", err)
	}
	if err := chromedp.Do(pctx,
		poll(`document.querySelector("[data-testid=poll-status]").textContent.startsWith("1 answer so far")`),
		poll(`document.querySelector("[data-testid=poll-counts] .bar[data-answer=\"`+right+`\"]").dataset.count === "1"`),
		chromedp.Click(`[data-testid=reveal]`),
	); err != nil {
		t.Fatalf("the presenter's distribution: %v", err)
	}
	if err := chromedp.Do(fctx,
		poll(`document.querySelector("[data-testid=poll-status]").textContent.includes("Right answer: #`+right+` ") && document.querySelector("[data-testid=poll-status]").textContent.includes("yours was right")`),
	); err != nil {
		t.Fatalf("the class sees the right answer: %v", err)
	}
	screenshot(t, pctx, "room-presenter.png")
	screenshot(t, fctx, "room-follower.png")

	_, body, _ := get(t, ts.URL+"/r/"+code+"/polls.csv?key="+url.QueryEscape(key))
	if !strings.Contains(body, ","+right+",1,") {
		t.Fatalf("export:\n%s", body)
	}
	_, body, _ = get(t, ts.URL+"/r/"+code+"/polls-summary.csv?key="+url.QueryEscape(key))
	if !strings.Contains(body, ",1.000,") {
		t.Fatalf("summary:\n%s", body)
	}
}
