package notebook

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// cellLayout is JavaScript measuring cell n: whether its tools cover any
// of its text (the text area's content box, its padding excluded), and how
// many px the text (or, while it is empty, the example it shows) needs
// beyond the height the cell gives it, measured by a copy of the text laid
// out at the cell's width in its font.
func cellLayout(n int) string {
	return fmt.Sprintf(`(() => {
		const cell = document.querySelector("#cells > .cell:nth-child(%d)"), ta = cell.querySelector(".cell-source"), tools = cell.querySelector(".cell-tools");
		const cs = getComputedStyle(ta), r = ta.getBoundingClientRect(), t = tools.getBoundingClientRect();
		const text = { left: r.left + parseFloat(cs.paddingLeft), right: r.right - parseFloat(cs.paddingRight), top: r.top + parseFloat(cs.paddingTop), bottom: r.bottom - parseFloat(cs.paddingBottom) };
		const covered = t.left < text.right && t.right > text.left && t.top < text.bottom && t.bottom > text.top;
		const copy = document.createElement("div");
		copy.style.cssText = "position:absolute;visibility:hidden;white-space:pre-wrap;overflow-wrap:break-word;font:" + cs.font + ";width:" + (text.right - text.left) + "px";
		copy.textContent = ta.value || ta.placeholder;
		document.body.appendChild(copy);
		const need = copy.getBoundingClientRect().height - (text.bottom - text.top);
		copy.remove();
		return { Covered: covered, Need: need };
	})()`, n)
}

// TestNotebookLayout: on a laptop and on a phone, a cell's tools never
// cover its text (a long line runs under no button), and the first cell's
// example is shown whole, the lines a phone wraps included.
func TestNotebookLayout(t *testing.T) {
	srv := newServer(t, Config{})
	long := "puzzle 867254301 goal=123456780 # the hard one: 31 moves, watch the open list grow and the tree widen"
	for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		ctx := testbrowser.New(t, int(size[0]), int(size[1]), 60*time.Second)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(srv.URL+"/notebook"),
			poll(`document.getElementById("status").textContent === "idle"`)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		type layout struct {
			Covered bool
			Need    float64
		}
		shot(t, ctx, "notebook-layout-"+name+"-empty.png")
		if l := evalJS[layout](t, ctx, cellLayout(1)); l.Covered || l.Need > 1 {
			t.Errorf("%s: the empty first cell: its tools cover its example %v, the example needs %.0f px more", name, l.Covered, l.Need)
		}
		if err := chromedp.Do(ctx, chromedp.Focus(cellSel(1, "textarea")), chromedp.SendKeys(cellSel(1, "textarea"), long), chromedp.Sleep(200*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		shot(t, ctx, "notebook-layout-"+name+"-long.png")
		if l := evalJS[layout](t, ctx, cellLayout(1)); l.Covered || l.Need > 1 {
			t.Errorf("%s: a long line: the tools cover the text %v, the text needs %.0f px more", name, l.Covered, l.Need)
		}
	}
}

// evalJS evaluates js in the page.
func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}
