package stepper

import "fmt"

// Beam search is best-first search whose frontier keeps only the Width
// best open nodes by f (AIMA 4th ed. §3.5: "beam search limits the size of
// the frontier to the k nodes with the best f-scores"): after each
// expansion the open nodes beyond the Width best, in pop order, are
// dropped. f is g + w·h (w = 1: A*'s f, the default) or h alone (f=h).
// With a width no smaller than the largest frontier A* has, beam search is
// A*, expansion for expansion; with width 1 it is a greedy descent that
// never backtracks. It is incomplete: a search whose frontier empties
// after pruning reports "no solution within a beam of width k".
//
// Local beam search (local=true; AIMA 4th ed. §4.1.3, breadth-first beam
// search) goes layer by layer: the open nodes are ordered by depth first
// (the layer), then by f, so the current layer is expanded best first, one
// node a step, while its children wait as the next layer; the step that
// expands the layer's last node keeps the Width best of all the children
// and prunes the rest.
//
// A pruned node stays in the tree with base fate BasePruned and node
// status NodeDiscarded; its pruning is a mod of the step (after the step's
// new nodes and re-parentings), so undo, redo, rewind and the records of
// delta.go take it back and replay it like a re-parenting. Beam search
// forgets a pruned node: its state, reached again, becomes a new node.
// Each pruning costs O(open · log open) (open is at most Width plus one
// expansion's children, or a layer's children for local beam).

// MaxPrunedListed caps BeamStep.Pruned: a step that prunes more lists the
// first ones (best first) and counts them all in PrunedCount.
const MaxPrunedListed = 16

// BeamStep is what a beam search step did to its beam.
type BeamStep struct {
	Width int  `json:"width"`
	Local bool `json:"local,omitempty"`
	// Layer is the depth of the node the step selected (local beam: the
	// layer it belongs to); LayerDone says that it was the last of its
	// layer, so this step chose the next layer.
	Layer     int  `json:"layer"`
	LayerDone bool `json:"layerDone,omitempty"`
	// Pruned lists the first MaxPrunedListed nodes this step dropped, best
	// first; PrunedCount counts them all.
	Pruned      []PrunedNode `json:"pruned,omitempty"`
	PrunedCount int          `json:"prunedCount,omitempty"`
	// Kept is the number of open nodes after the step (at most Width once
	// a pruning happened).
	Kept int `json:"kept"`
}

// PrunedNode is one node dropped from the beam: its id, state and f.
type PrunedNode struct {
	ID    int     `json:"id"`
	State Text    `json:"state"`
	F     float64 `json:"f"`
}

// beamF is beam search's f.
func (e *engine[S]) beamF(g, h float64) float64 {
	if e.o.F == "h" {
		return h
	}
	if e.o.Weight != 0 {
		return g + e.o.Weight*h
	}
	return g + h
}

// layerOpen reports whether open nodes remain in the layer of depth d
// (local beam: the layer's key is its depth).
func (e *engine[S]) layerOpen(d int32) bool {
	h := e.front.(*heapFrontier)
	return len(h.items) > 0 && h.items[0].prio == float64(d)
}

// prune drops the open nodes beyond the Width best at the end of a beam
// search step (local beam: of a step that ends a layer). Each is a mod.
func (e *engine[S]) prune(rec *stepRecord) {
	if e.o.Algorithm != Beam || e.front.len() <= e.o.Width {
		return
	}
	if e.o.Local && e.layerOpen(e.nodes.at(rec.expanded).depth) {
		return
	}
	e.orderBuf = e.openOrder(e.orderBuf[:0])
	for _, id := range e.orderBuf[e.o.Width:] {
		n := e.nodes.at(int32(id))
		ed := e.edit(n)
		e.addMod(mod{id: int32(id), nodesBefore: int32(e.nodes.len()), old: ed, new: ed, pruned: true})
		e.dropPruned(int32(id))
		rec.pruned++
	}
}

// dropPruned takes an open node off the frontier as pruned.
func (e *engine[S]) dropPruned(id int32) {
	n := e.nodes.at(id)
	if n.status != st8Open {
		panic(fmt.Sprintf("stepper: journal out of step: pruning node %d, which is not open", id))
	}
	n.status = st8Pruned
	e.front.unpush(id)
	e.pruned = append(e.pruned, id)
}

// prunesFrom is where the prunings among mods [from, to) begin: they come
// last in a step.
func (e *engine[S]) prunesFrom(from, to int32) int32 {
	for to > from && e.mods[to-1].pruned {
		to--
	}
	return to
}

// redoPrunes replays the prunings among mods [from, to).
func (e *engine[S]) redoPrunes(ev *Event, from, to int32) {
	for i := from; i < to; i++ {
		if e.mods[i].pruned {
			e.redoMod(ev, &e.mods[i])
		}
	}
}

// beamEvent is the Beam part of the event of the step that selected
// node id; nil for every other algorithm.
func (e *engine[S]) beamEvent(id int32) *BeamStep {
	if e.o.Algorithm != Beam {
		return nil
	}
	d := e.nodes.at(id).depth
	b := &BeamStep{Width: e.o.Width, Local: e.o.Local, Layer: int(d), PrunedCount: len(e.pruned), Kept: e.front.len()}
	if e.o.Local {
		b.LayerDone = !e.layerOpen(d)
	}
	for _, p := range e.pruned[:min(len(e.pruned), MaxPrunedListed)] {
		ni := e.info(p)
		b.Pruned = append(b.Pruned, PrunedNode{ID: int(p), State: ni.State, F: ni.F})
	}
	return b
}

// BeamEnd says why a beam search found no solution, in a user's words:
// "no solution within a beam of width 3: 5 nodes were pruned (a wider
// beam may find one)"; "" when the search is not a beam search that
// ended with no solution after pruning.
func (s *Search) BeamEnd() string {
	o, c := s.Options(), s.Counters()
	if o.Algorithm != Beam || s.Status() != NoSolution || c.Pruned == 0 {
		return ""
	}
	return BeamEndWords(o.Width, c.Pruned)
}

// BeamEndWords is [Search.BeamEnd]'s sentence for a width and a count of
// pruned nodes.
func BeamEndWords(width, pruned int) string {
	nodes := "nodes were"
	if pruned == 1 {
		nodes = "node was"
	}
	return fmt.Sprintf("no solution within a beam of width %d: %d %s pruned (a wider beam may find one)", width, pruned, nodes)
}

// seenPruned returns the node of state s in the seen map if it is pruned:
// the new node of s takes its place there.
func (e *engine[S]) seenPruned(s S) (int32, bool) {
	if e.seen == nil || e.o.Algorithm != Beam {
		return 0, false
	}
	ex, ok := e.seen.get(s)
	return ex, ok && e.nodes.at(ex).status == st8Pruned
}

// displace records that node id took the place of pruned node old in the
// seen map.
func (e *engine[S]) displace(id, old int32) {
	if e.displaced == nil {
		e.displaced = map[int32]int32{}
	}
	e.displaced[id] = old
}

// seenBefore is the node the seen map held for a state before node end
// was made, given the node it holds now: the seen map is the horizon's,
// and beam search replaces a pruned node there by the state's new node.
// O(replacements of the state).
func (e *engine[S]) seenBefore(id, end int32) int32 {
	for id >= end {
		old, ok := e.displaced[id]
		if !ok {
			break
		}
		id = old
	}
	return id
}
