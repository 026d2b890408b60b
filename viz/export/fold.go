package export

import (
	"fmt"

	"stepviz/stepper"
)

// treeFold is a search tree cut down to the nodes a format can draw.
// Invariant: every kept node's parent is kept (Keep is closed under
// parents), so the drawn nodes form a tree with the same root.
type treeFold struct {
	Keep []stepper.NodeInfo // the nodes drawn, in the tree's order
	// Cut counts, per kept node id, its descendants not drawn (0: none).
	Cut   map[int]int
	Total int // the nodes of the whole tree
}

// folded reports whether nodes were left out.
func (f treeFold) folded() bool { return len(f.Keep) < f.Total }

// note says in one sentence what a folded tree shows ("" when nothing was
// folded); what is how the note names the focus path.
func (f treeFold) note(what string) string {
	if !f.folded() {
		return ""
	}
	return fmt.Sprintf("The tree has %d nodes; drawn are %d: %s, the open nodes next to be expanded and the nodes nearest the root; each \"+N not drawn\" counts the nodes folded under a node (export json or csv for every node).", f.Total, len(f.Keep), what)
}

// foldTree keeps at most max nodes of tree (by id: ids need not be
// consecutive), chosen in this order, each with its ancestors: the nodes
// of focus (root first), the open nodes in pop order, then the rest level
// by level from the roots. Every other node is counted under its nearest
// kept ancestor. A tree of at most max nodes is kept whole. O(nodes).
func foldTree(tree []stepper.NodeInfo, focus []int, open []stepper.OpenEntry, max int) treeFold {
	f := treeFold{Keep: tree, Total: len(tree)}
	if len(tree) <= max {
		return f
	}
	index := make(map[int]int, len(tree))
	for i, n := range tree {
		index[n.ID] = i
	}
	parent := func(i int) int {
		if p, ok := index[tree[i].Parent]; ok && tree[i].Parent != tree[i].ID {
			return p
		}
		return -1
	}
	keep := make([]bool, len(tree))
	kept := 0
	var chain []int
	// add keeps node i and its ancestors if they all fit; false once full.
	add := func(i int) bool {
		chain = chain[:0]
		for j := i; j >= 0 && !keep[j]; j = parent(j) {
			chain = append(chain, j)
			if len(chain) > len(tree) {
				break // a parent cycle: bad input
			}
		}
		if kept+len(chain) > max {
			return false
		}
		for _, j := range chain {
			keep[j] = true
		}
		kept += len(chain)
		return true
	}
	for _, id := range focus {
		if i, ok := index[id]; ok && !add(i) {
			break
		}
	}
	for _, o := range open {
		if kept >= max {
			break
		}
		if i, ok := index[o.ID]; ok {
			add(i)
		}
	}
	// level order from the roots, for the rest of the budget and for
	// counting subtrees bottom up
	children := make([][]int, len(tree))
	var order []int
	for i := range tree {
		if p := parent(i); p >= 0 {
			children[p] = append(children[p], i)
		} else {
			order = append(order, i)
		}
	}
	for k := 0; k < len(order); k++ {
		i := order[k]
		if kept < max && !keep[i] && (parent(i) < 0 || keep[parent(i)]) {
			keep[i] = true
			kept++
		}
		order = append(order, children[i]...)
	}
	size := make([]int, len(tree))
	f.Cut = map[int]int{}
	for k := len(order) - 1; k >= 0; k-- {
		i := order[k]
		size[i]++
		p := parent(i)
		if p < 0 {
			continue
		}
		size[p] += size[i]
		if !keep[i] && keep[p] {
			f.Cut[tree[p].ID] += size[i]
		}
	}
	f.Keep = make([]stepper.NodeInfo, 0, kept)
	for i, n := range tree {
		if keep[i] {
			f.Keep = append(f.Keep, n)
		}
	}
	return f
}

// cutLine is the label line of a node with k descendants not drawn.
func cutLine(k int) string { return fmt.Sprintf("+%d not drawn", k) }
