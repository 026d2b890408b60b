package stepper

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// tinyGraph is a directed test problem on states 0..n-1, written inline so
// engine tests do not depend on any real problem's code.
type tinyGraph struct {
	names []string
	adj   [][]Successor[int]
	goal  int
	h     []float64
}

func (t *tinyGraph) Start() int        { return 0 }
func (t *tinyGraph) IsGoal(s int) bool { return s == t.goal }
func (t *tinyGraph) Successors(s int, buf []Successor[int]) []Successor[int] {
	return append(buf, t.adj[s]...)
}
func (t *tinyGraph) Format(s int) string     { return t.names[s] }
func (t *tinyGraph) ActionName(a int) string { return t.names[a] }
func (t *tinyGraph) ActionNames() []string   { return t.names }
func (t *tinyGraph) Kind() string            { return "graph" }
func (t *tinyGraph) Spec() string            { return "tiny" }
func (t *tinyGraph) Heuristics() []string    { return []string{"table"} }
func (t *tinyGraph) Engine(o Options) (Engine, error) {
	hs := []Heuristic[int]{{Name: "table", Admissible: true, Estimate: func(s int) float64 { return t.h[s] }}}
	return newEngine[int](t, hs, o)
}

// parseTiny builds a tinyGraph from "S-A:1 S-B:4 A-B:2 B-G:1" (directed
// edges, in order), "h=S:3,A:2" and the goal's name.
func parseTiny(t testing.TB, edges, hs, goal string) *tinyGraph {
	t.Helper()
	g := &tinyGraph{}
	idx := map[string]int{}
	id := func(n string) int {
		if i, ok := idx[n]; ok {
			return i
		}
		idx[n] = len(g.names)
		g.names = append(g.names, n)
		g.adj = append(g.adj, nil)
		g.h = append(g.h, 0)
		return idx[n]
	}
	for _, e := range strings.Fields(edges) {
		var from, to string
		var cost float64
		pair, c, _ := strings.Cut(e, ":")
		from, to, _ = strings.Cut(pair, "-")
		fmt.Sscan(c, &cost)
		f, tt := id(from), id(to)
		g.adj[f] = append(g.adj[f], Successor[int]{State: tt, Action: tt, Cost: cost})
	}
	for _, kv := range strings.Split(hs, ",") {
		if kv == "" {
			continue
		}
		n, v, _ := strings.Cut(kv, ":")
		fmt.Sscan(v, &g.h[id(n)])
	}
	g.goal = id(goal)
	return g
}

func mustSearch(t testing.TB, inst Instance, line string) *Search {
	t.Helper()
	o, err := ParseOptions(line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", line, err)
	}
	s, err := NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q): %v", line, err)
	}
	return s
}

// expansionOrder runs s to the end and returns the states it selected.
func expansionOrder(t testing.TB, s *Search) []string {
	t.Helper()
	var out []string
	for {
		ev, ok := s.Step()
		if !ok {
			return out
		}
		out = append(out, ev.Expanded.State.String())
	}
}

func TestEngineVariants(t *testing.T) {
	// S→A 1, S→B 4, A→B 1, B→G 5, A→G 10: B is first reached at g 4, then
	// re-parented via A at g 2. h is consistent and admissible.
	diamond := "S-A:1 S-B:4 A-B:1 B-G:5 A-G:10"
	dh := "S:5,A:4,B:3,G:0"
	// An inconsistent but admissible h: A looks far (h 6) so B is expanded
	// via the dear edge first; A then offers a cheaper path to closed B.
	incons := "S-A:1 S-B:3 A-B:1 B-G:3"
	ih := "S:4,A:3,B:0,G:0"
	tests := []struct {
		name, edges, h, goal, opts string
		wantOrder                  []string
		wantCost                   float64
		wantFates                  map[Fate]int
	}{
		// S: A f 5, B f 7. A: B re-parented (g 4 → 2, f 5), G added (g 11).
		// B: G re-parented (g 11 → 7). G.
		{"astar reparents B then G", diamond, dh, "G", "astar", []string{"S", "A", "B", "G"}, 7, map[Fate]int{FateReparented: 2}},
		// The same with open=ignore: B keeps g 4, G keeps g 11 from A.
		{"astar open=ignore keeps first path", diamond, dh, "G", "astar open=ignore", []string{"S", "A", "B", "G"}, 11, map[Fate]int{FateOpen: 2}},
		{"ucs", diamond, dh, "G", "ucs", []string{"S", "A", "B", "G"}, 7, map[Fate]int{FateReparented: 2}},
		{"bfs tests goal on generation", diamond, dh, "G", "bfs", []string{"S", "A"}, 11, map[Fate]int{FateGoal: 1}},
		{"bfs goaltest=expand", diamond, dh, "G", "bfs goaltest=expand", []string{"S", "A", "B", "G"}, 11, nil},
		{"inconsistent h, closed=ignore is not optimal", incons, ih, "G", "astar", []string{"S", "B", "A", "G"}, 6, map[Fate]int{FateClosed: 1}},
		{"inconsistent h, closed=reopen is", incons, ih, "G", "astar closed=reopen", []string{"S", "B", "A", "B", "G"}, 5, map[Fate]int{FateReopened: 1}},
		// A and B are at the limit: selected (goal-tested), not expanded.
		{"dfs depth limit 1 finds nothing", diamond, dh, "G", "dfs depth=1", []string{"S", "B", "A"}, 0, map[Fate]int{FateAdded: 2, FateDepthLimited: 0}},
		// Greedy follows h alone: S, B (h 3), G via B at g 9.
		{"greedy", diamond, dh, "G", "greedy", []string{"S", "B", "G"}, 9, nil},
		{"tree search adds duplicates", diamond, dh, "G", "ucs tree=true", []string{"S", "A", "B", "B", "G"}, 7, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustSearch(t, parseTiny(t, tc.edges, tc.h, tc.goal), tc.opts)
			fates := map[Fate]int{}
			var order []string
			for {
				ev, ok := s.Step()
				if !ok {
					break
				}
				order = append(order, ev.Expanded.State.String())
				for _, c := range ev.Children {
					fates[c.Fate]++
				}
			}
			if !reflect.DeepEqual(order, tc.wantOrder) {
				t.Errorf("expansion order %v, want %v", order, tc.wantOrder)
			}
			if got := s.Cost(); got != tc.wantCost {
				t.Errorf("cost %v, want %v (status %s)", got, tc.wantCost, s.Status())
			}
			for f, n := range tc.wantFates {
				if fates[f] != n {
					t.Errorf("%d children with fate %s, want %d (all: %v)", fates[f], f, n, fates)
				}
			}
		})
	}
}

func TestReparentEventCarriesOldAndNewG(t *testing.T) {
	s := mustSearch(t, parseTiny(t, "S-A:1 S-B:4 A-B:1 B-G:5", "", "G"), "ucs")
	s.Step() // S: A (g 1) and B (g 4) added
	ev, _ := s.Step()
	if ev.Expanded.State.String() != "A" || len(ev.Children) != 1 {
		t.Fatalf("step 2 expanded %s with %d children, want A with 1", ev.Expanded.State, len(ev.Children))
	}
	c := ev.Children[0]
	if c.Fate != FateReparented || c.OldG != 4 || c.G != 2 || c.Parent != ev.Expanded.ID || c.OldParent != 0 {
		t.Errorf("child %+v: want B re-parented from S (g 4) to A (g 2)", c)
	}
	if snap := s.Snapshot(); snap.Open[0].State.String() != "B" || snap.Open[0].Key.Priority != 2 {
		t.Errorf("open list %+v: want B first with priority 2", snap.Open)
	}
}

func TestTiesAreReportedWithReason(t *testing.T) {
	// A, B and C all get f = 2; the tie rule decides.
	g := "S-A:1 S-B:2 S-C:1 A-G:9 B-G:9 C-G:9"
	h := "A:1,B:0,C:1"
	for _, tc := range []struct{ tie, want, reason string }{
		{"fifo", "A", "fifo"},
		{"lifo", "C", "lifo"},
		{"high-g", "B", "largest"},
		{"low-h", "B", "smallest"},
	} {
		s := mustSearch(t, parseTiny(t, g, h, "G"), "astar tie="+tc.tie)
		s.Step()
		ev, _ := s.Step()
		if ev.Expanded.State.String() != tc.want || ev.TieCount != 2 || len(ev.Ties) != 2 || !strings.Contains(ev.TieReason.String(), tc.reason) {
			t.Errorf("tie=%s: expanded %s, ties %v (%d), reason %q; want %s winning a 3-way tie, reason with %q",
				tc.tie, ev.Expanded.State, ev.Ties, ev.TieCount, ev.TieReason, tc.want, tc.reason)
		}
	}
}

func TestNoSolutionAndLimit(t *testing.T) {
	s := mustSearch(t, parseTiny(t, "S-A:1 A-S:1 X-G:1", "", "G"), "bfs")
	if st := s.Run(0); st != NoSolution {
		t.Errorf("status %s, want %s", st, NoSolution)
	}
	// An endless chain: each state n leads to n+1.
	chain := &tinyGraph{goal: -1}
	for i := 0; i < 100; i++ {
		chain.names = append(chain.names, fmt.Sprint(i))
		chain.h = append(chain.h, 0)
		chain.adj = append(chain.adj, []Successor[int]{{State: (i + 1) % 100, Action: (i + 1) % 100, Cost: 1}})
	}
	s = mustSearch(t, chain, "dfs tree=true maxnodes=50")
	if st := s.Run(0); st != LimitReached || s.NodeCount() > 51 {
		t.Errorf("status %s with %d nodes, want %s at about 50", st, s.NodeCount(), LimitReached)
	}
}

// randomTiny makes a random directed graph with an admissible but maybe
// inconsistent h, so every branch of the engine is exercised.
func randomTiny(r *rand.Rand, n int) *tinyGraph {
	g := &tinyGraph{goal: n - 1}
	for i := 0; i < n; i++ {
		g.names = append(g.names, fmt.Sprintf("n%d", i))
		g.adj = append(g.adj, nil)
	}
	for i := 0; i < n; i++ {
		for k := r.Intn(4); k > 0; k-- {
			j := r.Intn(n)
			if j != i {
				g.adj[i] = append(g.adj[i], Successor[int]{State: j, Action: j, Cost: float64(1 + r.Intn(5))})
			}
		}
	}
	g.h = make([]float64, n)
	for i := range g.h {
		g.h[i] = float64(r.Intn(3))
	}
	g.h[n-1] = 0
	return g
}

// TestSeekRestoresEverySnapshot runs random searches under every option
// combination, records the snapshot after each step, then seeks to random
// steps back and forth and demands the identical snapshot and event.
func TestSeekRestoresEverySnapshot(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	lines := []string{"bfs", "bfs goaltest=expand open=reparent", "dfs", "dfs depth=3", "ucs", "greedy", "astar",
		"astar tie=lifo", "astar tie=high-g closed=reopen", "astar tie=low-h", "wastar w=3 closed=reopen",
		"astar open=ignore", "ucs tree=true maxnodes=200", "astar goaltest=generate", "astar order=reverse", "ucs order=alpha",
		"astar duplicates=drop", "bfs duplicates=drop", "astar closed=reopen duplicates=drop tie=lifo", "dfs depth=3 duplicates=drop", "ucs goaltest=generate duplicates=drop",
		"dfs lazy=true order=alpha", "ucs lazy=true", "astar open=reparent-new", "dls depth=3"}
	for trial := 0; trial < 40; trial++ {
		g := randomTiny(r, 6+r.Intn(20))
		for _, line := range lines {
			s := mustSearch(t, g, line)
			snaps := []string{snapJSON(t, s)}
			var events []string
			for {
				ev, ok := s.Step()
				if !ok {
					break
				}
				events = append(events, asJSON(t, ev))
				snaps = append(snaps, snapJSON(t, s))
			}
			for k := 0; k < 30; k++ {
				target := r.Intn(len(snaps))
				if got := s.Seek(target); got != target {
					t.Fatalf("%s: Seek(%d) reached %d", line, target, got)
				}
				if got := snapJSON(t, s); got != snaps[target] {
					t.Fatalf("%s (trial %d): snapshot after Seek(%d) differs:\n got %s\nwant %s", line, trial, target, got, snaps[target])
				}
				if target < len(events) && r.Intn(3) == 0 {
					ev, _ := s.Step()
					if got := asJSON(t, ev); got != events[target] {
						t.Fatalf("%s: event %d after Seek differs:\n got %s\nwant %s", line, target+1, got, events[target])
					}
				}
			}
		}
	}
}

func snapJSON(t testing.TB, s *Search) string { return asJSON(t, s.Snapshot()) }

func asJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSameInputsSameTrace(t *testing.T) {
	g := randomTiny(rand.New(rand.NewSource(7)), 30)
	trace := func() string {
		s := mustSearch(t, g, "astar tie=high-g")
		var b strings.Builder
		for {
			ev, ok := s.Step()
			if !ok {
				return b.String()
			}
			b.WriteString(asJSON(t, ev))
		}
	}
	if a, b := trace(), trace(); a != b {
		t.Error("two runs of the same search gave different traces")
	}
}

// TestRandomWalkAgainstForwardReference moves one search by random steps
// and seeks, often past the furthest step computed so far, and compares
// every snapshot and event with a second search that only ever steps
// forward.
func TestRandomWalkAgainstForwardReference(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	lines := []string{"bfs", "dfs depth=4", "astar closed=reopen tie=high-g", "ucs", "greedy", "astar tie=lifo", "wastar w=2 closed=reopen", "ucs tree=true maxnodes=150",
		"astar duplicates=drop closed=reopen", "bfs duplicates=drop", "greedy duplicates=drop"}
	for trial := 0; trial < 30; trial++ {
		g := randomTiny(r, 8+r.Intn(20))
		for _, line := range lines {
			ref := mustSearch(t, g, line)
			snaps := []string{snapJSON(t, ref)}
			events := []string{""}
			for {
				ev, ok := ref.Step()
				if !ok {
					break
				}
				events = append(events, asJSON(t, ev))
				snaps = append(snaps, snapJSON(t, ref))
			}
			s := mustSearch(t, g, line)
			for op := 0; op < 60; op++ {
				if r.Intn(2) == 0 {
					target := r.Intn(len(snaps) + 3)
					want := min(target, len(snaps)-1)
					if got := s.Seek(target); got != want {
						t.Fatalf("%s: Seek(%d) = %d, want %d", line, target, got, want)
					}
				} else if ev, ok := s.Step(); ok {
					if got := asJSON(t, ev); got != events[s.StepCount()] {
						t.Fatalf("%s (trial %d): event %d differs:\n got %s\nwant %s", line, trial, s.StepCount(), got, events[s.StepCount()])
					}
				}
				if got := snapJSON(t, s); got != snaps[s.StepCount()] {
					t.Fatalf("%s (trial %d): snapshot at step %d differs:\n got %s\nwant %s", line, trial, s.StepCount(), got, snaps[s.StepCount()])
				}
			}
		}
	}
}

// TestDropDuplicatesChangesOnlyStorage: with duplicates=drop a search makes
// the same expansions, the same child fates and the same counters (but the
// tree's size) as with duplicates=keep.
func TestDropDuplicatesChangesOnlyStorage(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 40; trial++ {
		g := randomTiny(r, 6+r.Intn(25))
		for _, line := range []string{"bfs", "ucs", "astar closed=reopen", "greedy tie=lifo", "dfs depth=3"} {
			keep, drop := mustSearch(t, g, line), mustSearch(t, g, line+" duplicates=drop")
			for {
				a, okA := keep.Step()
				b, okB := drop.Step()
				if okA != okB {
					t.Fatalf("%s: one search ended before the other", line)
				}
				if !okA {
					break
				}
				if !a.Expanded.State.Equal(b.Expanded.State) || len(a.Children) != len(b.Children) {
					t.Fatalf("%s step %d: keep expanded %s with %d children, drop %s with %d", line, a.Step, a.Expanded.State, len(a.Children), b.Expanded.State, len(b.Children))
				}
				for i := range a.Children {
					ca, cb := a.Children[i], b.Children[i]
					if !ca.State.Equal(cb.State) || ca.Fate != cb.Fate || ca.G != cb.G || ca.F != cb.F {
						t.Fatalf("%s step %d child %d: keep %+v, drop %+v", line, a.Step, i, ca, cb)
					}
				}
				ca, cb := a.Counters, b.Counters
				ca.Nodes, cb.Nodes = 0, 0
				if ca != cb {
					t.Fatalf("%s step %d: counters keep %+v, drop %+v", line, a.Step, ca, cb)
				}
			}
			if keep.Cost() != drop.Cost() || keep.Status() != drop.Status() {
				t.Errorf("%s: keep ends %s at %v, drop %s at %v", line, keep.Status(), keep.Cost(), drop.Status(), drop.Cost())
			}
		}
	}
}

func TestMemoryCapStopsTheSearch(t *testing.T) {
	g := &openGrid{w: 200}
	o, err := ParseOptions("ucs")
	if err != nil {
		t.Fatal(err)
	}
	o.MaxBytes = 1 << 20
	s, err := NewSearch(g, o)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Run(0); st != LimitReached {
		t.Fatalf("status %s, want %s", st, LimitReached)
	}
	if used := int64(s.NodeCount()) * s.BytesPerNode(); used > 2<<20 {
		t.Errorf("stopped at %d nodes (about %d bytes), well past the 1 MiB cap", s.NodeCount(), used)
	}
	if _, ok := s.Step(); ok {
		t.Error("a search past its limit took another step")
	}
}
