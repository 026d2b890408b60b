package kernel

import (
	"strings"
	"testing"

	"stepviz/stepper/grid"
	"stepviz/stepper/problems"
)

// TestGridTextExpandedLast: the text picture marks E the node the step
// expanded, and none after a step that cut its node off at the depth
// limit (its narration: "cut off, not expanded"), as every picture does.
func TestGridTextExpandedLast(t *testing.T) {
	for _, tc := range []struct {
		options string
		steps   int
		wantE   int
	}{
		{"dls depth=2", 2, 1},
		{"dls depth=2", 3, 0},
		{"ids", 6, 1},
		{"ids", 7, 0},
	} {
		s, err := problems.New("grid S..../...../....G", tc.options)
		if err != nil {
			t.Fatal(err)
		}
		s.Run(tc.steps)
		lines := gridLines(s.Instance().(*grid.Grid), s.Snapshot())
		n := 0
		for _, l := range lines[:len(lines)-1] { // the legend names E too
			n += strings.Count(l, "E")
		}
		if n != tc.wantE {
			t.Errorf("%s after %d steps: %d cells marked E, want %d:\n%s", tc.options, tc.steps, n, tc.wantE, strings.Join(lines, "\n"))
		}
	}
}
