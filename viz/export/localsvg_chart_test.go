package export

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"stepviz/stepper/local"
)

var (
	chartFrame = regexp.MustCompile(`<g class="chart"><rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"`)
	chartText  = regexp.MustCompile(`<text class="(?:axis|caption)" x="([0-9.]+)" y="([0-9.]+)"[^>]*font-size="([0-9.]+)">([^<]*)</text>`)
)

// TestLocalSVGChartText: the chart of h over the steps in the svg export
// (side by side and stacked for a phone) writes its axis numbers and its
// caption at 14 px or more at 1:1, each line of type (its font size tall,
// a quarter of it under the baseline) clear of the chart's frame, and the
// caption clear of the smallest h written on its line.
func TestLocalSVGChartText(t *testing.T) {
	for _, c := range []struct{ problem, search string }{{"queens 8 seed=3", "hillclimb sideways=10"}, {"tsp 12 seed=1", "hillclimb"}} {
		for _, narrow := range []bool{false, true} {
			p, o := localOf(t, c.problem, c.search)
			v, err := local.NewViewer(p, o)
			if err != nil {
				t.Fatal(err)
			}
			for range 6 {
				v.Step()
			}
			var b bytes.Buffer
			if err := localSVG(&b, v.View(), narrow); err != nil {
				t.Fatal(err)
			}
			f := chartFrame.FindStringSubmatch(b.String())
			if f == nil {
				t.Fatalf("%s: no chart", c.problem)
			}
			num := func(s string) float64 { x, _ := strconv.ParseFloat(s, 64); return x }
			top, bottom := num(f[2]), num(f[2])+num(f[4])
			texts := chartText.FindAllStringSubmatch(b.String(), -1)
			if len(texts) != 3 {
				t.Fatalf("%s (narrow %v): %d texts of the chart, want 3 (its largest and smallest h, its caption)", c.problem, narrow, len(texts))
			}
			for _, x := range texts {
				y, size := num(x[2]), num(x[3])
				if size < 14 {
					t.Errorf("%s (narrow %v): %q at %g px, want 14 or more", c.problem, narrow, x[4], size)
				}
				if y+size/4 > top && y-size < bottom {
					t.Errorf("%s (narrow %v): %q (baseline %g, %g px) meets the chart's frame %g..%g", c.problem, narrow, x[4], y, size, top, bottom)
				}
			}
			lo, caption := texts[1], texts[2]
			if num(lo[1])+0.6*num(lo[3])*float64(len([]rune(lo[4]))) > num(caption[1])-0.6*num(caption[3])*float64(len([]rune(caption[4]))) {
				t.Errorf("%s (narrow %v): the smallest h %q meets the caption %q", c.problem, narrow, lo[4], caption[4])
			}
		}
	}
}
