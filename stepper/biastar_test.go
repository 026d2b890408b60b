package stepper_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

// TestBiAStarRomania: biastar with sld forward and max(0, sld(Arad) −
// sld(n)) backward finds A*'s 418 km path, stops by μ <= max(fminF, fminB),
// and every event says so.
func TestBiAStarRomania(t *testing.T) {
	g := graph.Romania()
	s := solveWith(t, g, "biastar")
	checkSolved(t, s, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	a := solveWith(t, g, "astar")
	t.Logf("Romania: biastar expanded %d, astar %d", s.Counters().Expanded, a.Counters().Expanded)
	_, evs := runToEnd(t, "graph romania", "biastar")
	last := evs[len(evs)-1].Bidirectional
	if !strings.HasPrefix(last.Rule, "stop when μ <= max(fminF, fminB)") || float64(last.Mu) != 418 || float64(last.Mu) > max(float64(last.TopForward), float64(last.TopBackward))+1e-9 {
		t.Errorf("last step: %+v", last)
	}
	// the backward root's h is the straight-line estimate from Arad: sld(Arad) − sld(Bucharest)
	if _, h := s.StateOf(1); h != 366 {
		t.Errorf("h of the backward root Bucharest: %v, want 366", h)
	}
	for _, ev := range evs[:len(evs)-1] {
		if b := ev.Bidirectional; b.Mu <= max(b.TopForward, b.TopBackward)-1e-9 {
			t.Errorf("step %d: μ %v <= max(%v, %v) and the search went on", ev.Step, b.Mu, b.TopForward, b.TopBackward)
		}
	}
}

// TestBiAStarOptimal: biastar's cost equals A*'s on 8-puzzles drawn from
// the depth table's space (every solvable board) with manhattan and
// misplaced, on every fourth depth of the depth table, and on Moving AI
// rows (octile, the benchmark's optimal lengths); expansions are reported
// against A*.
func TestBiAStarOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	exp := map[string][2]int{}
	for range 30 {
		tiles := []int{1, 2, 3, 4, 5, 6, 7, 8, 0}
		for {
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			if solvable(tiles) {
				break
			}
		}
		p := mustPuzzle(t, "puzzle "+puzzle.FormatTiles(tiles))
		for _, h := range []string{"manhattan", "misplaced"} {
			a := solveWith(t, p, "astar h="+h)
			s := solveWith(t, p, "biastar h="+h)
			if s.Status() != stepper.Solved || s.Cost() != a.Cost() {
				t.Fatalf("biastar h=%s on %v: %s cost %v, A* %v", h, tiles, s.Status(), s.Cost(), a.Cost())
			}
			checkMovePath(t, s, p)
			e := exp[h]
			exp[h] = [2]int{e[0] + s.Counters().Expanded, e[1] + a.Counters().Expanded}
		}
	}
	for h, e := range exp {
		t.Logf("30 random 8-puzzles, h=%s: biastar expanded %d, astar %d", h, e[0], e[1])
	}
	// the depth table's sample: BFS from the goal 123456780 over the whole
	// space, checked against the table's corner column, gives every
	// board's optimal depth; the first board found at each depth 1 to 31
	// is solved by biastar at exactly that cost
	want := readDepthTable(t)["corner"]
	goal := mustPuzzle(t, "puzzle 123456780 goal=123456780")
	o, _ := stepper.ParseOptions("bfs")
	space, _ := problemOf[uint64](t, goal, "bfs")
	inst := stepper.NewCustom(stepper.Custom[uint64]{KindName: "puzzle", SpecLine: goal.Spec(),
		New: func() (stepper.Problem[uint64], []stepper.Heuristic[uint64], error) {
			return neverGoal[uint64]{Problem: space}, nil, nil
		}})
	e, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	e.Run(0)
	first := make([]string, len(want))
	count := make([]int, len(want))
	for id := range e.NodeCount() {
		ni := e.Node(id)
		if ni.Status == stepper.NodeDiscarded || ni.Depth >= len(want) {
			continue
		}
		count[ni.Depth]++
		if first[ni.Depth] == "" {
			first[ni.Depth] = ni.State.String()
		}
	}
	var biD, aD int
	for d := 1; d < len(want); d++ {
		if count[d] != want[d] {
			t.Fatalf("depth %d: %d boards, the table says %d", d, count[d], want[d])
		}
		p := mustPuzzle(t, "puzzle "+first[d])
		s, a := solveWith(t, p, "biastar"), solveWith(t, p, "astar")
		if s.Status() != stepper.Solved || int(s.Cost()) != d || a.Cost() != s.Cost() {
			t.Fatalf("board %s at depth %d: biastar %s cost %v, astar %v", first[d], d, s.Status(), s.Cost(), a.Cost())
		}
		biD += s.Counters().Expanded
		aD += a.Counters().Expanded
	}
	t.Logf("one board at each depth 1 to %d: biastar expanded %d, astar %d", len(want)-1, biD, aD)
	sc, err := grid.LoadScen(testenv.Data(t, "movingai", "arena.map.scen"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := grid.ScenConfig{Moves: 8, Cost: grid.CostUnit}
	var bi, one int
	for i := 0; i < len(sc.Rows); i += len(sc.Rows) / 16 {
		g, err := sc.Grid(i, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := solveWith(t, g, "biastar h=octile")
		if math.Abs(s.Cost()-sc.Rows[i].Optimal) > 1e-6 {
			t.Errorf("arena row %d: biastar cost %v, optimal %v", i, s.Cost(), sc.Rows[i].Optimal)
		}
		bi += s.Counters().Expanded
		one += solveWith(t, g, "astar h=octile").Counters().Expanded
	}
	t.Logf("arena rows: biastar expanded %d, astar %d", bi, one)
}

// TestBiAStarHeuristicErrors: a heuristic with no counterpart toward the
// start is refused with the reason.
func TestBiAStarHeuristicErrors(t *testing.T) {
	inconsistent, err := graph.ParseText("", inconsistentGraph, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := stepper.ParseOptions("biastar h=table")
	if _, err := stepper.NewSearch(inconsistent, o); err == nil || !strings.Contains(err.Error(), "admissible only when h is consistent") || !strings.Contains(err.Error(), "use zero") {
		t.Errorf("inconsistent table: %v", err)
	}
	o, _ = stepper.ParseOptions("biastar h=zero")
	if s, err := stepper.NewSearch(inconsistent, o); err != nil || s.Run(0) != stepper.Solved {
		t.Errorf("h=zero: %v", err)
	}
	p := mustPuzzle(t, "puzzle 283164705 goal=123804765")
	x := &stepper.Extra{Names: []string{"mine"}, New: func(stepper.Instance) (func(int, string) float64, func() error) {
		return func(int, string) float64 { return 0 }, func() error { return nil }
	}}
	px, err := stepper.WithExtra(p, x)
	if err != nil {
		t.Fatal(err)
	}
	o, _ = stepper.ParseOptions("biastar h=mine")
	if _, err := stepper.NewSearch(px, o); err == nil || !strings.Contains(err.Error(), "written toward the goal only") {
		t.Errorf("script heuristic: %v", err)
	}
}

// TestBiAStarSeek: stepping back and forth replays biastar's events.
func TestBiAStarSeek(t *testing.T) {
	s, evs := runToEnd(t, "puzzle 867254301 goal=123456780", "biastar")
	for _, k := range []int{len(evs) / 2, 1, len(evs)} {
		ev, err := s.EventAt(k)
		if err != nil || !ev.Expanded.Equal(evs[k-1].Expanded) || ev.Bidirectional.Mu != evs[k-1].Bidirectional.Mu {
			t.Errorf("step %d replayed: %+v, first %+v (%v)", k, ev.Expanded, evs[k-1].Expanded, err)
		}
	}
}
