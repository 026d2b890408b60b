package stepper_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
	"stepviz/stepper/puzzle"
)

// ref4e is ITERATIVE-DEEPENING-SEARCH over DEPTH-LIMITED-SEARCH as AIMA
// 4th ed. Figure 3.12 writes them, a stack and IS-CYCLE, with stepviz's
// limit (a node at depth ℓ is goal-tested, not expanded, as Figure 3.17
// and aima-python): pop; goal test; at the limit cutoff; else, unless the
// node's state is on its own path, push its children. With firstOnTop the
// children are pushed so that the first successor is popped first (the
// recursive definition's order); without, in successor order, so the last
// is popped first (the book's stack, literally).
type ref4e struct {
	expanded             []string // states expanded, in order
	popped, cyclePops    int      // nodes popped (goal-tested); those whose state was on their path
	generated, cycleKids int      // children pushed; those whose state was on their path
	solved               bool
	pathLen              int
}

type ref4eNode[S comparable] struct {
	state  S
	parent *ref4eNode[S]
	depth  int
}

func (n *ref4eNode[S]) isCycle() bool {
	for a := n.parent; a != nil; a = a.parent {
		if a.state == n.state {
			return true
		}
	}
	return false
}

func runRef4e[S comparable](p stepper.Problem[S], firstOnTop bool, maxLimit int) ref4e {
	var r ref4e
	for limit := 0; limit <= maxLimit; limit++ {
		stack := []*ref4eNode[S]{{state: p.Start()}}
		cutoff := false
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r.popped++
			cyc := n.isCycle()
			if cyc {
				r.cyclePops++
			}
			if p.IsGoal(n.state) {
				r.solved, r.pathLen = true, n.depth
				return r
			}
			if n.depth >= limit {
				cutoff = true
				continue
			}
			if cyc {
				continue
			}
			r.expanded = append(r.expanded, p.Format(n.state))
			succ := p.Successors(n.state, nil)
			kids := make([]*ref4eNode[S], len(succ))
			for i, sc := range succ {
				kids[i] = &ref4eNode[S]{state: sc.State, parent: n, depth: n.depth + 1}
				if kids[i].isCycle() {
					r.cycleKids++
				}
			}
			r.generated += len(kids)
			if firstOnTop {
				for i := len(kids) - 1; i >= 0; i-- {
					stack = append(stack, kids[i])
				}
			} else {
				stack = append(stack, kids...)
			}
		}
		if !cutoff {
			return r
		}
	}
	return r
}

// reversedOrder is a problem whose successors come in reverse order.
type reversedOrder[S comparable] struct{ stepper.Problem[S] }

func (r reversedOrder[S]) Successors(s S, buf []stepper.Successor[S]) []stepper.Successor[S] {
	first := len(buf)
	buf = r.Problem.Successors(s, buf)
	for i, j := first, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	return buf
}

// TestIDSFollowsAIMA4e: ids's default (parent=path) expands exactly the
// nodes AIMA 4th ed.'s ITERATIVE-DEEPENING-SEARCH with IS-CYCLE expands,
// in the same order: with order=natural as the recursive definition visits
// them, with order=reverse as the book's stack pops them. It generates no
// child whose state is on its path, so its goal tests and generated nodes
// are the book's minus those; the path length is the same. Checked on
// every start and goal of Romania (380 pairs) and on 100 8-puzzles up to
// 14 moves from the goal.
func TestIDSFollowsAIMA4e(t *testing.T) {
	var cases []string
	g := graph.Romania()
	for _, a := range g.Nodes() {
		for _, b := range g.Nodes() {
			if a.Name != b.Name {
				cases = append(cases, fmt.Sprintf("graph romania start=%s goal=%s", a.Name, b.Name))
			}
		}
	}
	rng := rand.New(rand.NewPCG(20, 3))
	for range 100 {
		tiles := []int{1, 2, 3, 4, 5, 6, 7, 8, 0}
		blank := 8
		for range 4 + rng.IntN(11) {
			x, y := blank%3, blank/3
			var next []int
			for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
				if nx, ny := x+d[0], y+d[1]; nx >= 0 && nx < 3 && ny >= 0 && ny < 3 {
					next = append(next, ny*3+nx)
				}
			}
			j := next[rng.IntN(len(next))]
			tiles[blank], tiles[j] = tiles[j], tiles[blank]
			blank = j
		}
		cases = append(cases, "puzzle "+puzzle.FormatTiles(tiles))
	}
	checked := 0
	for _, spec := range cases {
		for _, order := range []string{"natural", "reverse"} {
			s, evs := runToEnd(t, spec, "ids order="+order)
			if s.Options().Parent != stepper.PathParent {
				t.Fatalf("%s: ids's default parent policy is %s, want path", spec, s.Options().Parent)
			}
			var ref ref4e
			inst, err := problems.Parse(spec, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			switch inst.(type) {
			case *graph.Graph:
				p, _ := problemOf[int](t, inst, "bfs")
				if order == "reverse" {
					p = reversedOrder[int]{p}
				}
				ref = runRef4e(p, true, 40)
			case *puzzle.Puzzle:
				p, _ := problemOf[uint64](t, inst, "bfs")
				if order == "reverse" {
					p = reversedOrder[uint64]{p}
				}
				ref = runRef4e(p, true, 40)
			}
			// order=reverse with the first child on top is the book's
			// stack over the natural order: check that reading too
			if order == "reverse" {
				var lit ref4e
				switch inst.(type) {
				case *graph.Graph:
					p, _ := problemOf[int](t, inst, "bfs")
					lit = runRef4e(p, false, 40)
				case *puzzle.Puzzle:
					p, _ := problemOf[uint64](t, inst, "bfs")
					lit = runRef4e(p, false, 40)
				}
				if strings.Join(lit.expanded, " ") != strings.Join(ref.expanded, " ") {
					t.Fatalf("%s: the book's stack expands %v, order=reverse first-on-top %v", spec, lit.expanded, ref.expanded)
				}
			}
			var got []string
			for _, ev := range evs {
				if ev.Expanded.Status != stepper.NodeCutoff && ev.Expanded.Status != stepper.NodeGoal {
					got = append(got, ev.Expanded.State.String())
				}
			}
			what := spec + " order=" + order
			if strings.Join(got, " ") != strings.Join(ref.expanded, " ") {
				t.Fatalf("%s: expanded\n%v\nAIMA 4e expands\n%v", what, got, ref.expanded)
			}
			c := s.Counters()
			if !ref.solved || s.Status() != stepper.Solved || len(s.Path())-1 != ref.pathLen {
				t.Fatalf("%s: %s with %d moves, AIMA 4e solved %v with %d", what, s.Status(), len(s.Path())-1, ref.solved, ref.pathLen)
			}
			if c.Expanded != len(ref.expanded) || c.Steps != ref.popped-ref.cyclePops || c.Generated != ref.generated-ref.cycleKids {
				t.Fatalf("%s: expanded/goal tests/generated %d/%d/%d, AIMA 4e %d/%d/%d less %d cycle pops and %d cycle children",
					what, c.Expanded, c.Steps, c.Generated, len(ref.expanded), ref.popped, ref.generated, ref.cyclePops, ref.cycleKids)
			}
			checked++
		}
	}
	t.Logf("%d searches checked against AIMA 4e's IDS with IS-CYCLE", checked)
}
