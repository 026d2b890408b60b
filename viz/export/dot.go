package export

import (
	"fmt"
	"io"
	"stepviz/wire"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// writeDOT writes the search tree after the last step as a Graphviz
// digraph. Legible in black and white: closed nodes are boxes filled light
// grey and labelled with their expansion order, open nodes dashed
// ellipses, the goal a double octagon, discarded duplicates dotted and
// grey, and the solution path in bold edges. RBFS's forgotten subtrees
// are folded into their roots (viz.FoldForgotten), whose label counts them
// and whose f is the subtree's best, backed up. A tree of more than
// maxDOTNodes is folded (foldTree: the path to the goal or to the node
// expanded last, the open nodes next to be expanded, the nodes nearest
// the root), each kept node's undrawn descendants counted in a dashed
// "+N not drawn" box, and the graph's label says so. Cost: one snapshot,
// O(nodes).
func writeDOT(w io.Writer, sess *session) error {
	if _, err := sess.walk(nil); err != nil {
		return err
	}
	sn := sess.s.Snapshot()
	p := &printer{w: w}
	p.f("// stepviz search tree\n// problem: %s\n// options: %s\n// step: %d (%s)\n", oneLine(sess.inst.Spec()), sess.opts.String(), sn.Step, sn.Status)
	tree, folded := viz.FoldForgotten(sn.Tree)
	cut := foldTree(tree, texFocus(sn.Path, tree), sn.Open, maxDOTNodes/2) // half the budget: a kept node may add one "+N" box
	tree = cut.Keep
	note := cut.note("the " + focusWords(sn))
	if note != "" {
		p.f("// %s\n", note)
	}
	p.f("digraph search {\n")
	label := fmt.Sprintf("%s\n%s\nafter step %d: %s", sess.inst.Spec(), sess.opts.String(), sn.Step, sn.Status)
	for _, l := range viz.FamilyLines(sn, sess.opts, iterationsOf(sess), nil) {
		label += "\n" + l
	}
	if note != "" {
		label += "\n" + wrapWords(note, 90)
	}
	p.f("  label=%s;\n  labelloc=t;\n", dotQuote(label))
	p.f("  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	onPath := map[int]bool{}
	for _, id := range sn.Path {
		onPath[id] = true
	}
	// a bidirectional search's meeting nodes are outlined heavily, and the
	// goal's tree has its edges reversed (child -> parent, dir=back), so
	// that dot ranks its root below its children: it grows up toward the
	// start's tree.
	meet := map[int]bool{}
	if b := sn.Bidirectional; b != nil && b.Mu.String() != "∞" {
		meet[b.MeetForward], meet[b.MeetBackward] = true, true
	}
	for _, n := range tree {
		var attrs string
		switch n.Status {
		case stepper.NodeClosed:
			attrs = `shape=box, style="filled", fillcolor="#e0e0e0"`
		case stepper.NodeOpen:
			attrs = `shape=ellipse, style="dashed"`
		case stepper.NodeGoal:
			attrs = `shape=doubleoctagon, style="bold"`
		case stepper.NodeCutoff:
			attrs = `shape=box, style="dashed", color="#CC79A7"`
		default:
			attrs = `shape=ellipse, style="dotted", fontcolor="#606060", color="#606060"`
		}
		if meet[n.ID] {
			attrs += ", penwidth=4"
		}
		label := nodeLabel(sess.inst.Kind(), viz.DescribeFamily(sess.opts), n)
		if k := folded[n.ID]; k > 0 {
			label += "\n" + foldLine(k)
		}
		p.f("  n%d [label=%s, %s];\n", n.ID, dotQuote(label), attrs)
	}
	for _, n := range tree {
		if n.Parent < 0 {
			continue
		}
		style := ""
		if onPath[n.ID] && onPath[n.Parent] {
			style = ", penwidth=3, style=bold"
		} else if n.Status == stepper.NodeDiscarded {
			style = ", style=dotted"
		}
		if n.Dir == stepper.Backward {
			p.f("  n%d -> n%d [label=%s, dir=back%s];\n", n.ID, n.Parent, dotQuote(n.Action), style)
			continue
		}
		p.f("  n%d -> n%d [label=%s%s];\n", n.Parent, n.ID, dotQuote(n.Action), style)
	}
	for _, n := range tree {
		k := cut.Cut[n.ID]
		if k == 0 {
			continue
		}
		p.f("  n%dcut [label=%s, shape=box, style=\"dashed,rounded\", fontcolor=\"#606060\", color=\"#606060\"];\n", n.ID, dotQuote(cutLine(k)))
		if n.Dir == stepper.Backward {
			p.f("  n%dcut -> n%d [style=dashed, dir=back, color=\"#606060\"];\n", n.ID, n.ID)
			continue
		}
		p.f("  n%d -> n%dcut [style=dashed, color=\"#606060\"];\n", n.ID, n.ID)
	}
	p.f("}\n")
	return p.err
}

// focusWords names the path a folded tree keeps (texFocus), without an
// article: "solution path".
func focusWords(sn stepper.Snapshot) string {
	if len(sn.Path) > 0 {
		return "solution path"
	}
	return "path to the node expanded last"
}

// nodeLabel is a tree node's label: its state (a puzzle as a board), its
// numbers as fam's views show them (g, h and f; g alone without a
// heuristic: viz.NumberColumns) and, once expanded, its order or status.
func nodeLabel(kind string, fam wire.Family, n stepper.NodeInfo) string {
	state := n.State.String()
	if kind == "puzzle" {
		state = boardText(state)
	}
	var tag string
	switch n.Status {
	case stepper.NodeClosed:
		tag = fmt.Sprintf("closed, order %d", n.Order)
	case stepper.NodeGoal:
		tag = "GOAL"
	case stepper.NodeCutoff:
		tag = "cut off"
	default:
		tag = n.Status.String()
	}
	if n.Dir == stepper.Backward {
		tag += ", backward tree"
	}
	cols, vals := viz.NumberColumns(fam), viz.Numbers(fam, num(n.G), num(n.H), n.Shown().F)
	nums := make([]string, len(cols))
	for i := range cols {
		nums[i] = cols[i] + "=" + vals[i]
	}
	return fmt.Sprintf("%s\n%s\n%s", state, strings.Join(nums, " "), tag)
}

// foldLine is the label line of a node RBFS's forgotten subtree is folded
// into: k nodes, whose best f the node's f holds.
func foldLine(k int) string {
	return fmt.Sprintf("+%d forgotten below", k)
}

// boardText writes a puzzle state as rows, the blank as "_".
func boardText(state string) string {
	tiles := puzzleTiles(state)
	n := isqrt(len(tiles))
	if n*n != len(tiles) || n == 0 {
		return state
	}
	var b strings.Builder
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteByte('\n')
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			t := tiles[r*n+c]
			if t == "0" {
				t = "_"
			}
			b.WriteString(t)
		}
	}
	return b.String()
}

// puzzleTiles splits a puzzle state as the engine writes it: one digit per
// tile for 3×3 ("283164705"), a comma list for bigger puzzles.
func puzzleTiles(state string) []string {
	if strings.Contains(state, ",") {
		return strings.Split(state, ",")
	}
	out := make([]string, 0, len(state))
	for _, r := range state {
		out = append(out, string(r))
	}
	return out
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// dotQuote writes s as a DOT string; "\n" becomes a centred line break.
func dotQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "").Replace(s)
	return `"` + strings.ReplaceAll(s, "\n", `\n`) + `"`
}

// maxDOTNodes is the most boxes a DOT export draws, tree nodes and
// "+N not drawn" boxes together: Graphviz lays out a few thousand labelled
// nodes in seconds but a tree of tens of thousands not in minutes. A
// bigger tree is folded (foldTree) to half as many nodes, each of which
// may add one box.
const maxDOTNodes = 2000

// wrapWords breaks s into lines of at most width bytes at spaces (a longer
// word stays whole on its own line).
func wrapWords(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(s) {
		if i > 0 && line+1+len(w) > width {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}
