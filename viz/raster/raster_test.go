package raster_test

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper/problems"
	"stepviz/viz"
	"stepviz/viz/raster"
)

// drawing draws a problem or tree picture of a search after some steps.
func drawing(tb testing.TB, problem, options string, steps int, tree bool) []byte {
	tb.Helper()
	s, err := problems.New(problem, options)
	if err != nil {
		tb.Fatalf("problems.New(%q): %v", problem, err)
	}
	s.Run(steps)
	var b bytes.Buffer
	if tree {
		err = viz.TreeSVG(&b, s.Instance(), s.Snapshot(), viz.TreeOptions{Algorithm: s.Options().Algorithm, EdgeLabels: true})
	} else {
		err = viz.ProblemSVG(&b, s.Instance(), s.Snapshot(), -1)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// count returns how many pixels of img are within 6 of colour hex per channel.
func count(img image.Image, hex string) int {
	var want [3]int
	for i := range want {
		var v int
		for _, c := range hex[1+2*i : 3+2*i] {
			v = v*16 + strings.IndexRune("0123456789abcdef", c|0x20)
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
				if d := got[i] - want[i]; d > 6 || d < -6 {
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

// TestPictures draws every kind of picture the kernel shows and checks
// that the PNG has the drawing's size and shows its colours and its ink:
// the status fills of the legend, the tiles, the path, the text.
func TestPictures(t *testing.T) {
	for _, tc := range []struct {
		name, problem, options string
		steps                  int
		tree                   bool
		colours                []string // each must cover at least minPixels
	}{
		{"puzzle board", "puzzle 283164705 goal=123804765", "astar", 3, false, []string{"#FFF8E7", "#8c8c8c", "#D55E00"}},
		{"grid", "grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8 cost=10-14", "astar", 0, false, []string{"#222222", "#CCECE3"}},
		{"graph map", "graph romania start=Arad goal=Bucharest", "astar", 4, false, []string{"#CCECE3", "#999999"}},
		{"search tree", "graph romania start=Arad goal=Bucharest", "astar", 4, true, []string{"#CCECE3", "#8a8a8a"}},
		{"puzzle tree", "puzzle 283164705 goal=123804765", "bfs", 3, true, []string{"#8c8c8c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg := drawing(t, tc.problem, tc.options, tc.steps, tc.tree)
			data, err := raster.PNGBytes(svg, 1)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(testenv.Artifact(t, strings.ReplaceAll(tc.name, " ", "-")+".png"), data, 0o644)
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("the PNG does not decode: %v", err)
			}
			w, h := svgSize(t, svg)
			if got := img.Bounds().Size(); got.X != w || got.Y != h {
				t.Errorf("PNG is %v, the drawing %dx%d", got, w, h)
			}
			for _, c := range tc.colours {
				if n := count(img, c); n < 20 {
					t.Errorf("%d pixels of %s, want the drawing's shapes in that colour", n, c)
				}
			}
			if n := count(img, "#111111"); n < 50 {
				t.Errorf("%d pixels of text ink (#111), want its words drawn", n)
			}
		})
	}
}

// svgSize reads the root's width and height, rounded up.
func svgSize(t *testing.T, svg []byte) (int, int) {
	t.Helper()
	m := regexp.MustCompile(`<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"`).FindSubmatch(svg)
	if m == nil {
		t.Fatalf("no width and height on the svg element: %.200s", svg)
	}
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	h, _ := strconv.ParseFloat(string(m[2]), 64)
	return int(math.Ceil(w)), int(math.Ceil(h))
}

// TestBounds: bad drawings get errors that say what is wrong; big ones
// are scaled down to MaxSide.
func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		name, svg string
		scale     float64
		err       string // "" for none
		w, h      int
	}{
		{"not xml", `<svg width="10" height="10"><rect></svg>`, 1, "reading the svg", 0, 0},
		{"not svg", `<html/>`, 1, "want <svg>", 0, 0},
		{"no size", `<svg></svg>`, 1, "needs a width and height", 0, 0},
		{"bad viewBox", `<svg viewBox="0 0 -1 5"/>`, 1, "viewBox", 0, 0},
		{"NaN size", `<svg width="NaN" height="5"/>`, 1, "needs a width and height", 0, 0},
		{"bad scale", `<svg width="5" height="5"/>`, 0, "scale", 0, 0},
		{"viewBox only", `<svg viewBox="0 0 30 20"/>`, 1, "", 30, 20},
		{"double density", `<svg width="30" height="20"/>`, 2, "", 60, 40},
		{"too wide", `<svg width="4000" height="1000" viewBox="0 0 4000 1000"><rect width="100%" height="100%" fill="#f00"/></svg>`, 1, "", raster.MaxSide, raster.MaxSide / 4},
		{"huge coordinates", `<svg width="10" height="10"><path d="M-1e8 0L1e8 10" stroke="#000"/><circle r="1e8"/></svg>`, 1, "", 10, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := raster.Image([]byte(tc.svg), tc.scale)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := img.Bounds().Size(); got.X != tc.w || got.Y != tc.h {
				t.Errorf("image %v, want %dx%d", got, tc.w, tc.h)
			}
		})
	}
	many := "<svg width=\"5\" height=\"5\">" + strings.Repeat("<g/>", raster.MaxElements) + "</svg>"
	if _, err := raster.Image([]byte(many), 1); err == nil || !strings.Contains(err.Error(), "elements") {
		t.Errorf("a drawing of more than MaxElements: error %v", err)
	}
}

// TestCascade: style sheet rules apply by specificity, child and
// descendant selectors, presentation attributes lose to rules, style
// attributes win, opacity multiplies, dashes leave gaps.
func TestCascade(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" class="root" width="40" height="10"><style>
.root rect{fill:#00f}
.root .a.b{fill:#0f0}
.root g>.c{fill:#ff0000}
.root .d{fill:#000;opacity:.5}
</style>
<rect x="0" width="10" height="10" fill="#123456"/>
<rect class="a b" x="10" width="10" height="10"/>
<g><rect class="c" x="20" width="10" height="10" style="fill:#ff00ff"/></g>
<g class="d"><rect x="30" width="10" height="10" style="fill:#000"/></g>
</svg>`
	img, err := raster.Image([]byte(svg), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		x       int
		r, g, b uint32
	}{{5, 0, 0, 255}, {15, 0, 255, 0}, {25, 255, 0, 255}, {35, 127, 127, 127}} {
		r, g, b, _ := img.At(tc.x, 5).RGBA()
		r, g, b = r>>8, g>>8, b>>8
		if d := int(r) - int(tc.r) + int(g) - int(tc.g) + int(b) - int(tc.b); d > 3 || d < -3 || r != tc.r && tc.r != 127 {
			t.Errorf("pixel at x=%d is %d,%d,%d, want %d,%d,%d", tc.x, r, g, b, tc.r, tc.g, tc.b)
		}
	}
}

// BenchmarkGrid512 draws the problem picture of a 512x512 grid searched
// by A* to its goal (run-length cells, scaled down to MaxSide).
func BenchmarkGrid512(b *testing.B) {
	var m strings.Builder
	for y := range 512 {
		if y > 0 {
			m.WriteString("/")
		}
		for x := range 512 {
			if x%8 == 4 && y%64 != 7 {
				m.WriteString("#")
			} else {
				m.WriteString(".")
			}
		}
	}
	svg := drawing(b, "grid "+m.String()+" start=0,0 goal=511,511", "astar", 0, false)
	b.ReportMetric(float64(len(svg)), "svg-bytes")
	b.ResetTimer()
	for b.Loop() {
		if _, err := raster.PNGBytes(svg, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTree500 draws the search tree of a 500-node BFS of the
// 8-puzzle, a deep one (full nodes with mini boards, scaled down to MaxSide).
func BenchmarkTree500(b *testing.B) {
	s, err := problems.New("puzzle 867254301 goal=123456780", "bfs")
	if err != nil {
		b.Fatal(err)
	}
	for len(s.Snapshot().Tree) < 500 {
		if s.Run(1).Done() {
			b.Fatalf("the search ended with %d nodes, before 500", len(s.Snapshot().Tree))
		}
	}
	var buf bytes.Buffer
	if err := viz.TreeSVG(&buf, s.Instance(), s.Snapshot(), viz.TreeOptions{Algorithm: s.Options().Algorithm, EdgeLabels: true}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(s.Snapshot().Tree)), "nodes")
	b.ResetTimer()
	for b.Loop() {
		if _, err := raster.PNGBytes(buf.Bytes(), 1); err != nil {
			b.Fatal(err)
		}
	}
}
