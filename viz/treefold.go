package viz

import "stepviz/stepper"

// FoldForgotten leaves out of nodes every node RBFS forgot and counts, for
// each root of a forgotten subtree (the nearest ancestor not forgotten,
// whose f holds the subtree's best f, backed up), the nodes folded under
// it, by id. A forgotten node whose ancestors are missing from nodes is
// left out uncounted. With nothing forgotten it returns nodes itself and a
// nil map. Every picture of the tree (SVG, DOT, LaTeX) folds with it, as
// AIMA's Figure 3.27 draws RBFS. O(nodes).
func FoldForgotten(nodes []stepper.NodeInfo) ([]stepper.NodeInfo, map[int]int) {
	index := indexByID(nodes)
	root := make(map[int]int) // forgotten node id -> its fold root (-1: none)
	var rootOf func(id, guard int) int
	rootOf = func(id, guard int) int {
		if r, ok := root[id]; ok {
			return r
		}
		i, ok := index(id)
		if !ok || guard == 0 {
			return -1
		}
		p := nodes[i].Parent
		j, ok := index(p)
		r := -1
		switch {
		case !ok:
		case nodes[j].Status != stepper.NodeForgotten:
			r = p
		default:
			r = rootOf(p, guard-1)
		}
		root[id] = r
		return r
	}
	var kept []stepper.NodeInfo
	var folded map[int]int
	for i, n := range nodes {
		if n.Status != stepper.NodeForgotten {
			if kept != nil {
				kept = append(kept, n)
			}
			continue
		}
		if kept == nil {
			kept = append(make([]stepper.NodeInfo, 0, len(nodes)), nodes[:i]...)
			folded = map[int]int{}
		}
		if r := rootOf(n.ID, len(nodes)); r >= 0 {
			folded[r]++
		}
	}
	if kept == nil {
		return nodes, nil
	}
	return kept, folded
}

// PrunedIDs lists the nodes of s (at its current step) that beam search
// has pruned from its beam: a snapshot shows them as discarded. nil for
// every other algorithm. O(nodes).
func PrunedIDs(s *stepper.Search) []int {
	if s.Options().Algorithm != stepper.Beam {
		return nil
	}
	var ids []int
	for id, r := range s.Records(0, s.NodeCount(), nil) {
		if r.Fate == stepper.BasePruned {
			ids = append(ids, id)
		}
	}
	return ids
}

// usedStyles are the family styles the picture draws, in legend order:
// the legend names only those.
func (d *treeDrawing) usedStyles() []StyleEntry {
	used := map[string]bool{}
	for _, i := range d.l.Order {
		n := d.nodes[i]
		switch n.Status {
		case stepper.NodeCutoff:
			used["cutoff"] = true
		case stepper.NodeForgotten:
			used["forgotten"] = true
		}
		if d.up(i) {
			used["backward"] = true
		}
		if d.meet[n.ID] {
			used["meet"] = true
		}
		if d.current[n.ID] {
			used["on-current-path"] = true
		}
		if d.pruned[n.ID] {
			used["pruned"] = true
		}
		if d.folded[n.ID] > 0 {
			used["folded"] = true
		}
	}
	var out []StyleEntry
	for _, e := range FamilyStyles {
		if used[e.Class] {
			out = append(out, e)
		}
	}
	return out
}
