package export

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHTMLReplayDrawsAtOnce: a step asked for between frames is drawn in
// the call that asked (it does not wait for the next frame to begin), and
// the page still draws at most once a frame: a second step asked for
// before the next frame is drawn in that frame, once.
func TestHTMLReplayDrawsAtOnce(t *testing.T) {
	s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	p := filepath.Join(t.TempDir(), "replay.html")
	if err := os.WriteFile(p, export(t, s, "html", 20), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, problems := headless(t)
	if err := chromedp.Do(ctx, openReplay(p)); err != nil {
		t.Fatalf("opening the replay: %v", err)
	}
	type seen struct {
		AtOnce, Second, NextFrame string
		Draws, DrawsAfter         int
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[seen](`(async () => {
		const raf = () => new Promise((r) => requestAnimationFrame(r));
		const app = document.getElementById("app"), sv = window.stepviz;
		// two frames with no draw, then a task between frames
		await raf(); await raf(); await new Promise((r) => setTimeout(r, 0));
		const d0 = sv.page.stats.draws;
		sv.go(3);
		const atOnce = app.dataset.drawn;
		sv.go(4);
		const second = app.dataset.drawn, draws = sv.page.stats.draws - d0;
		await raf(); await raf();
		return { AtOnce: atOnce, Second: second, NextFrame: app.dataset.drawn, Draws: draws, DrawsAfter: sv.page.stats.draws - d0 };
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := seen{AtOnce: "3", Second: "3", NextFrame: "4", Draws: 1, DrawsAfter: 2}
	if got != want {
		t.Errorf("go(3) then go(4) between frames: drawn %q at once, %q after the second call (%d draws), %q two frames later (%d draws); want %+v", got.AtOnce, got.Second, got.Draws, got.NextFrame, got.DrawsAfter, want)
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the replay page has errors: %v", p)
	}
}
