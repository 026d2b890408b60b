package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// page writes an HTML file to dir that marks #app drawn with its name on
// its first animation frame, and runs script after that.
func page(t *testing.T, dir, name, script string) string {
	t.Helper()
	p := filepath.Join(dir, name+".html")
	html := `<!doctype html><body><div id="app"></div><script>requestAnimationFrame(() => { document.getElementById("app").dataset.drawn = "` + name + `"; ` + script + ` });</script></body>`
	if err := os.WriteFile(p, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + p
}

// TestOpenWaitsInTheNewDocument: Open, again and again in one tab, each
// time to another document, tests its readiness in the document it
// opened. chromedp's Poll right after Navigate failed here now and then
// on a loaded machine ("Cannot find context with specified id"): it
// tested in the previous document's context.
func TestOpenWaitsInTheNewDocument(t *testing.T) {
	dir := t.TempDir()
	urls := map[string]string{"a": page(t, dir, "a", ""), "b": page(t, dir, "b", "")}
	ctx := New(t, 800, 600, 2*time.Minute)
	for i := range 60 {
		n := []string{"a", "b"}[i%2]
		if err := chromedp.Do(ctx, Open(urls[n], `document.getElementById("app").dataset.drawn === "`+n+`"`, 20*time.Second)); err != nil {
			t.Fatalf("opening page %s, time %d: %v", n, i+1, err)
		}
	}
}

// TestUntilFails: Until ends with an error, soon, when its expression
// stays false, throws, or its document goes away.
func TestUntilFails(t *testing.T) {
	dir := t.TempDir()
	still := page(t, dir, "still", "")
	ctx := New(t, 800, 600, 2*time.Minute)
	for _, c := range []struct {
		name, url, expr string
		within          time.Duration
		want            string
	}{
		{"stays false", still, `document.getElementById("app").dataset.drawn === "never"`, 300 * time.Millisecond, "still false after 300ms"},
		{"throws", still, `document.getElementById("none").dataset.drawn === "still"`, 20 * time.Second, "null"},
		{"its document goes away", still, `(window.leaving ||= setTimeout(() => location.reload(), 50), false)`, 20 * time.Second, "waiting for (window.leaving"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := chromedp.Do(ctx, Open(c.url, `document.getElementById("app").dataset.drawn !== undefined`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			t0 := time.Now()
			err := chromedp.Do(ctx, Until(c.expr, c.within))
			t.Logf("%v", err)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Until(%s) = %v, want an error with %q", c.expr, err, c.want)
			}
			if d := time.Since(t0); d > c.within/2 && c.within > time.Second {
				t.Errorf("Until(%s) took %v to fail, want it at once", c.expr, d)
			}
		})
	}
}
