package export

import (
	"fmt"
	"io"
	"strings"

	"stepviz/internal/words"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// The LaTeX exports of game and local searches are complete documents
// built from Debian's texlive-latex-base and texlive-pictures only
// (geometry, longtable, tikz with shapes.geometric), on the page geometry
// of the ordinary searches' export (texTextWidth, texMinScale,
// texCharWidth, texLineHeight). Every number is the view's or its rows'
// text, escaped (texEsc).

// texPreamble opens a document; title is the section's heading.
func texPreamble(p *printer, problem, options, title string) {
	p.f("%% stepviz trace, format version %d\n%% problem: %s\n%% options: %s\n", Version, oneLine(problem), oneLine(options))
	p.f("\\documentclass[10pt]{article}\n\\usepackage[a4paper,margin=18mm]{geometry}\n\\usepackage{longtable}\n\\usepackage{tikz}\n\\usetikzlibrary{shapes.geometric}\n")
	p.f("\\tikzset{gs/.style={draw, inner sep=0pt, minimum size=%.2fcm},\n  max/.style={gs, regular polygon, regular polygon sides=3},\n  min/.style={gs, regular polygon, regular polygon sides=3, shape border rotate=180},\n  chance/.style={gs, circle, minimum size=%.2fcm},\n  leaf/.style={gs, rectangle, minimum size=%.2fcm},\n  lab/.style={align=center, font=\\scriptsize, inner sep=1pt, anchor=north},\n  pruned/.style={densely dashed, draw=black!50},\n  path/.style={very thick},\n  pv/.style={line width=2.2pt}}\n",
		texShapeSize, texShapeSize*0.7, texShapeSize*0.6)
	p.f("\\begin{document}\n\\section*{%s}\n", texEsc(title))
	p.f("\\noindent Problem: \\texttt{%s}\\\\\nSearch: \\texttt{%s}\n", texEsc(problem), texEsc(options))
}

// texShapeSize is the size of a node's shape (MAX or MIN triangle), in cm
// before scaling; its label hangs under it.
const texShapeSize = 0.45

// texEsc escapes text for LaTeX as tex does, with the Greek letters,
// minus sign and marks a game or local view writes.
func texEsc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case 'α':
			b.WriteString(`$\alpha$`)
		case 'β':
			b.WriteString(`$\beta$`)
		case '−':
			b.WriteString(`$-$`)
		case '≥':
			b.WriteString(`$\ge$`)
		case '×':
			b.WriteString(`$\times$`)
		case '…':
			b.WriteString(`\ldots{}`)
		case '[', ']':
			b.WriteString("{" + string(r) + "}") // never read as an optional argument (after \\)
		case '✗', '✘':
			b.WriteString(`$\times$`)
		default:
			b.WriteString(tex(string(r)))
		}
	}
	return b.String()
}

// texGameTree is where the LaTeX drawing of a game view puts its nodes:
// the nodes drawn (the view's, generated then pruned, folded to fit the
// page), their label lines, columns and levels, and the scale. Boxes are
// the drawn nodes' extents on the page (shape and label), for the
// geometry test.
type texGameTree struct {
	All        []game.ViewNode
	Labels     [][]string // per node, its label lines, unescaped
	Col        []float64
	Slot, Step float64 // cm per column and per level, before scaling
	Scale      float64
	Note       string // what a folded drawing leaves out, "" when whole
	Boxes      []texBox
}

// gameLabel is a node's label lines: the move into it, its name
// (game.ViewNode's Name), and the notes the SVG drawing writes under it
// (gameNotes), with a leaf's value too where it is not its state.
func gameLabel(n *game.ViewNode) []string {
	var ls []string
	if n.Move != "" {
		ls = append(ls, "via "+n.Move)
	}
	ls = append(ls, clipText(n.Name, texStateRunes))
	// a leaf's value where it is not already its state (a gametree's leaf)
	return append(ls, gameNotes(n, n.Text.Value != n.State)...)
}

// texStateRunes is the most of a name a tree label shows (a tic-tac-toe
// board whole, "the empty board"; a connect-four board of more than two
// rows is clipped).
const texStateRunes = 15

// texBreakable escapes a state for a table cell, a line break allowed
// after each row separator (a connect-four board is 48 characters).
func texBreakable(s string) string {
	return strings.ReplaceAll(texEsc(s), "/", "/\\allowbreak{}")
}

// trimDepth keeps the nodes of all no deeper than d (all's order, Parent
// renumbered). O(nodes).
func trimDepth(all []game.ViewNode, d int) []game.ViewNode {
	newID := make([]int, len(all))
	var out []game.ViewNode
	for i, n := range all {
		newID[i] = -1
		if n.Depth > d || (n.Parent >= 0 && newID[n.Parent] < 0) {
			continue
		}
		if n.Parent >= 0 {
			n.Parent = newID[n.Parent]
		}
		newID[i] = len(out)
		out = append(out, n)
	}
	return out
}

// layoutTeXGame lays out v's tree for the page: whole when it fits the
// text width at texMinScale or more, else folded (foldGame) to fewer
// levels until it does; deeper than a page's height at texMinScale, cut
// to the levels that fit. O(nodes · folds), at most a few dozen folds.
func layoutTeXGame(v *game.View) *texGameTree {
	view := gameDrawn(v)
	width := func(ls []string) float64 {
		longest := 1
		for _, l := range ls {
			longest = max(longest, len([]rune(l)))
		}
		return max(texCharWidth*float64(longest)+texPad, texShapeSize)
	}
	lines := 1
	for i := range view {
		lines = max(lines, len(gameLabel(&view[i])))
	}
	step := texShapeSize + texLineHeight*float64(lines) + texPad + 0.5
	levels := int(texPageHeight / (step * texMinScale)) // levels below the root that fit a page
	t := &texGameTree{Step: step}
	total := len(view)
	for limit := total; ; limit = limit * 3 / 4 {
		all, note := view, ""
		if limit < total {
			var d int
			all, d = foldGame(v, limit)
			note = fmt.Sprintf("drawn: the nodes to depth %d and the current path, %d of %d nodes (give -steps N for an earlier step, or depth=)", d, len(all), total)
		}
		deepest := 0
		for _, n := range all {
			deepest = max(deepest, n.Depth)
		}
		if deepest > levels {
			all = trimDepth(all, levels)
			note = strings.TrimSpace(note + fmt.Sprintf(" drawn to depth %d of %d, as deep as a page holds", levels, deepest))
		}
		labels := make([][]string, len(all))
		slot := 0.0
		for i := range all {
			labels[i] = gameLabel(&all[i])
			slot = max(slot, width(labels[i])+texGap)
		}
		_, col, cols, _ := placeGame(all)
		scale := min(1, texTextWidth/(max(cols, 1)*slot))
		if scale >= texMinScale || limit <= 1 {
			t.All, t.Labels, t.Col, t.Slot, t.Scale, t.Note = all, labels, col, slot, max(scale, texMinScale), note
			break
		}
	}
	for i, n := range t.All {
		w, h := width(t.Labels[i])*t.Scale, (texShapeSize+texLineHeight*float64(len(t.Labels[i]))+texPad)*t.Scale
		t.Boxes = append(t.Boxes, texBox{Index: i, X: t.Col[i] * t.Slot * t.Scale, Y: float64(n.Depth)*t.Step*t.Scale + h/2, W: w, H: h})
	}
	return t
}

// texGameDrawing draws v's tree with TikZ as AIMA Figs. 5.2 and 5.5 do:
// MAX nodes upward triangles, MIN downward, chance nodes circles, leaves
// squares, each labelled with the view's text; pruned branches dashed,
// crossed and labelled with the cut's reason; the current path thick, the
// principal variation thicker still. O(nodes).
func texGameDrawing(p *printer, v *game.View) {
	t := layoutTeXGame(v)
	p.f("\\subsection*{Game tree after step %d}\n", v.Step)
	p.f("MAX nodes are upward triangles, MIN nodes downward ones, chance nodes circles and leaves squares; under each its value so far (v), its $\\alpha$/$\\beta$ window and its range of possible values. A pruned branch is dashed and crossed ($\\times$) with the reason; the current path is thick, the principal variation thicker.")
	if t.Note != "" {
		p.f(" %s.", texEsc(t.Note))
	}
	p.f("\n\n\\begin{center}\n\\begin{tikzpicture}[x=%.3fcm, y=-%.3fcm, every node/.append style={scale=%.3f}]\n", t.Slot*t.Scale, t.Step*t.Scale, t.Scale)
	for i := range t.All {
		n := &t.All[i]
		shape := "chance"
		switch {
		case n.Leaf || (n.Status == game.Pruned && n.Kids == 0 && n.Turn != game.Max && n.Turn != game.Min):
			shape = "leaf"
		case n.Turn == game.Max:
			shape = "max"
		case n.Turn == game.Min:
			shape = "min"
		}
		switch {
		case n.Status == game.Pruned:
			shape += ", pruned"
		case n.OnPV:
			shape += ", pv"
		case n.Status == game.OnPath || n.Status == game.Select || n.Status == game.Expand:
			shape += ", path"
		}
		if n.Status == game.Expand {
			shape += ", fill=black!15"
		}
		ls := make([]string, len(t.Labels[i]))
		for k, l := range t.Labels[i] {
			ls[k] = texEsc(l)
		}
		if n.Move != "" {
			ls[0] = "\\textit{" + ls[0] + "}"
		}
		p.f("\\node[%s] (g%d) at (%.3f,%d) {};\n\\node[lab] (l%d) at (g%d.south) {%s};\n", shape, i, t.Col[i], n.Depth, i, i, strings.Join(ls, "\\\\ "))
	}
	for i := range t.All {
		n := &t.All[i]
		if n.Parent < 0 {
			continue
		}
		style := ""
		switch {
		case n.Status == game.Pruned:
			style = "[pruned]"
		case n.OnPV:
			style = "[pv]"
		case n.Status == game.OnPath || n.Status == game.Select || n.Status == game.Expand:
			style = "[path]"
		}
		p.f("\\draw%s (l%d.south) -- (g%d.north)", style, n.Parent, i)
		if n.Status == game.Pruned {
			p.f(" node[midway, font=\\large, text=black] {$\\times$}")
		}
		p.f(";\n")
	}
	p.f("\\end{tikzpicture}\n\\end{center}\n")
}

// gameTeX writes a game search as a LaTeX document: a table of the steps
// (its rows as the md export prints them), the result, and the tree at the
// last step (texGameDrawing). O(steps + nodes).
func gameTeX(w io.Writer, v *game.Viewer, rows func(func(game.Row) error) error) error {
	p := &printer{w: w}
	r := v.Search().Result()
	texPreamble(p, r.Problem, r.Options, gameTitle(v.Search().Options().Algorithm))
	p.f("\n\\subsection*{Steps}\n{\\small\n\\begin{longtable}{r p{3cm} r r r p{8cm}}\nstep & node & value & $\\alpha$ & $\\beta$ & what happens\\\\ \\hline\n\\endhead\n")
	if err := rows(func(r game.Row) error {
		p.f("%d & \\texttt{%s} & %s & %s & %s & %s\\\\\n", r.Step, texBreakable(r.Name), texEsc(r.Value), texEsc(r.Alpha), texEsc(r.Beta), texBreakable(r.Says))
		return p.err
	}); err != nil {
		return err
	}
	p.f("\\end{longtable}\n}\n")
	vw := v.View()
	p.f("\\noindent After step %d (%s): value %s for MAX", vw.Step, texEsc(string(vw.Status)), texEsc(vw.Value))
	if len(vw.PVMoves) > 0 {
		p.f(", best move %s, principal variation %s", texEsc(vw.PVMoves[0]), texEsc(strings.Join(vw.PVMoves, " ")))
	}
	p.f("; %s generated, %s valued, %s pruned.\n\n", words.Count(vw.Result.Nodes, "node", "nodes"), words.Count(vw.Result.Leaves, "leaf", "leaves"), words.Count(vw.Result.Pruned, "subtree", "subtrees"))
	if len(vw.Phases) > 0 {
		p.f("\\begin{itemize}\n")
		for _, ph := range vw.Phases {
			p.f("\\item %s\n", texEsc(ph))
		}
		p.f("\\end{itemize}\n")
	}
	if len(vw.Nodes) > 0 || vw.Start != nil {
		texGameDrawing(p, vw)
	}
	p.f("\\end{document}\n")
	return p.err
}

// localTeX writes a local search as a LaTeX document: a table of the
// steps (its rows as the md export prints them), where it stopped, the
// neighbours priced at the last step, and the board (queens) or the tour.
// O(steps + n²).
func localTeX(w io.Writer, v *local.Viewer, rows func(func(local.Row) error) error) error {
	p := &printer{w: w}
	o := v.Search().Options()
	r := v.Search().Result()
	texPreamble(p, r.Problem, r.Options, localTitle(o.Algorithm))
	p.f("\n\\subsection*{Steps}\n{\\small\n\\begin{longtable}{r l r r p{10cm}}\nstep & move & h & neighbours & what happens\\\\ \\hline\n\\endhead\n")
	r0 := v.Row()
	p.f("0 &  & %s &  & %s\\\\\n", texEsc(r0.H), texEsc(r0.Says))
	if err := rows(func(r local.Row) error {
		p.f("%d & %s & %s & %d & %s\\\\\n", r.Step, texEsc(r.Move), texEsc(r.H), r.Considered, texEsc(r.Says))
		return p.err
	}); err != nil {
		return err
	}
	p.f("\\end{longtable}\n}\n")
	vw := v.View()
	p.f("\\noindent After step %d (%s): h = %s, state \\texttt{%s}", vw.Step, texEsc(string(vw.Status)), texEsc(vw.HText), texBreakable(vw.StateName))
	if vw.Why != "" {
		p.f("; stopped: %s", texEsc(vw.Why))
	}
	p.f(".\n\n")
	if len(vw.Neighbours) > 0 {
		p.f("\\subsection*{Neighbours priced at step %d}\n%d neighbours; the move taken is marked.\n{\\small\n\\begin{longtable}{l r l}\nmove & h & \\\\ \\hline\n\\endhead\n", vw.Step, vw.Considered)
		for _, n := range vw.Neighbours {
			p.f("%s & %s & %s\\\\\n", texEsc(n.Move), texEsc(n.HText), map[bool]string{true: "taken"}[n.Taken])
		}
		p.f("\\end{longtable}\n}\n")
	}
	texLocalState(p, vw)
	p.f("\\end{document}\n")
	return p.err
}

// texBoardSide is the side of the queens board or the tour's square, cm.
const texBoardSide = 8.0

// texLocalState draws the view's board (queens, a filled circle a queen)
// or tour (the cities joined in the tour's order). O(n²).
func texLocalState(p *printer, v *local.View) {
	switch v.Kind {
	case "queens":
		n := len(v.State)
		if n == 0 {
			return
		}
		cell := texBoardSide / float64(n)
		p.f("\\subsection*{The board after step %d}\n\\begin{center}\n\\begin{tikzpicture}[x=%.3fcm, y=-%.3fcm]\n", v.Step, cell, cell)
		for c := range n {
			for r := range n {
				if (r+c)%2 == 1 {
					p.f("\\fill[black!15] (%d,%d) rectangle ++(1,1);\n", c, r)
				}
			}
		}
		p.f("\\draw (0,0) rectangle (%d,%d);\n", n, n)
		for c, r := range v.State {
			p.f("\\fill (%.1f,%.1f) circle (0.32);\n", float64(c)+0.5, float64(r)+0.5)
		}
		p.f("\\end{tikzpicture}\n\\end{center}\n")
	case "tsp":
		if len(v.State) == 0 || len(v.Cities) == 0 {
			return
		}
		p.f("\\subsection*{The tour after step %d}\n\\begin{center}\n\\begin{tikzpicture}[x=%.4fcm, y=-%.4fcm]\n\\draw[black!30] (0,0) rectangle (100,100);\n\\draw[thick] ", v.Step, texBoardSide/100, texBoardSide/100)
		for k, c := range v.State {
			if k > 0 {
				p.f(" -- ")
			}
			p.f("(%.2f,%.2f)", v.Cities[c][0], v.Cities[c][1])
		}
		p.f(" -- cycle;\n")
		for _, c := range v.Cities {
			p.f("\\fill (%.2f,%.2f) circle (1.2);\n", c[0], c[1])
		}
		p.f("\\end{tikzpicture}\n\\end{center}\n")
	}
}
