package stepper_test

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// beamPuzzles are 8-puzzles of depths 5, 31 (one of the two hardest), 27
// and 20.
var beamPuzzles = []string{
	"puzzle 283164705 goal=123804765",
	"puzzle 867254301 goal=123456780",
	"puzzle 806547231 goal=123456780",
	"puzzle 724506831 goal=123456780",
}

// expansions runs s to its end and returns the states it selected, in
// order.
func expansions(t *testing.T, s *stepper.Search) []string {
	t.Helper()
	s.Run(0)
	var out []string
	for _, id := range s.ExpandedIn(0, s.Horizon(), nil) {
		st, _ := s.StateOf(id)
		out = append(out, st)
	}
	return out
}

// TestBeamWideIsAStar: with a width no smaller than the largest frontier
// A* has, beam search prunes nothing and is A*, expansion for expansion.
func TestBeamWideIsAStar(t *testing.T) {
	cases := []struct{ problem, h string }{{"graph romania", "sld"}}
	for _, p := range beamPuzzles {
		cases = append(cases, struct{ problem, h string }{p, "manhattan"}, struct{ problem, h string }{p, "misplaced"})
	}
	for _, tc := range cases {
		t.Run(tc.problem+" "+tc.h, func(t *testing.T) {
			a := newDeltaSearch(t, tc.problem, "astar h="+tc.h)
			want := expansions(t, a)
			width := a.Counters().MaxOpen
			b := newDeltaSearch(t, tc.problem, "beam h="+tc.h+" width="+itoa(width))
			got := expansions(t, b)
			if !slices.Equal(got, want) {
				t.Fatalf("beam width=%d expanded %d nodes, A* %d; first difference at %d", width, len(got), len(want), firstDiff(got, want))
			}
			if b.Status() != stepper.Solved || b.Cost() != a.Cost() || !slices.Equal(b.Path(), a.Path()) {
				t.Fatalf("beam: %s cost %v path %v; A*: cost %v path %v", b.Status(), b.Cost(), b.Path(), a.Cost(), a.Path())
			}
			bc, ac := b.Counters(), a.Counters()
			if bc.Pruned != 0 {
				t.Fatalf("beam width=%d pruned %d nodes", width, bc.Pruned)
			}
			bc.Pruned = 0
			if bc != ac {
				t.Fatalf("counters: beam %+v, A* %+v", bc, ac)
			}
			// one less than A*'s largest frontier prunes, and still solves
			// or says why not
			if width > 1 {
				n := newDeltaSearch(t, tc.problem, "beam h="+tc.h+" width="+itoa(width-1))
				n.Run(0)
				if n.Counters().Pruned == 0 {
					t.Fatalf("beam width=%d pruned nothing", width-1)
				}
			}
		})
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// descend is greedy hill-climbing descent written out: from the start,
// move to the child (never an expanded state) of least f, the first
// generated on a tie, until the goal; nil if a state has no such child.
func descend[S comparable](p stepper.Problem[S], h func(S) float64, byH bool) []string {
	s, g := p.Start(), 0.0
	expanded := map[S]bool{}
	path := []string{p.Format(s)}
	for !p.IsGoal(s) {
		expanded[s] = true
		var best *stepper.Successor[S]
		bestF := math.Inf(1)
		for _, c := range p.Successors(s, nil) {
			if expanded[c.State] {
				continue
			}
			f := g + c.Cost + h(c.State)
			if byH {
				f = h(c.State)
			}
			if f < bestF {
				c := c
				best, bestF = &c, f
			}
		}
		if best == nil {
			return nil
		}
		s, g = best.State, g+best.Cost
		path = append(path, p.Format(s))
	}
	return path
}

// TestBeamWidthOneIsGreedyDescent: a beam of width 1 keeps one node, the
// best child of the one expanded: it is greedy hill-climbing descent, by
// f = g + h and by h alone, on Romania and 8-puzzles, locally or not.
func TestBeamWidthOneIsGreedyDescent(t *testing.T) {
	type ref struct {
		problem, h string
		descend    func(byH bool) []string
	}
	romania, err := problems.Parse("graph romania", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := romania.(*graph.Graph)
	cases := []ref{{"graph romania", "sld", func(byH bool) []string {
		p, h := problemOf[int](t, g, "astar")
		return descend(p, h.Estimate, byH)
	}}}
	for _, spec := range beamPuzzles {
		inst, err := problems.Parse(spec, stepper.LocalFiles)
		if err != nil {
			t.Fatal(err)
		}
		pp, h := problemOf[uint64](t, inst, "astar h=manhattan")
		cases = append(cases, ref{spec, "manhattan", func(byH bool) []string { return descend(pp, h.Estimate, byH) }})
	}
	for _, tc := range cases {
		for _, f := range []string{"g+h", "h"} {
			want := tc.descend(f == "h")
			for _, local := range []string{"false", "true"} {
				s := newDeltaSearch(t, tc.problem, "beam width=1 h="+tc.h+" f="+f+" local="+local)
				s.Run(0)
				var got []string
				for _, id := range s.Path() {
					st, _ := s.StateOf(id)
					got = append(got, st)
				}
				if want == nil {
					if s.Status() != stepper.NoSolution || !strings.Contains(s.BeamEnd(), "width 1") {
						t.Fatalf("%s f=%s local=%s: descent is stuck, beam %s (%q)", tc.problem, f, local, s.Status(), s.BeamEnd())
					}
					continue
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s f=%s local=%s: beam path %v, descent %v", tc.problem, f, local, got, want)
				}
				if len(s.ExpandedIn(0, s.Horizon(), nil)) != len(want) {
					t.Fatalf("%s f=%s: beam selected %d nodes for a descent of %d states", tc.problem, f, s.Horizon(), len(want))
				}
			}
		}
	}
}

// beamStep is one step of a hand-checked trace: the state selected, the
// states pruned (best first) and the open states after it (pop order).
type beamStep struct {
	expanded string
	pruned   []string
	open     []string
}

func checkBeamTrace(t *testing.T, problem, options string, want []beamStep, status stepper.Status, cost float64) {
	t.Helper()
	s := newDeltaSearch(t, problem, options)
	for i, w := range want {
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("step %d: the search ended (%s)", i+1, s.Status())
		}
		var pruned, open []string
		for _, p := range ev.Beam.Pruned {
			pruned = append(pruned, p.State.String())
		}
		for _, o := range s.Snapshot().Open {
			open = append(open, o.State.String())
		}
		if ev.Expanded.State.String() != w.expanded || !slices.Equal(pruned, w.pruned) || !slices.Equal(open, w.open) || ev.Beam.PrunedCount != len(w.pruned) {
			t.Fatalf("step %d: expanded %s, pruned %v (%d), open %v; want %s, %v, %v", i+1, ev.Expanded.State, pruned, ev.Beam.PrunedCount, open, w.expanded, w.pruned, w.open)
		}
	}
	if s.Status() != status || s.Cost() != cost {
		t.Fatalf("ended %s cost %v, want %s cost %v", s.Status(), s.Cost(), status, cost)
	}
}

// TestBeamRomaniaWidth2 checks beam search of width 2 on Romania by hand
// (straight-line distances, AIMA Figure 3.16):
//
//	1 Arad 366: Sibiu 393, Timisoara 447, Zerind 449 → keep Sibiu, Timisoara; prune Zerind
//	2 Sibiu 393: Rimnicu 413, Fagaras 415, Timisoara 447, Oradea 671 → prune Timisoara, Oradea
//	3 Rimnicu 413: Fagaras 415, Pitesti 417, Craiova 526 → prune Craiova
//	4 Fagaras 415: Pitesti 417, Bucharest 450
//	5 Pitesti 417: Bucharest re-parented to 418; Craiova, pruned before, is new again (455+160 = 615)
//	6 Bucharest 418: the goal, cost 418
func TestBeamRomaniaWidth2(t *testing.T) {
	checkBeamTrace(t, "graph romania", "beam width=2", []beamStep{
		{"Arad", []string{"Zerind"}, []string{"Sibiu", "Timisoara"}},
		{"Sibiu", []string{"Timisoara", "Oradea"}, []string{"Rimnicu_Vilcea", "Fagaras"}},
		{"Rimnicu_Vilcea", []string{"Craiova"}, []string{"Fagaras", "Pitesti"}},
		{"Fagaras", nil, []string{"Pitesti", "Bucharest"}},
		{"Pitesti", nil, []string{"Bucharest", "Craiova"}},
		{"Bucharest", nil, []string{"Craiova"}},
	}, stepper.Solved, 418)
}

// TestLocalBeamRomania checks local beam search of width 2 by h alone on
// Romania by hand: the layers are {Arad}, then the 2 best by h of its
// children, and so on; the layer's nodes are expanded best first.
//
//	1 Arad: layer 0 done; children Zerind 374, Sibiu 253, Timisoara 329 → keep Sibiu, Timisoara; prune Zerind
//	2 Sibiu: children Fagaras 176, Oradea 380, Rimnicu 193 (Arad closed)
//	3 Timisoara: child Lugoj 244; layer 1 done → keep Fagaras, Rimnicu; prune Lugoj 244, Oradea 380
//	4 Fagaras: child Bucharest 0
//	5 Rimnicu: children Pitesti 100, Craiova 160; layer 2 done → keep Bucharest, Pitesti; prune Craiova
//	6 Bucharest: the goal, cost 450
func TestLocalBeamRomania(t *testing.T) {
	checkBeamTrace(t, "graph romania", "beam width=2 local=true f=h", []beamStep{
		{"Arad", []string{"Zerind"}, []string{"Sibiu", "Timisoara"}},
		{"Sibiu", nil, []string{"Timisoara", "Fagaras", "Rimnicu_Vilcea", "Oradea"}},
		{"Timisoara", []string{"Lugoj", "Oradea"}, []string{"Fagaras", "Rimnicu_Vilcea"}},
		{"Fagaras", nil, []string{"Rimnicu_Vilcea", "Bucharest"}},
		{"Rimnicu_Vilcea", []string{"Craiova"}, []string{"Bucharest", "Pitesti"}},
		{"Bucharest", nil, []string{"Pitesti"}},
	}, stepper.Solved, 450)
}

// TestBeamNoSolution: a beam too narrow for a dead end says so in words.
// Width 1 by h on this graph goes A → B (h 1), a dead end, and C is pruned.
func TestBeamNoSolution(t *testing.T) {
	g, err := graph.ParseText("", "nodes A B C G\nedge A B 1\nedge A C 1\nedge C G 1\nh A 2\nh B 1\nh C 1.5\nh G 0\nstart A\ngoal G\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := stepper.ParseOptions("beam width=1 f=h h=table")
	s, err := stepper.NewSearch(g, o)
	if err != nil {
		t.Fatal(err)
	}
	s.Run(0)
	if s.Status() != stepper.NoSolution {
		t.Fatalf("status %s, want no solution", s.Status())
	}
	if got, want := s.BeamEnd(), "no solution within a beam of width 1: 1 node was pruned (a wider beam may find one)"; got != want {
		t.Fatalf("BeamEnd %q, want %q", got, want)
	}
	o.Width = 2
	if w, _ := stepper.NewSearch(g, o); w.Run(0) != stepper.Solved {
		t.Fatalf("width 2: %s, want solved", w.Status())
	}
}

// TestBeamSeekRestoresPruned: seeking back over a pruning puts the pruned
// nodes back on the frontier; every step's snapshot and event, reached by
// undo, rewind or redo, equals that of a fresh search stepped there.
func TestBeamSeekRestoresPruned(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"graph romania", "beam width=2"},
		{"graph romania", "beam width=2 local=true f=h"},
		{"puzzle 867254301 goal=123456780", "beam width=3 h=misplaced"},
		{"puzzle 867254301 goal=123456780", "beam width=5 local=true duplicates=drop"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "beam width=4 h=euclidean tree=true"},
	} {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			fresh := func(k int) (*stepper.Search, []stepper.Event) {
				s := newDeltaSearch(t, tc.problem, tc.options)
				var evs []stepper.Event
				for range k {
					ev, ok := s.Step()
					if !ok {
						break
					}
					evs = append(evs, ev)
				}
				return s, evs
			}
			s, events := fresh(60)
			h := s.Horizon()
			if s.Counters().Pruned == 0 {
				t.Fatal("nothing was pruned: the case tests nothing")
			}
			for _, k := range []int{h - 1, h / 2, 1, 0, h, 2, h - 2} {
				k = max(k, 0)
				s.Seek(k)
				f, _ := fresh(k)
				if got, want := s.Snapshot(), f.Snapshot(); !reflect.DeepEqual(got, want) {
					t.Fatalf("seek to %d: snapshot differs from a fresh search's:\n%+v\n%+v", k, got.Open, want.Open)
				}
				if k < h {
					ev, err := s.EventAt(k + 1)
					if err != nil {
						t.Fatal(err)
					}
					a, _ := json.Marshal(ev)
					b, _ := json.Marshal(events[k])
					if string(a) != string(b) {
						t.Fatalf("event %d replayed:\n%s\nfirst computed:\n%s", k+1, a, b)
					}
				}
			}
		})
	}
}

// TestBeamOptions: beam's options are checked and written back.
func TestBeamOptions(t *testing.T) {
	for _, tc := range []struct{ line, want, err string }{
		{"beam", "beam width=3 tie=fifo", ""},
		{"beam width=2 local=true f=h", "beam width=2 local=true f=h tie=fifo", ""},
		{"beam w=1", "beam width=3 tie=fifo", ""},
		{"beam w=2 width=5", "beam w=2 width=5 tie=fifo", ""},
		{"beam width=0", "", "width \"0\": want a whole number from 1"},
		{"beam f=g", "", "f=g+h (as A*, the default) or f=h"},
		{"beam w=2 f=h", "", "give one of them"},
		{"beam local=true tie=high-g", "", "takes tie=fifo or tie=lifo"},
		{"beam lazy=true", "", "lazy=true is for graph search"},
		{"astar width=3", "", "width=3 is an option of beam"},
		{"astar local=true", "", "local=true is an option of beam"},
		{"greedy f=h", "", "f=h is an option of beam"},
	} {
		o, err := stepper.ParseOptions(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one containing %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if got := o.String(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q: String %q, want it to begin %q", tc.line, got, tc.want)
		}
		back, err := stepper.ParseOptions(o.String())
		if err != nil || back != o {
			t.Errorf("%q: String %q parses back to %+v (%v)", tc.line, o.String(), back, err)
		}
	}
}

// BenchmarkBeamPuzzle runs beam search of width 100 on a 27-move
// 8-puzzle, pruning after every expansion.
func BenchmarkBeamPuzzle(b *testing.B) {
	for b.Loop() {
		s, err := problems.New("puzzle 806547231 goal=123456780", "beam width=100")
		if err != nil {
			b.Fatal(err)
		}
		s.Run(0)
	}
}

// TestLocalBeamTies: local beam search's event lists the open nodes that
// tie with the node it expands on its whole key, (layer, f), in pop order,
// and says why it won. The oracle is the open list before each step, read
// through OpenOrder and OpenKey.
func TestLocalBeamTies(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"grid ........./........./........./....#..../....#..../....#..../........G start=0,4", "beam width=4 local=true"},
		{"puzzle 867254301 goal=123456780", "beam width=6 local=true h=misplaced"},
		{"puzzle 867254301 goal=123456780", "beam width=6 local=true h=misplaced tie=lifo"},
	} {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			s := newDeltaSearch(t, tc.problem, tc.options)
			tied := 0
			for step := 1; step <= 400; step++ {
				order := s.OpenOrder(nil)
				if len(order) == 0 {
					break
				}
				head := stepper.OpenKey(s.Options(), s.Node(order[0]))
				var group []int
				for _, id := range order {
					if k := stepper.OpenKey(s.Options(), s.Node(id)); k.Priority == head.Priority && k.Tie == head.Tie {
						group = append(group, id)
					}
				}
				ev, ok := s.Step()
				if !ok {
					break
				}
				want := group[1:]
				if len(want) > stepper.MaxTies {
					want = want[:stepper.MaxTies]
				}
				if ev.Expanded.ID != group[0] || !slices.Equal(ev.Ties, want) || ev.TieCount != len(group)-1 {
					t.Fatalf("step %d: expanded %d, ties %v (%d in all); want %d first of its (layer, f) group, ties %v (%d)", step, ev.Expanded.ID, ev.Ties, ev.TieCount, group[0], want, len(group)-1)
				}
				if ev.TieCount > 0 {
					tied++
					r := fmt.Sprintf("layer %d and f %s tied with", ev.Expanded.Depth, stepper.FormatNumber(head.Tie))
					if !strings.HasPrefix(ev.TieReason.String(), r) || !strings.Contains(ev.TieReason.String(), "tie rule "+string(s.Options().Tie)) {
						t.Fatalf("step %d: tie reason %q, want it to start %q and name the tie rule %s", step, ev.TieReason, r, s.Options().Tie)
					}
				}
			}
			if tied == 0 {
				t.Fatalf("no step expanded a node tied with another: the case tests nothing")
			}
			t.Logf("%d steps won a tie", tied)
		})
	}
}

// TestLocalBeamHaltsOnGoalSuccessor: AIMA 4th ed. §4.1.3's local beam
// search halts as soon as one of the successors is a goal; with
// goaltest=generate local beam does exactly that: the step that expands
// the goal's parent ends the search, solved, and no node of the goal's
// layer is expanded. With goaltest=expand it goes on until the goal is
// selected.
func TestLocalBeamHaltsOnGoalSuccessor(t *testing.T) {
	for _, c := range []struct{ problem, search string }{
		{"graph romania", "beam width=2 local=true f=h goaltest=generate"},
		{"graph romania", "beam width=3 local=true goaltest=generate"},
		{"puzzle 283164705 goal=123804765", "beam width=4 local=true f=h goaltest=generate"},
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			s, evs := runToEnd(t, c.problem, c.search)
			if s.Status() != stepper.Solved {
				t.Fatalf("%s", s.Status())
			}
			last := evs[len(evs)-1]
			goalDepth := len(s.Path()) - 1
			if last.Expanded.Depth != goalDepth-1 {
				t.Errorf("the last step expanded a node at depth %d, want the goal's parent's depth %d", last.Expanded.Depth, goalDepth-1)
			}
			found := false
			for _, ch := range last.Children {
				found = found || ch.Fate == stepper.FateGoal
			}
			if !found {
				t.Errorf("the last step generated no goal child: %s", childFates(last))
			}
			for _, ev := range evs {
				if ev.Expanded.Depth >= goalDepth {
					t.Errorf("step %d expanded %s at the goal's depth %d", ev.Step, ev.Expanded.State, ev.Expanded.Depth)
				}
			}
			_, later := runToEnd(t, c.problem, strings.Replace(c.search, "goaltest=generate", "goaltest=expand", 1))
			if len(later) <= len(evs) {
				t.Errorf("goaltest=expand took %d steps, generate %d: want more", len(later), len(evs))
			}
		})
	}
}
