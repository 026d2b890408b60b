package puzzle

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"stepviz/stepper"
)

func mustPuzzle(t testing.TB, line string) *Puzzle {
	t.Helper()
	inst, err := parseProblem(line, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", line, err)
	}
	p, ok := inst.(*Puzzle)
	if !ok {
		t.Fatalf("ParseProblem(%q, LocalFiles) is a %T, want *Puzzle", line, inst)
	}
	return p
}

// tileRange is first, first+1, … mod k: tileRange(1, 9) is the default 3×3
// goal 1…8 then 0, tileRange(0, 16) the 15-puzzle goal with the blank first.
func tileRange(first, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = (first + i) % k
	}
	return out
}

func TestParsePuzzle(t *testing.T) {
	nilson := []int{2, 8, 3, 1, 6, 4, 7, 0, 5}
	centre := []int{1, 2, 3, 8, 0, 4, 7, 6, 5}
	fifteen := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15}
	tests := []struct {
		line        string
		n           int
		start, goal []int
		spec        string
	}{
		{"puzzle 283164705 goal=123804765", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"puzzle 2,8,3,1,6,4,7,0,5 goal=1,2,3,8,0,4,7,6,5", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"puzzle 2 8 3 1 6 4 7 0 5 goal=1 2 3 8 0 4 7 6 5", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"puzzle 2, 8, 3, 1, 6, 4, 7, 0, 5 GOAL=123804765", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"puzzle 283 164 705 goal=123 804 765", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"puzzle 283/164/705 goal=1,2,3/8,0,4/7,6,5", 3, nilson, centre, "puzzle 283164705 goal=123804765"},
		{"Puzzle 867254301", 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}, tileRange(1, 9), "puzzle 867254301"},
		{"puzzle 867254301 goal=123456780", 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}, tileRange(1, 9), "puzzle 867254301 goal=123456780"},
		{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", 4, fifteen, tileRange(1, 16), "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"},
		{"puzzle 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, fifteen, tileRange(1, 16), "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"},
		// Korf's goal, blank first; one move from it.
		{"puzzle 1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", 4, []int{1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, tileRange(0, 16),
			"puzzle 1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
		{"puzzle " + FormatTiles(tileRange(1, 25)), 5, tileRange(1, 25), tileRange(1, 25), "puzzle " + FormatTiles(tileRange(1, 25))},
	}
	for _, tt := range tests {
		p := mustPuzzle(t, tt.line)
		if p.Size() != tt.n || !reflect.DeepEqual(p.StartTiles(), tt.start) || !reflect.DeepEqual(p.GoalTiles(), tt.goal) {
			t.Errorf("%q: got %d×%d start %v goal %v, want %d start %v goal %v", tt.line, p.Size(), p.Size(), p.StartTiles(), p.GoalTiles(), tt.n, tt.start, tt.goal)
		}
		if got := p.Spec(); got != tt.spec {
			t.Errorf("%q: Spec() = %q, want %q", tt.line, got, tt.spec)
		}
		again := mustPuzzle(t, p.Spec())
		if again.Spec() != p.Spec() || !reflect.DeepEqual(again.StartTiles(), p.StartTiles()) || !reflect.DeepEqual(again.GoalTiles(), p.GoalTiles()) {
			t.Errorf("%q: Spec %q does not round-trip", tt.line, p.Spec())
		}
		if p.Kind() != "puzzle" {
			t.Errorf("Kind() = %q", p.Kind())
		}
	}
	// The accessors return copies.
	p := mustPuzzle(t, "puzzle 867254301")
	p.StartTiles()[0] = 7
	p.GoalTiles()[0] = 7
	if p.Spec() != "puzzle 867254301" {
		t.Errorf("changing StartTiles' result changed the puzzle: %s", p.Spec())
	}
}

func TestParsePuzzleErrors(t *testing.T) {
	tests := []struct {
		line string
		want []string // substrings of the error, in order
	}{
		{"puzzle", []string{"stepper: puzzle: no start tiles", "puzzle 283164705"}},
		{"puzzle goal=123804765", []string{"no start tiles"}},
		{"puzzle 28316470", []string{`stepper: puzzle start "28316470": 8 digits`, "needs 9 digits", "commas"}},
		{"puzzle 2831647055", []string{"10 digits"}},
		{"puzzle 283164755", []string{"tile 5 appears twice (positions 8 and 9", "tile 0 is missing", "exactly once"}},
		{"puzzle 1,1,2,3,4,5,6,7,8", []string{"tile 1 appears twice (positions 1 and 2", "tile 0 is missing"}},
		{"puzzle 1,2,3", []string{"3 tiles cannot make a square board", "3×3 puzzle has 9"}},
		{"puzzle 5", []string{"1×1 board is not supported"}},
		{"puzzle 1,2,3,4,5,6,7,8", []string{"8 tiles cannot make a square board"}},
		// Korf's goal (blank first) is in the other class from the default one.
		{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", []string{"(0+4 = 4, even)", "(0+1 = 1, odd)"}},
		{"puzzle 1,2,3,0", []string{"2×2 board is not supported", "use 3×3 (9 tiles), 4×4 (16) or 5×5 (25)"}},
		{"puzzle " + FormatTiles(tileRange(1, 36)), []string{"6×6 board is not supported"}},
		{"puzzle 1,2,3,4,5,6,7,8,9", []string{"tile 9 is out of range for a 3×3 board", "0 (the blank) to 8"}},
		{"puzzle 1,2,3,4,5,6,7,8,-1", []string{"tile -1 is out of range"}},
		{"puzzle 1,2,x,4,5,6,7,8,0", []string{`tile "x" is not a whole number`}},
		{"puzzle 1;2;3;4;5;6;7;8;0", []string{`tile "1;2;3;4;5;6;7;8;0" is not a whole number`}},
		{"puzzle 283164705 goal=1234", []string{`stepper: puzzle goal "1234": 4 digits`}},
		{"puzzle 283164705 goal=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", []string{"the start is 3×3 but the goal is 4×4", "same number of tiles"}},
		{"puzzle 283164705 gaol=123804765", []string{`unknown argument "gaol=123804765" (did you mean goal?)`, "puzzle <tiles> [goal=<tiles>]"}},
		{"puzzle 283164705 goal=123804765 goal=123456780", []string{"goal= is given twice"}},
		{"puzzle 283164705 goal=", []string{"goal= has no tiles"}},
		{"puzzle 283164705 goal = 123804765", []string{`"goal" without =`, "no spaces around ="}},
		{"puzzle 283164705 goal =123804765", []string{`"goal" without =`}},
		{"puzzle 123456870", []string{"cannot reach goal 123456780", "1 inversion (odd)", "0 inversions (even)", "Swap two tiles"}},
		{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", []string{"1 inversion with the blank on row 4 (1+4 = 5, odd)", "0 inversions with the blank on row 4 (0+4 = 4, even)"}},
	}
	for _, tt := range tests {
		_, err := parseProblem(tt.line, stepper.LocalFiles)
		if err == nil {
			t.Errorf("ParseProblem(%q, LocalFiles): no error", tt.line)
			continue
		}
		msg := err.Error()
		rest := msg
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("ParseProblem(%q, LocalFiles) = %q\n  want it to contain %q (in order)", tt.line, msg, w)
				break
			}
			rest = rest[i+len(w):]
		}
		if !strings.HasPrefix(msg, "stepper: ") {
			t.Errorf("ParseProblem(%q, LocalFiles) = %q: want the stepper: prefix", tt.line, msg)
		}
	}
}

// TestPuzzleSolvability checks the parity rule against the whole 8-puzzle
// space and on 15-puzzle boards one move apart, where the blank-row rule is
// what keeps them solvable.
func TestPuzzleSolvability(t *testing.T) {
	// The full message for an odd board, as a user reads it.
	_, err := parseProblem("puzzle 123456870", nil)
	want := "stepper: puzzle 123456870 cannot reach goal 123456780: the start has 1 inversion (odd) and the goal 0 inversions (even). " +
		"An inversion is a pair of tiles, blank ignored, that is in the wrong order when the board is read row by row; " +
		"on a 3×3 board every move changes their count by 0 or 2, so its parity never changes. " +
		"Swap two tiles (not the blank) of the start or of the goal to get a solvable pair"
	if err == nil || err.Error() != want {
		t.Errorf("unsolvable 8-puzzle:\n got %v\nwant %s", err, want)
	}
	// The two 8-puzzle classes: exactly the 181,440 boards reachable from the
	// default goal (counted by BFS in oracle_test.go) are accepted;
	// here every board is checked against a plain BFS from the goal.
	reach := bfsDistances3(tileRange(1, 9))
	perms := 0
	permute(9, func(tiles []int) {
		perms++
		_, ok := reach[pack9(tiles)]
		err := checkSolvable(3, tiles, tileRange(1, 9))
		if ok != (err == nil) {
			t.Fatalf("%v: reachable %v but checkSolvable says %v", tiles, ok, err)
		}
	})
	if perms != 362880 || len(reach) != 181440 {
		t.Fatalf("%d boards, %d reachable; want 362880 and 181440", perms, len(reach))
	}
	// 15-puzzle: a vertical move changes the inversion parity; the blank row
	// makes up for it.
	goal := tileRange(1, 16)
	up := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12}
	if inversions(up)%2 == inversions(goal)%2 {
		t.Fatalf("test board %v should have odd inversions", up)
	}
	if err := checkSolvable(4, up, goal); err != nil {
		t.Errorf("one move from the goal: %v", err)
	}
	swapped := append([]int(nil), up...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if err := checkSolvable(4, swapped, goal); err == nil {
		t.Errorf("%v: swapping two tiles should make it unsolvable", swapped)
	}
}

// permute calls f with every permutation of 0..k-1 (Heap's algorithm).
func permute(k int, f func([]int)) {
	a := tileRange(0, k)
	c := make([]int, k)
	f(a)
	for i := 0; i < k; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			f(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

func pack9(tiles []int) uint64 { return packTiles(tiles) }

// bfsDistances3 is a plain BFS over 3×3 boards from goal, written apart from
// the engine and from packedPuzzle: tiles in slices, moves by index
// arithmetic. It returns every reachable board's distance.
func bfsDistances3(goal []int) map[uint64]int {
	dist := map[uint64]int{pack9(goal): 0}
	queue := [][]int{append([]int(nil), goal...)}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		d := dist[pack9(b)]
		for _, nb := range applyAllMoves(3, b) {
			if _, ok := dist[pack9(nb)]; !ok {
				dist[pack9(nb)] = d + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

// applyMove slides the blank of an n×n board in direction move; ok is false
// if that leaves the board. It is the test's own model of the rules.
func applyMove(n int, tiles []int, move string) ([]int, bool) {
	b := 0
	for tiles[b] != 0 {
		b++
	}
	r, c := b/n, b%n
	switch move {
	case "up":
		r--
	case "down":
		r++
	case "left":
		c--
	case "right":
		c++
	default:
		return nil, false
	}
	if r < 0 || r >= n || c < 0 || c >= n {
		return nil, false
	}
	out := append([]int(nil), tiles...)
	out[b], out[r*n+c] = out[r*n+c], 0
	return out, true
}

func applyAllMoves(n int, tiles []int) [][]int {
	var out [][]int
	for _, m := range []string{"up", "down", "left", "right"} {
		if nb, ok := applyMove(n, tiles, m); ok {
			out = append(out, nb)
		}
	}
	return out
}

// checkPuzzlePath checks that a solved search's path starts at the start,
// ends at the goal, and that every node follows from its parent by the move
// it names, with g rising by 1 a move.
func checkPuzzlePath(t *testing.T, s *stepper.Search, p *Puzzle) {
	t.Helper()
	path := s.Path()
	if len(path) == 0 {
		t.Fatalf("%s: no path (status %s)", p.Spec(), s.Status())
	}
	first, last := s.Node(path[0]), s.Node(path[len(path)-1])
	if first.State.String() != FormatTiles(p.StartTiles()) || last.State.String() != FormatTiles(p.GoalTiles()) {
		t.Fatalf("path runs from %s to %s, want %s to %s", first.State, last.State, FormatTiles(p.StartTiles()), FormatTiles(p.GoalTiles()))
	}
	for i := 1; i < len(path); i++ {
		parent, child := s.Node(path[i-1]), s.Node(path[i])
		if child.Parent != parent.ID {
			t.Fatalf("path node %d's parent is %d, want %d", child.ID, child.Parent, parent.ID)
		}
		tiles, err := ParseTiles(parent.State.String())
		if err != nil {
			t.Fatal(err)
		}
		next, ok := applyMove(p.Size(), tiles, child.Action)
		if !ok || FormatTiles(next) != child.State.String() {
			t.Fatalf("step %d: %s then %q gives %v, but the path has %s", i, parent.State, child.Action, next, child.State)
		}
		if child.G != float64(i) || child.Depth != i {
			t.Fatalf("step %d: g %v depth %d, want %d", i, child.G, child.Depth, i)
		}
	}
	if s.Cost() != float64(len(path)-1) {
		t.Fatalf("Cost() = %v for a path of %d moves", s.Cost(), len(path)-1)
	}
}

// TestPuzzleOptimalCosts: the seeds' pairs with their known optimal costs,
// under every optimal search. 867254301 and 647850321 are the two 8-puzzle
// boards 31 moves from 123456780 (8puzzle-depths.csv names them).
func TestPuzzleOptimalCosts(t *testing.T) {
	tests := []struct {
		line string
		cost float64
	}{
		{"puzzle 867254301 goal=123456780", 31},
		{"puzzle 647850321 goal=123456780", 31},
		{"puzzle 283164705 goal=123804765", 5},
		{"puzzle 123405786 goal=123456780", 2},
		{"puzzle 123456780", 0},
	}
	searches := []string{"bfs", "ucs", "astar h=manhattan", "astar h=misplaced", "astar h=linear-conflict", "astar h=zero",
		"astar h=manhattan tie=lifo", "astar h=linear-conflict tie=high-g", "bfs goaltest=expand"}
	for _, tt := range tests {
		p := mustPuzzle(t, tt.line)
		for _, line := range searches {
			if testing.Short() && tt.cost > 30 && (strings.Contains(line, "zero") || strings.Contains(line, "ucs")) {
				continue
			}
			s := mustSearch(t, p, line)
			if st := s.Run(0); st != stepper.Solved {
				t.Errorf("%s, %s: status %s", tt.line, line, st)
				continue
			}
			if s.Cost() != tt.cost {
				t.Errorf("%s, %s: cost %v, want %v", tt.line, line, s.Cost(), tt.cost)
			}
			checkPuzzlePath(t, s, p)
		}
	}
}

// TestPuzzleSuccessorOrder: the natural order is up, down, left, right;
// order= may name the moves; an unknown move name is refused.
func TestPuzzleSuccessorOrder(t *testing.T) {
	p := mustPuzzle(t, "puzzle 123405786") // blank in the centre: all four moves
	if got := p.ActionNames(); !reflect.DeepEqual(got, []string{"up", "down", "left", "right"}) {
		t.Errorf("ActionNames() = %v", got)
	}
	actions := func(line string) string {
		s := mustSearch(t, p, line)
		ev, _ := s.Step()
		var out []string
		for _, c := range ev.Children {
			out = append(out, c.Action+":"+c.State.String())
		}
		return strings.Join(out, " ")
	}
	tests := []struct{ search, want string }{
		{"bfs", "up:103425786 down:123485706 left:123045786 right:123450786"},
		{"dfs order=reverse", "right:123450786 left:123045786 down:123485706 up:103425786"},
		{"dfs order=alpha", "down:123485706 left:123045786 right:123450786 up:103425786"},
		{"astar order=up,left,right,down", "up:103425786 left:123045786 right:123450786 down:123485706"},
		{"astar order=right", "right:123450786 up:103425786 down:123485706 left:123045786"},
	}
	for _, tt := range tests {
		if got := actions(tt.search); got != tt.want {
			t.Errorf("%s: children %s, want %s", tt.search, got, tt.want)
		}
	}
	o, _ := stepper.ParseOptions("astar order=up,north")
	if _, err := stepper.NewSearch(p, o); err == nil || !strings.Contains(err.Error(), `unknown action "north"`) {
		t.Errorf("order=up,north: err %v, want unknown action", err)
	}
	// Corners have two moves, edges three.
	for _, tt := range []struct {
		line string
		want int
	}{{"puzzle 023145786", 2}, {"puzzle 123045786", 3}, {"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 goal=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", 2}, {"puzzle 1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15", 4}} {
		s := mustSearch(t, mustPuzzle(t, tt.line), "bfs")
		ev, _ := s.Step()
		if len(ev.Children) != tt.want {
			t.Errorf("%s: %d children, want %d", tt.line, len(ev.Children), tt.want)
		}
	}
}

// TestPuzzleHeuristics8 checks all four heuristics on every 8-puzzle board
// against exact distances from a plain BFS: admissible (h <= distance),
// consistent (h changes by at most 1 a move), 0 at the goal, the packed and
// per-tile versions agree, Explain adds up to Estimate, and the ordering
// zero <= misplaced <= manhattan <= linear-conflict holds.
func TestPuzzleHeuristics8(t *testing.T) {
	for _, goalText := range []string{"123456780", "123804765"} {
		goal, _ := ParseTiles(goalText)
		p := mustPuzzle(t, "puzzle "+goalText+" goal="+goalText)
		pp := newPacked(p)
		hs := puzzleHeuristics(&pp.geom, pp.unpack, pp.manhattan, pp.misplaced)
		slow := puzzleHeuristics(&pp.geom, pp.unpack, nil, nil)
		dist := bfsDistances3(goal)
		var succ []stepper.Successor[uint64]
		i := 0
		for s, d := range dist {
			i++
			var vals [4]float64
			for k, h := range hs {
				v := h.Estimate(s)
				vals[k] = v
				if v > float64(d) || v < 0 {
					t.Fatalf("goal %s, %s(%s) = %v, true distance %d", goalText, h.Name, pp.Format(s), v, d)
				}
				if d == 0 && v != 0 {
					t.Fatalf("%s at the goal = %v", h.Name, v)
				}
				if sv := slow[k].Estimate(s); sv != v {
					t.Fatalf("%s(%s): packed %v, per-tile %v", h.Name, pp.Format(s), v, sv)
				}
				succ = pp.Successors(s, succ[:0])
				for _, sc := range succ {
					if w := h.Estimate(sc.State); w-v > 1 || v-w > 1 {
						t.Fatalf("%s is not consistent: %s has %v, its neighbour %s has %v", h.Name, pp.Format(s), v, pp.Format(sc.State), w)
					}
				}
				if i%17 == 0 { // Explain on a sample: it allocates
					sum := 0.0
					for _, term := range h.Explain(s) {
						sum += term.Value
					}
					if sum != v {
						t.Fatalf("%s(%s) = %v but Explain adds up to %v", h.Name, pp.Format(s), v, sum)
					}
				}
			}
			if !(vals[3] <= vals[1] && vals[1] <= vals[0] && vals[0] <= vals[2]) {
				t.Fatalf("%s: manhattan %v misplaced %v linear-conflict %v zero %v", pp.Format(s), vals[0], vals[1], vals[2], vals[3])
			}
		}
	}
}

// TestPuzzleHeuristicsBig checks the 4×4 and 5×5 heuristics along random
// walks from the goal: h never exceeds the walk's length (an upper bound of
// the distance), changes by at most 1 a move, agrees between packed and
// per-tile versions, and Explain adds up.
func TestPuzzleHeuristicsBig(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, n := range []int{4, 5} {
		goal := tileRange(1, n*n)
		if n == 5 {
			goal = tileRange(0, n*n) // blank top-left
		}
		p := mustPuzzle(t, "puzzle "+FormatTiles(goal)+" goal="+FormatTiles(goal))
		g := newGeom(p)
		tiles := append([]int(nil), goal...)
		prev := map[string]float64{}
		for step := 0; step < 3000; step++ {
			moves := applyAllMoves(n, tiles)
			tiles = moves[r.Intn(len(moves))]
			var t25 [maxCells]uint8
			for i, v := range tiles {
				t25[i] = uint8(v)
			}
			vals := map[string]float64{
				hManhattan: float64(g.manhattanTiles(&t25)), hMisplaced: float64(g.misplacedTiles(&t25)),
				hLinearConflict: float64(g.linearConflictTiles(&t25)),
			}
			if n == 4 {
				pp := newPacked(p)
				s := packTiles(tiles)
				if pp.manhattan(s) != vals[hManhattan] || pp.misplaced(s) != vals[hMisplaced] {
					t.Fatalf("%v: packed manhattan %v misplaced %v, per-tile %v", tiles, pp.manhattan(s), pp.misplaced(s), vals)
				}
			}
			sums := map[string]float64{hManhattan: 0, hMisplaced: 0, hLinearConflict: 0}
			for _, term := range g.explainManhattan(&t25) {
				sums[hManhattan] += term.Value
			}
			for _, term := range g.explainMisplaced(&t25) {
				sums[hMisplaced] += term.Value
			}
			for _, term := range g.explainLinearConflict(&t25) {
				sums[hLinearConflict] += term.Value
			}
			for name, v := range vals {
				if v > float64(step+1) {
					t.Fatalf("%d×%d %s(%v) = %v after %d moves", n, n, name, tiles, v, step+1)
				}
				if d := v - prev[name]; step > 0 && (d > 1 || d < -1) {
					t.Fatalf("%d×%d %s changed by %v in one move", n, n, name, d)
				}
				if sums[name] != v {
					t.Fatalf("%d×%d %s(%v) = %v, Explain adds to %v", n, n, name, tiles, v, sums[name])
				}
			}
			prev = vals
		}
	}
}

// TestLinearConflictExamples: boards whose conflicts are easy to count by
// hand, with the labels the node inspector shows.
func TestLinearConflictExamples(t *testing.T) {
	tests := []struct {
		board   string // goal 123456780
		h       float64
		explain string // the conflict terms only
	}{
		// 2 1 3 / 4 5 6 / 8 7 _: tiles 2 and 1 are in their goal row in the
		// wrong order, so one must step aside (the later one, 1, as the
		// earliest longest in-order run is kept); likewise 8 and 7 in row 3.
		// Manhattan 4, plus 2 + 2.
		{"213456870", 8, "row 1: tile 1 steps aside=2 | row 3: tile 7 steps aside=2"},
		// 3 2 1: the longest in-order run is one tile (3), so 2 and 1 leave:
		// Manhattan 4 + 2 (row 3), conflicts 4 + 2.
		{"321456870", 12, "row 1: tiles 2, 1 step aside=4 | row 3: tile 7 steps aside=2"},
		// 4 3 2 / 1 5 6 / 7 8 _: in row 1 only 3 and 2 belong there (2 steps
		// aside); in column 1, 4 1 7 want rows 2 1 3, so 1 steps aside.
		// Manhattan 4 (tiles 4, 3, 2, 1 one cell each), conflicts 2 + 2.
		{"432156780", 8, "row 1: tile 2 steps aside=2 | column 1: tile 1 steps aside=2"},
		// 8 6 7 / 2 5 4 / 3 _ 1: Manhattan 3+2+4+2+0+2+4+4 = 21; only row 2
		// has two tiles of its own, 5 and 4, reversed.
		{"867254301", 23, "row 2: tile 4 steps aside=2"},
		// The goal itself.
		{"123456780", 0, ""},
	}
	for _, tt := range tests {
		p := mustPuzzle(t, "puzzle "+tt.board)
		s := mustSearch(t, p, "astar h=linear-conflict")
		if got := s.Node(0).H; got != tt.h {
			t.Errorf("%s: h = %v, want %v", tt.board, got, tt.h)
		}
		var conflicts []string
		for _, term := range s.Explain(0) {
			if !strings.HasPrefix(term.Label, "tile ") {
				conflicts = append(conflicts, term.Label+"="+stepper.FormatNumber(term.Value))
			}
		}
		if got := strings.Join(conflicts, " | "); got != tt.explain {
			t.Errorf("%s: conflict terms %q, want %q", tt.board, got, tt.explain)
		}
	}
}

// TestPuzzleExplain: the per-tile breakdown of the seeds' start board.
func TestPuzzleExplain(t *testing.T) {
	p := mustPuzzle(t, "puzzle 283164705 goal=123804765")
	// 2 8 3     1 2 3
	// 1 6 4  →  8 _ 4    tile 1: 1 up; 2: 1 right; 3: home; 4: home;
	// 7 _ 5     7 6 5    5: home; 6: 1 down; 7: home; 8: 1 down 1 left.
	want := map[string]string{
		"manhattan": "tile 1=1 tile 2=1 tile 3=0 tile 4=0 tile 5=0 tile 6=1 tile 7=0 tile 8=2",
		"misplaced": "tile 1=1 tile 2=1 tile 3=0 tile 4=0 tile 5=0 tile 6=1 tile 7=0 tile 8=1",
		// No two tiles share a goal row or column in the wrong order.
		"linear-conflict": "tile 1=1 tile 2=1 tile 3=0 tile 4=0 tile 5=0 tile 6=1 tile 7=0 tile 8=2",
		"zero":            "h is 0 for every board=0",
	}
	for h, w := range want {
		s := mustSearch(t, p, "astar h="+h)
		var parts []string
		for _, term := range s.Explain(0) {
			parts = append(parts, term.Label+"="+stepper.FormatNumber(term.Value))
		}
		if got := strings.Join(parts, " "); got != w {
			t.Errorf("%s: Explain = %q, want %q", h, got, w)
		}
	}
}

// TestPuzzleFifteenAndTwentyFour: small scrambles of the bigger boards are
// solved optimally, with valid paths. The walk lengths bound the cost; the
// optimal cost agrees under two heuristics.
func TestPuzzleFifteenAndTwentyFour(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for _, n := range []int{4, 5} {
		for trial := 0; trial < 3; trial++ {
			tiles := tileRange(1, n*n)
			for range 24 {
				moves := applyAllMoves(n, tiles)
				tiles = moves[r.Intn(len(moves))]
			}
			p := mustPuzzle(t, "puzzle "+FormatTiles(tiles))
			var costs []float64
			for _, line := range []string{"astar h=linear-conflict", "astar h=manhattan tie=high-g"} {
				s := mustSearch(t, p, line)
				if s.Run(0) != stepper.Solved {
					t.Fatalf("%s %s: %s", p.Spec(), line, s.Status())
				}
				checkPuzzlePath(t, s, p)
				costs = append(costs, s.Cost())
			}
			if costs[0] != costs[1] || costs[0] > 24 {
				t.Errorf("%s: costs %v", p.Spec(), costs)
			}
		}
	}
}

// TestPuzzleStateFormat: node states are written as the spec writes them.
func TestPuzzleStateFormat(t *testing.T) {
	for _, line := range []string{"puzzle 283164705 goal=123804765", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "puzzle " + FormatTiles(append(tileRange(1, 24)[:23], 0, 24))} {
		p := mustPuzzle(t, line)
		s := mustSearch(t, p, "astar")
		ev, _ := s.Step()
		if got, want := ev.Expanded.State.String(), strings.Fields(line)[1]; got != want {
			t.Errorf("%s: root state %q, want %q", line, got, want)
		}
		for _, c := range ev.Children {
			tiles, err := ParseTiles(c.State.String())
			if err != nil || len(tiles) != p.Size()*p.Size() {
				t.Errorf("%s: child state %q does not parse: %v", line, c.State, err)
			}
		}
	}
}

func TestPuzzleHeuristicNames(t *testing.T) {
	p := mustPuzzle(t, "puzzle 283164705 goal=123804765")
	if got := p.Heuristics(); !reflect.DeepEqual(got, []string{"manhattan", "misplaced", "linear-conflict", "zero"}) {
		t.Errorf("Heuristics() = %v", got)
	}
	s := mustSearch(t, p, "astar")
	if s.Options().Heuristic != "manhattan" || len(s.Warnings()) != 0 {
		t.Errorf("default heuristic %q, warnings %v", s.Options().Heuristic, s.Warnings())
	}
	o, _ := stepper.ParseOptions("astar h=manhatan")
	if _, err := stepper.NewSearch(p, o); err == nil || !strings.Contains(err.Error(), "did you mean manhattan") {
		t.Errorf("h=manhatan: %v", err)
	}
}

// FuzzParsePuzzle: no input panics; an accepted line's Spec parses back to
// the same puzzle, its states format and parse back, and a search can step.
func FuzzParsePuzzle(f *testing.F) {
	for _, seed := range []string{
		"283164705 goal=123804765", "867254301", "1 2 3 4 5 6 7 8 0", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
		"283 164 705", "goal=1 2 3", "1,1,2", "123456870", "0,1,2,3 goal=3,2,1,0", "2831647O5", "-1,2", ",,,", "goal=goal=",
		"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, args string) {
		inst, err := parseProblem("puzzle "+args, stepper.LocalFiles)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		p := inst.(*Puzzle)
		again, err := parseProblem(p.Spec(), stepper.LocalFiles)
		if err != nil || again.Spec() != p.Spec() {
			t.Fatalf("Spec %q does not round-trip: %v", p.Spec(), err)
		}
		tiles, err := ParseTiles(FormatTiles(p.StartTiles()))
		if err != nil || !reflect.DeepEqual(tiles, p.StartTiles()) {
			t.Fatalf("FormatTiles/ParseTiles round trip: %v %v", tiles, err)
		}
		s, err := stepper.NewSearch(p, stepper.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s.Run(20)
		for id := range s.NodeCount() {
			if _, err := ParseTiles(s.Node(id).State.String()); err != nil {
				t.Fatalf("node state %q: %v", s.Node(id).State, err)
			}
		}
	})
}

// FuzzParseTiles: no input panics; accepted tiles are a permutation of
// 0 … N²−1 for N = 3, 4 or 5 and survive FormatTiles and ParseTiles.
func FuzzParseTiles(f *testing.F) {
	for _, seed := range []string{"283164705", "283 164 705", "283/164/705", "1,2,3,4,5,6,7,8,0", "1 2 3\n4 5 6\n7 8 0",
		"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "99999999999999999999,1", "", "1,,2", "٣"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tiles, err := ParseTiles(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: tiles ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		n := boardSide(len(tiles))
		if n < 3 || n > 5 || n*n != len(tiles) {
			t.Fatalf("%q: accepted %d tiles", s, len(tiles))
		}
		seen := make([]bool, len(tiles))
		for _, v := range tiles {
			if v < 0 || v >= len(tiles) || seen[v] {
				t.Fatalf("%q: accepted %v", s, tiles)
			}
			seen[v] = true
		}
		again, err := ParseTiles(FormatTiles(tiles))
		if err != nil || !reflect.DeepEqual(again, tiles) {
			t.Fatalf("%q: %v does not round-trip: %v %v", s, tiles, again, err)
		}
	})
}

// TestPuzzleStateIndexIsARanking checks that StateIndex numbers the 9!
// arrangements of a 3×3 board 0 to 9!-1, each once, in lexicographic
// order (the unrolled rank against the loop), and that the 4×4 board
// counts its 16! arrangements.
func TestPuzzleStateIndexIsARanking(t *testing.T) {
	pp := newPacked(mustPuzzle(t, "puzzle 123456780"))
	if got := pp.StateCount(); got != 362880 {
		t.Fatalf("StateCount = %d, want 9! = 362880", got)
	}
	seen := make([]bool, pp.StateCount())
	tiles := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	var perm func(k int)
	n := 0
	perm = func(k int) {
		if k == len(tiles) {
			i := pp.StateIndex(packTiles(tiles))
			if i < 0 || i >= len(seen) || seen[i] {
				t.Fatalf("StateIndex(%v) = %d: out of range or taken", tiles, i)
			}
			if want := lehmerRank(packTiles(tiles), 9); i != want {
				t.Fatalf("StateIndex(%v) = %d, want the lexicographic rank %d", tiles, i, want)
			}
			seen[i] = true
			n++
			return
		}
		for j := k; j < len(tiles); j++ {
			tiles[k], tiles[j] = tiles[j], tiles[k]
			perm(k + 1)
			tiles[k], tiles[j] = tiles[j], tiles[k]
		}
	}
	perm(0)
	if n != 362880 {
		t.Fatalf("%d arrangements ranked, want 362880", n)
	}
	big := newPacked(mustPuzzle(t, "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"))
	if want := 20922789888000; big.StateCount() != want { // 16!
		t.Errorf("4×4 StateCount = %d, want 16! = %d", big.StateCount(), want)
	}
}
