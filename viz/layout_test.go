package viz

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"stepviz/stepper"
)

// randomTree makes n nodes; each node's parent is one of the nodes before it,
// chosen among the last `spread` ones so trees range from bushy to deep.
func randomTree(r *rand.Rand, n, spread int) []stepper.NodeInfo {
	nodes := make([]stepper.NodeInfo, n)
	for i := range nodes {
		nodes[i] = stepper.NodeInfo{ID: i, Parent: -1, State: stepper.TextOf(fmt.Sprint(i))}
		if i > 0 {
			lo := max(0, i-spread)
			p := lo + r.IntN(i-lo)
			nodes[i].Parent = p
			nodes[i].Depth = nodes[p].Depth + 1
		}
	}
	return nodes
}

// fullTree makes a complete tree with branching factor b and the given depth.
func fullTree(b, depth int) []stepper.NodeInfo {
	nodes := []stepper.NodeInfo{{ID: 0, Parent: -1}}
	for start := 0; ; {
		end := len(nodes)
		if nodes[start].Depth == depth {
			return nodes
		}
		for p := start; p < end; p++ {
			for range b {
				nodes = append(nodes, stepper.NodeInfo{ID: len(nodes), Parent: p, Depth: nodes[p].Depth + 1})
			}
		}
		start = end
	}
}

// checkLayout asserts the invariants TreeLayout documents.
func checkLayout(t *testing.T, nodes []stepper.NodeInfo, l *TreeLayout, collapsed map[int]bool) {
	t.Helper()
	const eps = 1e-6
	byLevel := map[int][]int{}
	kids := map[int][]int{}
	minX := math.Inf(1)
	for _, i := range l.Order {
		byLevel[l.Y[i]] = append(byLevel[l.Y[i]], i)
		if p := l.Parent[i]; p >= 0 {
			kids[p] = append(kids[p], i)
			if l.Y[i] != l.Y[p]+1 {
				t.Fatalf("node %d at level %d, its parent %d at %d", i, l.Y[i], p, l.Y[p])
			}
		} else if l.Y[i] != 0 {
			t.Fatalf("root %d at level %d", i, l.Y[i])
		}
		minX = min(minX, l.X[i])
		if l.X[i]+1 > l.Width+eps {
			t.Fatalf("node %d at x %g beyond width %g", i, l.X[i], l.Width)
		}
	}
	if len(l.Order) > 0 && math.Abs(minX) > eps {
		t.Fatalf("leftmost node at %g, want 0", minX)
	}
	for lv, ids := range byLevel {
		xs := make([]float64, len(ids))
		for j, i := range ids {
			xs[j] = l.X[i]
		}
		sort.Float64s(xs)
		for j := 1; j < len(xs); j++ {
			if xs[j]-xs[j-1] < 1-eps {
				t.Fatalf("level %d: nodes at %g and %g overlap", lv, xs[j-1], xs[j])
			}
		}
	}
	for p, ks := range kids {
		for j := 1; j < len(ks); j++ {
			if nodes[ks[j]].ID < nodes[ks[j-1]].ID || l.X[ks[j]] <= l.X[ks[j-1]] {
				t.Fatalf("children of %d out of id order: %v", p, ks)
			}
		}
		if mid := (l.X[ks[0]] + l.X[ks[len(ks)-1]]) / 2; math.Abs(l.X[p]-mid) > eps {
			t.Fatalf("parent %d at %g, not centred over its children (mid %g)", p, l.X[p], mid)
		}
		if collapsed[nodes[p].ID] {
			t.Fatalf("collapsed node %d shows children %v", p, ks)
		}
	}
	// Visible nodes are exactly those with no collapsed proper ancestor.
	for i := range nodes {
		hiddenWant := false
		for p := nodes[i].Parent; p >= 0; p = nodes[p].Parent {
			if collapsed[p] {
				hiddenWant = true
			}
		}
		if l.Visible(i) == hiddenWant {
			t.Fatalf("node %d visible=%v, want %v", i, l.Visible(i), !hiddenWant)
		}
	}
}

func TestLayoutTreeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + r.IntN(120)
		spread := 1 + r.IntN(n)
		nodes := randomTree(r, n, spread)
		collapsed := map[int]bool{}
		var ids []int
		if trial%3 == 0 {
			for range r.IntN(4) {
				id := r.IntN(n)
				collapsed[id] = true
				ids = append(ids, id)
			}
		}
		l := LayoutTree(nodes, ids...)
		t.Run(fmt.Sprintf("trial%d-n%d", trial, n), func(t *testing.T) {
			checkLayout(t, nodes, l, collapsed)
		})
	}
}

func TestLayoutTreeShapes(t *testing.T) {
	chain := make([]stepper.NodeInfo, 5)
	for i := range chain {
		chain[i] = stepper.NodeInfo{ID: i, Parent: i - 1}
	}
	tests := []struct {
		name   string
		nodes  []stepper.NodeInfo
		xs     []float64
		width  float64
		levels int
	}{
		{"empty", nil, nil, 0, 0},
		{"root", []stepper.NodeInfo{{ID: 0, Parent: -1}}, []float64{0}, 1, 1},
		{"chain", chain, []float64{0, 0, 0, 0, 0}, 1, 5},
		// Root with three leaves: 1 0 2 3 → root over the middle leaf.
		{"fan", fullTree(3, 1), []float64{1, 0, 1, 2}, 3, 2},
		// Binary tree of depth 2: leaves 0..3, parents at 0.5 and 2.5, root 1.5.
		{"binary", fullTree(2, 2), []float64{1.5, 0.5, 2.5, 0, 1, 2, 3}, 4, 3},
		// Two roots side by side.
		{"forest", []stepper.NodeInfo{{ID: 0, Parent: -1}, {ID: 1, Parent: -1}, {ID: 2, Parent: 0}}, []float64{0, 1, 0}, 2, 2},
		// A parent cycle (bad input) is cut, not followed forever.
		{"cycle", []stepper.NodeInfo{{ID: 0, Parent: 1}, {ID: 1, Parent: 0}}, []float64{0, 0}, 1, 2},
		// Ids not 0..n-1: parents found by id; children in id order.
		{"sparse ids", []stepper.NodeInfo{{ID: 10, Parent: -1}, {ID: 30, Parent: 10}, {ID: 20, Parent: 10}}, []float64{0.5, 1, 0}, 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := LayoutTree(tc.nodes)
			if len(l.X) != len(tc.xs) {
				t.Fatalf("got %d positions, want %d", len(l.X), len(tc.xs))
			}
			for i, want := range tc.xs {
				if math.Abs(l.X[i]-want) > 1e-9 {
					t.Errorf("x[%d] = %g, want %g (all %v)", i, l.X[i], want, l.X)
				}
			}
			if l.Width != tc.width || l.Levels != tc.levels {
				t.Errorf("width %g levels %d, want %g %d", l.Width, l.Levels, tc.width, tc.levels)
			}
		})
	}
}

// TestLayoutTreeCompact checks the packing Reingold–Tilford promises: a
// small subtree tucks under a wide neighbour instead of taking its own
// column, and identical subtrees get identical shapes.
func TestLayoutTreeCompact(t *testing.T) {
	// Root 0 with children 1 and 2; 1 has a deep chain 3→5, 2 is wide at depth 1 only (4 leaves).
	nodes := []stepper.NodeInfo{
		{ID: 0, Parent: -1}, {ID: 1, Parent: 0}, {ID: 2, Parent: 0},
		{ID: 3, Parent: 1}, {ID: 4, Parent: 3}, {ID: 5, Parent: 4},
		{ID: 6, Parent: 2}, {ID: 7, Parent: 2}, {ID: 8, Parent: 2},
	}
	l := LayoutTree(nodes)
	checkLayout(t, nodes, l, nil)
	// Children 6,7,8 of node 2 take 3 slots; node 1's chain one: width 4.
	if l.Width != 4 {
		t.Errorf("width %g, want 4: %v", l.Width, l.X)
	}
	// Full binary tree: both halves have the same shape.
	full := fullTree(2, 4)
	l = LayoutTree(full)
	checkLayout(t, full, l, nil)
	if l.Width != 16 {
		t.Errorf("full binary tree of depth 4: width %g, want 16", l.Width)
	}
}

func TestLayoutTreeCollapsedCounts(t *testing.T) {
	nodes := fullTree(2, 3) // 15 nodes; node 1 has 6 descendants
	l := LayoutTree(nodes, 1, 99, -5)
	checkLayout(t, nodes, l, map[int]bool{1: true})
	if !l.Collapsed[1] || l.Hidden[1] != 6 {
		t.Errorf("node 1: collapsed %v hidden %d, want true 6", l.Collapsed[1], l.Hidden[1])
	}
	if len(l.Order) != 9 {
		t.Errorf("%d visible nodes, want 9", len(l.Order))
	}
	// Collapsing a leaf changes nothing.
	l = LayoutTree(nodes, 14)
	if l.Collapsed[14] || len(l.Order) != 15 {
		t.Errorf("collapsing leaf 14: collapsed %v, %d visible", l.Collapsed[14], len(l.Order))
	}
}

func TestLayoutTreeDeep(t *testing.T) {
	// A 200,000-deep chain with a sibling at every level (DFS-like): no
	// recursion, so no stack trouble.
	r := rand.New(rand.NewPCG(3, 4))
	nodes := randomTree(r, 200_000, 2)
	l := LayoutTree(nodes)
	if len(l.Order) != len(nodes) {
		t.Fatalf("%d of %d nodes laid out", len(l.Order), len(nodes))
	}
}

func benchmarkLayout(b *testing.B, n, spread int) {
	r := rand.New(rand.NewPCG(5, 6))
	nodes := randomTree(r, n, spread)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		LayoutTree(nodes)
	}
}

// The search-like shape: bushy near the root, each node's parent among the
// last 1,000 nodes generated.
func BenchmarkLayoutTree10k(b *testing.B)  { benchmarkLayout(b, 10_000, 1_000) }
func BenchmarkLayoutTree100k(b *testing.B) { benchmarkLayout(b, 100_000, 1_000) }

// A deep, narrow tree (DFS): each node's parent is one of the two before it.
func BenchmarkLayoutTreeDeep100k(b *testing.B) { benchmarkLayout(b, 100_000, 2) }

func BenchmarkLayoutTreeCollapsed100k(b *testing.B) {
	nodes := fullTree(3, 10) // 88,573 nodes
	b.ReportAllocs()
	for b.Loop() {
		LayoutTree(nodes, 1, 5, 40)
	}
}

func ExampleLayoutTree() {
	// A root with two children; the first has two children of its own.
	nodes := []stepper.NodeInfo{
		{ID: 0, Parent: -1, State: stepper.TextOf("A")},
		{ID: 1, Parent: 0, State: stepper.TextOf("B")},
		{ID: 2, Parent: 0, State: stepper.TextOf("C")},
		{ID: 3, Parent: 1, State: stepper.TextOf("D")},
		{ID: 4, Parent: 1, State: stepper.TextOf("E")},
	}
	l := LayoutTree(nodes)
	for _, i := range l.Order {
		fmt.Printf("%s x=%g y=%d\n", nodes[i].State, l.X[i], l.Y[i])
	}
	fmt.Println("width", l.Width, "levels", l.Levels)
	// Output:
	// A x=1 y=0
	// B x=0.5 y=1
	// D x=0 y=2
	// E x=1 y=2
	// C x=1.5 y=1
	// width 2.5 levels 3
}
