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

	"stepviz/internal/testenv"
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
