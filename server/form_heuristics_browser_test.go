package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestFormHeuristicsInBrowser: in Chromium, a student chooses Romania,
// opens "Your own heuristic", sees what s is for it, types a heuristic
// into the field; its name joins the Heuristic list, chosen, and the
// session it starts shows that heuristic's h in its open list.
func TestFormHeuristicsInBrowser(t *testing.T) {
	srv := New(Config{MaxNodes: 1000})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	typed := "def h_mine(s):\n    if s == goal:\n        return 0\n    return 4321\n"
	if err := chromedp.Do(ctx,
		testbrowser.Open(ts.URL+"/", `document.querySelector("[data-testid=source-graph]") != null`, 20*time.Second),
		chromedp.Click(`[data-testid=source-graph]`),
		testbrowser.Until(`document.querySelector("[data-testid=heuristics-field] summary") != null`, 10*time.Second),
		chromedp.Click(`[data-testid=heuristics-field] summary`),
		chromedp.SendKeys(`[data-testid=heuristics]`, typed),
	); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const sel = document.querySelector("select[name=h]");
		const offered = Array.from(sel.options).filter((o) => !o.hidden && !o.disabled).map((o) => o.value).join(" ");
		const views = Array.from(document.querySelectorAll("[data-testid=heuristics-view] [data-kind]")).filter((v) => v.checkVisibility()).map((v) => v.textContent.replace(/\s+/g, " ").trim()).join(" | ");
		return [offered, sel.value, views];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got[0], " mine") || got[1] != "mine" {
		t.Errorf("Heuristic list offers %q with %q chosen, want it to end with the student's mine, chosen", got[0], got[1])
	}
	if !strings.Contains(got[2], `s is the node's name, on Romania the city's: "Arad". Globals: goal (the goal's name), coords (`) || strings.Contains(got[2], "tuple of tiles") {
		t.Errorf("beside the field, for Romania: %q, want what s is for a city only", got[2])
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(`[data-testid=start-own]`),
		chromedp.WaitReady(`[data-testid=btn-heuristic]`),
		testbrowser.Until(`document.querySelector("[data-testid=open-row] .col-h") != null`, 20*time.Second),
	); err != nil {
		t.Fatal(err)
	}
	h, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=open-row] .col-h").textContent.trim()`))
	if err != nil {
		t.Fatal(err)
	}
	if h != "4321" {
		t.Errorf("Arad's h in the open list is %q, want 4321, the student's heuristic's", h)
	}
}
