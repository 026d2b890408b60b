package viz

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// screenshot renders an SVG file in headless chromium and returns the PNG.
// With VIZ_SCREENSHOTS set to a directory, it keeps a copy there.
func screenshot(t *testing.T, browser, name string, svg []byte, w, h string) image.Image {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, name+".svg")
	out := filepath.Join(dir, name+".png")
	if err := os.WriteFile(in, svg, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--hide-scrollbars", "--window-size="+w+","+h, "--screenshot="+out, "file://"+in)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v", err)
	}
	if keep := os.Getenv("VIZ_SCREENSHOTS"); keep != "" {
		if err := os.WriteFile(filepath.Join(keep, name+".png"), data, 0o644); err != nil {
			t.Error(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	return img
}

// countColour counts pixels within tol of #rrggbb in each channel.
func countColour(img image.Image, hex string, tol int) int {
	var want [3]int
	for i := range want {
		var v int
		for _, c := range hex[1+2*i : 3+2*i] {
			v *= 16
			switch {
			case c >= '0' && c <= '9':
				v += int(c - '0')
			default:
				v += int(c-'A') + 10
			}
		}
		want[i] = v
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			got := [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)}
			ok := true
			for i := range got {
				if d := got[i] - want[i]; d > tol || d < -tol {
					ok = false
				}
			}
			if ok {
				n++
			}
		}
	}
	return n
}

// TestSVGInChromium opens a tree and a grid drawing in a real browser and
// checks that the status colours reach the screen: the style sheet applies
// and nothing fails to render.
func TestSVGInChromium(t *testing.T) {
	browser := testenv.Chromium(t)
	s, o := search(t, romania, "astar", -1)
	var tree bytes.Buffer
	if err := TreeSVG(&tree, s.Instance(), s.Snapshot(), TreeOptions{EdgeLabels: true, Algorithm: o.Algorithm}); err != nil {
		t.Fatal(err)
	}
	g, _ := search(t, tutorialGrid, "astar", -1)
	var grid bytes.Buffer
	if err := ProblemSVG(&grid, g.Instance(), g.Snapshot(), -1); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		svg  []byte
	}{{"tree-romania-astar", tree.Bytes()}, {"grid-tutorial-astar", grid.Bytes()}} {
		t.Run(tc.name, func(t *testing.T) {
			img := screenshot(t, browser, tc.name, tc.svg, "1400", "900")
			for _, s := range []Status{StatusOpen, StatusClosed, StatusPath} {
				e := LegendFor(s)
				if n := countColour(img, e.Stroke, 24); n < 40 {
					t.Errorf("%s outline %s: %d pixels on screen", s, e.Stroke, n)
				}
			}
		})
	}
}

// TestProblemSVGTextInsideInChromium draws puzzle views in Chromium and
// checks that every text ends inside the drawing, measured by the
// browser's own font: the captions under the board (the node's values and
// status, the moves that reach it, up to twelve) wrap to the drawing's
// width instead of being cut at its edge.
func TestProblemSVGTextInsideInChromium(t *testing.T) {
	ctx := testbrowser.New(t, 1400, 1000, 90*time.Second)
	for _, tc := range []struct {
		name, problem, options string
		steps, selected        int
	}{
		{"start", puzzle8, "astar", 0, -1},
		{"solved-5-moves", puzzle8, "idastar", -1, -1},
		{"solved-31-moves", "puzzle 867254301", "astar", -1, -1},
		{"15-puzzle-discarded", "puzzle 5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12", "astar", 6, 4},
		{"24-puzzle", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24", "astar", 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := search(t, tc.problem, tc.options, tc.steps)
			var b bytes.Buffer
			if err := ProblemSVG(&b, s.Instance(), s.Snapshot(), tc.selected); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(t.TempDir(), tc.name+".svg")
			if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
				t.Fatal(err)
			}
			out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const svg = document.documentElement, w = svg.width.baseVal.value, h = svg.height.baseVal.value, out = [];
  for (const e of svg.querySelectorAll("text")) {
    const r = e.getBBox();
    if (r.x < 0 || r.x + r.width > w + 0.5 || r.y + r.height > h + 0.5) out.push(JSON.stringify(e.textContent) + " spans x " + Math.round(r.x) + ".." + Math.round(r.x + r.width) + ", y to " + Math.round(r.y + r.height) + " in " + w + "×" + h);
  }
  return out;
})()`))
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range out {
				t.Errorf("text past the drawing's edge: %s", o)
			}
		})
	}
}

// TestGraphMapCostsClearInChromium draws the Romania map in Chromium at
// the end of A* and of bidirectional A* (every city's g, h and f written
// under it) and checks, with the browser's own text boxes, that no road's
// cost overlaps a city's name, its values or another cost: a cost beside
// "f 447" would read "f 447111".
func TestGraphMapCostsClearInChromium(t *testing.T) {
	ctx := testbrowser.New(t, 1000, 900, 90*time.Second)
	for _, algo := range []string{"astar", "biastar", "ucs"} {
		t.Run(algo, func(t *testing.T) {
			s, _ := search(t, romania, algo, -1)
			var b bytes.Buffer
			if err := ProblemSVG(&b, s.Instance(), s.Snapshot(), -1); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(t.TempDir(), algo+".svg")
			if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
				t.Fatal(err)
			}
			out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const texts = [...document.querySelectorAll("text.cost, text.city, text.gf")].map(e => ({e, r: e.getBBox()}));
  const out = [];
  for (const a of texts) {
    if (!a.e.classList.contains("cost")) continue;
    for (const b of texts) {
      if (a === b) continue;
      const w = Math.min(a.r.x + a.r.width, b.r.x + b.r.width) - Math.max(a.r.x, b.r.x);
      const h = Math.min(a.r.y + a.r.height, b.r.y + b.r.height) - Math.max(a.r.y, b.r.y);
      if (w > 0.5 && h > 0.5) out.push("cost " + a.e.textContent + " overlaps " + b.e.getAttribute("class") + " " + JSON.stringify(b.e.textContent));
    }
  }
  return out;
})()`))
			if err != nil {
				t.Fatal(err)
			}
			if len(out) > 0 {
				t.Errorf("%d overlaps: %v", len(out), out)
			}
		})
	}
}
