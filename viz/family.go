package viz

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/wire"
)

// Family is how a search is shown: in its own terms, not all as
// best-first. It is wire.Family's Family field: the description a search's
// family is rendered from (DescribeFamily).
type Family string

// The families.
const (
	// BestFirst has an open list in pop order (bfs, ucs, greedy, astar,
	// wastar, beam).
	BestFirst Family = wire.FamilyBestFirst
	// DepthFirst has a stack, top first, and a current path (dfs, dls,
	// ids, idastar); ids and idastar have iterations with a depth limit
	// or a threshold.
	DepthFirst Family = wire.FamilyDepthFirst
	// Recursive is RBFS: a path with each node's f-limit, children with
	// their stored (backed-up) f, forgotten subtrees.
	Recursive Family = wire.FamilyRBFS
	// Bidirectional has two frontiers and two trees, forward from the start
	// and backward from the goal, and a meeting node (bibfs, biucs,
	// biastar).
	Bidirectional Family = wire.FamilyBidirectional
)

// DescribeFamily is the one description of a search's family (its
// formula, sort key, box numbers, own values and labels) that every
// renderer reads: Go's here and in viz/export, the page's through
// hello.problem.family. O(1).
func DescribeFamily(o stepper.Options) wire.Family { return wire.Describe(o) }

// FamilyOf returns the family of an algorithm.
func FamilyOf(a stepper.Algorithm) Family { return Family(wire.FamilyOf(a)) }

// ProtocolFrontier names the frontier of the families whose open list is
// not one queue ordered by a key, as the lecture protocol and the HTML
// replay call it (hello.problem.frontier): "stack" (ids, idastar), "rbfs",
// "bidirectional"; "" for the others (their ProblemInfo.Frontier stays
// FrontierKind's). It is the family description's panel, beam's aside.
func ProtocolFrontier(a stepper.Algorithm) string {
	if p := wire.Describe(stepper.Options{Algorithm: a}).Panel; p != wire.PanelBeam {
		return p
	}
	return ""
}

// FormulaLine is the f line of a node's inspector: the family's formula,
// the terms' values when f is g + h, and f under the rounding rule
// ("f = g + h = 140 + 253 = 393"; a depth-ordered search's
// "priority = depth = 2"). The page's inspector prints the same line from
// hello.problem.family (static/family.js formulaLine). O(1).
func FormulaLine(fam wire.Family, n stepper.NodeInfo) string {
	sh := n.Shown()
	switch fam.Eval {
	case wire.EvalGH:
		return fmt.Sprintf("%s = %s + %s = %s", fam.Formula, sh.G, sh.H, sh.F)
	case wire.EvalDepth:
		return fam.Formula + " = " + stepper.FormatNumber(n.F)
	}
	return fam.Formula + " = " + sh.F
}

// Iteration is one iteration of ids or idastar: its number, its first
// node's id, its nodes, and the steps it spans.
type Iteration = stepper.Iteration

// Iterations lists the iterations s has computed (up to its furthest step,
// whatever its current one), from the engine's table of iterations
// ([stepper.Search.Iterations]): one iteration for a search without
// iterations. The last iteration's Nodes is its node count at the furthest
// step. It moves nothing. O(iterations).
func Iterations(s *stepper.Search) []Iteration { return s.Iterations(s.Horizon()) }

// EarlierText counts the nodes of the iterations before the current one,
// "earlier iterations: 1 + 4 nodes" (its per iteration, the current last;
// nil: the snapshot's IterStart as one number). "" when there are none.
func EarlierText(sn stepper.Snapshot, its []Iteration) string {
	if sn.IterStart == 0 {
		return ""
	}
	var parts []string
	for _, it := range its {
		if it.FirstID >= sn.IterStart {
			break
		}
		parts = append(parts, itoa(it.Nodes))
	}
	if len(parts) == 0 {
		parts = []string{itoa(sn.IterStart)}
	}
	noun := "nodes"
	if sn.IterStart == 1 {
		noun = "node"
	}
	return fmt.Sprintf("earlier iterations: %s %s (ids 0 to %d)", strings.Join(parts, " + "), noun, sn.IterStart-1)
}

// FamilyLines are the header lines that show a snapshot in its family's
// terms: for ids and idastar the iteration, the depth limit or the
// threshold and the next threshold, the earlier iterations' nodes and the
// current path; for dfs and dls the current path; for rbfs the path with
// each node's f-limit, the next node, the subtrees forgotten and the
// backups of the step; for bibfs and biucs μ, the meeting nodes, the tops
// of both frontiers and the stopping rule (biastar too). its may be nil. None for a
// best-first search. A depth-first or RBFS line names a node as the
// narration does: by its state, adding "(node N)" only when the lines name
// another node in the same state (the tables' "#" is a row's position);
// the μ line names the meeting state once, with its two nodes' ids. state names a node (nil: sn.Tree's, which a bounded
// snapshot lacks: pass the search's [stepper.Search.StateOf]). O(path + tree).
func FamilyLines(sn stepper.Snapshot, o stepper.Options, its []Iteration, state func(id int) string) []string {
	if state == nil {
		state = func(id int) string { return stateOf(sn.Tree, id) }
	}
	var lines []string
	fam := DescribeFamily(o)
	switch FamilyOf(o.Algorithm) {
	case DepthFirst:
		var path []int
		if d := sn.Deepening; d != nil {
			path = d.Current
		} else if last := lastExpanded(sn); last >= 0 {
			path = PathTo(sn.Tree, last)
		}
		cut, more := cutoffNodes(sn, maxCutoffWords)
		said := mentions{}
		said.addPath(state, path)
		for _, x := range cut {
			said.add(x.State.String(), x.ID)
		}
		if d := sn.Deepening; d != nil {
			head := fmt.Sprintf("%s %d", valueLabel(fam, "iteration"), d.Iteration)
			if d.Limit != nil {
				head += fmt.Sprintf(" · %s %d", valueLabel(fam, "limit"), *d.Limit)
			}
			if d.Threshold != nil {
				head += fmt.Sprintf(" · %s %s · %s %s", valueLabel(fam, "threshold"), d.Threshold, valueLabel(fam, "nextThreshold"), boundText(d.NextThreshold))
			}
			lines = append(lines, head)
			if e := EarlierText(sn, its); e != "" {
				lines = append(lines, e)
			}
			lines = append(lines, "current path: "+said.pathWords(state, path, nil))
		} else {
			if o.DepthLimited {
				lines = append(lines, fmt.Sprintf("depth limit %d", o.Depth))
			}
			if len(path) > 0 {
				lines = append(lines, "current path: "+said.pathWords(state, path, nil))
			}
		}
		if len(cut) > 0 {
			lines = append(lines, "cut off: "+said.cutoffWords(cut, more, !fam.Heuristic))
		}
	case Recursive:
		d := sn.Deepening
		if d == nil {
			break
		}
		said := mentions{}
		said.addPath(state, d.Current)
		if d.NextNode != nil {
			said.add(d.NextState, *d.NextNode)
		}
		for _, b := range d.Backups {
			said.add(b.State, b.Node)
		}
		lines = append(lines, "path with f-limits: "+said.pathWords(state, d.Current, d.FLimits))
		if d.NextNode != nil {
			lines = append(lines, fmt.Sprintf("next: %s with f-limit %s", said.name(d.NextState, *d.NextNode), boundText(d.NextLimit)))
		}
		if len(d.Backups) > 0 {
			var bs []string
			for _, b := range d.Backups {
				bs = append(bs, fmt.Sprintf("%s f %s", said.name(b.State, b.Node), b.F))
			}
			lines = append(lines, "backed up this step: "+strings.Join(bs, ", "))
		}
		if n := countStatus(sn, stepper.NodeForgotten); n > 0 {
			lines = append(lines, fmt.Sprintf("forgotten: %d nodes (subtrees dropped on unwinding, their best f stored at their roots)", n))
		}
	case Bidirectional:
		b := sn.Bidirectional
		if b == nil {
			break
		}
		fw, bw := 0, 0
		for _, e := range sn.Open {
			if e.Dir == stepper.Backward {
				bw++
			} else {
				fw++
			}
		}
		lines = append(lines, fmt.Sprintf("forward frontier %d · backward frontier %d · top forward %s · top backward %s", fw, bw, b.TopForward, b.TopBackward))
		mu := valueLabel(fam, "mu")
		if isInf(b.Mu) {
			lines = append(lines, mu+" ∞: the trees have not met")
		} else {
			// the two meeting nodes share their state: their ids tell them apart
			lines = append(lines, fmt.Sprintf("%s %s (path cost %s) · meeting at %s (node %d forward, node %d backward)", mu, b.Mu, b.PathCost, name(state(b.MeetForward)), b.MeetForward, b.MeetBackward))
		}
		lines = append(lines, "stopping rule: "+b.Rule)
	}
	return lines
}

// FrontierRows is [OpenRows] split for the family: a bidirectional
// search's frontier as its forward and backward lists (each in pop order,
// ranks from 1), every other search's as one list and nil.
func FrontierRows(sn stepper.Snapshot, f Family) (first, second []OpenRow) {
	rows := OpenRows(sn)
	if f != Bidirectional {
		return rows, nil
	}
	for i, e := range sn.Open {
		r := rows[i]
		if e.Dir == stepper.Backward {
			r.Rank = len(second) + 1
			second = append(second, r)
		} else {
			r.Rank = len(first) + 1
			first = append(first, r)
		}
	}
	return first, second
}

// valueLabel is how fam names its value name: its description's label,
// or the name. O(values).
func valueLabel(fam wire.Family, name string) string {
	for _, v := range fam.Values {
		if v.Name == name {
			return v.Label
		}
	}
	return name
}

// addPath records the nodes of a path of ids as named. O(len(ids)).
func (m mentions) addPath(state func(int) string, ids []int) {
	for _, id := range ids {
		m.add(state(id), id)
	}
}

// pathWords writes a path of ids as "Arad → Sibiu", each node named as
// the narration names it (m.name: by its state, "(node N)" only beside
// another node m names in the same state), each with its f-limit
// (limits[i], ∞ as "∞") when limits is given. O(len(ids)).
func (m mentions) pathWords(state func(int) string, ids []int, limits []stepper.Bound) string {
	if len(ids) == 0 {
		return "(empty)"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = m.name(state(id), id)
		if i < len(limits) {
			parts[i] += fmt.Sprintf(" (f-limit %s)", limits[i])
		}
	}
	return strings.Join(parts, " → ")
}

// maxCutoffWords is how many cut-off nodes a family line lists.
const maxCutoffWords = 8

// cutoffNodes are the first max cut-off nodes of sn's tree and how many
// more there are. O(tree).
func cutoffNodes(sn stepper.Snapshot, max int) (first []stepper.NodeInfo, more int) {
	for _, x := range sn.Tree {
		if x.Status != stepper.NodeCutoff {
			continue
		}
		if len(first) < max {
			first = append(first, x)
		} else {
			more++
		}
	}
	return first, more
}

// cutoffWords lists cut-off nodes with their f (their depth, for a search
// without a heuristic, whose f is the depth: NumberColumns writes no f for
// it), named as m names them, and "and N more". O(len(nodes)).
func (m mentions) cutoffWords(nodes []stepper.NodeInfo, more int, depth bool) string {
	parts := make([]string, 0, len(nodes)+1)
	for _, x := range nodes {
		if depth {
			parts = append(parts, fmt.Sprintf("%s depth %d", m.name(x.State.String(), x.ID), x.Depth))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s f %s", m.name(x.State.String(), x.ID), x.Shown().F))
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", more))
	}
	return strings.Join(parts, ", ")
}

func countStatus(sn stepper.Snapshot, st stepper.NodeStatus) int {
	n := 0
	for _, x := range sn.Tree {
		if x.Status == st {
			n++
		}
	}
	return n
}

func boundText(b *stepper.Bound) string {
	if b == nil {
		return "none yet"
	}
	return b.String()
}

func isInf(b stepper.Bound) bool { return math.IsInf(float64(b), 1) }

// lastExpanded is the id of the node expanded last (-1: none).
func lastExpanded(sn stepper.Snapshot) int {
	id, order := -1, 0
	for _, n := range sn.Closed {
		if n.Order > order {
			id, order = n.ID, n.Order
		}
	}
	return id
}

// BoxNumbers are the numbers a tree box of node n shows, [label, text] in
// the order the family's Box names them (labels: the small box's one
// number, [fam.Compact]): g, h and the stored F as written, the depth,
// and f made from g, h and depth by the family's coefficients under the
// rounding rule (an RBFS node's f is g + h; its backed-up value is F). The
// page's tree writes the same (static/family.js boxNumbers). O(len(labels)).
func BoxNumbers(fam wire.Family, n stepper.NodeInfo, labels []string) [][2]string {
	cg, ch, cd := fam.Coefficients()
	f := cg*n.G + ch*n.H + cd*float64(n.Depth)
	out := make([][2]string, len(labels))
	for i, l := range labels {
		v := stepper.ShowGHF(n.G, n.H, f).F
		if n.HFailed {
			v = stepper.UnknownF
		}
		switch l {
		case wire.BoxG:
			v = stepper.FormatNumber(n.G)
		case wire.BoxH:
			v = n.Shown().H
		case wire.BoxDepth:
			v = strconv.Itoa(n.Depth)
		case wire.BoxStoredF:
			v = stepper.FormatNumber(n.F)
		}
		out[i] = [2]string{l, v}
	}
	return out
}
