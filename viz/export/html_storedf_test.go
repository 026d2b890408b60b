package export

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestHTMLReplayInspectorStoredF: the replay's inspector shows a node's
// stored F, under its family description's label, exactly for the
// families whose description lists that value (rbfs, not astar).
func TestHTMLReplayInspectorStoredF(t *testing.T) {
	ctx, _ := headless(t)
	for _, tc := range []struct {
		opts, want string // want: the label's text, "" for no row
	}{
		{"rbfs", "stored F"},
		{"astar", ""},
	} {
		t.Run(tc.opts, func(t *testing.T) {
			p := tempFile(t, "replay.html", export(t, newSearch(t, "graph romania", tc.opts), "html", 3))
			var got string
			err := chromedp.Do(ctx, openReplay(p),
				chromedp.Evaluate[chromedp.Void](`window.stepviz.go(2), window.stepviz.page.inspect(1)`),
				testbrowser.Until(`!!document.querySelector("[data-testid=inspector-node]")`, 30*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			got, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const d = document.querySelector("[data-testid=insp-stored-f]"); return d ? d.previousElementSibling.textContent + "=" + d.textContent : ""; })()`))
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" && got != "" || tc.want != "" && (len(got) <= len(tc.want) || got[:len(tc.want)+1] != tc.want+"=") {
				t.Errorf("inspector's stored F row %q, want label %q", got, tc.want)
			}
		})
	}
}
