package graph

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"stepviz/stepper"
)

// randomGraphText writes a random graph: n nodes, roads and one-way arcs
// of integer cost 1-9, and an h table that is a random fraction of the true
// cost to the goal (admissible, often inconsistent) when withH is set.
func randomGraphText(r *rand.Rand, withH bool) string {
	n := 2 + r.IntN(9)
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "node N%d\n", i)
	}
	seen := map[[2]int]bool{}
	for range n + r.IntN(2*n) {
		a, c := r.IntN(n), r.IntN(n)
		if a == c || seen[[2]int{a, c}] {
			continue
		}
		if r.IntN(4) == 0 {
			seen[[2]int{a, c}] = true
			fmt.Fprintf(&b, "arc N%d N%d %d\n", a, c, 1+r.IntN(9))
		} else if !seen[[2]int{c, a}] {
			seen[[2]int{a, c}], seen[[2]int{c, a}] = true, true
			fmt.Fprintf(&b, "edge N%d N%d %d\n", a, c, 1+r.IntN(9))
		}
	}
	fmt.Fprintf(&b, "start N0\ngoal N%d\n", n-1)
	if !withH {
		return b.String()
	}
	g, err := ParseText("", b.String(), nil)
	if err != nil {
		panic(err)
	}
	for i := range n {
		h := 0.0
		if d := g.dist[i]; !math.IsInf(d, 1) {
			h = math.Floor(d * r.Float64())
		} else {
			h = float64(r.IntN(20))
		}
		fmt.Fprintf(&b, "h N%d %v\n", i, h)
	}
	return b.String()
}

// fewestEdges is the number of edges of the shortest start-goal path, -1
// if there is none.
func fewestEdges(g *Graph) int {
	depth := map[int]int{g.start: 0}
	q := []int{g.start}
	for len(q) > 0 {
		s := q[0]
		q = q[1:]
		if s == g.goal {
			return depth[s]
		}
		for _, a := range g.adj[s] {
			if _, ok := depth[a.to]; !ok {
				depth[a.to] = depth[s] + 1
				q = append(q, a.to)
			}
		}
	}
	return -1
}

// TestGraphRandomOptimality checks the engine against Dijkstra and a plain
// BFS on random graphs: UCS and A* with an admissible h (reopening closed
// nodes) find the cheapest cost, BFS the fewest edges.
func TestGraphRandomOptimality(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		text := randomGraphText(r, true)
		g, err := ParseText("", text, nil)
		if err != nil {
			t.Fatal(err)
		}
		best := g.dist[g.start]
		edges := fewestEdges(g)
		for _, search := range []string{"ucs", "astar h=table closed=reopen", "astar h=zero", "ucs tree=true maxnodes=200000", "bfs", "bfs goaltest=expand"} {
			o, _ := stepper.ParseOptions(search)
			s, err := stepper.NewSearch(g, o)
			if err != nil {
				t.Fatal(err)
			}
			s.Run(0)
			if math.IsInf(best, 1) {
				if s.Status() != stepper.NoSolution && !(o.Tree && s.Status() == stepper.LimitReached) {
					t.Errorf("graph %d, %s: status %s, want no solution\n%s", i, search, s.Status(), text)
				}
				continue
			}
			if s.Status() != stepper.Solved {
				t.Errorf("graph %d, %s: status %s\n%s", i, search, s.Status(), text)
				continue
			}
			if strings.HasPrefix(search, "bfs") {
				if got := len(s.Path()) - 1; got != edges {
					t.Errorf("graph %d, %s: %d edges, want %d\n%s", i, search, got, edges, text)
				}
				continue
			}
			if s.Cost() != best {
				t.Errorf("graph %d, %s: cost %v, want %v\n%s", i, search, s.Cost(), best, text)
			}
		}
	}
}

// TestGraphRandomSeek checks that going back and forth with Seek and
// EventAt reproduces every snapshot and event, byte for byte, for the
// engine's variants on random graphs. The closed=reopen variants are
// checked in engine_reopen_test.go.
func TestGraphRandomSeek(t *testing.T) {
	checkRandomSeek(t, 3, 25, []string{
		"bfs", "bfs goaltest=expand tree=true maxnodes=300", "dfs", "dfs depth=3", "dfs tree=true maxnodes=300",
		"ucs", "ucs open=ignore", "ucs goaltest=generate", "greedy h=table", "greedy h=table tie=lifo",
		"astar h=table", "astar h=table tie=high-g", "astar h=table tie=low-h open=ignore",
		"wastar h=table w=3", "astar h=table tree=true maxnodes=300",
		"astar h=zero order=reverse", "ucs order=alpha tie=lifo",
	})
}

// checkRandomSeek runs every variant on random graphs, records each
// snapshot and event, then seeks backwards step by step (undo) and to
// random steps and compares.
func checkRandomSeek(t *testing.T, seed uint64, graphs int, variants []string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed+1))
	for i := range graphs {
		text := randomGraphText(r, true)
		g, err := ParseText("", text, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			o, err := stepper.ParseOptions(v)
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(g, o)
			if err != nil {
				t.Fatal(err)
			}
			snaps := []string{mustJSON(t, s.Snapshot())}
			var events []string
			for {
				ev, ok := s.Step()
				if !ok {
					break
				}
				events = append(events, mustJSON(t, ev))
				snaps = append(snaps, mustJSON(t, s.Snapshot()))
			}
			steps := len(events)
			order := make([]int, 0, 2*steps+2)
			for k := steps; k >= 0; k-- {
				order = append(order, k)
			}
			for range steps + 1 {
				order = append(order, r.IntN(steps+1))
			}
			for _, k := range order {
				if got := s.Seek(k); got != k {
					t.Fatalf("graph %d, %s: Seek(%d) = %d", i, v, k, got)
				}
				if got := mustJSON(t, s.Snapshot()); got != snaps[k] {
					t.Fatalf("graph %d, %s: snapshot at step %d after Seek differs\n got %s\nwant %s\n%s", i, v, k, got, snaps[k], text)
				}
			}
			for range 5 {
				if steps == 0 {
					break
				}
				k := 1 + r.IntN(steps)
				ev, err := s.EventAt(k)
				if err != nil {
					t.Fatal(err)
				}
				if got := mustJSON(t, ev); got != events[k-1] {
					t.Fatalf("graph %d, %s: EventAt(%d) differs\n got %s\nwant %s\n%s", i, v, k, got, events[k-1], text)
				}
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func BenchmarkRomaniaAStar(b *testing.B) {
	g := Romania()
	o := stepper.Options{Algorithm: stepper.AStar}
	for b.Loop() {
		s, err := stepper.NewSearch(g, o)
		if err != nil {
			b.Fatal(err)
		}
		s.Run(0)
	}
}

func BenchmarkParseGraphText(b *testing.B) {
	text := Romania().Text()
	for b.Loop() {
		if _, err := ParseText("", text, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSeekWithReopenOnRandomGraphs is TestGraphRandomSeek with the
// closed=reopen variants.
func TestSeekWithReopenOnRandomGraphs(t *testing.T) {
	checkRandomSeek(t, 3, 25, []string{
		"astar h=table closed=reopen", "astar h=table closed=reopen tie=high-g",
		"wastar h=table w=3 closed=reopen", "ucs closed=reopen",
	})
}
