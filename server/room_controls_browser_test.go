package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// roomControls is JavaScript listing the presenter's controls that
// cannot act (want disabled) or can (want enabled) and are not so, or are
// disabled with no title saying why.
const roomControls = `((off) => {
	const out = [];
	const ids = {drive: "[data-drive]", ask: "[data-testid=ask], #ask-lane", reveal: "#reveal"};
	for (const [k, sel] of Object.entries(ids)) for (const e of document.querySelectorAll(sel)) {
		const name = e.dataset.testid || e.id;
		if (e.disabled !== off.includes(k)) out.push(name + (e.disabled ? " is disabled" : " is enabled"));
		if (e.disabled && e.title.length < 12) out.push(name + " is disabled with the title " + JSON.stringify(e.title));
	}
	return out;
})`

// TestRoomControls: the presenter's controls are disabled, with a title
// saying why, while they cannot act, and enabled when they can: in an
// empty room the drive, the question (its empty choice of search) and
// Reveal; with searches shown, Reveal until a question is asked and again
// once its answer is revealed.
func TestRoomControls(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	check := func(when, off string) {
		t.Helper()
		if bad := eval[[]string](t, ctx, roomControls+`(`+`"`+off+`")`); len(bad) > 0 {
			t.Errorf("%s:\n%s", when, strings.Join(bad, "\n"))
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live" && !!window.stepvizRoom.room`),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "room-controls-empty.png")
	check("in an empty room", "drive ask reveal")
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "bfs\nastar h=manhattan"; document.querySelector("[data-testid=load]").click()`),
		poll(`document.querySelectorAll(".lane-box").length === 2 && document.getElementById("ask-lane").options.length === 2`),
	); err != nil {
		t.Fatal(err)
	}
	check("with searches shown and no question asked", "reveal")
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=ask]`), poll(`!!window.stepvizRoom.poll && !document.getElementById("poll").hidden`)); err != nil {
		t.Fatal(err)
	}
	check("with a question asked", "")
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=reveal]`), poll(`window.stepvizRoom.poll.revealed`)); err != nil {
		t.Fatal(err)
	}
	check("with its answer revealed", "reveal")
}
