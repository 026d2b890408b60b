package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// openRoomLanes opens a new room's presenter page on a 1280×720 screen,
// loads problem with searches side by side and drives them steps steps,
// each lane drawn at every step, and returns the browser's context.
func openRoomLanes(t *testing.T, problem string, searches []string, steps int) context.Context {
	t.Helper()
	return openRoom(t, problem, searches, steps, func(k int) chromedp.Action[chromedp.Void] {
		return poll(fmt.Sprintf(`(() => { const b = [...document.querySelectorAll(".lane-box")]; return b.length === %d && b.every((e) => e.querySelector("[data-testid=lane-step]").textContent === "%d" && e.dataset.drawn === "%d"); })()`, len(searches), k, k))
	})
}

// openRoom opens a new room's presenter page on a 1280×720 screen, loads
// problem with searches, clicks step steps times, waiting after the load
// and each step for at(k), and returns the browser's context.
func openRoom(t *testing.T, problem string, searches []string, steps int, at func(k int) chromedp.Action[chromedp.Void]) context.Context {
	t.Helper()
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(ts.URL + roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("load-problem").value = %q; document.getElementById("load-searches").value = %q; document.querySelector("[data-testid=load]").click()`, problem, strings.Join(searches, "\n"))),
		at(0),
	}
	for k := 1; k <= steps; k++ {
		actions = append(actions, chromedp.Click(`[data-testid=drive-step]`), at(k))
	}
	actions = append(actions, chromedp.Sleep(300*time.Millisecond))
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	return ctx
}
