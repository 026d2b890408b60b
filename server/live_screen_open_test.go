package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// openLiveOnScreen starts a live game or local search of problem with
// algo and opens its presenter page as screen shows it (a phone's with a
// mobile device's emulation), ready once it is live and ready (a
// JavaScript condition, "" for none) holds; it returns the browser's
// context.
func openLiveOnScreen(t *testing.T, screen liveScreen, problem, algo, ready string) context.Context {
	t.Helper()
	ts, id, key := liveTestServer(t, Config{}, problem, algo)
	ctx := testbrowser.New(t, screen.w, screen.h, 60*time.Second)
	opts := []chromedp.EmulateViewportOption{}
	if screen.phone {
		opts = append(opts, chromedp.EmulateMobile)
	}
	cond := `document.getElementById("live-conn").textContent === "live"`
	if ready != "" {
		cond += " && " + ready
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(screen.w), int64(screen.h), opts...),
		testbrowser.Open(ts.URL+"/g/"+id+"?key="+key, cond, 10*time.Second)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// stepLive presses the live page's step button until its step counter
// reads to, one step at a time from from.
func stepLive(t *testing.T, ctx context.Context, from, to int) {
	t.Helper()
	for k := from + 1; k <= to; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), testbrowser.Until(fmt.Sprintf(`document.getElementById("live-step-n").textContent === "%d"`, k), 10*time.Second)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
}
