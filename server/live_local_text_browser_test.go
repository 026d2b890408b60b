package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// localNotes is JavaScript for the live local-search page's list of the
// neighbours priced: its text, its type's size, whether it is wholly on
// the screen, whether the drawing still holds the list's lines, the
// smallest of the h-over-the-steps items, and the page's sideways scroll.
const localNotes = `(() => {
	const p = document.querySelector("[data-testid=live-neighbours]"), r = p ? p.getBoundingClientRect() : null, d = document.documentElement;
	const items = [...document.querySelectorAll("[data-testid=h-history] li")].map((e) => parseFloat(getComputedStyle(e).fontSize));
	return {Text: p ? p.textContent : "", Px: p ? parseFloat(getComputedStyle(p).fontSize) : 0,
		OnScreen: !!r && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5,
		InDrawing: document.querySelectorAll("#live-svg svg text.neighbours").length, HistoryPx: items.length ? Math.min(...items) : 0,
		Sideways: d.scrollWidth - d.clientWidth};
})()`

type localNotesInfo struct {
	Text                string
	Px, HistoryPx       float64
	OnScreen            bool
	InDrawing, Sideways int
}

// TestLiveLocalNeighbours: on a true 1280×720 projector the live page of
// hill climbing on 8 queens (56 neighbours priced a step) and on a
// 10-city tour writes the neighbours priced under the drawing in the
// page's type, 14 px or more and wholly on the screen, not in the
// drawing's small type, and h over the steps at 14 px or more; on a phone
// (390×844) the list is in the page's type too and nothing scrolls
// sideways.
func TestLiveLocalNeighbours(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	for _, screen := range liveScreens {
		for _, tc := range []struct{ name, problem string }{{"queens", "queens 8 seed=3"}, {"tsp", "tsp 10 seed=1"}} {
			t.Run(screen.name+"-"+tc.name, func(t *testing.T) {
				ctx := openLiveOnScreen(t, screen, tc.problem, "hillclimb", "")
				stepLive(t, ctx, 0, 2)
				_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
				screenshot(t, ctx, "live-local-"+screen.name+"-"+tc.name+".png")
				v := eval[localNotesInfo](t, ctx, localNotes)
				if v.InDrawing > 0 {
					t.Errorf("the drawing still writes the neighbours priced in %d lines of its own small type", v.InDrawing)
				}
				if !strings.Contains(v.Text, "neighbours priced") || v.Px < 14 {
					t.Errorf("the neighbours priced under the drawing: %q at %.1f px; want the list at 14 px or more", v.Text, v.Px)
				}
				if !screen.phone && !v.OnScreen {
					t.Errorf("the neighbours priced are not wholly on the projector's screen")
				}
				if !screen.phone && v.HistoryPx < 14 {
					t.Errorf("h over the steps at %.1f px, want 14 or more", v.HistoryPx)
				}
				if v.Sideways > 0 {
					t.Errorf("the page scrolls %d px sideways", v.Sideways)
				}
			})
		}
	}
}
