package viz

import (
	"fmt"
	"io"
	"strings"

	"stepviz/internal/words"
	"stepviz/stepper"
	"stepviz/stepper/puzzle"
	"stepviz/wire"
)

// Detail chooses how much each tree node shows.
type Detail int

// The detail levels.
const (
	// DetailAuto draws full nodes up to AutoCompactAbove visible nodes and
	// compact ones past that.
	DetailAuto Detail = iota
	// DetailFull draws each node as a box with its state in small (a mini
	// board, a cell, a city) and its g, h and f.
	DetailFull
	// DetailCompact draws each node as a small circle, status only, for
	// trees of thousands of nodes (about 120 bytes a node).
	DetailCompact
)

// AutoCompactAbove is the number of visible nodes past which [DetailAuto]
// draws compact nodes.
const AutoCompactAbove = 1500

// TreeOptions tune [TreeSVG]. The zero value draws every node in full
// detail, discarded ones included, with a legend and no edge labels.
type TreeOptions struct {
	// Collapsed lists node ids whose descendants are hidden; such a node
	// shows how many it hides ("+12").
	Collapsed []int
	// Selected lists node ids to ring (the node the inspector shows).
	Selected []int
	// EdgeLabels writes each edge's action ("up", "Sibiu") on it.
	EdgeLabels bool
	// HideDiscarded leaves out the nodes dropped as duplicates or too deep.
	HideDiscarded bool
	// NoLegend leaves out the legend.
	NoLegend bool
	// Detail is DetailAuto, DetailFull or DetailCompact.
	Detail Detail
	// Algorithm, when set, picks the numbers a node shows: g, h and f for a
	// search with a heuristic, its family's box numbers otherwise (depth
	// and g for a depth-ordered search, g for uniform cost); g, h and f
	// when unset.
	Algorithm stepper.Algorithm
	// Title, when set, is written above the tree.
	Title string
	// FoldForgotten draws each subtree RBFS forgot as its root alone,
	// marked "▸ +N forgotten" with its f (the best f of the subtree,
	// backed up) flagged ↑, as AIMA's Figure 3.27 draws it. Without it the
	// forgotten nodes are drawn, faded.
	FoldForgotten bool
	// Pruned lists the nodes beam search dropped from its beam (a
	// snapshot shows them as discarded; [PrunedIDs] lists them), drawn as
	// pruned.
	Pruned []int
}

// Geometry of the tree drawing, in pixels.
const (
	boxW, boxH     = 88.0, 52.0
	slotW, levelH  = 100.0, 100.0
	dotR           = 5.0
	dotSlot        = 15.0
	dotLevel       = 42.0
	margin         = 16.0
	legendRowH     = 22.0
	legendColW     = 230.0
	titleH         = 24.0
	miniBoard      = 40.0
	badgeR         = 8.0
	collapsedLabel = 16.0
)

// TreeSVG draws the search tree of snap as a standalone SVG document: a
// tidy layout ([LayoutTree]), each node with its status ([Statuses]) told
// by colour, outline and a letter badge, the solution path's edges drawn
// thick, the family styles drawn as classes on the nodes (cut off,
// forgotten or folded, current path, goal's tree, meeting node, pruned:
// [FamilyStyles]), and a legend of the statuses and of the family styles
// the picture draws.
//
// Every node is an element with class "node <status>" (plus "selected",
// "collapsed", "goal" where they apply), data-id (the node id),
// data-testid="tree-node" and data-state (its state); the document's root
// carries class "stepviz-tree" and scopes its style sheet to it, so the SVG
// can be inlined in a page. inst, which may be nil, says how to draw a
// state in small (a puzzle's mini board). The output is valid XML with all
// text escaped. It fails only when w does. O(nodes).
func TreeSVG(w io.Writer, inst stepper.Instance, snap stepper.Snapshot, opt TreeOptions) error {
	nodes := snap.Tree
	if opt.HideDiscarded {
		nodes = make([]stepper.NodeInfo, 0, len(snap.Tree))
		for _, n := range snap.Tree {
			if n.Status != stepper.NodeDiscarded {
				nodes = append(nodes, n)
			}
		}
	}
	var folded map[int]int
	if opt.FoldForgotten {
		nodes, folded = FoldForgotten(nodes)
	}
	l := LayoutTree(nodes, opt.Collapsed...)
	status := Statuses(snap)
	compact := opt.Detail == DetailCompact || (opt.Detail == DetailAuto && len(l.Order) > AutoCompactAbove)
	index := indexByID(snap.Tree)
	d := treeDrawing{
		sw: newSVGWriter(w), nodes: nodes, l: l,
		status: func(id int) Status {
			if i, ok := index(id); ok {
				return status[i]
			}
			return StatusOpen
		},
		opt: opt, fam: DescribeFamily(stepper.Options{Algorithm: opt.Algorithm}), compact: compact, onPath: make(map[int]bool, len(snap.Path)),
		selected: make(map[int]bool, len(opt.Selected)), folded: folded,
	}
	if len(opt.Pruned) > 0 {
		d.pruned = make(map[int]bool, len(opt.Pruned))
		for _, id := range opt.Pruned {
			d.pruned[id] = true
		}
	}
	for _, id := range snap.Path {
		d.onPath[id] = true
	}
	for _, id := range opt.Selected {
		d.selected[id] = true
	}
	if dp := snap.Deepening; dp != nil && len(snap.Path) == 0 {
		d.current = make(map[int]bool, len(dp.Current))
		for _, id := range dp.Current {
			d.current[id] = true
		}
	}
	if b := snap.Bidirectional; b != nil && !isInf(b.Mu) {
		d.meet = map[int]bool{b.MeetForward: true, b.MeetBackward: true}
	}
	if p, ok := inst.(puzzleView); ok {
		d.puzzleN = p.Size()
	}
	d.draw(snap)
	return d.sw.flush()
}

type treeDrawing struct {
	sw       *svgWriter
	nodes    []stepper.NodeInfo // the nodes laid out (maybe without discarded ones)
	l        *TreeLayout
	status   func(id int) Status
	opt      TreeOptions
	fam      wire.Family // the family of opt.Algorithm: the numbers a box shows
	compact  bool
	onPath   map[int]bool
	selected map[int]bool
	// meet are a bidirectional search's meeting nodes (one per tree);
	// current the depth-first family's current path (the stack's spine).
	meet, current map[int]bool
	// pruned are beam search's pruned nodes; folded counts the forgotten
	// nodes folded under each root of a forgotten subtree (by id).
	pruned  map[int]bool
	folded  map[int]int
	puzzleN int
	styles  []StyleEntry // the family styles the picture uses, for the legend

	top float64 // y of the first level
}

// center returns the pixel centre of laid-out node i.
// A bidirectional search's backward tree (the goal's, Dir "backward") is
// drawn upside down, its root on the last level, so that the two trees
// grow toward each other.
func (d *treeDrawing) center(i int) (x, y float64) {
	level := d.l.Y[i]
	if d.up(i) {
		level = d.l.Levels - 1 - level
	}
	if d.compact {
		return margin + dotR + d.l.X[i]*dotSlot, d.top + dotR + float64(level)*dotLevel
	}
	return margin + boxW/2 + d.l.X[i]*slotW, d.top + boxH/2 + float64(level)*levelH
}

// up reports whether laid-out node i is drawn growing up: a node of a
// bidirectional search's backward tree.
func (d *treeDrawing) up(i int) bool { return d.nodes[i].Dir == stepper.Backward }

func (d *treeDrawing) draw(snap stepper.Snapshot) {
	sw, l := d.sw, d.l
	var treeW, treeH float64
	if l.Levels > 0 {
		if d.compact {
			treeW = (l.Width-1)*dotSlot + 2*dotR
			treeH = float64(l.Levels-1)*dotLevel + 2*dotR
		} else {
			treeW = (l.Width-1)*slotW + boxW
			treeH = float64(l.Levels-1)*levelH + boxH + collapsedLabel
		}
	}
	d.styles = d.usedStyles()
	entries := len(StatusLegend) + len(d.styles)
	// wide enough for the title too (0.6 em a character at 14 px), which
	// was cut off at the picture's edge
	width := max(treeW+2*margin, 2*legendColW+2*margin, float64(len([]rune(d.opt.Title)))*14*0.6+2*margin)
	legendCols := max(1, min(entries, int((width-2*margin)/legendColW)))
	legendRows := (entries + legendCols - 1) / legendCols
	d.top = margin + badgeR
	if d.opt.Title != "" {
		d.top += titleH
	}
	if !d.opt.NoLegend {
		d.top += float64(legendRows)*legendRowH + 10
	}
	height := d.top + treeH + margin

	sw.s(`<svg xmlns="http://www.w3.org/2000/svg" class="stepviz-tree`)
	if d.compact {
		sw.s(" compact")
	}
	sw.s(`" role="img"`)
	sw.fattr("width", width)
	sw.fattr("height", height)
	sw.s(` viewBox="0 0 `)
	sw.xy(width, height)
	sw.s(`"`)
	sw.attr("aria-label", fmt.Sprintf("search tree at step %d: %s, %d open, %d closed", snap.Step, words.Count(len(snap.Tree), "node", "nodes"), len(snap.Open), len(snap.Closed)))
	sw.s(">\n")
	sw.s("<title>")
	sw.text(fmt.Sprintf("Search tree, step %d", snap.Step))
	sw.s("</title>\n")
	writeTreeStyle(sw)
	sw.s(`<rect class="bg" x="0" y="0" width="100%" height="100%"/>` + "\n")
	y := margin
	if d.opt.Title != "" {
		sw.textEl(margin, y+14, `class="title"`, d.opt.Title)
		y += titleH
	}
	if !d.opt.NoLegend {
		writeLegend(sw, margin, y, legendCols, d.styles)
	}
	d.edges()
	if d.compact {
		d.dots()
	} else {
		d.boxes()
	}
	sw.s("</svg>\n")
}

// edges draws every parent-child link as one path (and the solution path's
// links as another), then the action labels.
func (d *treeDrawing) edges() {
	sw, l := d.sw, d.l
	for _, pathPass := range []bool{false, true} {
		started := false
		for _, i := range l.Order {
			p := l.Parent[i]
			if p < 0 || (d.onPath[d.nodes[i].ID] && d.onPath[d.nodes[p].ID]) != pathPass {
				continue
			}
			if !started {
				sw.s(`<path class="edge`)
				if pathPass {
					sw.s(" path")
				}
				sw.s(`" d="`)
				started = true
			}
			px, py := d.center(p)
			cx, cy := d.center(i)
			dir := 1.0 // down; -1 for the backward tree, which grows up
			if d.up(i) {
				dir = -1
			}
			if d.compact {
				sw.s("M")
				sw.xy(px, py+dir*dotR)
				sw.s("L")
				sw.xy(cx, cy-dir*dotR)
				continue
			}
			y0, y1 := py+dir*boxH/2, cy-dir*boxH/2
			mid := (y0 + y1) / 2
			sw.s("M")
			sw.xy(px, y0)
			sw.s("C")
			sw.xy(px, mid)
			sw.s(" ")
			sw.xy(cx, mid)
			sw.s(" ")
			sw.xy(cx, y1)
		}
		if started {
			sw.s(`"/>` + "\n")
		}
	}
	if !d.opt.EdgeLabels || d.compact {
		return
	}
	for _, i := range l.Order {
		p := l.Parent[i]
		if p < 0 || d.nodes[i].Action == "" {
			continue
		}
		// Just above the child, where siblings are a slot apart.
		cx, cy := d.center(i)
		sw.textEl(cx, cy-boxH/2-14, `class="elabel"`+fitAttr(d.nodes[i].Action, 10, slotW-6), d.nodes[i].Action)
	}
	sw.s("\n")
}

// classes is the class list of laid-out node i.
func (d *treeDrawing) classes(n stepper.NodeInfo, i int) string {
	st := d.status(n.ID)
	c := "node " + string(st)
	switch n.Status {
	case stepper.NodeGoal:
		c += " goal"
	case stepper.NodeCutoff:
		c += " cutoff"
	case stepper.NodeForgotten:
		c += " forgotten"
	}
	if d.up(i) {
		c += " backward"
	}
	if d.meet[n.ID] {
		c += " meet"
	}
	if d.current[n.ID] {
		c += " on-current-path"
	}
	if d.pruned[n.ID] {
		c += " pruned"
	}
	if d.folded[n.ID] > 0 {
		c += " folded"
	}
	if d.l.Collapsed[i] {
		c += " collapsed"
	}
	if d.selected[n.ID] {
		c += " selected"
	}
	return c
}

func (d *treeDrawing) dots() {
	sw := d.sw
	for _, i := range d.l.Order {
		n := d.nodes[i]
		x, y := d.center(i)
		sw.s(`<circle class="box `)
		sw.s(d.classes(n, i))
		sw.s(`" data-testid="tree-node" data-id="`)
		sw.i(n.ID)
		sw.s(`"`)
		sw.attr("data-state", n.State.String())
		sw.fattr("cx", x)
		sw.fattr("cy", y)
		sw.s(` r="5"/>`)
		if i%8 == 7 {
			sw.s("\n")
		}
	}
	sw.s("\n")
}

func (d *treeDrawing) boxes() {
	sw := d.sw
	for _, i := range d.l.Order {
		n := d.nodes[i]
		st := d.status(n.ID)
		cx, cy := d.center(i)
		x0, y0 := cx-boxW/2, cy-boxH/2
		classes := d.classes(n, i)
		sw.s(`<g class="`)
		sw.s(classes)
		sw.s(`" data-testid="tree-node" data-id="`)
		sw.i(n.ID)
		sw.s(`"`)
		sw.attr("data-state", n.State.String())
		sw.s(` transform="translate(`)
		sw.xy(x0, y0)
		sw.s(`)">`)
		sw.s("<title>")
		sw.text(d.tooltip(n, st))
		sw.s("</title>")
		if d.selected[n.ID] {
			sw.s(`<rect class="sel" x="-7" y="-7" width="102" height="66" rx="9"/>`)
		}
		if LegendFor(st).Double {
			sw.s(`<rect class="ring" x="-4" y="-4" width="96" height="60" rx="7"/>`)
		}
		sw.s(`<rect class="box" width="88" height="52" rx="5"/>`)
		tiles := d.tiles(n.State.String())
		if tiles != nil {
			d.miniBoard(tiles)
			d.numbers(n, 64, true)
		} else {
			sw.textEl(boxW/2, 19, `class="state"`+fitAttr(n.State.String(), 12, boxW-10), n.State.String())
			d.numbers(n, boxW/2, false)
		}
		sw.textEl(boxW-3, 9, `class="nid"`, "#"+itoa(n.ID))
		sw.s(`<circle class="badge" r="8"/>`)
		letter := LegendFor(st).Letter
		if l := familyLetter(classes); l != "" {
			letter = l // as the live page badges a cut-off, forgotten or pruned node
		}
		sw.textEl(0, 3.5, `class="badge-l"`, letter)
		switch {
		case d.l.Collapsed[i] && d.folded[n.ID] > 0:
			sw.textEl(boxW/2, boxH+13, `class="more"`, fmt.Sprintf("▸ +%d hidden, +%d forgotten", d.l.Hidden[i], d.folded[n.ID]))
		case d.l.Collapsed[i]:
			sw.textEl(boxW/2, boxH+13, `class="more"`, fmt.Sprintf("▸ +%d hidden", d.l.Hidden[i]))
		case d.folded[n.ID] > 0:
			sw.textEl(boxW/2, boxH+13, `class="more fold"`, fmt.Sprintf("▸ +%d forgotten", d.folded[n.ID]))
		}
		sw.s("</g>\n")
	}
}

// numbers writes a node's numbers: stacked in a column at x for a puzzle
// node, as two centred lines under the state otherwise; the first (f, or
// what the search orders by) bold. A search with a heuristic shows g, h
// and f; one without shows its family's box numbers ([wire.Family.Box]:
// the depth and g, or g alone), never an h it does not compute.
func (d *treeDrawing) numbers(n stepper.NodeInfo, x float64, column bool) {
	sw := d.sw
	var lines []string
	if d.heuristic() {
		f := "f " + n.Shown().F
		if d.folded[n.ID] > 0 {
			f += " ↑" // backed up from the forgotten subtree
		}
		lines = []string{f, "g " + num(n.G), "h " + n.Shown().H}
	} else {
		for _, b := range d.fam.Box {
			v := num(n.G)
			if b == wire.BoxDepth {
				v = itoa(n.Depth)
			}
			lines = append(lines, b+" "+v)
		}
	}
	if column {
		for i, l := range lines {
			class := `class="gh"`
			if i == 0 {
				class = `class="fv"`
			}
			sw.textEl(x, 22+12.5*float64(i), class, l)
		}
		return
	}
	sw.textEl(x, 33, `class="fv"`, lines[0])
	if line := strings.Join(lines[1:], "  "); line != "" {
		sw.textEl(x, 46, `class="gh"`+fitAttr(line, 10, boxW-8), line)
	}
}

// heuristic reports whether the drawn search orders by h, so that its
// nodes show h and f (true when the algorithm is not set). O(1).
func (d *treeDrawing) heuristic() bool {
	return d.opt.Algorithm == "" || d.fam.Heuristic
}

func (d *treeDrawing) tooltip(n stepper.NodeInfo, st Status) string {
	var b strings.Builder
	if d.heuristic() {
		fmt.Fprintf(&b, "node %d: %s, g %s h %s f %s, depth %d, %s", n.ID, n.State, num(n.G), n.Shown().H, n.Shown().F, n.Depth, LegendFor(st).Label)
	} else {
		fmt.Fprintf(&b, "node %d: %s, g %s, depth %d, %s", n.ID, n.State, num(n.G), n.Depth, LegendFor(st).Label)
	}
	if n.Order > 0 {
		fmt.Fprintf(&b, ", expanded at step %d", n.Order)
	}
	switch n.Status {
	case stepper.NodeCutoff:
		b.WriteString(", cut off: not expanded (at the depth limit, or f over the threshold)")
	case stepper.NodeForgotten:
		b.WriteString(", forgotten: its subtree was dropped on unwinding, its best f stored at its root")
	}
	if k := d.folded[n.ID]; k > 0 {
		fmt.Fprintf(&b, ", %d forgotten nodes folded below it: RBFS dropped its subtree on unwinding and backed its best f (%s) up to it", k, n.Shown().F)
	}
	if d.pruned[n.ID] {
		b.WriteString(", pruned: dropped from the beam")
	}
	if n.Dir != 0 {
		fmt.Fprintf(&b, ", %s tree", n.Dir)
	}
	if n.Action != "" {
		fmt.Fprintf(&b, ", reached by %s", n.Action)
	}
	return b.String()
}

// tiles returns the puzzle tiles of a state, or nil when the instance is not
// a puzzle or the state does not parse.
func (d *treeDrawing) tiles(state string) []int {
	if d.puzzleN == 0 {
		return nil
	}
	t, err := puzzle.ParseTiles(state)
	if err != nil || len(t) != d.puzzleN*d.puzzleN {
		return nil
	}
	return t
}

// miniBoard draws an N×N board in the top left of a node box.
func (d *treeDrawing) miniBoard(tiles []int) {
	sw := d.sw
	n := d.puzzleN
	c := miniBoard / float64(n)
	x0, y0 := 6.0, 6.0
	sw.s(`<g class="mini">`)
	sw.plainBoard(tiles, n, x0, y0, c, tileText{"tn", 0.72, 0.68, 1})
	sw.s("</g>")
}
