package export

import (
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// MaxDrawnGameNodes bounds the nodes (generated and pruned) a game tree
// drawing holds: past it no one reads the labels, and a bigger tree is
// drawn folded (foldGame).
const MaxDrawnGameNodes = 200

// gameLayout places a game view's nodes, the pruned branches among them
// (after their parent's generated children, the order they come in):
// leaves left to right in depth-first order, a parent centred over its
// children, neighbours spaced so that their texts stay apart
// (spaceGame). All is the generated nodes then the pruned ones; kids lists
// each node's children by index into all. O(nodes).
type gameLayout struct {
	all  []game.ViewNode
	kids [][]int
	x, y []float64
	w, h float64
	note string // what a folded drawing leaves out, "" when whole
	// board is the view's Board (columns of a State drawn as a board
	// beside its node, 0 none); noteY is how far below a node's centre
	// its first note's baseline lies, edgeY where its edges to its
	// children start (under its last note).
	board        int
	noteY, edgeY float64
	// rowH is a level's height, deepest the deepest depth drawn; reach
	// how far below a node's centre a board beside it reaches (0: none).
	rowH    float64
	deepest int
	reach   float64
}

// setRowH makes l's levels rowH tall: each node's y and the drawing's
// height follow. O(nodes).
func (l *gameLayout) setRowH(rowH float64) {
	l.rowH = rowH
	for i := range l.all {
		l.y[i] = gameTop + float64(l.all[i].Depth)*rowH
	}
	l.h = gameTop + float64(l.deepest)*rowH + max(l.edgeY, l.reach) + 24
}

// gameDrawn is what a drawing of v holds: the nodes generated, then the
// branches pruned; at step 0, before any node is visited, the root the
// search starts from (View.Start), so that the picture is never empty.
func gameDrawn(v *game.View) []game.ViewNode {
	if len(v.Nodes) == 0 && v.Start != nil {
		return []game.ViewNode{*v.Start}
	}
	return append(append([]game.ViewNode(nil), v.Nodes...), v.Cut...)
}

// foldGame keeps a tree too big to draw to the deepest level d at which
// the nodes to depth d, with the current path and the principal
// variation below it, number at most limit; Parent indexes are
// renumbered into the result, whose order is the view's (generated, then
// pruned). O(nodes).
func foldGame(v *game.View, limit int) ([]game.ViewNode, int) {
	n := len(v.Nodes)
	node := func(i int) *game.ViewNode {
		if i < n {
			return &v.Nodes[i]
		}
		return &v.Cut[i-n]
	}
	total := n + len(v.Cut)
	onPath := map[int]bool{}
	for _, id := range v.Path {
		onPath[id] = true
	}
	for _, id := range v.PV {
		onPath[id] = true
	}
	byDepth := map[int]int{}
	for i := range total {
		if x := node(i); !(x.ID >= 0 && onPath[x.ID]) {
			byDepth[x.Depth]++
		}
	}
	d, count := 0, len(onPath)+byDepth[0]
	for count+byDepth[d+1] <= limit && byDepth[d+1] > 0 {
		d++
		count += byDepth[d]
	}
	newID := make([]int, n)
	var out []game.ViewNode
	for i := range total {
		x := node(i)
		if x.Depth > d && !(x.ID >= 0 && onPath[x.ID]) {
			if i < n {
				newID[i] = -1
			}
			continue
		}
		c := *x
		if i < n {
			newID[i] = len(out)
		}
		if c.Parent >= 0 {
			c.Parent = newID[c.Parent]
		}
		out = append(out, c)
	}
	return out, d
}

// gameColW is the width of a leaf's column (the least distance between
// two leaves' centres, spaceGame); gameTop the root's centre
// under the heading. A level is as tall as its nodes' notes need
// (gameLevel).
const (
	gameColW = 96.0
	gameTop  = 78.0
)

// The vertical measures of a level, in px: a node's shape reaches
// gameShapeDown below its centre; its notes are gameNoteH apart, the
// first gameNoteY below the centre (or gameBoardNoteGap under the last row
// of a board drawn beside it, which reaches lower than the shape); an edge is
// at least gameEdgeMin long, for its move's name, and ends
// gameShapeUp above the child's centre (a MAX triangle's apex).
const (
	gameShapeDown    = 12.0
	gameShapeUp      = 14.0
	gameNoteY        = 24.0
	gameBoardNoteGap = 12.0
	gameNoteH        = 11.0
	gameEdgeMin      = 40.0
)

// gameLevel is where the notes and the edges of a node lie below its
// centre and the height of a level, for nodes of at most lines notes,
// beside a board of at most rows rows (0: none).
func gameLevel(lines, rows int) (noteY, edgeY, rowH float64) {
	noteY = gameNoteY
	if rows > 0 {
		noteY = max(noteY, boardBottom(rows)+gameBoardNoteGap)
	}
	edgeY = gameShapeDown + 6
	if lines > 0 {
		edgeY = noteY + gameNoteH*float64(lines-1) + 6
	}
	return noteY, edgeY, edgeY + gameEdgeMin + gameShapeUp
}

// MaxGameSVGWidth bounds a game tree drawing's width, in px: a 1280×720
// slide shows it at 1:1 and a landscape A4 page prints it at about 0.8.
// A tree up to 1/gameMinScale as wide is drawn scaled down to it (its
// smallest labels, 9 px, at 6.75 px or more, as the LaTeX export never
// goes below texMinScale); a wider one (nim's, tic-tac-toe's) is drawn
// to the depth that fits, with the current path and the principal
// variation below it, and says so: a lecturer gets the top of the tree
// and the line of play readable rather than the whole tree too small to
// read.
const (
	MaxGameSVGWidth = 1280.0
	gameMinScale    = 0.75
)

// gameTreeWidth is the least width a tree of cols leaf columns is drawn
// (spaceGame widens it where neighbours' texts need room).
func gameTreeWidth(cols float64) float64 { return max(cols*gameColW, 420) }

// layoutGame places v's tree (spaceGame), folded (foldGame) when it has
// more than MaxDrawnGameNodes nodes or is wider than
// MaxGameSVGWidth/gameMinScale: to fewer nodes, a quarter fewer at a
// time, until it fits. O(nodes² · folds), at most about twenty folds
// (from MaxDrawnGameNodes down to one).
func layoutGame(v *game.View) (*gameLayout, error) {
	all := gameDrawn(v)
	total := len(all)
	fits := func(all []game.ViewNode) bool {
		kids, col, cols, _ := placeGame(all)
		if gameTreeWidth(cols) > MaxGameSVGWidth/gameMinScale {
			return false // spacing only widens it
		}
		_, w := spaceGame(all, kids, col, v.Board)
		return w <= MaxGameSVGWidth/gameMinScale
	}
	note := ""
	if total > MaxDrawnGameNodes || !fits(all) {
		var d int
		for limit := min(total, MaxDrawnGameNodes); ; limit = limit * 3 / 4 {
			if all, d = foldGame(v, limit); fits(all) || limit <= 1 {
				break
			}
		}
		note = fmt.Sprintf("drawn: the nodes to depth %d and the current path, %d of %d nodes, to fit a page (give -steps N for an earlier step, or depth=)", d, len(all), total)
	}
	l := &gameLayout{all: all, y: make([]float64, len(all)), note: note, board: v.Board}
	lines, rows := 0, 0
	for i := range all {
		lines = max(lines, len(gameNotes(&all[i], all[i].Text.Value != all[i].State)))
		if len([]rune(all[i].State)) > gameInside {
			rows = max(rows, len(boardRows(all[i].State, l.board)))
		}
	}
	var rowH float64
	l.noteY, l.edgeY, rowH = gameLevel(lines, rows)
	var col []float64
	l.kids, col, _, l.deepest = placeGame(all)
	l.x, l.w = spaceGame(all, l.kids, col, l.board)
	if rows > 0 {
		l.reach = max(l.edgeY, boardBottom(rows))
	}
	l.setRowH(rowH)
	return l, nil
}

// placeGame places the tree all (the root first, Parent indexing into
// all): leaves in columns 0, 1, ... left to right in depth-first order, a
// parent centred over its children. It returns each node's children, its
// column, the number of columns and the deepest depth. O(nodes).
func placeGame(all []game.ViewNode) (kids [][]int, col []float64, cols float64, deepest int) {
	kids, col = make([][]int, len(all)), make([]float64, len(all))
	for i, n := range all {
		if n.Parent >= 0 {
			kids[n.Parent] = append(kids[n.Parent], i)
		}
	}
	var place func(i int)
	place = func(i int) {
		deepest = max(deepest, all[i].Depth)
		if len(kids[i]) == 0 {
			col[i] = cols
			cols++
			return
		}
		for _, k := range kids[i] {
			place(k)
		}
		col[i] = (col[kids[i][0]] + col[kids[i][len(kids[i])-1]]) / 2
	}
	if len(all) > 0 {
		place(0)
	}
	return kids, col, cols, deepest
}

// titleCharW and lineCharW are the widths GameSVG allows a character of
// its 13 px bold title and of its 11 px lines (sans-serif, generous).
const (
	titleCharW = 8.0
	lineCharW  = 6.5
)

// GameSVG draws a game view's tree as AIMA Figs. 5.2 and 5.5 do: MAX
// nodes as upward triangles, MIN downward, chance nodes circles and
// leaves squares; under each its value so far, its α/β window and its
// range of possible values (alpha-beta), or its wins/visits and UCB1
// (MCTS). Pruned branches are dashed, crossed and labelled with the cut's
// reason; the current path is drawn bold, the principal variation red;
// each edge's move is written beside it, clear of every line
// (placeMoveLabels). Every number is the view's text. O(nodes²) for the
// labels' places, at most MaxDrawnGameNodes nodes.
func GameSVG(w io.Writer, v *game.View) error {
	l, err := layoutGame(v)
	if err != nil {
		return err
	}
	// the edges' labels, each clear of every line; where a wide family's
	// near-level edges leave one no room, the levels are drawn taller
	edges, marks := gameEdges(l)
	labels, missed := placeMoveLabels(l, edges, marks)
	for try := 0; missed > 0 && try < gameLabelTries; try++ {
		l.setRowH(l.rowH + gameLabelRoom)
		edges, marks = gameEdges(l)
		labels, missed = placeMoveLabels(l, edges, marks)
	}
	// wide enough for the title, the step's line and the note of what a
	// folded tree leaves out even when the tree drawn is narrow (step 0
	// draws the root alone; a folded one may be its current path alone)
	// (each clipped so that the drawing is scaled by gameMinScale at most)
	// and the result's line; and wide enough for every move's label
	says := clipText(v.Says, 160)
	title := clipText(v.Problem+" — "+v.Options, int(math.Floor((MaxGameSVGWidth/gameMinScale-16)/titleCharW)))
	result := ""
	if v.Status != game.Running {
		result = "value " + v.Value + " for MAX"
		if len(v.PVMoves) > 0 {
			result += ", principal variation " + strings.Join(v.PVMoves, " ")
		}
		result = clipText(result, int(math.Floor((MaxGameSVGWidth/gameMinScale-16)/lineCharW)))
	}
	l.w = max(l.w, 16+titleCharW*float64(utf8.RuneCountInString(title)), 16+lineCharW*float64(utf8.RuneCountInString(says)+12),
		16+lineCharW*float64(utf8.RuneCountInString(l.note)), 16+lineCharW*float64(utf8.RuneCountInString(result)))
	for i, m := range labels {
		if n := &l.all[i]; n.Parent >= 0 {
			w := moveCharW * float64(utf8.RuneCountInString(n.Move))
			switch m.anchor {
			case "start":
				l.w = max(l.w, m.x+w+gameMargin)
			case "middle":
				l.w = max(l.w, m.x+w/2+gameMargin)
			default:
				l.w = max(l.w, m.x+gameMargin)
			}
		}
	}
	l.w = math.Ceil(l.w)
	p := &printer{w: w}
	scale := min(1, MaxGameSVGWidth/l.w)
	p.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="sans-serif" font-size="11" data-step="%d">`+"\n",
		fnum(l.w), fnum(l.h), fnum(round2(l.w*scale)), fnum(round2(l.h*scale)), v.Step)
	p.f(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p.f(`<text x="8" y="16" font-size="13" font-weight="bold">%s</text>`+"\n", xmlText(title))
	p.f(`<text x="8" y="34" data-testid="says">step %d: %s</text>`+"\n", v.Step, xmlText(says))
	if l.note != "" {
		p.f(`<text x="8" y="%s" fill="#a00" data-testid="folded">%s</text>`+"\n", fnum(l.h-10), xmlText(l.note))
	}
	if result != "" {
		p.f(`<text x="8" y="50" data-testid="result">%s</text>`+"\n", xmlText(result))
	}
	// Edges first, under the nodes; then their moves' labels.
	for i, n := range l.all {
		if n.Parent < 0 {
			continue
		}
		e := edges[i]
		class, style, _ := gameEdgeStyle(&n)
		p.f(`<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" %s stroke-width="%s"/>`+"\n", class, fnum(e.x1), fnum(e.y1), fnum(e.x2), fnum(e.y2), style, fnum(2*e.hw))
		if n.Status == game.Pruned {
			mx, my := e.x1+(e.x2-e.x1)*0.6, e.y1+(e.y2-e.y1)*0.6
			p.f(`<path class="cut-mark" d="M%s %s l10 -6 M%s %s l10 -6" stroke="#c62828" stroke-width="2"/>`+"\n",
				fnum(mx-5), fnum(my+1), fnum(mx-5), fnum(my+6))
		}
	}
	for i, m := range labels {
		if n := &l.all[i]; n.Parent >= 0 {
			p.f(`<text class="move" x="%s" y="%s" font-size="9" fill="#666" text-anchor="%s">%s</text>`+"\n", fnum(m.x), fnum(m.y), m.anchor, xmlText(n.Move))
		}
	}
	for i, n := range l.all {
		parent := -1
		if n.Parent >= 0 {
			parent = l.all[n.Parent].ID
		}
		gameNodeSVG(p, l, &n, parent, l.x[i], l.y[i])
	}
	p.f("</svg>\n")
	return p.err
}

// gameNodeSVG draws one node of l; parent is its parent's ID in the view.
func gameNodeSVG(p *printer, l *gameLayout, n *game.ViewNode, parent int, x, y float64) {
	stroke, sw, fill, text := "#222", "1.2", "white", "#000"
	switch n.Status {
	case game.Pruned:
		stroke, fill, text = "#aaa", "#f3f3f3", "#999"
	case game.OnPath, game.Select:
		sw = "2.8"
	case game.Expand:
		sw, fill = "2.8", "#fff3c4"
	}
	if n.OnPV {
		stroke = "#c62828"
	}
	p.f(`<g class="node %s" data-node="%d" data-parent="%d" data-state="%s" data-move="%s" data-value="%s" data-window="%s" data-range="%s">`,
		n.Status, n.ID, parent, xmlText(n.State), xmlText(n.Move), xmlText(n.Text.Value), xmlText(n.Text.Window), xmlText(n.Text.Range))
	attrs := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="%s"`, fill, stroke, sw)
	switch {
	case n.Leaf || (n.Status == game.Pruned && n.Kids == 0 && n.Turn != game.Max && n.Turn != game.Min):
		p.f(`<rect x="%s" y="%s" width="24" height="22" %s/>`, fnum(x-12), fnum(y-11), attrs)
	case n.Turn == game.Max:
		p.f(`<path d="M%s %s l14 24 h-28 z" %s/>`, fnum(x), fnum(y-14), attrs)
	case n.Turn == game.Min:
		p.f(`<path d="M%s %s l14 -24 h-28 z" %s/>`, fnum(x), fnum(y+12), attrs)
	default:
		p.f(`<circle cx="%s" cy="%s" r="12" %s/>`, fnum(x), fnum(y), attrs)
	}
	gameLabelSVG(p, n.State, l.board, text, x, y)
	for j, s := range gameNotes(n, n.Text.Value != n.State) {
		p.f(`<text class="note" x="%s" y="%s" text-anchor="middle" font-size="9" fill="%s">%s</text>`, fnum(x), fnum(y+l.noteY+float64(j)*gameNoteH), text, xmlText(s))
	}
	p.f("</g>\n")
}

// gameInside is the longest name, in characters, written inside its
// node's shape (a letter, a number such as 14 or −2); gameBeside is how
// far right of a node's centre a longer name starts, clear of its
// widest shape (a triangle, 14 px either side).
const (
	gameInside = 3
	gameBeside = 18.0
)

// gameLabelSVG writes a node's name state, the node centred at x, y:
// inside its shape when it is gameInside characters or fewer, else
// beside it on the right, clear of the shape: a board of board columns
// (tic-tac-toe's, connect four's: boardRows) as its rows, a text each,
// one under another in a fixed-width font, from the top of the shape
// down; any other name on one line (clipped to ten characters). The name
// (a board's first row) is its node's first text.
func gameLabelSVG(p *printer, state string, board int, fill string, x, y float64) {
	if len([]rune(state)) <= gameInside {
		p.f(`<text x="%s" y="%s" text-anchor="middle" font-size="10" fill="%s">%s</text>`, fnum(x), fnum(y+4), fill, xmlText(state))
		return
	}
	if rows := boardRows(state, board); rows != nil {
		// a text a row (no tspan: the PNG rasteriser draws texts only)
		for i, row := range rows {
			p.f(`<text class="board" x="%s" y="%s" font-size="%s" font-family="monospace" fill="%s">%s</text>`, fnum(x+gameBeside), fnum(y+gameBoardTop+gameBoardRowH*float64(i)), fnum(gameBoardPx), fill, xmlText(row))
		}
		return
	}
	p.f(`<text x="%s" y="%s" font-size="10" fill="%s">%s</text>`, fnum(x+gameBeside), fnum(y+4), fill, xmlText(clipText(state, 10)))
}

// gameNotes are the lines a drawing writes under game node n: for a
// pruned branch "pruned" and the cut's reason; else its value (a leaf's
// only with leafValue), window and range (alpha-beta), wins and UCB1
// (MCTS), each as the view writes it.
func gameNotes(n *game.ViewNode, leafValue bool) []string {
	if n.Status == game.Pruned {
		return []string{"pruned", n.Why}
	}
	var lines []string
	if n.Text.Value != "" && (!n.Leaf || leafValue) {
		lines = append(lines, "v = "+n.Text.Value)
	}
	if n.Text.Window != "" {
		lines = append(lines, n.Text.Window)
	}
	if n.Text.Range != "" && n.Window && !n.Leaf {
		lines = append(lines, "range "+n.Text.Range)
	}
	if n.Text.Wins != "" {
		lines = append(lines, n.Text.Wins+" wins")
		if n.Parent >= 0 {
			lines = append(lines, "UCB1 "+n.Text.UCB1)
		}
	}
	return lines
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// gameDOT writes a game view's tree as a Graphviz digraph: each node's
// label holds its state, value and window (or wins/visits), pruned
// branches are dashed with the cut's reason, the principal variation bold.
// O(nodes).
func gameDOT(w io.Writer, v *game.View) error {
	if n := len(v.Nodes) + len(v.Cut); n > maxDOTNodes {
		return usererr.Errorf("export", "the tree at step %d has %d nodes; a DOT export holds at most %d: give -steps N or a smaller search", v.Step, n, maxDOTNodes)
	}
	p := &printer{w: w}
	p.f("// stepviz game tree\n// problem: %s\n// options: %s\n// step: %d (%s)\ndigraph game {\n", oneLine(v.Problem), v.Options, v.Step, v.Status)
	p.f("  label=%s;\n  labelloc=t;\n  node [fontname=\"Helvetica\", fontsize=10];\n", dotQuote(fmt.Sprintf("%s\n%s\nafter step %d: %s", v.Problem, v.Options, v.Step, v.Says)))
	node := func(id string, n *game.ViewNode) {
		shape := map[game.Turn]string{game.Max: "triangle", game.Min: "invtriangle", game.Chance: "circle"}[n.Turn]
		if n.Leaf {
			shape = "box"
		}
		lines := []string{n.Name}
		if n.Status == game.Pruned {
			lines = append(lines, "pruned: "+n.Why)
		} else {
			if n.Text.Value != "" && !n.Leaf {
				lines = append(lines, "v = "+n.Text.Value)
			}
			if n.Text.Window != "" {
				lines = append(lines, n.Text.Window)
			}
			if n.Text.Wins != "" {
				lines = append(lines, n.Text.Wins+" wins, UCB1 "+n.Text.UCB1)
			}
		}
		style := "solid"
		switch {
		case n.Status == game.Pruned:
			style = "dashed"
		case n.OnPV:
			style = "bold"
		}
		p.f("  %s [shape=%s, style=%s, label=%s];\n", id, shape, style, dotQuote(strings.Join(lines, "\n")))
	}
	for i := range v.Nodes {
		node(fmt.Sprintf("n%d", i), &v.Nodes[i])
	}
	if len(v.Nodes) == 0 && v.Start != nil {
		node("n0", v.Start) // step 0: the root the search starts from
	}
	for i := range v.Cut {
		node(fmt.Sprintf("p%d", i), &v.Cut[i])
	}
	for i, n := range v.Nodes {
		if n.Parent >= 0 {
			attr := ""
			if n.OnPV {
				attr = ", penwidth=3"
			}
			p.f("  n%d -> n%d [label=%s%s];\n", n.Parent, i, dotQuote(n.Move), attr)
		}
	}
	for i, n := range v.Cut {
		p.f("  n%d -> p%d [label=%s, style=dashed];\n", n.Parent, i, dotQuote(n.Move+" ✂ "+n.Why))
	}
	p.f("}\n")
	return p.err
}

// localChartPx is the size of the texts of a local view's chart (its
// axis numbers and caption), in the drawing's units: read at 1:1 in an
// export, and at 14 px or more on a projector's live page (drawn at about
// 1.1), 11 px or more on a phone's (about 0.9). localNoteH is the
// distance between the lines of the neighbours priced, written at 11 px.
const (
	localChartPx = 15.0
	localNoteH   = 14.0
)

// LocalSVG draws a local view: the board (queens, the queens attacked
// drawn red) or the tour on the left, h over the steps on the right, and
// under them what the step did and why the search stopped. Every number is
// the view's text. O(n² + steps).
func LocalSVG(w io.Writer, v *local.View) error { return localSVG(w, v, false) }

// localSVG draws LocalSVG's picture, or with narrow the same stacked for
// a phone held upright: the chart under the board and the lines of text
// wrapped, 400 px wide, so that at a phone's width the board is drawn
// near its full 360 px (side by side it would be under half).
func localSVG(w io.Writer, v *local.View, narrow bool) error {
	p := &printer{w: w}
	const side, chartH = 360.0, 220.0
	chartW, width := 380.0, 20+side+40+380+20
	class, clip, lines := "", 170, 1 // the longest text line, in runes, and lines a text may take
	if narrow {
		chartW, width = side-30, 20+side+20
		class, clip, lines = ` class="narrow"`, 58, 3
	}
	title := clipText(v.Problem+" — "+v.Options, int((width-20)/titleCharW))
	status := "h = " + v.HText + " (" + string(v.Status) + ")"
	if v.Why != "" {
		status += ": " + v.Why
	}
	says := strings.Split(wrapWords(clipText(fmt.Sprintf("step %d: %s", v.Step, v.Says), clip*lines), clip), "\n")
	stat := strings.Split(wrapWords(clipText(status, clip*lines), clip), "\n")
	if !narrow {
		says, stat = []string{clipText(fmt.Sprintf("step %d: %s", v.Step, v.Says), clip)}, []string{clipText(status, clip)}
	}
	textH := 18 * float64(len(says)+len(stat))
	x0, y0 := 20.0, 34+textH
	// the chart's frame starts a line of its type under the board's top,
	// so that its largest h, written above it, is beside the board
	cx, cy := x0+side+40, y0+localChartPx+6
	height := y0 + side + 60
	if narrow {
		cx, cy = x0, y0+side+localChartPx+12
		chartW = side
		height = cy + chartH + localChartPx + 12 + 5*localNoteH + 10
	}
	p.f(`<svg xmlns="http://www.w3.org/2000/svg"%s viewBox="0 0 %s %s" width="%s" height="%s" font-family="sans-serif" font-size="11" data-step="%d" data-h="%s">`+"\n",
		class, fnum(width), fnum(height), fnum(width), fnum(height), v.Step, xmlText(v.HText))
	p.f(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p.f(`<text x="10" y="18" font-size="13" font-weight="bold">%s</text>`+"\n", xmlText(title))
	// textLines writes lines as one text element (so that its text is the
	// whole sentence) from y, a line every 18 px.
	textLines := func(id string, y float64, lines []string) {
		if len(lines) == 1 {
			p.f(`<text x="10" y="%s" data-testid="%s">%s</text>`+"\n", fnum(y), id, xmlText(lines[0]))
			return
		}
		p.f(`<text x="10" y="%s" data-testid="%s">`, fnum(y), id)
		for i, l := range lines {
			if i < len(lines)-1 {
				l += " " // at a line's end, where it draws nothing
			}
			p.f(`<tspan x="10" y="%s">%s</tspan>`, fnum(y+18*float64(i)), xmlText(l))
		}
		p.f("</text>\n")
	}
	textLines("says", 36, says)
	textLines("status", 36+18*float64(len(says)), stat)
	switch v.Kind {
	case "queens":
		n := len(v.State)
		cell := side / float64(n)
		attacked := make([]bool, n)
		for i := range n {
			for j := i + 1; j < n; j++ {
				d := v.State[j] - v.State[i]
				if d == 0 || d == j-i || d == i-j {
					attacked[i], attacked[j] = true, true
				}
			}
		}
		for c := range n {
			for r := range n {
				if (r+c)%2 == 1 {
					p.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#ddd"/>`, fnum(x0+float64(c)*cell), fnum(y0+float64(r)*cell), fnum(cell), fnum(cell))
				}
			}
		}
		p.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#333"/>`+"\n", fnum(x0), fnum(y0), fnum(side), fnum(side))
		for c, r := range v.State {
			fill := "#222"
			if attacked[c] {
				fill = "#c62828"
			}
			p.f(`<circle class="queen" data-col="%d" data-row="%d" cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", c+1, r+1,
				fnum(x0+(float64(c)+0.5)*cell), fnum(y0+(float64(r)+0.5)*cell), fnum(math.Max(cell*0.35, 1)), fill)
		}
	case "tsp":
		pt := func(i int) (float64, float64) { return x0 + v.Cities[i][0]/100*side, y0 + v.Cities[i][1]/100*side }
		var b strings.Builder
		for k, c := range v.State {
			x, y := pt(c)
			if k == 0 {
				fmt.Fprintf(&b, "M%s %s", fnum(round2(x)), fnum(round2(y)))
			} else {
				fmt.Fprintf(&b, " L%s %s", fnum(round2(x)), fnum(round2(y)))
			}
		}
		p.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#ccc"/>`+"\n", fnum(x0), fnum(y0), fnum(side), fnum(side))
		p.f(`<path class="tour" d="%s Z" fill="none" stroke="#1565c0" stroke-width="1.5"/>`+"\n", b.String())
		for i := range v.Cities {
			x, y := pt(i)
			p.f(`<circle class="city" cx="%s" cy="%s" r="3" fill="#222"/>`+"\n", fnum(round2(x)), fnum(round2(y)))
		}
	}
	// h over the steps.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, h := range v.History {
		lo, hi = math.Min(lo, h), math.Max(hi, h)
	}
	if hi == lo {
		hi = lo + 1
	}
	// Its texts lie outside its frame: the largest h above the frame's
	// top left corner, the smallest under its bottom left one, the caption
	// under its right end (the two are apart while both together are
	// narrower than the frame: numbers of up to 16 characters).
	p.f(`<g class="chart"><rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#999"/>`, fnum(cx), fnum(cy), fnum(chartW), fnum(chartH))
	below := cy + chartH + localChartPx + 2
	p.f(`<text class="axis" x="%s" y="%s" font-size="%s">%s</text>`, fnum(cx), fnum(cy-5), fnum(localChartPx), xmlText(clipText(stepper.FormatNumber(hi), 16)))
	p.f(`<text class="axis" x="%s" y="%s" font-size="%s">%s</text>`, fnum(cx), fnum(below), fnum(localChartPx), xmlText(clipText(stepper.FormatNumber(lo), 16)))
	p.f(`<text class="caption" x="%s" y="%s" text-anchor="end" font-size="%s">h over %d steps</text>`, fnum(cx+chartW), fnum(below), fnum(localChartPx), v.Step)
	var b strings.Builder
	den := float64(max(len(v.History)-1, 1))
	for i, h := range v.History {
		x := cx + float64(i)/den*chartW
		y := cy + (hi-h)/(hi-lo)*chartH
		if i == 0 {
			fmt.Fprintf(&b, "M%s %s", fnum(round2(x)), fnum(round2(y)))
		} else {
			fmt.Fprintf(&b, " L%s %s", fnum(round2(x)), fnum(round2(y)))
		}
	}
	p.f(`<path class="h" d="%s" fill="none" stroke="#c62828" stroke-width="1.5"/></g>`+"\n", b.String())
	// The neighbours priced at the step, as many as fit.
	if len(v.Neighbours) > 0 {
		var parts []string
		for _, n := range v.Neighbours {
			s := n.Move + " " + n.HText
			if n.Taken {
				s = "[" + s + "]"
			}
			parts = append(parts, s)
		}
		note := fmt.Sprintf("%d neighbours priced (h): %s", v.Considered, strings.Join(parts, ", "))
		for j, line := range strings.Split(wrapWords(note, int(chartW/5.8)), "\n") {
			if j == 5 {
				break
			}
			p.f(`<text class="neighbours" x="%s" y="%s" font-size="11">%s</text>`+"\n", fnum(cx), fnum(below+22+float64(j)*localNoteH), xmlText(line))
		}
	}
	p.f("</svg>\n")
	return p.err
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
