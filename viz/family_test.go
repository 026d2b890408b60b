package viz_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz"
)

// romaniaAt is a Romania search of algo after steps steps.
func romaniaAt(t *testing.T, algo string, steps int) *stepper.Search {
	t.Helper()
	s, err := problems.New("graph romania", algo)
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
// are drawn as such, a cut-off node with the discarded status and badge; bibfs's backward tree grows up from below, its
// meeting nodes marked.
func TestTreeSVGFamilies(t *testing.T) {
	for _, tc := range []struct {
		algo  string
		steps int
		class string
		count int
	}{
		// a cut-off node was never expanded: discarded ("too deep"),
		// its badge X, never C (closed, expanded)
		{"idastar", 6, `class="node discarded cutoff"`, 8},
		{"idastar", 6, `class="node [^"]*cutoff"[^\n]*class="badge-l"[^>]*>C<`, 0},
		// its badge is the live page's L for cut off
		{"idastar", 6, `class="node [^"]*cutoff"[^\n]*?class="badge-l"[^>]*>L<`, 8},
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
	one := romaniaAt(t, "ids", 2) // iteration 1 began after the root alone
	if got := viz.EarlierText(one.Snapshot(), viz.Iterations(one)); got != "earlier iterations: 1 node (ids 0 to 0)" {
		t.Errorf("EarlierText after one node = %q, want %q", got, "earlier iterations: 1 node (ids 0 to 0)")
	}
}

// treeWith draws s's tree with opt (full detail).
func treeWith(t *testing.T, s *stepper.Search, opt viz.TreeOptions) string {
	t.Helper()
	opt.Detail = viz.DetailFull
	var b strings.Builder
	if err := viz.TreeSVG(&b, s.Instance(), s.Snapshot(), opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTreeSVGFoldAndLegend: RBFS's forgotten subtrees fold into their
// roots, counted and their backed-up f flagged; the legend names the
// family styles a picture draws, and only those; beam's pruned nodes are
// drawn as such.
func TestTreeSVGFoldAndLegend(t *testing.T) {
	beam, err := problems.New("graph romania", "beam width=2")
	if err != nil {
		t.Fatal(err)
	}
	var pruned []int
	for {
		ev, ok := beam.Step()
		if !ok {
			break
		}
		if ev.Beam != nil {
			for _, p := range ev.Beam.Pruned {
				pruned = append(pruned, p.ID)
			}
		}
	}
	if got := viz.PrunedIDs(beam); !slices.Equal(got, pruned) || len(pruned) == 0 {
		t.Fatalf("PrunedIDs = %v, the events pruned %v", got, pruned)
	}
	for _, tc := range []struct {
		name   string
		s      *stepper.Search
		opt    viz.TreeOptions
		counts map[string]int // regexp: how many times
	}{
		{"rbfs folded", romaniaAt(t, "rbfs", 6), viz.TreeOptions{FoldForgotten: true}, map[string]int{
			`class="node [^"]*forgotten`: 0, `data-testid="tree-node"`: 14, `class="node [^"]*folded`: 2,
			`▸ \+3 forgotten`: 1, `▸ \+2 forgotten`: 1, `f 417 ↑`: 1, `f 450 ↑`: 1, `3 forgotten nodes folded below it: RBFS dropped its subtree on unwinding and backed its best f \(417\) up to it`: 1,
			`data-style="folded"`: 1, `data-style="forgotten"`: 0, `data-style="on-current-path"`: 1, `data-style="cutoff"`: 0}},
		{"rbfs unfolded", romaniaAt(t, "rbfs", 6), viz.TreeOptions{}, map[string]int{
			`class="node [^"]*forgotten`: 5, `data-testid="tree-node"`: 19, `▸ \+\d+ forgotten`: 0, `↑`: 0,
			`data-style="forgotten"`: 1, `data-style="folded"`: 0}},
		{"idastar", romaniaAt(t, "idastar", 6), viz.TreeOptions{FoldForgotten: true}, map[string]int{
			`data-style="cutoff"`: 1, `data-style="on-current-path"`: 1, `data-style="(folded|forgotten|backward|meet|pruned)"`: 0}},
		{"bibfs", romaniaAt(t, "bibfs", 4), viz.TreeOptions{}, map[string]int{
			`data-style="backward"`: 1, `data-style="meet"`: 1, `data-style="(cutoff|folded|forgotten|on-current-path|pruned)"`: 0}},
		{"astar", romaniaAt(t, "astar", 4), viz.TreeOptions{FoldForgotten: true}, map[string]int{`data-style=`: 0}},
		{"beam", beam, viz.TreeOptions{Pruned: pruned}, map[string]int{
			`class="node discarded pruned"`: len(pruned), `, pruned: dropped from the beam`: len(pruned), `data-style="pruned"`: 1}},
		{"beam unmarked", beam, viz.TreeOptions{}, map[string]int{`class="[^"]*pruned`: 0, `data-style="pruned"`: 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg := treeWith(t, tc.s, tc.opt)
			for re, want := range tc.counts {
				if got := len(regexp.MustCompile(re).FindAllString(svg, -1)); got != want {
					t.Errorf("%d matches of %s, want %d", got, re, want)
				}
			}
		})
	}
}

// TestTreeSVGTitleFits: the picture is wide enough for its title (an
// export's title names the options in full and was cut off).
func TestTreeSVGTitleFits(t *testing.T) {
	title := strings.Repeat("rbfs h=sld order=natural ", 4)
	svg := treeWith(t, romaniaAt(t, "astar", 0), viz.TreeOptions{Title: title})
	m := regexp.MustCompile(`<svg [^>]*width="([0-9.]+)"`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatal("no width")
	}
	if w, _ := strconv.ParseFloat(m[1], 64); w < float64(len(title))*14*0.6 {
		t.Errorf("picture %v px wide for a title of %d characters at 14 px", w, len(title))
	}
}

// TestFamilyStylesMatchThePage: the live page's legend of the family
// styles (static/family.js's EXTRA_LEGEND) uses the words and letters of
// FamilyStyles, so a cut-off node reads the same on the projector and on
// the homework sheet.
func TestFamilyStylesMatchThePage(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("..", "static", "family.js"))
	if err != nil {
		t.Fatal(err)
	}
	entries := regexp.MustCompile(`(\w+): \{ status: "(\w+)", label: "([^"]+)", letter: "([^"]+)"`).FindAllStringSubmatch(string(js), -1)
	if len(entries) < 3 {
		t.Fatalf("found %d entries of EXTRA_LEGEND in family.js, want cutoff, forgotten and pruned", len(entries))
	}
	for _, m := range entries {
		i := slices.IndexFunc(viz.FamilyStyles, func(e viz.StyleEntry) bool { return e.Class == m[2] })
		if i < 0 {
			t.Errorf("the page draws %q, which FamilyStyles lacks", m[2])
			continue
		}
		if e := viz.FamilyStyles[i]; e.Label != m[3] || e.Letter != m[4] {
			t.Errorf("%s: the page says %q with letter %s, the exports %q with letter %s", m[2], m[3], m[4], e.Label, e.Letter)
		}
	}
}
