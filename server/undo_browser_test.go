package server

import (
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/server/session"
)

// TestResetUndo: a presenter who presses r (or g) by mistake is offered
// an undo that takes the class back; the room's Reset needs a second
// click.
func TestResetUndo(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	conn, _, _ := dial(t, ts, sess, sess.Key())
	send(t, conn, clientMsg{Type: cmdSeek, Step: 12})
	live := func() int {
		n := -1
		sess.Do(func(lv session.Live) { n = lv.Search.StepCount() })
		return n
	}
	ctx := browser(t)
	key := func(k string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`document.dispatchEvent(new KeyboardEvent("keydown", {key: "` + k + `", bubbles: true}))`)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+presenterPath(sess)),
		// drawn from the model: the keys act on it (the page's first
		// paint may show the step before the model is up)
		poll(`document.getElementById("conn").textContent === "live" && document.getElementById("app").dataset.drawn === "12"`),
		key("r"),
		poll(`document.getElementById("step-n").textContent === "0" && !document.getElementById("notice").hidden && document.querySelector("[data-testid=undo]") !== null`),
		key("u"),
		poll(`document.getElementById("step-n").textContent === "12"`),
	); err != nil {
		t.Fatalf("r then u: %v", err)
	}
	if n := live(); n != 12 {
		t.Errorf("after reset and undo the class is at step %d, want 12", n)
	}
	if err := chromedp.Do(ctx,
		key("g"),
		poll(`document.getElementById("status").textContent !== "running" && document.querySelector("[data-testid=undo]") !== null`),
		chromedp.Click(`[data-testid=undo]`),
		poll(`document.getElementById("step-n").textContent === "12"`),
	); err != nil {
		t.Fatalf("g then Undo: %v", err)
	}

	// The room's Reset: one click arms it, the second resets.
	_, rts := roomServer(t, "")
	code, rkey := createRoom(t, rts)
	rc := dialRoom(t, rts, code, rkey, "presenter-token-0000")
	rc.send(roomCmd{Type: roomLoad, Problem: "puzzle 867254301 goal=123456780", Searches: []string{"astar h=manhattan"}})
	rc.room(func(m roomMsg) bool { return m.Current == 0 })
	for range 3 {
		rc.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(rts.URL+roomPresenterPath(code, rkey)),
		poll(laneStep(0)+` === "3"`),
		chromedp.Click(`[data-testid=drive-reset]`),
		poll(`document.querySelector("[data-testid=drive-reset]").textContent.includes("Click again")`),
		chromedp.Sleep(300e6),
		poll(laneStep(0)+` === "3"`),
		chromedp.Click(`[data-testid=drive-reset]`),
		poll(laneStep(0)+` === "0"`),
	); err != nil {
		t.Fatalf("the room's Reset: %v", err)
	}
}
