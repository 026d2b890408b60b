package export

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// sheetLayout is what TestWorksheetHTMLFitsThePage measures in a sheet
// opened in Chromium.
type sheetLayout struct {
	PageOverflow float64  // document width beyond the viewport, px
	PastBody     []string // elements whose right edge is past the body's
	ChildrenPart float64  // the steps table's children column / the table's width
}

// TestWorksheetHTMLFitsThePage opens html sheets and keys in Chromium at
// 1280×800, as a TA opens one to print it: nothing is wider than the
// page's column (a 49×49 Moving AI map's drawing is 1,500 px wide as
// drawn), and on the student's sheet the children column, where a step's
// three or four children are written by hand, takes at least 40% of the
// steps table.
func TestWorksheetHTMLFitsThePage(t *testing.T) {
	cases := []struct{ name, problem, opts string }{
		{"arena", "grid ../../testdata/movingai/arena.map start=1,3 goal=10,12", "astar"},
		{"romania", "graph romania", "astar"},
		{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g"},
	}
	ctx := testbrowser.New(t, 1280, 800, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	const measure = `(() => {
  const body = document.body.getBoundingClientRect();
  const past = [];
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > body.right + 1) past.push(e.tagName.toLowerCase() + (e.dataset.testid ? "[" + e.dataset.testid + "]" : "") + " right " + Math.round(r.right) + " > " + Math.round(body.right));
  }
  const steps = document.querySelector('table[data-testid="steps"]');
  const last = steps.rows[1].cells[steps.rows[1].cells.length - 1];
  return {PageOverflow: document.documentElement.scrollWidth - window.innerWidth, PastBody: past.slice(0, 5),
    ChildrenPart: last.getBoundingClientRect().width / steps.getBoundingClientRect().width};
})()`
	for _, c := range cases {
		for _, key := range []bool{false, true} {
			doc := sheetBytes(t, c.problem, c.opts, "html", 4, Blanks{Open: true, F: true, Order: true}, key)
			p := tempFile(t, c.name+".html", []byte(doc))
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[sheetLayout](measure))
			if err != nil {
				t.Fatalf("%s key=%v: %v", c.name, key, err)
			}
			if got.PageOverflow > 0 || len(got.PastBody) > 0 {
				t.Errorf("%s key=%v: the page is %.0f px wider than the window; past the page's column: %v", c.name, key, got.PageOverflow, got.PastBody)
			}
			if !key && got.ChildrenPart < 0.4 {
				t.Errorf("%s sheet: the children column is %.0f%% of the steps table, want at least 40%% to write in", c.name, 100*got.ChildrenPart)
			}
		}
	}
}
