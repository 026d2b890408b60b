package viz

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

func TestProblemSVGPuzzle(t *testing.T) {
	tests := []struct {
		problem  string
		steps    int
		selected int // -1: the node expanded last
	}{
		{puzzle8, 0, -1},
		{puzzle8, 3, -1},
		{puzzle8, 3, 2},
		{puzzle8, 3, 9999},
		{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", 2, 1},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d/%d", tc.problem, tc.steps, tc.selected), func(t *testing.T) {
			s, _ := search(t, tc.problem, "astar h=misplaced", tc.steps)
			snap := s.Snapshot()
			p := s.Instance().(*puzzle.Puzzle)
			root, _ := render(t, func(b *bytes.Buffer) error { return ProblemSVG(b, p, snap, tc.selected) })
			want := tc.selected
			if want < 0 || want >= len(snap.Tree) {
				want = 0
				for _, n := range snap.Tree {
					if n.Order > snap.Tree[want].Order {
						want = n.ID
					}
				}
			}
			node := snap.Tree[want]
			boards := root.all(withAttr("data-testid", "board"))
			if len(boards) != 1 {
				t.Fatalf("%d boards", len(boards))
			}
			b := boards[0]
			if b.Attrs["data-state"] != node.State.String() || b.Attrs["data-id"] != strconv.Itoa(want) {
				t.Errorf("board of %s/%s, want node %d %s", b.Attrs["data-id"], b.Attrs["data-state"], want, node.State)
			}
			tiles, err := puzzle.ParseTiles(node.State.String())
			if err != nil {
				t.Fatal(err)
			}
			drawn := b.all(hasAttr("data-tile"))
			if len(drawn) != len(tiles) {
				t.Fatalf("%d tiles drawn, want %d", len(drawn), len(tiles))
			}
			for k, e := range drawn {
				if e.Attrs["data-tile"] != strconv.Itoa(tiles[k]) || e.hasClass("blank") != (tiles[k] == 0) {
					t.Errorf("cell %d: tile %s class %q, want %d", k, e.Attrs["data-tile"], e.Attrs["class"], tiles[k])
				}
			}
			// Marked tiles are exactly the misplaced ones: h of "misplaced".
			marks := b.all(func(e *elem) bool { return e.hasClass("mark") })
			if float64(len(marks)) != node.H {
				t.Errorf("%d tiles marked misplaced, h(misplaced) = %g", len(marks), node.H)
			}
			if !strings.Contains(root.text(), "g "+stepper.FormatNumber(node.G)) {
				t.Errorf("caption lacks g: %q", root.text())
			}
		})
	}
}

func TestProblemSVGGrid(t *testing.T) {
	tests := []struct {
		problem, options string
		steps, selected  int
	}{
		{tutorialGrid, "astar", 0, -1},
		{tutorialGrid, "astar", 4, 3},
		{tutorialGrid, "astar tie=high-g", -1, 5},
		{"grid S.3#./.9#../....G", "ucs", -1, -1},
		// Diagonal steps of √2: F, G and H with decimals.
		{"grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8", "astar", -1, 2},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.problem, tc.options, tc.steps), func(t *testing.T) {
			s, _ := search(t, tc.problem, tc.options, tc.steps)
			snap := s.Snapshot()
			g := s.Instance().(*grid.Grid)
			root, _ := render(t, func(b *bytes.Buffer) error { return ProblemSVG(b, g, snap, tc.selected) })
			cells := map[string]*elem{}
			for _, e := range root.all(hasAttr("data-state")) {
				if cells[e.Attrs["data-state"]] != nil {
					t.Fatalf("cell %s drawn twice", e.Attrs["data-state"])
				}
				cells[e.Attrs["data-state"]] = e
			}
			if len(cells) != g.Width()*g.Height() {
				t.Fatalf("%d cells drawn, want %d", len(cells), g.Width()*g.Height())
			}
			status := Statuses(snap)
			for y := 0; y < g.Height(); y++ {
				for x := 0; x < g.Width(); x++ {
					e := cells[fmt.Sprintf("%d,%d", x, y)]
					if (g.CellCost(x, y) == 0) != e.hasClass("wall") {
						t.Errorf("cell %d,%d: class %q, cost %d", x, y, e.Attrs["class"], g.CellCost(x, y))
					}
					if c := g.CellCost(x, y); c > 1 && !strings.Contains(e.text()+textAfter(root, e), fmt.Sprintf("×%d", c)) {
						t.Errorf("cell %d,%d: terrain ×%d not written", x, y, c)
					}
				}
			}
			seen := map[string]bool{}
			for _, n := range snap.Tree {
				seen[n.State.String()] = true
			}
			for state := range seen {
				e := cells[state]
				id, err := strconv.Atoi(e.Attrs["data-id"])
				if err != nil {
					t.Fatalf("cell %s has a node but data-id %q", state, e.Attrs["data-id"])
				}
				n := snap.Tree[id]
				if n.State.String() != state || !e.hasClass(string(status[id])) {
					t.Errorf("cell %s shows node %d (%s, %s), class %q", state, id, n.State, status[id], e.Attrs["class"])
				}
				f := e.all(func(x *elem) bool { return x.hasClass("fnum") })
				gv := e.all(func(x *elem) bool { return x.hasClass("num") })
				h := e.all(func(x *elem) bool { return x.hasClass("hnum") })
				if len(f) != 1 || len(gv) != 1 || len(h) != 1 ||
					f[0].Text != cellNumbers(n).F || gv[0].Text != cellNumbers(n).G || h[0].Text != cellNumbers(n).H {
					t.Errorf("cell %s: F G H drawn wrong for node %d (f %g g %g h %g)", state, id, n.F, n.G, n.H)
				}
			}
			for state, e := range cells {
				if !seen[state] && e.Attrs["data-id"] != "" {
					t.Errorf("cell %s without a node has data-id %s", state, e.Attrs["data-id"])
				}
			}
			lines := root.all(func(e *elem) bool { return e.hasClass("pathline") })
			if snap.Status == stepper.Solved {
				if len(lines) != 1 || len(strings.Fields(lines[0].Attrs["points"])) != len(snap.Path) {
					t.Errorf("path line %v for a path of %d cells", lines, len(snap.Path))
				}
			} else if len(lines) != 0 {
				t.Errorf("path line drawn before the goal is found")
			}
			letters := ""
			for _, e := range root.all(func(e *elem) bool { return e.hasClass("se") }) {
				letters += e.Text
			}
			if letters != "SG" {
				t.Errorf("start/goal marks %q, want SG", letters)
			}
			if sel := root.all(withAttr("data-testid", "selected")); (tc.selected >= 0 && tc.selected < len(snap.Tree)) != (len(sel) == 1) {
				t.Errorf("selected %d: %d rings", tc.selected, len(sel))
			}
		})
	}
}

// textAfter returns the text of the elements drawn right after e among its
// siblings (a free cell's terrain label follows its rect).
func textAfter(root, e *elem) string {
	for _, p := range root.all(func(x *elem) bool { return len(x.Children) > 0 }) {
		for i, c := range p.Children {
			if c == e && i+1 < len(p.Children) && p.Children[i+1].Name == "text" {
				return p.Children[i+1].Text
			}
		}
	}
	return ""
}

func TestProblemSVGBigGrid(t *testing.T) {
	s, _ := search(t, "grid {data}/movingai/Berlin_0_512.map start=10,10 goal=400,300", "astar", 3000)
	snap := s.Snapshot()
	g := s.Instance().(*grid.Grid)
	root, data := render(t, func(b *bytes.Buffer) error { return ProblemSVG(b, g, snap, 5) })
	cell, err := strconv.ParseFloat(root.Attrs["data-cell"], 64)
	if err != nil || cell < 1 {
		t.Fatalf("data-cell %q", root.Attrs["data-cell"])
	}
	sum := map[string]int{}
	for _, e := range root.all(func(e *elem) bool { return e.hasClass("run") }) {
		n, err := strconv.Atoi(e.Attrs["data-run"])
		if err != nil || n < 1 {
			t.Fatalf("run %v", e.Attrs)
		}
		x, y, err := grid.ParseCell(e.Attrs["data-state"])
		if err != nil || x+n > g.Width() || y >= g.Height() {
			t.Fatalf("run at %q of %d cells is off the map", e.Attrs["data-state"], n)
		}
		w, _ := strconv.ParseFloat(e.Attrs["width"], 64)
		if w != float64(n)*cell {
			t.Errorf("run of %d cells is %g px wide, want %g", n, w, float64(n)*cell)
		}
		sum[strings.TrimSpace(strings.TrimPrefix(e.Attrs["class"], "run"))] += n
	}
	walls := 0
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			if g.CellCost(x, y) == 0 {
				walls++
			}
		}
	}
	openStates, closedStates := map[string]bool{}, map[string]bool{}
	for _, e := range snap.Open {
		openStates[e.State.String()] = true
	}
	for _, n := range snap.Closed {
		closedStates[n.State.String()] = true
	}
	if sum["wall"] != walls || sum["open"] != len(openStates) || sum["closed"]+sum["current"] != len(closedStates) || sum["current"] != 1 {
		t.Errorf("runs cover %v; want %d walls, %d open, %d closed (one current)", sum, walls, len(openStates), len(closedStates))
	}
	if len(data) > 2<<20 {
		t.Errorf("a 512×512 map took %d bytes", len(data))
	}
}

func TestProblemSVGGraph(t *testing.T) {
	s, _ := search(t, romania, "astar", -1)
	snap := s.Snapshot()
	g := s.Instance().(*graph.Graph)
	root, _ := render(t, func(b *bytes.Buffer) error { return ProblemSVG(b, g, snap, snap.Path[2]) })
	cities := map[string]*elem{}
	for _, e := range root.all(hasAttr("data-state")) {
		cities[e.Attrs["data-state"]] = e
	}
	if len(cities) != len(g.Nodes()) {
		t.Fatalf("%d cities drawn, want %d", len(cities), len(g.Nodes()))
	}
	roads := root.all(func(e *elem) bool { return e.hasClass("road") })
	pathRoads := root.all(func(e *elem) bool { return e.hasClass("road") && e.hasClass("path") })
	if len(roads) != len(g.Edges()) || len(pathRoads) != len(snap.Path)-1 {
		t.Errorf("%d roads (%d on the path), want %d (%d)", len(roads), len(pathRoads), len(g.Edges()), len(snap.Path)-1)
	}
	for _, id := range snap.Path {
		e := cities[snap.Tree[id].State.String()]
		if !e.hasClass("path") {
			t.Errorf("%s on the path has class %q", snap.Tree[id].State, e.Attrs["class"])
		}
	}
	if !cities["Neamt"].hasClass("unseen") || cities["Neamt"].Attrs["data-id"] != "" {
		t.Errorf("Neamt, never reached: %v", cities["Neamt"].Attrs)
	}
	xy := func(name string) (float64, float64) {
		c := cities[name].all(func(e *elem) bool { return e.Name == "circle" })[0]
		x, _ := strconv.ParseFloat(c.Attrs["cx"], 64)
		y, _ := strconv.ParseFloat(c.Attrs["cy"], 64)
		return x, y
	}
	ax, _ := xy("Arad")
	bx, _ := xy("Bucharest")
	_, ny := xy("Neamt")
	_, gy := xy("Giurgiu")
	if ax >= bx || ny >= gy {
		t.Errorf("map not oriented: Arad x %g, Bucharest x %g (west is left); Neamt y %g, Giurgiu y %g (north is up)", ax, bx, ny, gy)
	}
	if n := len(root.all(withAttr("data-testid", "selected"))); n != 1 {
		t.Errorf("%d selection rings", n)
	}
	if n := len(root.all(withAttr("data-testid", "selected-path"))); n != 1 {
		t.Errorf("%d selected paths", n)
	}
}

func TestProblemSVGGraphWithoutCoordinatesEscapes(t *testing.T) {
	text := "node <A&B>\nnode \"Q'\nnode C\narc <A&B> \"Q' 2\nedge \"Q' C 3\nstart <A&B>\ngoal C\n"
	g, err := graph.ParseText("odd.txt", text, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := stepper.ParseOptions("ucs")
	s, err := stepper.NewSearch(g, o)
	if err != nil {
		t.Fatal(err)
	}
	s.Run(0)
	snap := s.Snapshot()
	root, _ := render(t, func(b *bytes.Buffer) error { return ProblemSVG(b, g, snap, 1) })
	seen := map[string]bool{}
	pos := map[string]bool{}
	for _, e := range root.all(hasAttr("data-state")) {
		seen[e.Attrs["data-state"]] = true
		c := e.all(func(x *elem) bool { return x.Name == "circle" })[0]
		pos[c.Attrs["cx"]+","+c.Attrs["cy"]] = true
	}
	for _, want := range []string{"<A&B>", "\"Q'", "C"} {
		if !seen[want] {
			t.Errorf("city %q not found among %v", want, seen)
		}
	}
	if len(pos) != 3 {
		t.Errorf("cities on a circle overlap: %v", pos)
	}
	if !strings.Contains(root.text(), "<A&B> (start)") {
		t.Errorf("start label missing")
	}
	// The one-way road has an arrow head.
	if len(root.all(func(e *elem) bool { return e.Name == "path" && e.hasClass("dot") })) != 1 {
		t.Errorf("want one arrow head for the one arc")
	}
	tree, _ := render(t, func(b *bytes.Buffer) error { return TreeSVG(b, g, snap, TreeOptions{EdgeLabels: true}) })
	if n := len(treeNodes(t, tree)); n != len(snap.Tree) {
		t.Errorf("%d tree nodes", n)
	}
}

func TestProblemSVGErrors(t *testing.T) {
	if err := ProblemSVG(&bytes.Buffer{}, nil, stepper.Snapshot{}, 0); err == nil || !strings.HasPrefix(err.Error(), "viz: ") {
		t.Errorf("nil instance: %v", err)
	}
}

func BenchmarkProblemSVGBerlin(b *testing.B) {
	s, _ := search(b, "grid {data}/movingai/Berlin_0_512.map start=10,10 goal=400,300", "astar", -1)
	snap := s.Snapshot()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := ProblemSVG(&buf, s.Instance(), snap, -1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

func TestCellNumber(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{{5, "5"}, {144, "144"}, {41.184, "41.2"}, {1.4142, "1.4"}, {2.45, "2.5"}, {-0.04, "0"}, {0.96, "1"}} {
		if got := cellNumbers(stepper.NodeInfo{G: tc.x, F: tc.x}).G; got != tc.want {
			t.Errorf("cellNumbers(g %g).G = %q, want %q", tc.x, got, tc.want)
		}
	}
	// F is written from G and H as written: 1.4 + 1.4, not 2.88 rounded.
	if got := cellNumbers(stepper.NodeInfo{G: 1.44, H: 1.44, F: 2.88}); got.F != "2.8" || got.G != "1.4" || got.H != "1.4" {
		t.Errorf("cellNumbers(1.44, 1.44, 2.88) = %+v, want F 2.8 = G 1.4 + H 1.4", got)
	}
}

// TestProblemSVGCaptions: a view of a search names its step with its open
// and closed counts (the start is open at step 0), and a view of the
// problem alone (the zero Snapshot a worksheet draws) names the problem
// and has no statuses in its legend, for a map, a small grid and a large
// one.
func TestProblemSVGCaptions(t *testing.T) {
	for _, tc := range []struct{ name, problem, want string }{
		{"map", romania, "Map"},
		{"grid", "grid S..#/...G", "Grid 4×2"},
		{"big grid", "grid {data}/movingai/Berlin_0_512.map start=10,10 goal=400,300", "Grid 512×512"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := search(t, tc.problem, "astar", 0)
			for _, c := range []struct {
				snap    stepper.Snapshot
				caption string
				legend  bool
			}{
				{s.Snapshot(), tc.want + " at step 0: 1 open, 0 closed", true},
				{stepper.Snapshot{}, tc.want, false},
			} {
				var b bytes.Buffer
				if err := ProblemSVG(&b, s.Instance(), c.snap, -1); err != nil {
					t.Fatal(err)
				}
				out := b.String()
				if !strings.Contains(out, ">"+c.caption+"</text>") {
					t.Errorf("caption: want %q in %.300s", c.caption, out)
				}
				if got := strings.Contains(out, "open (frontier)"); got != c.legend {
					t.Errorf("%q: the legend lists the open status: %v, want %v", c.caption, got, c.legend)
				}
			}
		})
	}
}

func TestWrapWords(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want []string
	}{
		{"start state", 40, []string{"start state"}},
		{"reached from the start in 3 moves: up, left, down", 20, []string{"reached from the", "start in 3 moves:", "up, left, down"}},
		{"state 1,2,3,4,5,6,7,8", 8, []string{"state", "1,2,3,4,", "5,6,7,8"}},
		{"averyveryverylongword x", 5, []string{"averyveryverylongword", "x"}},
	}
	for _, tc := range tests {
		got := wrapWords(tc.in, tc.n)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
		for _, l := range got {
			if len(l) > tc.n && !strings.Contains(tc.in, "averyvery") {
				t.Errorf("wrapWords(%q, %d): line %q is longer than %d", tc.in, tc.n, l, tc.n)
			}
		}
	}
}

// TestPuzzleMarksOnlyForASearch: the corner marks of tiles out of place
// show on a search's board, never on the problem alone (a worksheet's),
// where they would count h=misplaced for the student.
func TestPuzzleMarksOnlyForASearch(t *testing.T) {
	s, _ := search(t, puzzle8, "astar h=misplaced", 0)
	for _, c := range []struct {
		snap stepper.Snapshot
		want bool
	}{{s.Snapshot(), true}, {stepper.Snapshot{}, false}} {
		var b bytes.Buffer
		if err := ProblemSVG(&b, s.Instance(), c.snap, -1); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), `class="mark"`); got != c.want {
			t.Errorf("searched %v: misplaced-tile marks drawn %v, want %v", len(c.snap.Tree) > 0, got, c.want)
		}
	}
}
