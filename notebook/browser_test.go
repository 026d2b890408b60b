package notebook

import (
	"context"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// browser starts headless Chromium; without one the test is testenv.Missing.
func browser(t *testing.T) context.Context {
	t.Helper()
	return testbrowser.New(t, 1400, 1000, 120*time.Second)
}

// poll waits for a JavaScript predicate.
func poll(js string) chromedp.Action[chromedp.Void] {
	return testbrowser.Until(js, 20*time.Second)
}

// cellSel selects the n-th cell (1-based).
func cellSel(n int, rest string) string {
	return "#cells > .cell:nth-child(" + strconv.Itoa(n) + ") " + rest
}

// typeAndRun types code into cell n and presses Shift+Enter.
func typeAndRun(n int, code string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Focus(cellSel(n, "textarea")),
		chromedp.SendKeys(cellSel(n, "textarea"), code),
		shiftEnter(),
	)
}

// shiftEnter presses Shift+Enter as a key down and up, without the "char"
// event KeyEvent adds: the page handles the key down (and, as a browser
// does after preventDefault, no newline is typed).
func shiftEnter() chromedp.Action[chromedp.Void] { return press("Enter", 13, kb.ModifierShift) }

// press sends a raw key down and up.
func press(key string, code int64, mod kb.Modifier) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			p := input.DispatchKeyEventParams{
				Type: typ, Key: key, Code: key, WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code,
				Modifiers: mod.Int64(),
			}
			if err := t.Call(ctx, input.DispatchKeyEvent.Method, &p, nil); err != nil {
				return err
			}
		}
		return nil
	})
}

func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(testenv.Artifact(t, name), buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
	}
}

func sources(t *testing.T, ctx context.Context) []string {
	t.Helper()
	src, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#cells > .cell textarea")).map(t => t.value)`))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestBrowserNotebook types cells, runs them with Shift+Enter, sees the live
// view made by the first cell move when the second steps the search, sees
// an error, moves and deletes cells, saves, reloads, downloads the .ipynb
// and runs an example notebook.
func TestBrowserNotebook(t *testing.T) {
	ctx := browser(t)
	srv := newServer(t, Config{})

	cells := []string{
		"puzzle 283164705 goal=123804765\na = search astar h=manhattan",
		"step a 2",
		"search astar h=manhatan",
	}
	viewStep := `(document.querySelector("#cells > .cell:nth-child(1) [data-display-id] .stepviz-view") || {dataset: {}}).dataset.step`
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/notebook"),
		poll(`document.getElementById("status").textContent === "idle"`),
		// the empty first cell shows the starter example, all of it
		poll(`(() => { const ta = document.querySelector("#cells > .cell:nth-child(1) .cell-source");
			return ta.placeholder.includes("search astar") && ta.rows === ta.placeholder.split("\n").length &&
				ta.scrollHeight <= ta.clientHeight + 1; })()`),
		typeAndRun(1, cells[0]),
		poll(`document.querySelector("#cells > .cell:nth-child(1) [data-display-id] svg") !== null`),
		poll(viewStep+` === "0"`),
		typeAndRun(2, cells[1]),
		poll(viewStep+` === "2"`),
		poll(`document.querySelector("#cells > .cell:nth-child(2) .output") !== null && document.querySelector("#cells > .cell:nth-child(2) .output").textContent.includes("Step 2")`),
		typeAndRun(3, cells[2]),
		poll(`(document.querySelector("#cells > .cell:nth-child(3) .output-error") || {textContent: ""}).textContent.includes("did you mean manhattan?")`),
	)
	if err != nil {
		shot(t, ctx, "notebook-fail.png")
		t.Fatalf("typing and running cells: %v", err)
	}
	// Clicking a tree node of the live view opens the inspector under it.
	err = chromedp.Do(ctx,
		chromedp.Click(cellSel(1, `.stepviz-tree [data-id="2"]`)),
		poll(`(document.querySelector("#cells > .cell:nth-child(1) .inspector") || {textContent: ""}).textContent.includes("node 2")`),
	)
	if err != nil {
		shot(t, ctx, "notebook-fail.png")
		t.Fatalf("inspector: %v", err)
	}
	shot(t, ctx, "notebook-run.png")

	// Shift+Enter on the last cell added an empty fourth one: delete it;
	// move the third cell up and back down.
	if got := sources(t, ctx); len(got) != 4 || got[3] != "" {
		t.Fatalf("cells after three runs: %q", got)
	}
	// Tab completes from the session: search names and show topics.
	err = chromedp.Do(ctx,
		chromedp.Focus(cellSel(4, "textarea")),
		chromedp.SendKeys(cellSel(4, "textarea"), "show a o"),
		press("Tab", 9, kb.ModifierNone),
		poll(`document.querySelector("#cells > .cell:nth-child(4) textarea").value === "show a open"`),
	)
	if err != nil {
		t.Fatalf("Tab completion: %v", err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(cellSel(4, "[data-testid=delete-cell]")),
		chromedp.Click(cellSel(3, "[data-testid=move-up]")),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := sources(t, ctx); len(got) != 3 || got[1] != cells[2] || got[2] != cells[1] {
		t.Fatalf("after delete and move up: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(cellSel(2, "[data-testid=move-down]"))); err != nil {
		t.Fatal(err)
	}
	if got := sources(t, ctx); strings.Join(got, "|") != strings.Join(cells, "|") {
		t.Fatalf("after move down: %q", got)
	}

	// Save, reload: the same notebook.
	err = chromedp.Do(ctx,
		chromedp.Click(`[data-testid=save]`),
		poll(`location.pathname.startsWith("/notebook/n/")`),
	)
	if err != nil {
		t.Fatalf("save: %v", err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Reload(),
		poll(`document.getElementById("status").textContent === "idle"`),
	)
	if err != nil {
		t.Fatalf("reload: %v", err)
	}
	if got := sources(t, ctx); strings.Join(got, "|") != strings.Join(cells, "|") {
		t.Fatalf("after reload the cells are %q, want %q", got, cells)
	}
	saved, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#cells > .cell:nth-child(1) .output-saved")).map(o => o.textContent).join("\\n")`))
	if err != nil || !strings.Contains(saved, "problem: puzzle 283164705") || !strings.Contains(saved, "a: astar h=manhattan") {
		t.Errorf("saved output of cell 1 after reload: %q, %v", saved, err)
	}
	// Run all redraws the live view and stops at the failing cell.
	err = chromedp.Do(ctx,
		chromedp.Click(`[data-testid=run-all]`),
		poll(viewStep+` === "2"`),
		poll(`document.querySelector("#cells > .cell:nth-child(3) .output-error") !== null`),
	)
	if err != nil {
		t.Fatalf("run all after reload: %v", err)
	}

	// The saved notebook downloads as .ipynb for the stepviz kernel.
	res, err := http.Get(loc + "/ipynb")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	doc, err := ReadIpynb(res.Body)
	if err != nil {
		t.Fatalf("downloaded notebook: %v", err)
	}
	if len(doc.Cells) != 3 || doc.Cells[0].Source != cells[0] || len(doc.Cells[0].Outputs) == 0 {
		t.Errorf("downloaded notebook: %+v", doc)
	}

	// An example opens from the menu and runs top to bottom.
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/notebook/examples/romania.ipynb"),
		poll(`document.getElementById("status").textContent === "idle"`),
		chromedp.Click(`[data-testid=run-all]`),
		poll(`Array.from(document.querySelectorAll("#cells > .cell")).pop().querySelector(".output table") !== null`),
	)
	if err != nil {
		shot(t, ctx, "notebook-example-fail.png")
		t.Fatalf("example: %v", err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".output-error").length`))
	if err != nil || n != 0 {
		t.Errorf("the example has %d failed cells (%v)", n, err)
	}
	shot(t, ctx, "notebook-example.png")
}

// TestBrowserOpenTrace opens a JSON trace with the toolbar's Open: the page
// becomes the notebook that rebuilds it and runs it, so the live view shows
// the trace's last step; a truncated trace is refused with where it ends.
func TestBrowserOpenTrace(t *testing.T) {
	ctx := browser(t)
	srv := newServer(t, Config{})

	dir := t.TempDir()
	trace, _ := writeTrace(t, "puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g", 3, "json")
	good, cut := dir+"/lecture.json", dir+"/cut.json"
	for name, body := range map[string]string{good: trace, cut: trace[:len(trace)/2]} {
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/notebook"),
		poll(`document.getElementById("status").textContent === "idle"`),
		chromedp.SetUploadFiles(`#open-file`, []string{cut}),
		poll(`document.getElementById("saved").textContent.includes("cannot open cut.json: cut.json: line ")`),
		chromedp.SetUploadFiles(`#open-file`, []string{good}),
	)
	if err != nil {
		shot(t, ctx, "notebook-trace-fail.png")
		t.Fatalf("opening a trace: %v", err)
	}
	// The page navigates to the new notebook: a poll that meets the
	// navigation is asked again.
	deadline := time.Now().Add(30 * time.Second)
	for {
		err = chromedp.Do(ctx,
			poll(`location.pathname.startsWith("/notebook/n/") && location.hash === ""`),
			poll(`document.querySelector("[data-display-id] .stepviz-view[data-step='3']") !== null`),
			poll(`document.getElementById("status").textContent === "idle" && Array.from(document.querySelectorAll("#cells > .cell")).pop().querySelector(".output svg") !== null`),
		)
		if err == nil || !strings.Contains(err.Error(), "navigated") || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		shot(t, ctx, "notebook-trace-fail.png")
		t.Fatalf("the opened trace's notebook: %v", err)
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("nb-title").value`))
	if err != nil || title != "lecture" {
		t.Errorf("title %q (%v), want lecture", title, err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".output-error").length`))
	if err != nil || n != 0 {
		t.Errorf("the trace's notebook has %d failed cells (%v)", n, err)
	}
	shot(t, ctx, "notebook-trace.png")
}
