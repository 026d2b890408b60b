package grid

import (
	"fmt"
	"math"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/internal/problemtest"
)

func gridMust(tb testing.TB, line string) *Grid {
	tb.Helper()
	inst, err := parseProblem(line, stepper.LocalFiles)
	if err != nil {
		tb.Fatalf("ParseProblem(%q, LocalFiles): %v", line, err)
	}
	g, ok := inst.(*Grid)
	if !ok {
		tb.Fatalf("ParseProblem(%q, LocalFiles) is a %T, not a *Grid", line, inst)
	}
	return g
}

// solve runs a search to the end and returns it.
func gridSolve(tb testing.TB, inst stepper.Instance, opts string) *stepper.Search {
	tb.Helper()
	o, err := stepper.ParseOptions(opts)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		tb.Fatalf("NewSearch(%s, %q): %v", inst.Spec(), opts, err)
	}
	s.Run(0)
	return s
}

// gridPathStates writes a solved search's path as its states,
// space-separated.
func gridPathStates(s *stepper.Search) string {
	return strings.Join(problemtest.PathStates(s), " ")
}

// Hand-checked costs for every move and cost model, terrain and corner
// cutting. Each want was worked out on paper from the grid drawn in the
// comment; path is checked where it is unique.
func TestGridCosts(t *testing.T) {
	r2 := math.Sqrt2
	for _, tc := range []struct {
		name, line string
		want       float64
		path       string
	}{
		{"corridor 4 moves", "grid S...G", 4, "0,0 1,0 2,0 3,0 4,0"},
		{"open 3x3, 4 moves", "grid S../.../..G", 4, ""},
		{"open 3x3, 8 moves unit: two diagonals", "grid S../.../..G moves=8", 2 * r2, "0,0 1,1 2,2"},
		{"open 3x3, 10-14 defaults to 8 moves", "grid S../.../..G cost=10-14", 28, "0,0 1,1 2,2"},
		{"open 3x3, 10-14 with 4 moves", "grid S../.../..G cost=10-14 moves=4", 40, ""},
		// S#     the diagonal S->G would cut the wall's corner
		// .G
		{"no corner cutting", "grid S#/.G moves=8", 2, "0,0 0,1 1,1"},
		{"corner cutting allowed", "grid S#/.G moves=8 corners=yes", r2, "0,0 1,1"},
		{"no corner cutting 10-14", "grid S#/.G cost=10-14", 20, "0,0 0,1 1,1"},
		{"corners=yes passes between diagonal walls", "grid S#/#G moves=8 corners=yes", r2, "0,0 1,1"},
		// terrain: entering a d cell costs d times the step
		{"terrain on the only path", "grid S5G", 5 + 1, "0,0 1,0 2,0"},
		// S9G    through the 9 costs 10; around costs 4
		// .1.
		{"terrain detour", "grid S9G/.1.", 4, "0,0 0,1 1,1 2,1 2,0"},
		// S..    diagonal through the 9 costs 9√2+√2; 1 + √2 + 1 goes round it
		// .9.
		// ..G
		{"terrain 8 moves", "grid S../.9./..G moves=8", 2 + r2, ""},
		// the same with a 2 in the middle and 10-14: through it 2·14 + 14 = 42,
		// round it E 10 + SE 14 + S 10 = 34
		{"terrain 10-14", "grid S../.2./..G cost=10-14", 34, ""},
		{"all terrain 2, start and goal given", "grid 222/222/222 start=0,0 goal=2,2 moves=4", 8, ""},
		{"start is goal", "grid S.. goal=0,0", 0, "0,0"},
		{"start and goal moved by options", "grid S.G start=2,0 goal=0,0", 2, "2,0 1,0 0,0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gridMust(t, tc.line)
			for _, algo := range []string{"ucs", "astar"} {
				s := gridSolve(t, g, algo)
				if s.Status() != stepper.Solved {
					t.Fatalf("%s: status %s", algo, s.Status())
				}
				if math.Abs(s.Cost()-tc.want) > 1e-9 {
					t.Errorf("%s: cost %.6f, want %.6f (path %s)", algo, s.Cost(), tc.want, gridPathStates(s))
				}
				if tc.path != "" && gridPathStates(s) != tc.path {
					t.Errorf("%s: path %s, want %s", algo, gridPathStates(s), tc.path)
				}
			}
		})
	}
}

// The natural successor order is N, E, S, W, then NE, SE, SW, NW; a child
// state is written x,y.
func TestGridNaturalOrder(t *testing.T) {
	for _, tc := range []struct {
		line, actions, states string
	}{
		{"grid .../.S./..G", "N E S W", "1,0 2,1 1,2 0,1"},
		{"grid .../.S./..G moves=8", "N E S W NE SE SW NW", "1,0 2,1 1,2 0,1 2,0 2,2 0,2 0,0"},
		// walls drop moves, and with them the diagonals that would cut them
		{"grid .#./.S./..G moves=8", "E S W SE SW", "2,1 1,2 0,1 2,2 0,2"},
		{"grid .#./.S./..G moves=8 corners=yes", "E S W NE SE SW NW", "2,1 1,2 0,1 2,0 2,2 0,2 0,0"},
	} {
		g := gridMust(t, tc.line)
		o, _ := stepper.ParseOptions("bfs goaltest=expand")
		s, err := stepper.NewSearch(g, o)
		if err != nil {
			t.Fatal(err)
		}
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("%s: no first step", tc.line)
		}
		var acts, states []string
		for _, c := range ev.Children {
			acts = append(acts, c.Action)
			states = append(states, c.State.String())
		}
		if got := strings.Join(acts, " "); got != tc.actions {
			t.Errorf("%s: actions %s, want %s", tc.line, got, tc.actions)
		}
		if got := strings.Join(states, " "); got != tc.states {
			t.Errorf("%s: states %s, want %s", tc.line, got, tc.states)
		}
	}
	if got := strings.Join(gridMust(t, "grid S.G moves=8").ActionNames(), " "); got != "N E S W NE SE SW NW" {
		t.Errorf("ActionNames: %s", got)
	}
	// a successor order must name this move model's actions
	o, _ := stepper.ParseOptions("astar order=NE,N")
	if _, err := stepper.NewSearch(gridMust(t, "grid S.G"), o); err == nil || !strings.Contains(err.Error(), "NE") {
		t.Errorf("order=NE with 4 moves: error %v, want one naming NE", err)
	}
	o, _ = stepper.ParseOptions("astar order=SE,E")
	s, err := stepper.NewSearch(gridMust(t, "grid S../.../..G moves=8"), o)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := s.Step()
	if ev.Children[0].Action != "SE" || ev.Children[1].Action != "E" {
		t.Errorf("order=SE,E: children start %s %s", ev.Children[0].Action, ev.Children[1].Action)
	}
}

// Heuristic values at the start, worked out by hand, and which are flagged
// admissible.
func TestGridHeuristicValues(t *testing.T) {
	r2 := math.Sqrt2
	// start 0,0, goal 3,1: dx 3, dy 1
	const open = "grid S.../...G"
	for _, tc := range []struct {
		line, h    string
		want       float64
		admissible bool
	}{
		{open, "manhattan", 4, true},
		{open, "octile", 2 + r2, true},
		{open, "euclidean", math.Sqrt(10), true},
		{open, "chebyshev", 3, true},
		{open, "zero", 0, true},
		{open + " moves=8", "manhattan", 4, false},
		{open + " moves=8", "octile", 2 + r2, true},
		{open + " cost=10-14", "manhattan", 40, false},
		{open + " cost=10-14", "octile", 34, true},
		{open + " cost=10-14", "euclidean", 10 * math.Sqrt(10), false}, // 10·√2 > 14
		{open + " cost=10-14 moves=4", "euclidean", 10 * math.Sqrt(10), true},
		{open + " cost=10-14", "chebyshev", 30, true},
		// every free cell costs at least 2 (start and goal given on digits): h doubles
		{"grid 2222/2222 start=0,0 goal=3,1", "manhattan", 8, true},
		{"grid 2222/2222 start=0,0 goal=3,1 moves=8", "octile", 2 * (2 + r2), true},
	} {
		g := gridMust(t, tc.line)
		o, err := stepper.ParseOptions("astar h=" + tc.h)
		if err != nil {
			t.Fatal(err)
		}
		s, err := stepper.NewSearch(g, o)
		if err != nil {
			t.Fatal(err)
		}
		root := s.Node(0)
		if math.Abs(root.H-tc.want) > 1e-12 {
			t.Errorf("%s h=%s: h(start) = %v, want %v", tc.line, tc.h, root.H, tc.want)
		}
		sum := 0.0
		for _, term := range s.Explain(0) {
			sum += term.Value
		}
		if tc.h != "zero" && math.Abs(sum-root.H) > 1e-12 {
			t.Errorf("%s h=%s: Explain terms add up to %v, h is %v (%v)", tc.line, tc.h, sum, root.H, s.Explain(0))
		}
		warned := len(s.Warnings()) > 0
		if warned == tc.admissible {
			t.Errorf("%s h=%s: warnings %q, want a warning: %v", tc.line, tc.h, s.Warnings(), !tc.admissible)
		}
		if warned && !strings.Contains(s.Warnings()[0], tc.h) {
			t.Errorf("warning %q does not name %s", s.Warnings()[0], tc.h)
		}
	}
	if got := gridMust(t, "grid S.G").Heuristics()[0]; got != "manhattan" {
		t.Errorf("default h with 4 moves: %s", got)
	}
	if got := gridMust(t, "grid S.G moves=8").Heuristics()[0]; got != "octile" {
		t.Errorf("default h with 8 moves: %s", got)
	}
}

// Manhattan with 8 moves is not just flagged: A* with it returns a path
// dearer than the one UCS finds, on a grid found by random search.
func TestGridInadmissibleManhattanOvershoots(t *testing.T) {
	g := gridMust(t, "grid S..#./.#.../...../....G moves=8")
	best := gridSolve(t, g, "ucs").Cost()
	if got := gridSolve(t, g, "astar h=manhattan").Cost(); got <= best+1e-9 {
		t.Errorf("A* manhattan cost %v, UCS %v: expected an overshoot", got, best)
	}
	if got := gridSolve(t, g, "astar h=octile").Cost(); math.Abs(got-best) > 1e-9 {
		t.Errorf("A* octile cost %v, UCS %v", got, best)
	}
}

// randomGrid draws a w×h grid with walls and, if terrain, digit cells; nil
// if its start or goal ended on a wall.
func gridRandom(rng *rand.Rand, w, h int, terrain bool, opts string) *Grid {
	rows := make([]string, h)
	for y := range rows {
		b := make([]byte, w)
		for x := range b {
			switch r := rng.Intn(10); {
			case r < 2:
				b[x] = '#'
			case terrain && r < 5:
				b[x] = byte('1' + rng.Intn(9))
			default:
				b[x] = '.'
			}
		}
		rows[y] = string(b)
	}
	line := fmt.Sprintf("grid %s start=0,0 goal=%d,%d %s", strings.Join(rows, "/"), w-1, h-1, opts)
	inst, err := parseProblem(line, stepper.LocalFiles)
	if err != nil {
		return nil
	}
	return inst.(*Grid)
}

// On random grids with terrain, under every move and cost model: each
// heuristic flagged admissible never exceeds the true cost to the goal
// (from UCS started at every cell), each flagged inadmissible exceeds it
// somewhere on an open grid, and A* with every admissible heuristic finds
// the UCS cost.
func TestGridHeuristicsAdmissibleAsFlagged(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, model := range []string{"moves=4", "moves=8", "moves=4 cost=10-14", "moves=8 cost=10-14", "moves=8 corners=yes", "moves=8 cost=10-14 corners=yes"} {
		// An open grid shows every inadmissible heuristic overshooting.
		overshoot := map[string]bool{}
		open := gridMust(t, "grid S..../...../...../...../....G "+model)
		gridCheckHeuristics(t, open, overshoot)
		for name, adm := range gridHeuristicFlags(t, open) {
			if !adm && !overshoot[name] {
				t.Errorf("%s: %s is flagged inadmissible but never overshoots on an open grid", model, name)
			}
		}
		for i := 0; i < 15; i++ {
			if g := gridRandom(rng, 7, 6, true, model); g != nil {
				gridCheckHeuristics(t, g, overshoot)
			}
		}
	}
}

func gridHeuristicFlags(t *testing.T, g *Grid) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, h := range gridHeuristics(g) {
		out[h.Name] = h.Admissible
	}
	return out
}

func gridCheckHeuristics(t *testing.T, g *Grid, overshoot map[string]bool) {
	t.Helper()
	gx, gy := g.Goal()
	hs := gridHeuristics(g)
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			if g.CellCost(x, y) == 0 {
				continue
			}
			from, err := g.WithEndpoints(x, y, gx, gy)
			if err != nil {
				t.Fatal(err)
			}
			u := gridSolve(t, from, "ucs")
			if u.Status() != stepper.Solved {
				continue
			}
			for _, h := range hs {
				v := h.Estimate(gridCell(y*g.Width() + x))
				if v > u.Cost()+1e-9 {
					overshoot[h.Name] = true
					if h.Admissible {
						t.Errorf("%s from %d,%d: admissible %s = %v > true cost %v", g.Spec(), x, y, h.Name, v, u.Cost())
					}
				}
				if h.Admissible {
					if a := gridSolve(t, from, "astar h="+h.Name); math.Abs(a.Cost()-u.Cost()) > 1e-9 {
						t.Errorf("%s from %d,%d: A* %s cost %v, UCS %v", g.Spec(), x, y, h.Name, a.Cost(), u.Cost())
					}
				}
			}
		}
	}
}

func TestGridUnreachable(t *testing.T) {
	for _, line := range []string{"grid S#G", "grid S#/#G moves=8", "grid S.#/.##/##G moves=8"} {
		if s := gridSolve(t, gridMust(t, line), "astar"); s.Status() != stepper.NoSolution {
			t.Errorf("%s: status %s, want %s", line, s.Status(), stepper.NoSolution)
		}
	}
}

// Accessors, as viewers read them.
func TestGridAccessors(t *testing.T) {
	g := gridMust(t, "grid S.#/.5T/@.G cost=10-14 corners=yes")
	if g.Width() != 3 || g.Height() != 3 {
		t.Errorf("size %d×%d", g.Width(), g.Height())
	}
	want := [][]int{{1, 1, 0}, {1, 5, 0}, {0, 1, 1}}
	for y, row := range want {
		for x, c := range row {
			if got := g.CellCost(x, y); got != c {
				t.Errorf("CellCost(%d,%d) = %d, want %d", x, y, got, c)
			}
		}
	}
	for _, c := range [][2]int{{-1, 0}, {0, -1}, {3, 0}, {0, 3}} {
		if g.CellCost(c[0], c[1]) != 0 {
			t.Errorf("CellCost(%d,%d) outside is not 0", c[0], c[1])
		}
	}
	if x, y := g.Start(); x != 0 || y != 0 {
		t.Errorf("Start %d,%d", x, y)
	}
	if x, y := g.Goal(); x != 2 || y != 2 {
		t.Errorf("Goal %d,%d", x, y)
	}
	if g.Moves() != 8 || g.CostModel() != "10-14" || !g.Corners() || g.MapPath() != "" || g.Kind() != "grid" {
		t.Errorf("model: moves %d cost %s corners %v path %q", g.Moves(), g.CostModel(), g.Corners(), g.MapPath())
	}
	in := []string{"", "  S.#\r", ".5T", "@.G", ""}
	rows, err := ParseRows(in, []string{"cost=10-14", "corners=yes"})
	if err != nil {
		t.Fatal(err)
	}
	if in[1] != "  S.#\r" {
		t.Errorf("ParseRows changed its argument: %q", in)
	}
	if rows.Spec() != g.Spec() {
		t.Errorf("ParseRows spec %q, want %q", rows.Spec(), g.Spec())
	}
	for _, tc := range []struct {
		in   string
		x, y int
		ok   bool
	}{{"3,4", 3, 4, true}, {" 0 , 12 ", 0, 12, true}, {"3;4", 0, 0, false}, {"-1,2", 0, 0, false}, {"1,", 0, 0, false}, {"a,b", 0, 0, false}} {
		x, y, err := ParseCell(tc.in)
		if (err == nil) != tc.ok || x != tc.x || y != tc.y {
			t.Errorf("ParseCell(%q) = %d, %d, %v", tc.in, x, y, err)
		}
	}
}

// Spec round-trips through ParseProblem, and always records the model.
func TestGridSpecRoundTrip(t *testing.T) {
	arena := testenv.Data(t, "movingai", "arena.map")
	for _, tc := range []struct{ line, spec string }{
		{"grid S..#/.#../...G", "grid S..#/.#../...G moves=4 cost=unit corners=no"},
		{"grid S@T/.5./..G moves=8", "grid S@T/.5./..G moves=8 cost=unit corners=no"},
		{"grid S.G start=1,0", "grid .SG moves=4 cost=unit corners=no"},
		{"grid 29/11 start=0,0 goal=1,0 cost=10-14 corners=yes", "grid 29/.. start=0,0 goal=1,0 moves=8 cost=10-14 corners=yes"},
		{"grid S.. goal=0,0", "grid S.. goal=0,0 moves=4 cost=unit corners=no"},
		{"grid " + arena + " start=19,26 goal=19,29", "grid " + arena + " start=19,26 goal=19,29 moves=8 cost=unit corners=no"},
		{"grid " + arena + " start=19,26 goal=19,29 moves=4", "grid " + arena + " start=19,26 goal=19,29 moves=4 cost=unit corners=no"},
	} {
		g := gridMust(t, tc.line)
		if g.Spec() != tc.spec {
			t.Errorf("Spec of %q:\n got %q\nwant %q", tc.line, g.Spec(), tc.spec)
		}
		again := gridMust(t, g.Spec())
		if again.Spec() != g.Spec() {
			t.Errorf("round trip of %q: %q", g.Spec(), again.Spec())
		}
		gridAssertSame(t, g, again)
	}
}

func gridAssertSame(t *testing.T, a, b *Grid) {
	t.Helper()
	ax, ay := a.Start()
	bx, by := b.Start()
	agx, agy := a.Goal()
	bgx, bgy := b.Goal()
	if a.Width() != b.Width() || a.Height() != b.Height() || ax != bx || ay != by || agx != bgx || agy != bgy ||
		a.Moves() != b.Moves() || a.CostModel() != b.CostModel() || a.Corners() != b.Corners() {
		t.Fatalf("grids differ: %s vs %s", a.Spec(), b.Spec())
	}
	for y := 0; y < a.Height(); y++ {
		for x := 0; x < a.Width(); x++ {
			if a.CellCost(x, y) != b.CellCost(x, y) {
				t.Fatalf("cell %d,%d: %d vs %d", x, y, a.CellCost(x, y), b.CellCost(x, y))
			}
		}
	}
}

// A .map file: CRLF lines, 'S' and 'G' are terrain, not endpoints.
func TestGridFromMapFile(t *testing.T) {
	dir := testenv.Data(t, "movingai")
	g := gridMust(t, "grid "+filepath.Join(dir, "Berlin_0_512.map")+" start=4,222 goal=3,222")
	if g.Width() != 512 || g.Height() != 512 || g.Moves() != 8 {
		t.Fatalf("Berlin: %d×%d moves %d", g.Width(), g.Height(), g.Moves())
	}
	if s := gridSolve(t, g, "astar"); s.Cost() != 1 {
		t.Errorf("Berlin row 1: cost %v, want 1", s.Cost())
	}
	p := gridWriteFile(t, t.TempDir(), "sg.map", "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\nSGW\r\n.TO\r\n")
	g = gridMust(t, "grid "+p+" start=1,0 goal=0,1 moves=4")
	if got := strings.Join(g.Rows(), "/"); got != ".S#/G##" {
		t.Errorf("rows %s, want .S#/G##", got)
	}
	if s := gridSolve(t, g, "astar"); s.Cost() != 2 || gridPathStates(s) != "1,0 0,0 0,1" {
		t.Errorf("cost %v path %s", s.Cost(), gridPathStates(s))
	}

}

// On random terrain grids with 8 moves (float costs, re-parentings), Seek to
// a random earlier or later step gives the same snapshot as a fresh search
// stepped there, and a search stepped with events ends where Run ends.
func TestGridSeekMatchesFreshSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 12; i++ {
		g := gridRandom(rng, 9, 7, true, []string{"moves=8", "moves=4 cost=10-14", "moves=8 corners=yes"}[i%3])
		if g == nil {
			continue
		}
		for _, opts := range []string{"astar", "ucs", "astar h=manhattan closed=reopen"} {
			o, err := stepper.ParseOptions(opts)
			if err != nil {
				t.Fatal(err)
			}
			stepped, _ := stepper.NewSearch(g, o)
			for {
				if _, ok := stepped.Step(); !ok {
					break
				}
			}
			run := gridSolve(t, g, opts)
			if stepped.Status() != run.Status() || stepped.Cost() != run.Cost() || stepped.StepCount() != run.StepCount() {
				t.Fatalf("%s %s: Step ends %s cost %v after %d, Run %s cost %v after %d", g.Spec(), opts,
					stepped.Status(), stepped.Cost(), stepped.StepCount(), run.Status(), run.Cost(), run.StepCount())
			}
			last := run.StepCount()
			for j := 0; j < 6; j++ {
				k := rng.Intn(last + 1)
				run.Seek(k)
				fresh, _ := stepper.NewSearch(g, o)
				fresh.Seek(k)
				if a, b := run.Snapshot(), fresh.Snapshot(); !reflect.DeepEqual(a, b) {
					t.Fatalf("%s %s: Seek(%d) snapshot differs from a fresh search's", g.Spec(), opts, k)
				}
			}
		}
	}
}
