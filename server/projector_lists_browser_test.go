package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// listsShown is JavaScript checking the projector's lists pane: each
// table's header row and, when the list has rows, its hot end (the open
// list's first row, the closed list's newest) wholly inside the pane and
// on top at its place; no row's part that its scroll box shows lies
// beyond the pane. "" when so.
const listsShown = `(() => {
	const pane = document.querySelector(".pane.lists").getBoundingClientRect(), bad = [];
	const inside = (r) => r.top >= pane.top - 0.5 && r.bottom <= Math.min(pane.bottom, innerHeight) + 0.5 && r.left >= pane.left - 0.5 && r.right <= pane.right + 0.5;
	const seen = (e) => { const r = e.getBoundingClientRect(), t = document.elementFromPoint(r.left + 8, (r.top + r.bottom) / 2); return !!t && (e === t || e.contains(t)); };
	for (const [list, hot] of [["open", "first"], ["closed", "last"]]) {
		const table = document.getElementById(list + "-table"), wrap = table.closest(".table-wrap").getBoundingClientRect();
		const head = table.tHead.rows[0].cells[1]; // a sticky cell: where the header is drawn
		if (!inside(head.getBoundingClientRect()) || !seen(head)) bad.push("the " + list + " list's header is cut or hidden at y " + Math.round(head.getBoundingClientRect().top));
		const rows = [...table.tBodies[0].querySelectorAll("tr[data-id]")];
		if (!rows.length) continue;
		const row = hot === "first" ? rows[0] : rows[rows.length - 1], r = row.getBoundingClientRect();
		if (!inside(r) || !seen(row) || r.top < wrap.top - 0.5 || r.bottom > wrap.bottom + 0.5) bad.push("the " + list + " list's " + (hot === "first" ? "first" : "newest") + " row spans y " + Math.round(r.top) + " to " + Math.round(r.bottom) + ", its box " + Math.round(wrap.top) + " to " + Math.round(wrap.bottom) + ", the pane " + Math.round(pane.top) + " to " + Math.round(pane.bottom));
		for (const tr of rows) {
			const q = tr.getBoundingClientRect(), top = Math.max(q.top, wrap.top), bottom = Math.min(q.bottom, wrap.bottom);
			if (bottom > top && bottom > pane.bottom + 0.5) { bad.push("a row of the " + list + " list shows beyond the pane's bottom"); break; }
		}
	}
	return bad.join("; ");
})()`

// TestProjectorLists: in projector mode on a true 1280×720 screen the open
// and closed lists share their pane: however long the open list grows,
// the closed list's header and newest row stay whole on the screen, and
// the open list's next node too.
func TestProjectorLists(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		steps                  []int
	}{
		{"romania-rbfs", "graph romania", "rbfs", []int{2, 5, 7}},
		{"puzzle-bfs", "puzzle 283164705 goal=123804765", "bfs", []int{3, 12, 18}},
		{"romania-astar", "graph romania", "astar", []int{1, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			for _, k := range tc.steps {
				if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.send({type: "seek", step: %d})`, k)), waitStep(k), chromedp.Sleep(200*time.Millisecond)); err != nil {
					t.Log(k, eval[string](t, ctx, `document.getElementById("step-n").textContent + " drawn " + document.getElementById("app").dataset.drawn + " pending " + window.stepviz.model.pendingStates() + " draws " + window.stepviz.stats.draws`))
					t.Fatal(err)
				}
				if msg := eval[string](t, ctx, listsShown); msg != "" {
					screenshot(t, ctx, "projector-lists-"+tc.name+".png")
					t.Fatalf("step %d: %s", k, msg)
				}
			}
			screenshot(t, ctx, "projector-lists-"+tc.name+".png")
		})
	}
}
