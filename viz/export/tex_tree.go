package export

import (
	"fmt"
	"math"
	"slices"
	"stepviz/wire"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// Page geometry of the LaTeX export (A4, 18 mm margins, \scriptsize node
// labels), in cm. The character width is that of a \scriptsize digit or
// lower-case letter, rounded up, so that a box is never narrower than its
// text.
const (
	texTextWidth  = 17.0 // the text width of the page
	texPageHeight = 22.0 // the height a tree may take on one page, under a heading
	texMinScale   = 0.75 // never scale a tree below this: past it \scriptsize is unreadable
	texCharWidth  = 0.13 // width of one label character at \scriptsize
	texLineHeight = 0.36 // height of one label line
	texPad        = 0.3  // a box's frame and inner sep, both sides together
	texGap        = 0.15 // at least this between two boxes side by side
)

// texBox is a drawn node: its centre and size in cm, on the page, after
// scaling.
type texBox struct {
	Index      int // in the snapshot's Tree
	X, Y, W, H float64
	Page       int // which picture (page) it is drawn in
	Hidden     int // descendants summarised under it (0: none)
}

// texTreeGeometry is where every node of the LaTeX tree goes: the layout
// used, the scale, the pages and each drawn node's box. texTree draws it;
// tests check that no two boxes overlap and that the tree fits the page.
type texTreeGeometry struct {
	Tree       []stepper.NodeInfo // the nodes drawn: the snapshot's, RBFS's forgotten subtrees folded (viz.FoldForgotten)
	Folded     map[int]int        // forgotten nodes folded under each root, by id
	Cut        treeFold           // the tree cut to maxTeXNodes (foldTree); Tree is its Keep
	Layout     *viz.TreeLayout
	Labels     []string // per Tree index: the label lines, joined by "\n"
	Slot, Step float64  // cm per layout slot and per level, before scaling
	Scale      float64
	Summarised bool // the tree is shown as the path and its neighbourhood
	Focus      []int
	Pages      int
	Boxes      []texBox
}

// texLabel is a node's label: its action first for puzzles and grids (a
// graph's action is the name of the node it leads to, which the label
// already says), then the state and numbers. The action is part of the
// node's box, so action labels can never collide: the boxes do not.
func texLabel(kind string, fam wire.Family, n stepper.NodeInfo) string {
	label := nodeLabel(kind, fam, n)
	if kind != "graph" && n.Action != "" {
		label = "via " + n.Action + "\n" + label
	}
	return label
}

// layoutTeXTree decides how the tree of sn is drawn. Under a size it is
// drawn whole, scaled down at most to texMinScale. Past it, it is shown as
// the path to the goal (or to the node expanded last) with the children of
// every node on it; the subtrees under those children are summarised as a
// count, so a tree of any size keeps its labels at a legible size. A tree
// deeper than a page, or whose summary drifts wider than the page, is split
// across pages by levels. RBFS's forgotten
// subtrees are folded into their roots, whose label counts them. A tree
// of more than maxTeXNodes is first cut to that many (foldTree), each
// kept node's label counting its descendants not drawn. Cost: O(nodes).
func layoutTeXTree(kind string, fam wire.Family, sn stepper.Snapshot) texTreeGeometry {
	tree, folded := viz.FoldForgotten(sn.Tree)
	cut := foldTree(tree, texFocus(sn.Path, tree), sn.Open, maxTeXNodes)
	tree = cut.Keep
	g := texTreeGeometry{Tree: tree, Folded: folded, Cut: cut, Labels: make([]string, len(tree))}
	for i, n := range tree {
		g.Labels[i] = texLabel(kind, fam, n)
		if k := folded[n.ID]; k > 0 {
			g.Labels[i] += "\n" + foldLine(k)
		}
		if k := cut.Cut[n.ID]; k > 0 {
			g.Labels[i] += "\n" + cutLine(k)
		}
	}
	measure := func(l *viz.TreeLayout) (slot, step float64) {
		longest, lines := 1, 1
		for _, i := range l.Order {
			ls := strings.Split(g.Labels[i], "\n")
			if l.Collapsed[i] && l.Hidden[i] > 0 {
				ls = append(ls, fmt.Sprintf("+ %d more nodes", l.Hidden[i]))
			}
			lines = max(lines, len(ls))
			for _, line := range ls {
				longest = max(longest, len([]rune(line)))
			}
		}
		return texCharWidth*float64(longest) + texPad + texGap, texLineHeight*float64(lines) + texPad + 0.7
	}
	l := viz.LayoutTree(tree)
	slot, step := measure(l)
	if l.Width*slot > texTextWidth/texMinScale {
		g.Summarised = true
		g.Focus = texFocus(sn.Path, tree)
		onPath := make(map[int]bool, len(g.Focus))
		for _, id := range g.Focus {
			onPath[id] = true
		}
		var collapse []int
		for _, n := range tree {
			if n.Parent >= 0 && onPath[n.Parent] && !onPath[n.ID] {
				collapse = append(collapse, n.ID)
			}
		}
		l = viz.LayoutTree(tree, collapse...)
		slot, step = measure(l)
	}
	g.Layout, g.Slot, g.Step = l, slot, step
	g.Scale = min(1, max(texMinScale, texTextWidth/(math.Max(l.Width, 1)*slot)))
	// A summarised tree's path can drift sideways level by level, wider
	// than the page at the least scale: fewer levels a page keep each
	// page's part of it within the text width.
	for perPage := max(1, int(texPageHeight/(step*g.Scale))); ; perPage-- {
		g.placeBoxes(perPage)
		if perPage == 1 || g.widest() <= texTextWidth {
			return g
		}
	}
}

// widest is the width of the widest page of g, in cm. O(len(g.Boxes)).
func (g *texTreeGeometry) widest() float64 {
	left, right := map[int]float64{}, map[int]float64{}
	for _, b := range g.Boxes {
		if l, ok := left[b.Page]; !ok || b.X-b.W/2 < l {
			left[b.Page] = b.X - b.W/2
		}
		if r, ok := right[b.Page]; !ok || b.X+b.W/2 > r {
			right[b.Page] = b.X + b.W/2
		}
	}
	w := 0.0
	for pg, l := range left {
		w = max(w, right[pg]-l)
	}
	return w
}

// placeBoxes places every node of g's layout with perPage levels a page.
func (g *texTreeGeometry) placeBoxes(perPage int) {
	l, slot, step := g.Layout, g.Slot, g.Step
	g.Pages = (l.Levels + perPage - 1) / perPage
	g.Boxes = g.Boxes[:0]
	for _, i := range l.Order {
		lines := strings.Count(g.Labels[i], "\n") + 1
		longest := 0
		for _, line := range strings.Split(g.Labels[i], "\n") {
			longest = max(longest, len([]rune(line)))
		}
		hidden := 0
		if l.Collapsed[i] {
			hidden = l.Hidden[i]
		}
		if hidden > 0 {
			lines++
			longest = max(longest, len(fmt.Sprintf("+ %d more nodes", hidden)))
		}
		page := l.Y[i] / perPage
		g.Boxes = append(g.Boxes, texBox{
			Index: i, Page: page, Hidden: hidden,
			X: l.X[i] * slot * g.Scale, Y: float64(l.Y[i]-page*perPage) * step * g.Scale,
			W: (texCharWidth*float64(longest) + texPad) * g.Scale, H: (texLineHeight*float64(lines) + texPad) * g.Scale,
		})
	}
}

// texFocus is the path the summarised tree keeps: the solution path once
// solved, else the path in tree to the node of tree expanded last (the
// root before any step). Node ids, root first. O(len(tree)).
func texFocus(solution []int, tree []stepper.NodeInfo) []int {
	if len(solution) > 0 {
		return solution
	}
	if len(tree) == 0 {
		return nil
	}
	index := make(map[int]int, len(tree)) // ids are not consecutive once forgotten nodes are folded
	last, lastOrder := tree[0].ID, 0
	for i, n := range tree {
		index[n.ID] = i
		if n.Order > lastOrder {
			last, lastOrder = n.ID, n.Order
		}
	}
	var path []int
	for id := last; ; {
		i, ok := index[id]
		if !ok {
			break
		}
		path = append(path, id)
		if len(path) > len(tree) {
			break // a parent cycle: bad input, stop
		}
		id = tree[i].Parent
	}
	slices.Reverse(path)
	return path
}

// texHalf is one tree the LaTeX export draws, under its title ("" for the
// only tree of a one-way search).
type texHalf struct {
	Title string
	Snap  stepper.Snapshot
}

// texHalves is the snapshot as the trees the LaTeX export draws: a
// bidirectional search's forward and backward trees apart, each laid out
// (and summarised, scaled, paged) on its own so that each fits the page,
// with its part of the solution path; any other search's one tree.
// O(nodes).
func texHalves(sn stepper.Snapshot) []texHalf {
	bidi := false
	for _, n := range sn.Tree {
		bidi = bidi || n.Dir == stepper.Backward
	}
	if !bidi {
		return []texHalf{{Snap: sn}}
	}
	dir := make(map[int]stepper.Direction, len(sn.Tree))
	for _, n := range sn.Tree {
		dir[n.ID] = n.Dir
	}
	half := func(d stepper.Direction, title string) texHalf {
		h := texHalf{Title: title, Snap: sn}
		h.Snap.Tree, h.Snap.Path = nil, nil
		for _, n := range sn.Tree {
			if n.Dir == d {
				h.Snap.Tree = append(h.Snap.Tree, n)
			}
		}
		for _, id := range sn.Path {
			if dir[id] == d {
				h.Snap.Path = append(h.Snap.Path, id)
			}
		}
		if d == stepper.Backward {
			slices.Reverse(h.Snap.Path) // root (the goal) first, as texFocus expects
		}
		return h
	}
	return []texHalf{half(stepper.Forward, "The forward tree, grown from the start"), half(stepper.Backward, "The backward tree, grown from the goal")}
}

// texTree draws the snapshot's trees (texHalves) with TikZ.
func texTree(p *printer, kind string, fam wire.Family, sn stepper.Snapshot) {
	if len(sn.Tree) == 0 {
		p.f("(no nodes)\n")
		return
	}
	for _, h := range texHalves(sn) {
		if h.Title != "" {
			p.f("\\paragraph{%s} ", h.Title)
		}
		texOneTree(p, kind, fam, h.Snap)
	}
}

// texOneTree draws one tree with TikZ as layoutTeXTree places it: one
// tikzpicture per page, edges within a page, and a short stub above a node
// whose parent is on the page before.
func texOneTree(p *printer, kind string, fam wire.Family, sn stepper.Snapshot) {
	if len(sn.Tree) == 0 {
		p.f("(no nodes)\n\n")
		return
	}
	g := layoutTeXTree(kind, fam, sn)
	l, tree := g.Layout, g.Tree
	p.f("Closed nodes: grey boxes numbered in expansion order; open: dashed; goal: double frame; discarded duplicates: dotted.")
	if len(g.Folded) > 0 {
		p.f(" Each subtree RBFS forgot is folded into its root, which counts its nodes and holds their best f, backed up (as in AIMA's Figure 3.27).")
	}
	if note := g.Cut.note("the " + focusWords(sn)); note != "" {
		p.f(" %s", tex(note))
	}
	if g.Summarised && g.Cut.folded() {
		p.f(" Even these are too many to draw legibly on a page: shown are the %s (%d nodes) and every child of a node on it; a bold box counts the nodes summarised under it.", focusWords(sn), len(g.Focus))
	} else if g.Summarised {
		p.f(" The tree has %d nodes, too many to draw legibly on a page: shown are the %s (%d nodes) and every child of a node on it; a bold box counts the nodes summarised under it. Export \\texttt{svg} or \\texttt{dot} for the whole tree.", len(sn.Tree), map[bool]string{true: "solution path", false: "path to the node expanded last"}[len(sn.Path) > 0], len(g.Focus))
	}
	if g.Pages > 1 {
		p.f(" The tree is split by levels over %d pictures.", g.Pages)
	}
	p.f("\n\n")
	page := make(map[int]int, len(g.Boxes))
	for _, b := range g.Boxes {
		page[b.Index] = b.Page
	}
	for pg := 0; pg < g.Pages; pg++ {
		p.f("\\begin{center}\n\\begin{tikzpicture}[x=%.3fcm, y=-%.3fcm, every node/.append style={scale=%.3f}]\n", g.Slot*g.Scale, g.Step*g.Scale, g.Scale)
		for _, b := range g.Boxes {
			if b.Page != pg {
				continue
			}
			n := tree[b.Index]
			style := map[stepper.NodeStatus]string{stepper.NodeClosed: "closed", stepper.NodeOpen: "open", stepper.NodeGoal: "goal", stepper.NodeCutoff: "cutoff"}[n.Status]
			if style == "" {
				style = "discarded"
			}
			lines := strings.Split(g.Labels[b.Index], "\n")
			for k := range lines {
				lines[k] = tex(lines[k])
			}
			if strings.HasPrefix(g.Labels[b.Index], "via ") {
				lines[0] = "\\textit{" + lines[0] + "}"
			}
			if b.Hidden > 0 {
				style += ", summary"
				lines = append(lines, fmt.Sprintf("\\textbf{+ %d more nodes}", b.Hidden))
			}
			p.f("\\node[%s] (n%d) at (%.3f,%.3f) {%s};\n", style, n.ID, l.X[b.Index], b.Y/(g.Step*g.Scale), strings.Join(lines, "\\\\ "))
		}
		for _, b := range g.Boxes {
			if b.Page != pg {
				continue
			}
			pi := l.Parent[b.Index]
			switch {
			case pi < 0:
			case page[pi] == pg:
				p.f("\\draw (n%d) -- (n%d);\n", tree[pi].ID, tree[b.Index].ID)
			default:
				p.f("\\draw[dashed] (n%d.north) -- ++(0,-0.4) node[above, font=\\tiny] {from %s};\n", tree[b.Index].ID, tex(tree[pi].State.String()))
			}
		}
		p.f("\\end{tikzpicture}\n\\end{center}\n")
	}
}

// maxTeXNodes is the most tree nodes a LaTeX export draws: past it TikZ
// takes minutes and the pages are unreadable. A bigger tree is folded
// (foldTree) before it is laid out.
const maxTeXNodes = 300
