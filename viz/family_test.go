package viz_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/viz"
)

// romaniaAt is a Romania search of algo after steps steps.
func romaniaAt(t *testing.T, algo string, steps int) *stepper.Search {
	t.Helper()
	s, err := stepper.New("graph romania", algo)
	if err != nil {
		t.Fatal(err)
	}
	s.Seek(steps)
	return s
}

func treeOf(t *testing.T, s *stepper.Search) string {
	t.Helper()
	var b strings.Builder
	if err := viz.TreeSVG(&b, s.Instance(), s.Snapshot(), viz.TreeOptions{Detail: viz.DetailFull}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTreeSVGFamilies: cut-off nodes (idastar) and forgotten ones (rbfs)
// are drawn as such; bibfs's backward tree grows up from below, its
// meeting nodes marked.
func TestTreeSVGFamilies(t *testing.T) {
	for _, tc := range []struct {
		algo  string
		steps int
		class string
		count int
	}{
		{"idastar", 6, `class="node closed cutoff"`, 8},
		{"rbfs", 6, `class="node [^"]*forgotten`, 5},
		{"bibfs", 4, `class="node [^"]*backward`, 5},
		{"bibfs", 4, `class="node [^"]*meet`, 2},
		{"astar", 4, `class="node [^"]*backward`, 0},
		{"idastar", 6, `class="node [^"]*on-current-path`, 3},
		{"rbfs", 6, `class="node [^"]*on-current-path`, 4},
	} {
		t.Run(tc.algo+tc.class, func(t *testing.T) {
			svg := treeOf(t, romaniaAt(t, tc.algo, tc.steps))
			if got := len(regexp.MustCompile(tc.class).FindAllString(svg, -1)); got != tc.count {
				t.Errorf("%d nodes with %s, want %d", got, tc.class, tc.count)
			}
		})
	}
	// the backward root (the goal, node 1) is below the forward root (node 0)
	svg := treeOf(t, romaniaAt(t, "bibfs", 4))
	y := func(id int) float64 {
		t.Helper()
		re := regexp.MustCompile(`data-id="` + strconv.Itoa(id) + `"[^>]*translate\([0-9.]+ ([0-9.]+)\)`)
		m := re.FindStringSubmatch(svg)
		if m == nil {
			t.Fatalf("node %d not found with a y", id)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	if y(1) <= y(5) || y(5) <= y(0) {
		t.Errorf("backward root y %v, its child y %v, forward root y %v: want the goal's tree growing up from below the start's", y(1), y(5), y(0))
	}
}

// TestIterations counts IDS's iterations on Romania: limits 0, 1, 2 make 1
// and 4 nodes before the third.
func TestIterations(t *testing.T) {
	s := romaniaAt(t, "ids", 6)
	its := viz.Iterations(s)
	if len(its) != 3 || its[0].Nodes != 1 || its[1].Nodes != 4 || its[2].FirstID != 5 {
		t.Fatalf("iterations %+v, want 3 with 1 and 4 nodes before ids from 5", its)
	}
	if got := viz.EarlierText(s.Snapshot(), its); !strings.Contains(got, "earlier iterations: 1 + 4 nodes") {
		t.Errorf("EarlierText = %q", got)
	}
}
