package stepper_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// unseenEdgeGraph is the counterexample to a stopping rule whose ε is the
// cheapest step seen so far: S-A-B-T costs 21, S-M-T 22, and the cheap
// edge A-B is generated only after both sides have met at M.
const unseenEdgeGraph = "nodes S A B M T\nedge S A 10\nedge A B 1\nedge B T 10\nedge S M 11\nedge M T 11\nstart S\ngoal T\n"

// TestBidiUnseenEdge: biucs, biastar and both tie sides find 21 on the
// counterexample; ε is the graph's cheapest edge (1) from the first step.
func TestBidiUnseenEdge(t *testing.T) {
	g, err := graph.ParseText("", unseenEdgeGraph, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"ucs", "biucs", "biucs ontie=backward", "biastar h=zero", "biastar h=zero ontie=backward"} {
		s := solveWith(t, g, line)
		checkSolved(t, s, 21, "S A B T")
		if !strings.HasPrefix(line, "bi") {
			continue
		}
		ev, err := s.EventAt(1)
		if err != nil {
			t.Fatal(err)
		}
		if float64(ev.Bidirectional.Epsilon) != 1 {
			t.Errorf("%s: ε %v at step 1, want the cheapest edge's cost 1", line, ev.Bidirectional.Epsilon)
		}
	}
}

// randGraph is a random weighted graph for the property test, with its
// text, its arcs (both directions of an edge) and the true cost from every
// node to the goal.
type randGraph struct {
	n     int
	text  strings.Builder
	arcs  map[[2]int]float64
	toGo  []float64 // cheapest cost to the goal (n-1), +Inf if none
	extra int       // nodes added by build after the fixed ones
}

func (r *randGraph) name(i int) string { return fmt.Sprintf("N%d", i) }

// road adds an edge (both ways) or an arc i → j, unless one is there.
func (r *randGraph) road(i, j int, c float64, oneWay bool) {
	if i == j || r.arcs[[2]int{i, j}] != 0 || r.arcs[[2]int{j, i}] != 0 && !oneWay {
		return
	}
	if oneWay {
		fmt.Fprintf(&r.text, "arc %s %s %s\n", r.name(i), r.name(j), fmtCost(c))
		r.arcs[[2]int{i, j}] = c
		return
	}
	fmt.Fprintf(&r.text, "edge %s %s %s\n", r.name(i), r.name(j), fmtCost(c))
	r.arcs[[2]int{i, j}], r.arcs[[2]int{j, i}] = c, c
}

func fmtCost(c float64) string { return fmt.Sprintf("%g", c) }

// newRandGraph draws a graph of n nodes, N0 the start and N(n-1) the goal.
// Costs are multiples of 1/4 (exact in binary, so sums compare exactly).
// With unseen set, the first five nodes are the counterexample's shape
// with random costs: N0-N1 a, N1-N2 ε, N2-N(n-1) b, and N0-N3-N(n-1) whose
// cost exceeds a + ε + b by a random δ >= 0, so the cheap middle edge, seen
// last, decides; random roads among the other nodes follow.
func newRandGraph(rng *rand.Rand, unseen bool) *randGraph {
	n := 2 + rng.IntN(8)
	if unseen {
		n = 5 + rng.IntN(4)
	}
	r := &randGraph{n: n, arcs: map[[2]int]float64{}}
	r.text.WriteString("nodes")
	for i := range n {
		r.text.WriteString(" " + r.name(i))
	}
	r.text.WriteString("\n")
	cost := func(lo, hi int) float64 { return float64(lo) + float64(rng.IntN(4*(hi-lo)+1))/4 }
	goal := n - 1
	if unseen {
		eps := cost(1, 3)
		a, b := cost(int(eps)+2, 30), cost(int(eps)+2, 30)
		alt := a + eps + b + float64(rng.IntN(3))/4
		c := math.Round(alt*rng.Float64()*4) / 4
		c = min(max(c, 0.25), alt-0.25)
		r.road(0, 1, a, false)
		r.road(1, 2, eps, false)
		r.road(2, goal, b, false)
		r.road(0, 3, c, false)
		r.road(3, goal, alt-c, false)
	}
	density := 0.15 + 0.5*rng.Float64()
	for i := range n {
		for j := range n {
			if i >= j || rng.Float64() > density {
				continue
			}
			c := cost(1, 20)
			if unseen {
				c = cost(3, 40) // extra roads dearer than the middle edge
			}
			switch rng.IntN(4) {
			case 0:
				r.road(i, j, c, true)
			case 1:
				r.road(j, i, c, true)
			default:
				r.road(i, j, c, false)
			}
		}
	}
	fmt.Fprintf(&r.text, "start %s\ngoal %s\n", r.name(0), r.name(goal))
	r.toGo = make([]float64, n)
	for i := range r.toGo {
		r.toGo[i] = math.Inf(1)
	}
	r.toGo[goal] = 0
	for range n { // Bellman-Ford over the arcs into the goal
		for a, c := range r.arcs {
			r.toGo[a[0]] = min(r.toGo[a[0]], c+r.toGo[a[1]])
		}
	}
	return r
}

// withTable returns the graph's text with an h table α·h* (1000 where the
// goal is unreachable): the exact cost to the goal is consistent, and so is
// any fraction of it, so biastar may use it in both directions.
func (r *randGraph) withTable(alpha float64) string {
	var b strings.Builder
	b.WriteString(r.text.String())
	for i, d := range r.toGo {
		h := 1000.0
		if !math.IsInf(d, 1) {
			h = math.Floor(alpha*d*4) / 4
		}
		fmt.Fprintf(&b, "h %s %s\n", r.name(i), fmtCost(h))
	}
	return b.String()
}

// TestBidiProperty: on 10,000 random weighted graphs (a quarter of them
// built so that an edge the searches see last decides the optimum), biucs
// (both tie sides) and biastar (h = 0 and a consistent table) return
// exactly one-way UCS's status and cost, and bibfs a path of as few moves
// as BFS's; every path found is a walk of the graph whose costs add up to
// the cost reported.
func TestBidiProperty(t *testing.T) {
	const graphs = 10_000
	rng := rand.New(rand.NewPCG(20, 1))
	lines := map[string]stepper.Options{}
	for _, l := range []string{"ucs", "bfs", "biucs", "biucs ontie=backward", "biastar h=zero", "biastar h=table", "biastar h=table ontie=backward", "bibfs", "bibfs ontie=backward"} {
		o, err := stepper.ParseOptions(l)
		if err != nil {
			t.Fatal(err)
		}
		lines[l] = o
	}
	run := func(g *graph.Graph, line string) *stepper.Search {
		t.Helper()
		s, err := stepper.NewSearch(g, lines[line])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		s.Run(0)
		return s
	}
	var solved, unseen int
	for i := range graphs {
		r := newRandGraph(rng, i%4 == 0)
		text := r.withTable(0.5 + 0.5*rng.Float64())
		g, err := graph.ParseText("", text, nil)
		if err != nil {
			t.Fatalf("graph %d: %v\n%s", i, err, text)
		}
		ucs, bfs := run(g, "ucs"), run(g, "bfs")
		if ucs.Status() == stepper.Solved {
			solved++
			if i%4 == 0 {
				unseen++
			}
		}
		for _, line := range []string{"biucs", "biucs ontie=backward", "biastar h=zero", "biastar h=table", "biastar h=table ontie=backward", "bibfs", "bibfs ontie=backward"} {
			s := run(g, line)
			if s.Status() != ucs.Status() {
				t.Fatalf("graph %d, %s: %s, one-way ucs %s\n%s", i, line, s.Status(), ucs.Status(), text)
			}
			if s.Status() != stepper.Solved {
				continue
			}
			checkWalk(t, r, s, fmt.Sprintf("graph %d, %s", i, line))
			if strings.HasPrefix(line, "bibfs") {
				if got, want := len(s.Path()), len(bfs.Path()); got != want {
					t.Fatalf("graph %d, %s: %d moves, bfs %d\n%s", i, line, got-1, want-1, text)
				}
				continue
			}
			if s.Cost() != ucs.Cost() {
				t.Fatalf("graph %d, %s: cost %v, one-way ucs %v\n%s", i, line, s.Cost(), ucs.Cost(), text)
			}
		}
	}
	t.Logf("%d graphs, %d solvable (%d of the unseen-edge shape)", graphs, solved, unseen)
	if solved < graphs/2 || unseen < graphs/8 {
		t.Errorf("only %d graphs solvable, %d of the unseen-edge shape: the test shows little", solved, unseen)
	}
}

// checkWalk checks that a solved search's path goes from N0 to the goal
// along the graph's roads and that their costs add up to s.Cost().
func checkWalk(t *testing.T, r *randGraph, s *stepper.Search, what string) {
	t.Helper()
	st := pathStates(s)
	if len(st) == 0 || st[0] != "N0" || st[len(st)-1] != r.name(r.n-1) {
		t.Fatalf("%s: path %v", what, st)
	}
	sum := 0.0
	for k := 1; k < len(st); k++ {
		var a, b int
		fmt.Sscanf(st[k-1], "N%d", &a)
		fmt.Sscanf(st[k], "N%d", &b)
		c, ok := r.arcs[[2]int{a, b}]
		if !ok {
			t.Fatalf("%s: path %v: no road %s → %s", what, st, st[k-1], st[k])
		}
		sum += c
	}
	if sum != s.Cost() {
		t.Fatalf("%s: path %v costs %v, reported %v", what, st, sum, s.Cost())
	}
}

// noLeast is a graph's space that does not say its least step cost, as a
// problem from elsewhere may not: biucs then stops by μ <= topF + topB.
type noLeast struct {
	p interface {
		stepper.Problem[int]
		stepper.Reversible[int]
	}
}

func (n noLeast) Start() int        { return n.p.Start() }
func (n noLeast) IsGoal(s int) bool { return n.p.IsGoal(s) }
func (n noLeast) Successors(s int, buf []stepper.Successor[int]) []stepper.Successor[int] {
	return n.p.Successors(s, buf)
}
func (n noLeast) Format(s int) string     { return n.p.Format(s) }
func (n noLeast) ActionName(a int) string { return n.p.ActionName(a) }
func (n noLeast) GoalState() int          { return n.p.GoalState() }
func (n noLeast) Predecessors(s int, buf []stepper.Successor[int]) []stepper.Successor[int] {
	return n.p.Predecessors(s, buf)
}

// TestBidiWithoutLeastCost: a problem that does not know its least step
// cost gets ε = 0, and biucs is still exact (on 2,000 random graphs).
func TestBidiWithoutLeastCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2))
	o, err := stepper.ParseOptions("biucs")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2000 {
		r := newRandGraph(rng, i%2 == 0)
		g, err := graph.ParseText("", r.text.String(), nil)
		if err != nil {
			t.Fatal(err)
		}
		rev, _ := problemOf[int](t, g, "biucs")
		inst := stepper.NewCustom(stepper.Custom[int]{KindName: "graph", SpecLine: g.Spec(),
			New: func() (stepper.Problem[int], []stepper.Heuristic[int], error) {
				return noLeast{rev.(interface {
					stepper.Problem[int]
					stepper.Reversible[int]
				})}, nil, nil
			}})
		e, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		if eps := stepper.Epsilon(e); eps != 0 {
			t.Fatalf("ε %v without a least step cost, want 0", eps)
		}
		st := e.Run(0)
		want := r.toGo[0]
		if math.IsInf(want, 1) != (st == stepper.NoSolution) || st == stepper.Solved && e.Cost() != want {
			t.Fatalf("graph %d: %s cost %v, want %v\n%s", i, st, e.Cost(), want, r.text.String())
		}
	}
}

// TestBidiTieSide: with both roots at key 0, step 1 expands the start
// (forward on a tie) or, with ontie=backward as AIMA 4th ed.'s
// BIBF-SEARCH, the goal; both lines say so in their rules and options.
func TestBidiTieSide(t *testing.T) {
	for _, c := range []struct {
		line, first   string
		dir           stepper.Direction
		options, rule string
	}{
		{"biucs", "Arad", stepper.Forward, "biucs order=natural", "forward on a tie"},
		{"biucs ontie=backward", "Bucharest", stepper.Backward, "biucs ontie=backward order=natural", "backward on a tie, as AIMA 4th ed.'s BIBF-SEARCH (Figure 3.14)"},
		{"bibfs ontie=backward", "Bucharest", stepper.Backward, "bibfs ontie=backward order=natural", "backward on a tie"},
		{"biastar ontie=forward", "Arad", stepper.Forward, "biastar h=sld order=natural", "forward on a tie"},
	} {
		t.Run(c.line, func(t *testing.T) {
			s, evs := runToEnd(t, "graph romania", c.line)
			if evs[0].Expanded.State.String() != c.first || evs[0].Bidirectional.Direction != c.dir {
				t.Errorf("step 1 expanded %s (%s), want %s (%s)", evs[0].Expanded.State, evs[0].Bidirectional.Direction, c.first, c.dir)
			}
			if got := s.Options().String(); got != c.options {
				t.Errorf("options %q, want %q", got, c.options)
			}
			if r := stepper.BidiRules(s.Options()); !strings.Contains(r, c.rule) {
				t.Errorf("rules lack %q: %s", c.rule, r)
			}
		})
	}
	for _, line := range []string{"astar ontie=backward", "biucs ontie=left"} {
		if _, err := stepper.ParseOptions(line); err == nil || !strings.Contains(err.Error(), "ontie=") {
			t.Errorf("%s: %v, want an error naming ontie", line, err)
		}
	}
}

// TestBidiPropertyGrids: on 1,000 random small grids with terrain costs
// 1-9, 4 or 8 moves, unit or 10-14 costs and either corner rule, biucs
// and biastar (h = zero) return one-way UCS's status and cost, and ε is
// the cardinal move's cost on the grid's cheapest terrain.
func TestBidiPropertyGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 4))
	for range 1000 {
		w, h := 2+rng.IntN(5), 2+rng.IntN(5)
		cells := make([]byte, w*h)
		least := byte('9')
		for k := range cells {
			switch r := rng.IntN(10); {
			case r < 2:
				cells[k] = '#'
			case r < 6:
				cells[k] = '.'
			default:
				cells[k] = byte('1' + rng.IntN(9))
			}
		}
		s, g := rng.IntN(w*h), rng.IntN(w*h)
		for g == s {
			g = rng.IntN(w * h)
		}
		cells[s], cells[g] = 'S', 'G'
		var rows []string
		for y := range h {
			rows = append(rows, string(cells[y*w:(y+1)*w]))
		}
		for _, c := range cells {
			switch {
			case c == '.' || c == 'S' || c == 'G':
				least = min(least, '1')
			case c >= '1' && c <= '9':
				least = min(least, c)
			}
		}
		moves := []string{"4", "8"}[rng.IntN(2)]
		cost := []string{"unit", "10-14"}[rng.IntN(2)]
		corners := []string{"no", "yes"}[rng.IntN(2)]
		spec := fmt.Sprintf("grid %s moves=%s cost=%s corners=%s", strings.Join(rows, "/"), moves, cost, corners)
		inst, err := problems.Parse(spec, stepper.LocalFiles)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		ucs := solveWith(t, inst, "ucs")
		for _, line := range []string{"biucs", "biucs ontie=backward", "biastar h=zero"} {
			b := solveWith(t, inst, line)
			if b.Status() != ucs.Status() || math.Abs(b.Cost()-ucs.Cost()) > 1e-9 {
				t.Fatalf("%s, %s: %s cost %v; ucs %s cost %v", spec, line, b.Status(), b.Cost(), ucs.Status(), ucs.Cost())
			}
			if line != "biucs" {
				continue
			}
			ev, err := b.EventAt(1)
			if err != nil {
				t.Fatal(err)
			}
			want := float64(least - '0')
			if cost == "10-14" {
				want *= 10
			}
			if float64(ev.Bidirectional.Epsilon) != want {
				t.Fatalf("%s: ε %v, want %v", spec, ev.Bidirectional.Epsilon, want)
			}
		}
	}
}
