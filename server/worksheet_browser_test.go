package server

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/viz/export"
)

// TestWorksheetLinksFollowTheStepShown opens a Romania A* session's
// presenter page in Chromium, steps it three times, and downloads the
// worksheet and its key by the links of the Download menu as they are
// then: both are of the three steps shown, as stepviz worksheet -steps 3
// writes them.
func TestWorksheetLinksFollowTheStepShown(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "graph romania", "astar")
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
	}
	hrefs := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("a[data-export^=worksheet]")].map((a) => [a.dataset.export, a.href]))`)
	for _, c := range []struct {
		link string
		key  bool
	}{{"worksheet-md", false}, {"worksheet-key-md", true}, {"worksheet-tex", false}} {
		href, ok := hrefs[c.link]
		if !ok {
			t.Fatalf("the Download menu has no %s link: %v", c.link, hrefs)
		}
		code, body, _ := get(t, href)
		if code != http.StatusOK {
			t.Fatalf("%s (%s): %d %s", c.link, href, code, body)
		}
		var want bytes.Buffer
		format := map[string]string{"worksheet-md": "md", "worksheet-key-md": "md", "worksheet-tex": "tex"}[c.link]
		if err := export.WriteWorksheet(&want, format, newSearch(t, "graph romania", "astar"), 3, export.Blanks{Open: true, F: true, Order: true}, c.key); err != nil {
			t.Fatal(err)
		}
		if body != want.String() {
			t.Errorf("%s (%s) is not the worksheet of the 3 steps shown", c.link, href)
		}
	}
}
