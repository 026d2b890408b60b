package stepper_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

// solveWith runs a search line on an instance to its end.
func solveWith(t *testing.T, inst stepper.Instance, line string) *stepper.Search {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	s.Run(0)
	return s
}

// TestBidiRomania: both bidirectional searches on Romania. biucs finds
// the 418 km optimum; bibfs the path of fewest roads (3: through Fagaras).
func TestBidiRomania(t *testing.T) {
	g := graph.Romania()
	u := solveWith(t, g, "biucs")
	checkSolved(t, u, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	b := solveWith(t, g, "bibfs")
	checkSolved(t, b, 450, "Arad Sibiu Fagaras Bucharest")
	one := solveWith(t, g, "ucs")
	t.Logf("Romania: biucs expanded %d, ucs %d", u.Counters().Expanded, one.Counters().Expanded)
	// every node of the path is of the side its parent is
	sn := u.Snapshot()
	if sn.Bidirectional == nil || float64(sn.Bidirectional.Mu) != 418 {
		t.Errorf("snapshot's bidirectional %+v, want μ 418", sn.Bidirectional)
	}
}

// TestBidiOptimal: on a sample of 8-puzzle boards (the depth table's
// space: every board is a start), bibfs and biucs find paths as short as
// BFS's, and expand fewer nodes in all. On Moving AI rows biucs matches
// the benchmark's optimal lengths.
func TestBidiOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	var biExp, uniExp int
	for range 40 {
		tiles := []int{1, 2, 3, 4, 5, 6, 7, 8, 0}
		for {
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			if solvable(tiles) {
				break
			}
		}
		p := mustPuzzle(t, "puzzle "+puzzle.FormatTiles(tiles))
		one := solveWith(t, p, "bfs")
		for _, line := range []string{"bibfs", "biucs"} {
			s := solveWith(t, p, line)
			if s.Status() != stepper.Solved || s.Cost() != one.Cost() {
				t.Fatalf("%s on %v: %s cost %v, BFS %v", line, tiles, s.Status(), s.Cost(), one.Cost())
			}
			checkMovePath(t, s, p)
			if line == "bibfs" {
				biExp += s.Counters().Expanded
			}
		}
		uniExp += one.Counters().Expanded
	}
	t.Logf("40 random 8-puzzles: bibfs expanded %d, bfs %d", biExp, uniExp)
	if biExp*2 > uniExp {
		t.Errorf("bibfs expanded %d, not fewer than half of BFS's %d", biExp, uniExp)
	}
	sc, err := grid.LoadScen(testenv.Data(t, "movingai", "arena.map.scen"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := grid.ScenConfig{Moves: 8, Cost: grid.CostUnit}
	for i := 0; i < len(sc.Rows); i += len(sc.Rows) / 12 {
		g, err := sc.Grid(i, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := solveWith(t, g, "biucs")
		if math.Abs(s.Cost()-sc.Rows[i].Optimal) > 1e-6 {
			t.Errorf("arena row %d: biucs cost %v, optimal %v", i, s.Cost(), sc.Rows[i].Optimal)
		}
	}
}

// TestBidiStepsAndSeek: events say which side expanded, seek replays.
func TestBidiStepsAndSeek(t *testing.T) {
	s, evs := runToEnd(t, "graph romania", "biucs")
	sides := map[stepper.Direction]int{}
	for _, ev := range evs {
		sides[ev.Bidirectional.Direction]++
		if ev.Expanded.Dir != ev.Bidirectional.Direction {
			t.Errorf("step %d expanded a %s node on the %s side", ev.Step, ev.Expanded.Dir, ev.Bidirectional.Direction)
		}
	}
	if sides[stepper.Forward] == 0 || sides[stepper.Backward] == 0 {
		t.Errorf("sides expanded %v, want both", sides)
	}
	ev, err := s.EventAt(2)
	if err != nil || !ev.Expanded.State.Equal(evs[1].Expanded.State) {
		t.Errorf("replayed step 2: %v %v", ev.Expanded.State, err)
	}
}

// checkMovePath checks a solved puzzle search's path by its states alone
// (a bidirectional path's second half has parents toward the goal): it
// goes from the start to the goal, one slide of the blank at a time.
func checkMovePath(t *testing.T, s *stepper.Search, p *puzzle.Puzzle) {
	t.Helper()
	st := pathStates(s)
	if len(st) != int(s.Cost())+1 || st[0] != puzzle.FormatTiles(p.StartTiles()) || st[len(st)-1] != puzzle.FormatTiles(p.GoalTiles()) {
		t.Fatalf("path %v for cost %v", st, s.Cost())
	}
	for i := 1; i < len(st); i++ {
		a, _ := puzzle.ParseTiles(st[i-1])
		b, _ := puzzle.ParseTiles(st[i])
		var diff []int
		for k := range a {
			if a[k] != b[k] {
				diff = append(diff, k)
			}
		}
		if len(diff) != 2 || a[diff[0]]*a[diff[1]] != 0 || (diff[1]-diff[0] != 1 && diff[1]-diff[0] != 3) {
			t.Fatalf("path step %d: %s -> %s is not one slide", i, st[i-1], st[i])
		}
	}
}
