package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// twoHeuristics is a form's script with two heuristics of its own, the
// first the default.
const twoHeuristics = `start = 0

def is_goal(s):
    return s == 2

def successors(s):
    if s < 2:
        return [("next", s + 1, 1)]
    return []

def h_exact(s):
    return 2 - s

def  h_over (s):
    return 5 * (2 - s)
`

// TestScriptHeuristicsOnForm: in Chromium, the landing form offers the
// heuristics a pasted script defines (and no built-in one), keeps up as
// the script is edited, and the one chosen is the session's and the one
// its Check h link checks.
func TestScriptHeuristicsOnForm(t *testing.T) {
	srv := New(Config{MaxNodes: 1000})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	shown := `Array.from(document.querySelectorAll("select[name=h] option")).filter((o) => !o.hidden && !o.disabled).map((o) => o.value).join(" ")`
	var after, edited string
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`[data-testid=source-script]`),
		chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.querySelector("textarea[name=script]"); ta.value = `+"`"+twoHeuristics+"`"+`; ta.dispatchEvent(new Event("input", {bubbles: true})); })()`),
	); err != nil {
		t.Fatal(err)
	}
	var err error
	if after, err = chromedp.Run(ctx, chromedp.Evaluate[string](shown)); err != nil {
		t.Fatal(err)
	}
	if after != "default exact over" {
		t.Errorf("heuristics offered for the script: %q, want %q", after, "default exact over")
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.querySelector("textarea[name=script]"); ta.value = ta.value.replace("def h_exact", "def h_precise"); ta.dispatchEvent(new Event("input", {bubbles: true})); })()`),
	); err != nil {
		t.Fatal(err)
	}
	if edited, err = chromedp.Run(ctx, chromedp.Evaluate[string](shown)); err != nil {
		t.Fatal(err)
	}
	if edited != "default precise over" {
		t.Errorf("after renaming h_exact: %q, want %q", edited, "default precise over")
	}
	var example string
	if example, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const ex = document.querySelector("select[name=script_example]"); ex.value = ex.options[1].value; ex.dispatchEvent(new Event("change", {bubbles: true})); const v = `+shown+`; ex.value = ""; ex.dispatchEvent(new Event("change", {bubbles: true})); return v; })()`)); err != nil {
		t.Fatal(err)
	}
	if example != "default" {
		t.Errorf("with an example script chosen instead of the text: %q, want only the default", example)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("select[name=h]").value = "over"`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("own-form").requestSubmit()`),
		chromedp.WaitReady(`[data-testid=btn-heuristic]`),
	); err != nil {
		t.Fatal(err)
	}
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=btn-heuristic]").getAttribute("href")`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(href, "/heuristic?h=over") {
		t.Errorf("Check h links %q, want the chosen heuristic, over", href)
	}
	// A form sent back with an error keeps the script's heuristic chosen.
	broken := strings.Replace(twoHeuristics, "return 5 * (2 - s)", "return 5 * (2 - s) +", 1)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`[data-testid=source-script]`),
		chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.querySelector("textarea[name=script]"); ta.value = `+"`"+broken+"`"+`; ta.dispatchEvent(new Event("input", {bubbles: true})); document.querySelector("select[name=h]").value = "over"; document.getElementById("own-form").requestSubmit(); })()`),
		chromedp.WaitReady(`[data-testid=form-error]`),
	); err != nil {
		t.Fatal(err)
	}
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("select[name=h]").value`))
	if err != nil {
		t.Fatal(err)
	}
	if kept != "over" {
		t.Errorf("the form sent back chose %q, want over", kept)
	}
}
