package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"stepviz/stepper"
	"stepviz/stepper/puzzle"
)

const (
	romania = "graph romania"
	puzzle8 = "puzzle 283164705 goal=123804765"
	// The classic A* tutorial's map: a wall between start and goal, 8 moves,
	// costs 10 and 14.
	tutorialGrid = "grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8 cost=10-14"
)

// treeNodes returns the tree-node elements by id, failing on duplicates.
func treeNodes(t *testing.T, root *elem) map[int]*elem {
	t.Helper()
	out := map[int]*elem{}
	for _, e := range root.all(withAttr("data-testid", "tree-node")) {
		id, err := strconv.Atoi(e.Attrs["data-id"])
		if err != nil {
			t.Fatalf("tree node with data-id %q", e.Attrs["data-id"])
		}
		if out[id] != nil {
			t.Fatalf("node %d drawn twice", id)
		}
		out[id] = e
	}
	return out
}

// translate reads "translate(x y)".
func translate(t *testing.T, s string) (x, y float64) {
	t.Helper()
	if _, err := fmt.Sscanf(s, "translate(%g %g)", &x, &y); err != nil {
		t.Fatalf("transform %q: %v", s, err)
	}
	return x, y
}

func TestTreeSVGNodes(t *testing.T) {
	tests := []struct {
		problem, options string
		steps            []int
	}{
		{romania, "astar", []int{0, 1, 3, 6}},
		{romania, "bfs", []int{2, 6}},
		{romania, "ucs tie=lifo", []int{4}},
		{puzzle8, "astar", []int{0, 2, 6}},
		{puzzle8, "greedy h=misplaced", []int{3}},
		{tutorialGrid, "astar tie=high-g", []int{1, 5, 100}},
		{tutorialGrid, "dfs depth=3", []int{4}},
	}
	for _, tc := range tests {
		for _, k := range tc.steps {
			t.Run(fmt.Sprintf("%s/%s/step%d", tc.problem, tc.options, k), func(t *testing.T) {
				s, o := search(t, tc.problem, tc.options, max(k-1, 0))
				wantCurrent := 0
				if k > 0 {
					// the last step's own node, as the page reads it
					if ev, ok := s.Step(); ok && ev.Expanded.Status != stepper.NodeCutoff && ev.Status == stepper.Running {
						wantCurrent = 1
					}
				}
				snap := s.Snapshot()
				root, _ := render(t, func(b *bytes.Buffer) error {
					return TreeSVG(b, s.Instance(), snap, TreeOptions{EdgeLabels: true, Algorithm: o.Algorithm})
				})
				checkTreeSVG(t, root, snap, o, wantCurrent)
			})
		}
	}
}

// checkTreeSVG asserts what TreeSVG promises about every node; wantCurrent
// is the number of current nodes of a search not solved: 1 when the last
// step expanded its node, 0 before the first step or when it cut it off.
func checkTreeSVG(t *testing.T, root *elem, snap stepper.Snapshot, o stepper.Options, wantCurrent int) {
	t.Helper()
	if !root.hasClass("stepviz-tree") {
		t.Errorf("root class %q", root.Attrs["class"])
	}
	nodes := treeNodes(t, root)
	if len(nodes) != len(snap.Tree) {
		t.Fatalf("%d tree nodes drawn, want %d", len(nodes), len(snap.Tree))
	}
	status := Statuses(snap)
	count := map[Status]int{}
	byY := map[float64][]float64{}
	for id, e := range nodes {
		n := snap.Tree[id]
		if !e.hasClass("node") || !e.hasClass(string(status[id])) {
			t.Errorf("node %d class %q, want node %s", id, e.Attrs["class"], status[id])
		}
		count[status[id]]++
		if e.Attrs["data-state"] != n.State.String() {
			t.Errorf("node %d data-state %q, want %q", id, e.Attrs["data-state"], n.State)
		}
		txt := e.text()
		want := "g " + stepper.FormatNumber(n.G)
		badge := LegendFor(status[id]).Letter
		if l := familyLetter(e.Attrs["class"]); l != "" {
			badge = l // a cut-off, forgotten or pruned node's
		}
		if !strings.Contains(txt, want) || !strings.Contains(txt, badge) {
			t.Errorf("node %d text %q lacks %q or its badge", id, txt, want)
		}
		if o.Algorithm == stepper.AStar && !strings.Contains(txt, "f "+stepper.FormatNumber(n.F)) {
			t.Errorf("node %d text %q lacks f %s", id, txt, stepper.FormatNumber(n.F))
		}
		x, y := translate(t, e.Attrs["transform"])
		byY[y] = append(byY[y], x)
	}
	for y, xs := range byY {
		sort.Float64s(xs)
		for i := 1; i < len(xs); i++ {
			if xs[i]-xs[i-1] < boxW {
				t.Errorf("row y=%g: boxes at x=%g and %g overlap", y, xs[i-1], xs[i])
			}
		}
	}
	if snap.Status == stepper.Solved {
		if count[StatusPath] != len(snap.Path) {
			t.Errorf("%d path nodes, want %d", count[StatusPath], len(snap.Path))
		}
	} else if count[StatusCurrent] != wantCurrent {
		t.Errorf("%d current nodes at step %d, want %d", count[StatusCurrent], snap.Step, wantCurrent)
	}
	if snap.Step > 0 && count[StatusClosed]+count[StatusCurrent]+count[StatusPath] < len(snap.Closed) {
		t.Errorf("statuses %v: fewer expanded nodes than %d closed", count, len(snap.Closed))
	}
	legend := root.all(withAttr("data-testid", "legend"))
	if len(legend) != 1 {
		t.Fatalf("%d legends", len(legend))
	}
	for _, e := range StatusLegend {
		if !strings.Contains(legend[0].text(), e.Label) {
			t.Errorf("legend lacks %q", e.Label)
		}
	}
}

func TestTreeSVGPathEdges(t *testing.T) {
	s, o := search(t, romania, "astar", 0)
	s.Run(0)
	snap := s.Snapshot()
	if snap.Status != stepper.Solved {
		t.Fatalf("status %s", snap.Status)
	}
	root, _ := render(t, func(b *bytes.Buffer) error {
		return TreeSVG(b, s.Instance(), snap, TreeOptions{Algorithm: o.Algorithm})
	})
	paths := root.all(func(e *elem) bool { return e.Name == "path" && e.hasClass("edge") && e.hasClass("path") })
	if len(paths) != 1 {
		t.Fatalf("%d path-edge elements, want 1", len(paths))
	}
	// One curve per edge of the solution path.
	if got := strings.Count(paths[0].Attrs["d"], "M"); got != len(snap.Path)-1 {
		t.Errorf("%d path edges drawn, want %d", got, len(snap.Path)-1)
	}
	goal := root.all(func(e *elem) bool { return e.hasClass("goal") })
	if len(goal) != 1 || goal[0].Attrs["data-state"] != "Bucharest" {
		t.Errorf("goal nodes %v", goal)
	}
}

func TestTreeSVGOptions(t *testing.T) {
	s, o := search(t, romania, "astar", 4)
	snap := s.Snapshot()
	inst := s.Instance()
	// Sibiu is node 2 in A*'s tree (Arad's second child).
	sibiu := -1
	for _, n := range snap.Tree {
		if n.State.String() == "Sibiu" && n.Parent == 0 {
			sibiu = n.ID
		}
	}
	if sibiu < 0 {
		t.Fatal("no Sibiu under Arad")
	}
	hidden := 0
	for _, n := range snap.Tree {
		if len(PathTo(snap.Tree, n.ID)) > 2 && PathTo(snap.Tree, n.ID)[1] == sibiu {
			hidden++
		}
	}
	discarded := 0
	for _, n := range snap.Tree {
		if n.Status == stepper.NodeDiscarded {
			discarded++
		}
	}
	tests := []struct {
		name  string
		opt   TreeOptions
		check func(t *testing.T, root *elem)
	}{
		{"collapsed", TreeOptions{Collapsed: []int{sibiu}}, func(t *testing.T, root *elem) {
			nodes := treeNodes(t, root)
			if len(nodes) != len(snap.Tree)-hidden {
				t.Errorf("%d nodes drawn, want %d", len(nodes), len(snap.Tree)-hidden)
			}
			if !nodes[sibiu].hasClass("collapsed") || !strings.Contains(nodes[sibiu].text(), fmt.Sprintf("+%d hidden", hidden)) {
				t.Errorf("Sibiu: class %q text %q", nodes[sibiu].Attrs["class"], nodes[sibiu].text())
			}
		}},
		{"hide discarded", TreeOptions{HideDiscarded: true}, func(t *testing.T, root *elem) {
			if discarded == 0 {
				t.Fatal("no discarded nodes to hide")
			}
			nodes := treeNodes(t, root)
			if len(nodes) != len(snap.Tree)-discarded {
				t.Errorf("%d nodes drawn, want %d", len(nodes), len(snap.Tree)-discarded)
			}
			for _, e := range nodes {
				if e.hasClass("discarded") {
					t.Errorf("discarded node %s drawn", e.Attrs["data-id"])
				}
			}
		}},
		{"compact", TreeOptions{Detail: DetailCompact}, func(t *testing.T, root *elem) {
			nodes := treeNodes(t, root)
			if len(nodes) != len(snap.Tree) || !root.hasClass("compact") {
				t.Fatalf("%d nodes, root class %q", len(nodes), root.Attrs["class"])
			}
			for _, e := range nodes {
				if e.Name != "circle" {
					t.Fatalf("compact node is a %s", e.Name)
				}
			}
		}},
		{"selected and labels", TreeOptions{Selected: []int{sibiu}, EdgeLabels: true, Title: "A* <Romania> & co"}, func(t *testing.T, root *elem) {
			nodes := treeNodes(t, root)
			if !nodes[sibiu].hasClass("selected") {
				t.Errorf("Sibiu not selected: %q", nodes[sibiu].Attrs["class"])
			}
			labels := root.all(func(e *elem) bool { return e.hasClass("elabel") })
			if len(labels) != len(snap.Tree)-1 {
				t.Errorf("%d edge labels, want %d", len(labels), len(snap.Tree)-1)
			}
			if titles := root.all(func(e *elem) bool { return e.hasClass("title") }); len(titles) != 1 || titles[0].Text != "A* <Romania> & co" {
				t.Errorf("title %v", titles)
			}
		}},
		{"no legend", TreeOptions{NoLegend: true}, func(t *testing.T, root *elem) {
			if n := len(root.all(withAttr("data-testid", "legend"))); n != 0 {
				t.Errorf("%d legends", n)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Algorithm = o.Algorithm
			root, _ := render(t, func(b *bytes.Buffer) error { return TreeSVG(b, inst, snap, tc.opt) })
			tc.check(t, root)
		})
	}
}

func TestTreeSVGMiniBoard(t *testing.T) {
	s, o := search(t, puzzle8, "astar", 2)
	snap := s.Snapshot()
	root, _ := render(t, func(b *bytes.Buffer) error {
		return TreeSVG(b, s.Instance(), snap, TreeOptions{Algorithm: o.Algorithm})
	})
	for id, e := range treeNodes(t, root) {
		mini := e.all(func(x *elem) bool { return x.hasClass("mini") })
		if len(mini) != 1 {
			t.Fatalf("node %d: %d mini boards", id, len(mini))
		}
		cells := mini[0].all(func(x *elem) bool { return x.Name == "rect" })
		blanks := mini[0].all(func(x *elem) bool { return x.hasClass("blank") })
		if len(cells) != 9 || len(blanks) != 1 {
			t.Errorf("node %d: %d cells, %d blanks", id, len(cells), len(blanks))
		}
		// The tile numbers read in board order give the state back.
		var digits strings.Builder
		tiles, _ := puzzle.ParseTiles(snap.Tree[id].State.String())
		for _, x := range mini[0].all(func(x *elem) bool { return x.Name == "text" }) {
			digits.WriteString(x.Text)
		}
		want := strings.ReplaceAll(strings.Trim(strings.ReplaceAll(fmt.Sprint(tiles), " ", ""), "[]"), "0", "")
		if digits.String() != want {
			t.Errorf("node %d: tiles read %q, want %q", id, digits.String(), want)
		}
	}
}

func TestTreeSVGEmptyAndNilInstance(t *testing.T) {
	root, _ := render(t, func(b *bytes.Buffer) error { return TreeSVG(b, nil, stepper.Snapshot{}, TreeOptions{}) })
	if n := len(treeNodes(t, root)); n != 0 {
		t.Errorf("%d nodes in an empty tree", n)
	}
	snap := stepper.Snapshot{Tree: []stepper.NodeInfo{{ID: 0, Parent: -1, State: stepper.TextOf("A"), Status: stepper.NodeOpen}}}
	root, _ = render(t, func(b *bytes.Buffer) error { return TreeSVG(b, nil, snap, TreeOptions{}) })
	if n := len(treeNodes(t, root)); n != 1 {
		t.Errorf("%d nodes, want 1", n)
	}
}

type failWriter struct{ after int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.after -= len(p); f.after < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestSVGWriteErrors(t *testing.T) {
	s, _ := search(t, romania, "astar", 3)
	snap := s.Snapshot()
	if err := TreeSVG(&failWriter{after: 100}, s.Instance(), snap, TreeOptions{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("TreeSVG on a failing writer: %v", err)
	}
	if err := ProblemSVG(&failWriter{after: 100}, s.Instance(), snap, -1); err == nil {
		t.Errorf("ProblemSVG on a failing writer: no error")
	}
}

// FuzzTreeSVG feeds arbitrary states and actions (markup, quotes, control
// characters, invalid UTF-8) through TreeSVG: the output must stay valid XML
// and give every state back intact.
func FuzzTreeSVG(f *testing.F) {
	f.Add("Arad", "Sibiu", "go <east> & \"north\"")
	f.Add("1,2", "\x00\x1f", "'")
	f.Add("\xff\xfe", "]]>", "<!--")
	f.Add("Rimnicu_Vilcea_with_a_very_long_name_indeed", "", "\u2028")
	f.Fuzz(func(t *testing.T, a, b, action string) {
		snap := stepper.Snapshot{Step: 1, Tree: []stepper.NodeInfo{
			{ID: 0, Parent: -1, State: stepper.TextOf(a), Status: stepper.NodeClosed, Order: 1},
			{ID: 1, Parent: 0, State: stepper.TextOf(b), Action: action, Status: stepper.NodeOpen, G: math.Inf(1), H: math.NaN()},
			{ID: 2, Parent: 0, State: stepper.TextOf(a + b), Action: action, Status: stepper.NodeDiscarded},
		}}
		// One detail per execution, picked by the input, so the fuzzer
		// runs twice as often.
		for _, d := range []Detail{[]Detail{DetailFull, DetailCompact}[len(action)&1]} {
			root, _ := render(t, func(buf *bytes.Buffer) error {
				return TreeSVG(buf, nil, snap, TreeOptions{EdgeLabels: true, Title: action, Detail: d})
			})
			nodes := treeNodes(t, root)
			if len(nodes) != 3 {
				t.Fatalf("%d nodes", len(nodes))
			}
			for id, e := range nodes {
				want := snap.Tree[id].State
				if cleanXML(want.String()) && e.Attrs["data-state"] != want.String() {
					t.Errorf("node %d: data-state %q, want %q", id, e.Attrs["data-state"], want)
				}
			}
		}
	})
}

// cleanXML reports whether s survives XML unchanged: valid UTF-8 without
// the control characters XML 1.0 forbids (TreeSVG drops those) and without
// \r, which XML parsers normalise.
func cleanXML(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n') || r == 0xFFFE || r == 0xFFFF {
			return false
		}
	}
	return true
}

func BenchmarkTreeSVG10k(b *testing.B) {
	for _, d := range []struct {
		name   string
		detail Detail
	}{{"full", DetailFull}, {"compact", DetailCompact}} {
		b.Run(d.name, func(b *testing.B) {
			s, o := search(b, tutorialGridBig, "bfs", 0)
			for s.NodeCount() < 10_000 && !s.Status().Done() {
				s.Run(50)
			}
			snap := s.Snapshot()
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := TreeSVG(&buf, s.Instance(), snap, TreeOptions{Detail: d.detail, Algorithm: o.Algorithm}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len())/float64(len(snap.Tree)), "bytes/node")
			b.ReportMetric(float64(len(snap.Tree)), "nodes")
		})
	}
}

// tutorialGridBig is an open 120×120 map: BFS with 8 moves generates
// thousands of nodes quickly.
var tutorialGridBig = "grid " + strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 120)+"/", 120), "/") + " start=0,0 goal=119,119 moves=8"

// BenchmarkTreeSVGCompact100k draws a synthetic 100,000-node tree in
// compact mode (what DetailAuto picks past AutoCompactAbove nodes).
func BenchmarkTreeSVGCompact100k(b *testing.B) {
	nodes := randomTree(rand.New(rand.NewPCG(7, 8)), 100_000, 1_000)
	for i := range nodes {
		nodes[i].Status = stepper.NodeClosed
		nodes[i].Order = i + 1
		if i > 60_000 {
			nodes[i].Status, nodes[i].Order = stepper.NodeOpen, 0
		}
	}
	snap := stepper.Snapshot{Step: 60_000, Tree: nodes}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := TreeSVG(&buf, nil, snap, TreeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/float64(len(nodes)), "bytes/node")
}

// BenchmarkTreeSVGFold100k draws a synthetic 100,000-node tree whose
// subtrees below every other node of depth 3 are forgotten (RBFS), drawn
// faded or folded into their roots (compact): folding costs a pass over
// the nodes and a map of the fold roots, and draws fewer nodes.
func BenchmarkTreeSVGFold100k(b *testing.B) {
	nodes := randomTree(rand.New(rand.NewPCG(7, 8)), 100_000, 1_000)
	forgotten := 0
	for i := range nodes {
		nodes[i].Status = stepper.NodeOpen
		if p := nodes[i].Parent; p >= 0 && (nodes[p].Status == stepper.NodeForgotten || nodes[p].Depth == 3 && p%2 == 0) {
			nodes[i].Status = stepper.NodeForgotten
			forgotten++
		}
	}
	snap := stepper.Snapshot{Step: 1, Tree: nodes}
	for _, fold := range []bool{false, true} {
		b.Run(fmt.Sprintf("fold=%v", fold), func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := TreeSVG(&buf, nil, snap, TreeOptions{Detail: DetailCompact, FoldForgotten: fold}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(forgotten), "forgotten")
			b.ReportMetric(float64(buf.Len())/float64(len(nodes)), "bytes/node")
		})
	}
}
