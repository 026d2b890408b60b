package kernel

import (
	"slices"

	"stepviz/stepper"
)

// fullFrameNodes is the largest search whose live-view frame is drawn from
// a full snapshot (a few milliseconds); past it a frame is a bounded view.
const fullFrameNodes = 2000

// Bounds of a bounded frame: the path to the current node (its deepest
// part past maxFramePath), the current step's children, the head of the
// open list with their nearest ancestors, and the solution path once
// solved. A node whose parent is left out is drawn as a root.
const (
	maxFramePath   = 150
	frameOpen      = 12
	frameOpenDepth = 24  // ancestors drawn above each open node
	maxFrameNodes  = 250 // no more open nodes' ancestors past this
)

// frameView returns the snapshots a live-view frame draws: problem for
// the problem's picture and tree for the search tree, and the node to
// highlight in each. whole reports whether tree is the whole search.
//
// A search of at most fullFrameNodes nodes is drawn from a full snapshot,
// its tree too if it has at most maxTree nodes. Past those a
// frame draws a bounded view (see [Session.boundedView]), never a copy of
// the tree (issue 8: a frame of a 1.1M-node search took seconds).
func (s *Session) frameView(ls *liveSearch, maxTree int) (problem stepper.Snapshot, problemSel int, tree stepper.Snapshot, treeSel int, whole bool) {
	sr := ls.search
	if n := sr.NodeCount(); n <= fullFrameNodes {
		problem = sr.Snapshot()
		problemSel = -1
		if ls.last != nil {
			problemSel = ls.last.Expanded.ID
		} else if len(problem.Tree) > 0 {
			problemSel = 0
		}
		if n <= maxTree {
			return problem, problemSel, problem, problemSel, true
		}
		tree, treeSel = s.boundedView(ls)
		return problem, problemSel, tree, treeSel, false
	}
	tree, treeSel = s.boundedView(ls)
	return tree, treeSel, tree, treeSel, false
}

// boundedView is the part of a search a live frame shows: the path to the
// current node (its deepest maxFramePath nodes), the current step's
// children, the head of the open list with up to frameOpenDepth of their
// ancestors (while the view has under maxFrameNodes nodes), and the deepest
// part of the solution path once solved. It is built from the current
// step's event and O(1) node look-ups: O(maxFramePath + children +
// frameOpen²), whatever the size of the search. The view's nodes are
// renumbered 0..k-1 in id order (the root first), as the drawings index a
// snapshot's tree by id; Counters, Step and Status are the search's own.
func (s *Session) boundedView(ls *liveSearch) (snap stepper.Snapshot, selected int) {
	snap, selected, _, _ = s.boundedViewOf(ls, -1)
	return snap, selected
}

// boundedViewOf is boundedView with node extra (if >= 0) and up to
// maxFramePath of its ancestors added: at is extra's index in the view (-1
// without one) and ids[i] the search's id of the view's node i. Same cost
// as boundedView.
func (s *Session) boundedViewOf(ls *liveSearch, extra int) (snap stepper.Snapshot, selected, at int, ids []int) {
	sr := ls.search
	n := sr.NodeCount()
	seen := make(map[int]bool, maxFramePath+64)
	add := func(id int) {
		if id >= 0 && id < n && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	// ancestors adds id and up to limit of its ancestors.
	ancestors := func(id, limit int) {
		for i := 0; id >= 0 && i <= limit; i++ {
			add(id)
			id = sr.Node(id).Parent
		}
	}
	root := sr.IterStart(sr.StepCount()) // an iterative search shows its current iteration
	add(root)
	if extra >= 0 && extra < n {
		ancestors(extra, maxFramePath)
	}
	cur := root
	if ls.last != nil {
		cur = ls.last.Expanded.ID
		ancestors(cur, maxFramePath)
		for _, c := range ls.last.Children {
			add(c.ID)
		}
	}
	head := sr.OpenHead(frameOpen, nil)
	for _, id := range head {
		if len(ids) < maxFrameNodes {
			ancestors(id, frameOpenDepth) // shared with the path, mostly
		}
	}
	path := sr.Path()
	if len(path) > maxFramePath {
		path = path[len(path)-maxFramePath:]
	}
	for _, id := range path {
		add(id)
	}

	slices.Sort(ids)
	index := make(map[int]int, len(ids))
	for i, id := range ids {
		index[id] = i
	}
	snap = stepper.Snapshot{Step: sr.StepCount(), Status: sr.Status(), Counters: sr.Counters(), Tree: make([]stepper.NodeInfo, len(ids))}
	for i, id := range ids {
		info := sr.Node(id)
		info.ID = i
		if p, ok := index[info.Parent]; ok {
			info.Parent = p
		} else {
			info.Parent = -1
		}
		snap.Tree[i] = info
		if info.Status == stepper.NodeClosed {
			snap.Closed = append(snap.Closed, info)
		}
	}
	slices.SortFunc(snap.Closed, func(a, b stepper.NodeInfo) int { return a.Order - b.Order })
	for _, id := range head {
		snap.Open = append(snap.Open, stepper.OpenEntry{NodeInfo: snap.Tree[index[id]]})
	}
	for _, id := range path {
		snap.Path = append(snap.Path, index[id])
	}
	at = -1
	if i, ok := index[extra]; ok {
		at = i
	}
	return snap, index[cur], at, ids
}
