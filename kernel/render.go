package kernel

import (
	"bytes"

	"stepviz/stepper"
	"stepviz/viz"
)

// problemSVG draws the problem at a snapshot (the start for an empty
// snapshot), the selected node highlighted; SVG ready to inline in HTML.
func problemSVG(inst stepper.Instance, snap stepper.Snapshot, selected int) (string, error) {
	var b bytes.Buffer
	if err := viz.ProblemSVG(&b, inst, snap, selected); err != nil {
		return "", err
	}
	return stripXMLHeader(b.String()), nil
}

// liveFullNodes is the largest tree the live view draws in full detail (a
// node about 1.7 kB with a puzzle's mini board); past it nodes are small
// circles (about 120 bytes), so a frame stays well under Jupyter's 1 MB/s.
const liveFullNodes = 60

// treeSVG draws the search tree of a snapshot, the selected node ringed and
// each node showing the numbers its algorithm orders by, RBFS's forgotten
// subtrees folded into their roots and the pruned nodes (beam search: see
// viz.PrunedIDs; nil for none) marked. live draws compact nodes past
// liveFullNodes.
func treeSVG(inst stepper.Instance, snap stepper.Snapshot, selected int, o stepper.Options, live bool, pruned []int) (string, error) {
	opt := viz.TreeOptions{Algorithm: o.Algorithm, EdgeLabels: true, FoldForgotten: true, Pruned: pruned}
	if live && len(snap.Tree) > liveFullNodes {
		opt.Detail = viz.DetailCompact
		opt.EdgeLabels = false
	}
	if selected >= 0 {
		opt.Selected = []int{selected}
	}
	var b bytes.Buffer
	if err := viz.TreeSVG(&b, inst, snap, opt); err != nil {
		return "", err
	}
	return stripXMLHeader(b.String()), nil
}

// narrate says in words what one step did.
func narrate(ev stepper.Event, o stepper.Options) string { return viz.Narrate(ev, o) }
