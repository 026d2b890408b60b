package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestRoomOneLaneProjector: a room showing one search embeds its session
// page, which keeps the lecturer's projector mode; there as in normal
// mode the page's own header (the problem, the search line cut to two
// lines, a second Presenter badge and QR code) is left out under the
// room's, so the search has the screen; the page takes the window's height
// below the room's controls (400 px or more), its tree's pane whole.
func TestRoomOneLaneProjector(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	inFrame := `(() => { try { const d = document.querySelector("iframe.lane").contentDocument, app = d.getElementById("app"); return d.documentElement.classList.contains("in-room") && d.documentElement.classList.contains("projector") && !!d.querySelector(".session-top") && !!app && app.dataset.drawn === "1"; } catch (e) { return false; } })()`
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("stepviz-projector", "1"); document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "astar h=manhattan tie=lifo goaltest=generate open=reparent-new order=reverse"; document.querySelector("[data-testid=load]").click()`),
		poll(`!!document.querySelector("iframe.lane")`),
		chromedp.Click(`[data-testid=drive-step]`),
		testbrowser.Until(inFrame, 15*time.Second),
		chromedp.Sleep(200*time.Millisecond),
	); err != nil {
		t.Fatalf("one search in projector mode: %v", err)
	}
	screenshot(t, ctx, "room-one-lane-projector.png")
	fits := eval[string](t, ctx, `(() => { const f = document.querySelector("iframe.lane"), r = f.getBoundingClientRect(), tree = f.contentDocument.querySelector(".pane.tree").getBoundingClientRect();
		return r.bottom <= innerHeight + 1 && r.height >= 400 && tree.bottom <= f.clientHeight + 1 ? "" : "the search's page spans " + Math.round(r.top) + " to " + Math.round(r.bottom) + " px, its tree's pane ends at " + Math.round(tree.bottom) + " px of its " + f.clientHeight; })()`)
	if fits != "" {
		t.Errorf("the search is not whole on the 720 px screen: %s", fits)
	}
	if shown := eval[string](t, ctx, `(() => { const h = document.querySelector("iframe.lane").contentDocument.querySelector(".session-top"); return getComputedStyle(h).display === "none" ? "" : h.innerText.replace(/\s+/g, " ").trim(); })()`); shown != "" {
		t.Errorf("the session page's own header shows in the room in projector mode: %q", shown)
	}
}
