package export

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// printRules is what TestWorksheetHTMLPrintKeepsHeadings reads of a sheet
// in Chromium under print media.
type printRules struct {
	Headings   int      // h1 and h2 elements
	Loose      []string // headings a page may end after
	Rows       int      // table rows
	SplitRows  int      // rows a page break may cut through
	DrawingCut bool     // the problem's drawing may be cut by a page break
}

// TestWorksheetHTMLPrintKeepsHeadings opens html sheets and keys in
// Chromium as they print (a TA prints the page to hand it out): no page
// ends on a heading, whose table or drawing would start the next page
// (the Romania sheet's "The problem" ended its first page alone), and no
// page break cuts a table row or the drawing.
func TestWorksheetHTMLPrintKeepsHeadings(t *testing.T) {
	cases := []struct{ name, problem, opts string }{
		{"romania", "graph romania", "astar"},
		{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
	}
	ctx := testbrowser.New(t, 1280, 800, 90*time.Second)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	const read = `(() => {
  const hs = [...document.querySelectorAll("h1, h2")];
  const rows = [...document.querySelectorAll("tr")];
  const d = document.querySelector('[data-testid="drawing"]');
  return {Headings: hs.length,
    Loose: hs.filter(h => getComputedStyle(h).breakAfter !== "avoid-page").map(h => h.textContent),
    Rows: rows.length, SplitRows: rows.filter(r => getComputedStyle(r).breakInside !== "avoid").length,
    DrawingCut: !!d && getComputedStyle(d).breakInside !== "avoid"};
})()`
	for _, c := range cases {
		for _, key := range []bool{false, true} {
			doc := sheetBytes(t, c.problem, c.opts, "html", 5, Blanks{Open: true, F: true, Order: true}, key)
			p := tempFile(t, c.name+".html", []byte(doc))
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[printRules](read))
			if err != nil {
				t.Fatalf("%s key=%v: %v", c.name, key, err)
			}
			if got.Headings < 5 || got.Rows < 10 {
				t.Fatalf("%s key=%v: %d headings and %d rows: not a sheet", c.name, key, got.Headings, got.Rows)
			}
			if len(got.Loose) > 0 || got.SplitRows > 0 || got.DrawingCut {
				t.Errorf("%s key=%v: in print, a page may end after the headings %q; %d of %d rows may be cut; the drawing may be cut: %v", c.name, key, got.Loose, got.SplitRows, got.Rows, got.DrawingCut)
			}
		}
	}
}
