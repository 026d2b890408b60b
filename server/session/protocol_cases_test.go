package session

import (
	"testing"
)

// protocolCases cover every frontier and tie rule and a search that
// re-parents open nodes and one that reopens closed ones.
var protocolCases = []struct{ name, problem, options string }{
	{"puzzle astar", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
	{"puzzle astar high-g", "puzzle 867254301 goal=123456780", "astar h=manhattan tie=high-g"},
	{"puzzle astar low-h", "puzzle 867254301 goal=123456780", "astar h=misplaced tie=low-h"},
	{"puzzle astar lifo", "puzzle 867254301 goal=123456780", "astar tie=lifo"},
	{"puzzle bfs", "puzzle 283164705 goal=123804765", "bfs"},
	{"puzzle dfs depth", "puzzle 283164705 goal=123804765", "dfs depth=6"},
	{"puzzle dls cutoff", "puzzle 867254301 goal=123456780", "dls depth=4"},
	{"tutorial grid (re-parents)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan"},
	{"romania greedy", "graph romania", "greedy"},
	{"romania ucs tree", "graph romania", "ucs tree=true"},
	{"grid wastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean closed=reopen"},
	{"inconsistent h reopens", "graphtext:" + inconsistentGraph, "astar h=table closed=reopen"},
	{"romania ucs lazy (ext records: a stale pop)", "graph romania", "ucs lazy=true"},
	{"puzzle ids", "puzzle 283164705 goal=123804765", "ids"},
	{"puzzle idastar", "puzzle 867254301 goal=123456780", "idastar h=manhattan"},
	{"romania idastar", "graph romania", "idastar"},
	{"romania rbfs", "graph romania", "rbfs"},
	{"grid ids", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "ids"},
	{"romania bibfs", "graph romania", "bibfs"},
	{"romania biucs", "graph romania", "biucs"},
	{"puzzle bibfs", "puzzle 867254301 goal=123456780", "bibfs"},
	{"grid biucs", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8 cost=10-14", "biucs"},
	{"romania beam (prunings are mods)", "graph romania", "beam width=2"},
	{"puzzle local beam", "puzzle 867254301 goal=123456780", "beam width=3 local=true"},
	{"romania biastar", "graph romania", "biastar"},
	{"tutorial grid astar lazy (ext records: stale pops)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan lazy=true"},
}

// inconsistentGraph has an admissible but inconsistent h: A* with
// closed=reopen expands C twice (stepper's own test explains the trace).
const inconsistentGraph = `nodes S A B C G
edge S A 1
edge S B 2
edge A C 3
edge B C 1
edge C G 4
h S 0
h A 0
h B 5
h C 0
h G 0
start S
goal G`

// TestOpenKeyMatchesSnapshot checks openKey against the keys Snapshot
// reports for every open node.
func TestOpenKeyMatchesSnapshot(t *testing.T) {
	for _, tc := range protocolCases {
		s := newSearch(t, tc.problem, tc.options)
		for k := 0; k < 200 && !s.Status().Done(); k += 7 {
			s.Seek(k)
			for _, e := range s.Snapshot().Open {
				if got := openKey(s.Options(), e.NodeInfo); got != e.Key {
					t.Fatalf("%s step %d: openKey(node %d) = %+v, snapshot %+v", tc.name, k, e.ID, got, e.Key)
				}
			}
		}
	}
}

func TestSample(t *testing.T) {
	hist := func(n int) []sizes {
		h := make([]sizes, n)
		for i := range h {
			h[i] = sizes{i, i}
		}
		return h
	}
	for _, tc := range []struct{ n, max, points, stride int }{
		{1, 600, 1, 1}, {600, 600, 600, 1}, {601, 600, 301, 2}, {3904, 600, 558, 7}, {10, 3, 3, 4},
	} {
		got, stride := sample(hist(tc.n), tc.max)
		if len(got) != tc.points || stride != tc.stride || len(got) > tc.max {
			t.Errorf("sample(%d, %d): %d points stride %d, want %d stride %d", tc.n, tc.max, len(got), stride, tc.points, tc.stride)
		}
		for i, p := range got {
			if p[0] != i*stride {
				t.Fatalf("sample(%d, %d): point %d is step %d, want %d", tc.n, tc.max, i, p[0], i*stride)
			}
		}
	}
}
