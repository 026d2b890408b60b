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

// TestFormErrorsInView sends the landing form with a mistake from
// Chromium at the projector's 1280×720 and checks that the page that comes
// back shows the reason inside the window, without scrolling: problems,
// scripts and options alike. It saves a screenshot of each.
func TestFormErrorsInView(t *testing.T) {
	srv := New(Config{MaxNodes: 1000})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ctx := testbrowser.New(t, 1280, 720, 90*time.Second)
	for _, c := range []struct {
		name   string
		form   url.Values
		reason string
	}{
		{"puzzle", url.Values{"source": {"puzzle"}, "puzzle": {"28316470"}}, "puzzle"},
		{"grid", url.Values{"source": {"grid"}, "grid_rows": {"S.x\n..G"}}, "unknown character"},
		{"file", url.Values{"source": {"line"}, "line": {"graph /etc/passwd"}}, "reads no files"},
		{"script", url.Values{"source": {"script"}, "script": {"start = (\n"}}, "form.star"},
		{"heuristic", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "h": {"manhatan"}}, "manhattan"},
		{"weight", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "algo": {"wastar"}, "w": {"0.5"}}, "weight"},
		{"order", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "order": {"up,sideways"}}, "sideways"},
		{"maxnodes", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "maxnodes": {"5000"}}, "limit of 1000"},
	} {
		fields, _ := json.Marshal(c.form)
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
			t.Fatalf("%s: %v", c.name, err)
		}
		type rect struct {
			Top, Bottom, ScrollY float64
			Text                 string
		}
		r, err := chromedp.Run(ctx, chromedp.Evaluate[rect](`(() => { const e = document.querySelector("[data-testid=form-error]"); const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, scrollY: window.scrollY, text: e.textContent}; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if r.Top < 0 || r.Bottom > 720 || !strings.Contains(r.Text, c.reason) {
			t.Errorf("%s: the error is at %.0f–%.0f px of a 720 px window (scrolled %.0f): %q", c.name, r.Top, r.Bottom, r.ScrollY, r.Text)
		}
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(testenv.Artifact(t, "form-error-"+c.name+"-1280x720.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: the error at %.0f–%.0f px", c.name, r.Top, r.Bottom)
	}
}
