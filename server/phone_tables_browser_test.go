package server

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
)

// phoneTablesJS is JavaScript for how the open and closed lists sit on a
// phone: for each, how far it scrolls sideways (its scroll width past its
// box), the rows whose f cell is hidden or reaches past the screen, its
// smallest text, and the page's scroll width past the screen.
const phoneTablesJS = `(() => {
	const d = document.documentElement, out = {Page: d.scrollWidth - d.clientWidth, Lists: []};
	for (const id of ["open-table", "closed-table"]) {
		const t = document.getElementById(id), w = t.closest(".table-wrap"), l = {Name: id, Rows: 0, Sideways: w.scrollWidth - w.clientWidth, BadF: "", MinText: 99};
		const box = w.getBoundingClientRect();
		for (const tr of t.querySelectorAll("tbody tr[data-id]")) {
			l.Rows++;
			const f = tr.querySelector("td.f"), r = f && f.getBoundingClientRect();
			if (!f || !f.offsetParent || r.width < 1 || r.right > Math.min(box.right, d.clientWidth) + 0.5 || r.left < box.left - 0.5) l.BadF += "row " + tr.dataset.id + (r ? " f at " + Math.round(r.left) + "-" + Math.round(r.right) : " no f") + "; ";
			for (const c of tr.cells) if (c.offsetParent) l.MinText = Math.min(l.MinText, parseFloat(getComputedStyle(c).fontSize));
		}
		out.Lists.push(l);
	}
	return out;
})()`

type phoneTables struct {
	Page  int
	Lists []struct {
		Name           string
		Rows, Sideways int
		BadF           string
		MinText        float64
	}
}

// TestPhoneTables: on a phone (390×844) the open and closed lists of
// long states and wide numbers (RBFS and A* on Romania, A* on an octile
// grid, the 8-puzzle) fit the screen: neither scrolls sideways nor the
// page, every row's f is whole on the screen, and no cell's text is under
// 11 px.
func TestPhoneTables(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		step                   int
	}{
		{"romania-rbfs", "graph romania", "rbfs", 7},
		{"romania-astar", "graph romania", "astar", 4},
		{"grid-octile", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile", 12},
		{"puzzle-astar", "puzzle 867254301", "astar", 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
			if err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)+fmt.Sprintf("&step=%d", tc.step)), waitStep(tc.step), chromedp.Sleep(200*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			v := eval[phoneTables](t, ctx, phoneTablesJS)
			if v.Page > 0 {
				t.Errorf("the page scrolls %d px sideways", v.Page)
			}
			for _, l := range v.Lists {
				if l.Rows == 0 {
					t.Errorf("%s: no rows", l.Name)
				}
				if l.Sideways > 0 {
					t.Errorf("%s scrolls %d px sideways", l.Name, l.Sideways)
				}
				if l.BadF != "" {
					t.Errorf("%s: f not whole on the screen: %s", l.Name, l.BadF)
				}
				if l.MinText < phoneFloor {
					t.Errorf("%s: text of %.1f px, want %d px or more", l.Name, l.MinText, phoneFloor)
				}
			}
			_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector(".pane.lists").scrollIntoView()`))
			if b, err := chromedp.Run(ctx, chromedp.Screenshot(".pane.lists")); err == nil {
				_ = os.WriteFile(testenv.Artifact(t, "phone-tables-"+tc.name+".png"), b, 0o644)
			}
		})
	}
}
