package viz

import (
	"slices"

	"stepviz/stepper"
)

// TreeLayout places the nodes of a search tree for drawing, in abstract
// units: one unit is one node slot horizontally and one level vertically.
// Every slice is indexed like the nodes given to [LayoutTree] (for a
// snapshot's Tree, by node id).
//
// Invariants, for the visible nodes: two nodes on the same level are at
// least one unit apart; a parent with visible children sits exactly midway
// between its first and last child; children appear left to right in id
// order; the leftmost node is at x = 0.
type TreeLayout struct {
	// X is the horizontal position, in node slots (0 for hidden nodes).
	X []float64
	// Y is the level: 0 for a root, parent's level + 1 otherwise; -1 for a
	// node hidden inside a collapsed subtree.
	Y []int
	// Parent is the index of the node's parent in the layout, -1 for a root.
	// A node whose parent is missing, or that sits on a parent cycle (bad
	// input), is laid out as a root.
	Parent []int
	// Collapsed marks the visible nodes that were asked to collapse and have
	// descendants; Hidden[i] counts the descendants hidden under them.
	Collapsed []bool
	Hidden    []int
	// Order lists the visible nodes, parents before children, each subtree
	// contiguous and children in id order (a preorder).
	Order []int
	// Width is one more than the largest X (the slots a drawing needs);
	// Levels is one more than the largest Y.
	Width  float64
	Levels int
}

// Visible reports whether node i is drawn (not inside a collapsed subtree).
func (l *TreeLayout) Visible(i int) bool { return i >= 0 && i < len(l.Y) && l.Y[i] >= 0 }

// LayoutTree computes a tidy layout of a search tree: the Reingold–Tilford
// rules (parents centred over their children, no overlaps, identical
// subtrees drawn identically) with Buchheim, Jünger and Leipert's linear-time
// version of Walker's algorithm, so subtrees are packed as close as one slot
// allows and small subtrees between big ones are spread evenly.
//
// nodes is usually a snapshot's Tree; a node's parent is found by id, so the
// slice may also be any subset (nodes whose parent is absent become roots,
// and several roots are laid out side by side). The descendants of the nodes
// whose ids are listed in collapsed are hidden. Nothing panics on bad input:
// duplicate ids keep the first, parent cycles are cut.
//
// Cost: O(n) time and about 100 bytes of memory per node (plus a map when
// the ids are not 0..n-1 in order).
func LayoutTree(nodes []stepper.NodeInfo, collapsed ...int) *TreeLayout {
	n := len(nodes)
	l := &TreeLayout{
		X: make([]float64, n), Y: make([]int, n), Parent: make([]int, n),
		Collapsed: make([]bool, n), Hidden: make([]int, n),
	}
	if n == 0 {
		return l
	}
	index := indexByID(nodes)
	par := make([]int32, n+1) // n is a virtual root above every real root
	for i := range nodes {
		p, ok := index(nodes[i].Parent)
		if !ok || p == i {
			p = -1
		}
		par[i] = int32(p)
	}
	cutCycles(par[:n])

	// Children lists (CSR), in id order; the virtual root n holds the roots.
	super := int32(n)
	off := make([]int32, n+2)
	for i := 0; i < n; i++ {
		p := par[i]
		if p < 0 {
			p = super
			par[i] = super
		}
		off[p+1]++
	}
	par[n] = -1
	for i := 1; i <= n+1; i++ {
		off[i] += off[i-1]
	}
	kids := make([]int32, n)
	fill := slices.Clone(off[:n+1])
	for i := 0; i < n; i++ {
		p := par[i]
		kids[fill[p]] = int32(i)
		fill[p]++
	}
	if !idsInOrder(nodes) {
		for v := 0; v <= n; v++ {
			k := kids[off[v]:off[v+1]]
			slices.SortFunc(k, func(a, b int32) int { return nodes[a].ID - nodes[b].ID })
		}
	}

	isCollapsed := make([]bool, n+1)
	for _, id := range collapsed {
		if i, ok := index(id); ok && off[i+1] > off[i] {
			isCollapsed[i] = true
		}
	}
	w := walker{off: off, kids: kids, par: par, collapsed: isCollapsed}
	w.run(n + 1)

	// Second walk: absolute positions and levels, in preorder.
	minX := 0.0
	first := true
	for i := range l.Y {
		l.Y[i] = -1
		l.Parent[i] = -1
	}
	order := make([]int, 0, n)
	msum := make([]float64, n+1)
	level := make([]int32, n+1)
	level[super] = -1
	stack := []int32{super}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		k := w.children(v)
		for j := len(k) - 1; j >= 0; j-- {
			c := k[j]
			msum[c] = msum[v] + w.mod[v]
			level[c] = level[v] + 1
			stack = append(stack, c)
		}
		if v == super {
			continue
		}
		x := w.prelim[v] + msum[v]
		l.X[v], l.Y[v] = x, int(level[v])
		if par[v] != super {
			l.Parent[v] = int(par[v])
		}
		if first || x < minX {
			minX, first = x, false
		}
		order = append(order, int(v))
	}
	l.Order = order
	for _, v := range order {
		l.X[v] -= minX
		l.Width = max(l.Width, l.X[v]+1)
		l.Levels = max(l.Levels, l.Y[v]+1)
	}
	for i := range l.Y {
		if l.Y[i] < 0 {
			l.X[i] = 0
		}
		if isCollapsed[i] && l.Y[i] >= 0 {
			l.Collapsed[i] = true
		}
	}
	if len(collapsed) > 0 {
		countHidden(l, off, kids, isCollapsed)
	}
	return l
}

// indexByID returns a function from node id to index in nodes: the identity
// when ids are 0..n-1 in order (a snapshot's Tree), a map otherwise.
func indexByID(nodes []stepper.NodeInfo) func(id int) (int, bool) {
	n := len(nodes)
	if idsDense(nodes) {
		return func(id int) (int, bool) { return id, id >= 0 && id < n }
	}
	m := make(map[int]int, n)
	for i := range nodes {
		if _, dup := m[nodes[i].ID]; !dup {
			m[nodes[i].ID] = i
		}
	}
	return func(id int) (int, bool) { i, ok := m[id]; return i, ok }
}

func idsDense(nodes []stepper.NodeInfo) bool {
	for i := range nodes {
		if nodes[i].ID != i {
			return false
		}
	}
	return true
}

func idsInOrder(nodes []stepper.NodeInfo) bool {
	for i := 1; i < len(nodes); i++ {
		if nodes[i].ID < nodes[i-1].ID {
			return false
		}
	}
	return true
}

// cutCycles makes every node reach a root (-1) by following par: where a
// walk up meets a node already on the walk, the link that closes the cycle
// is cut and that node becomes a root. O(n).
func cutCycles(par []int32) {
	const (
		unknown = iota
		onWalk
		rooted
	)
	state := make([]uint8, len(par))
	var walk []int32
	for i := range par {
		walk = walk[:0]
		v := int32(i)
		for v >= 0 && state[v] == unknown {
			state[v] = onWalk
			walk = append(walk, v)
			p := par[v]
			if p >= 0 && state[p] == onWalk {
				par[v] = -1 // closes a cycle
				p = -1
			}
			v = p
		}
		for _, u := range walk {
			state[u] = rooted
		}
	}
}

// countHidden fills l.Hidden for collapsed nodes with the size of their
// subtree less one. O(n).
func countHidden(l *TreeLayout, off, kids []int32, isCollapsed []bool) {
	n := len(l.Y)
	size := make([]int32, n)
	// Nodes in BFS order over the whole tree; sizes accumulate in reverse.
	order := make([]int32, 0, n)
	order = append(order, kids[off[n]:off[n+1]]...)
	for i := 0; i < len(order); i++ {
		v := order[i]
		order = append(order, kids[off[v]:off[v+1]]...)
	}
	for i := len(order) - 1; i >= 0; i-- {
		v := order[i]
		size[v]++
		for _, c := range kids[off[v]:off[v+1]] {
			size[v] += size[c]
		}
	}
	for i := 0; i < n; i++ {
		if l.Collapsed[i] {
			l.Hidden[i] = int(size[i]) - 1
		}
	}
}
