package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// scriptFailsAtStart is a problem whose heuristic fails on the start state
// inside a helper, so that the error lists the script's calls.
const scriptFailsAtStart = `start = (1, 2)

def is_goal(s):
    return s == (2, 1)

def successors(s):
    return [("swap", (s[1], s[0]), 1)]

def h_steps(s):
    return missing(s)

def missing(s):
    return s[2]
`

// TestScriptErrorOnForm sends the landing form with a script whose
// heuristic fails at the start, from Chromium at 1280×720: the error shows
// the script's calls one per line, as the server wrote them, and is not
// laid beside the search options as if an option were wrong.
func TestScriptErrorOnForm(t *testing.T) {
	srv := New(Config{MaxNodes: 1000})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	form := url.Values{"source": {"script"}, "script": {scriptFailsAtStart}, "script_params": {""}, "algo": {"astar"}, "h": {"steps"}}
	fields, _ := json.Marshal(form)
	submit := fmt.Sprintf(`(() => {
		const f = document.createElement("form"); f.method = "post"; f.action = "/sessions";
		for (const [k, vs] of Object.entries(%s)) for (const v of vs) { const i = document.createElement("textarea"); i.name = k; i.value = v; f.appendChild(i); }
		document.body.appendChild(f); setTimeout(() => f.submit(), 0);
	})()`, fields)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Evaluate[chromedp.Void](submit),
		chromedp.WaitReady(`[data-testid=form-error]`),
	); err != nil {
		t.Fatal(err)
	}
	type shown struct {
		Text     string
		Beside   int // errors laid beside an option's field
		Top, Bot float64
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[shown](`(() => {
		const e = document.querySelector("[data-testid=form-error]"), b = e.getBoundingClientRect();
		return {text: e.innerText, beside: document.querySelectorAll(".options .field-error").length, top: b.top, bot: b.bottom};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"form.star:13:13: in h_steps((1, 2)): tuple index 2 out of range", "\nTraceback (most recent call last):\n", "form.star:10:19: in h_steps\n", "form.star:13:13: in missing\n", "\nError: "} {
		if !strings.Contains(r.Text, line) {
			t.Errorf("the error lacks the line %q:\n%s", line, r.Text)
		}
	}
	if r.Beside != 0 {
		t.Errorf("the script's error is also laid beside %d of the search's options", r.Beside)
	}
	if r.Top < 0 || r.Bot > 720 {
		t.Errorf("the error is at %.0f–%.0f px of a 720 px window", r.Top, r.Bot)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(testenv.Artifact(t, "script-error-form-1280x720.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
