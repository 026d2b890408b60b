package viz

import (
	"fmt"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/puzzle"
)

// puzzleSVG draws the board of the selected node (or the node expanded
// last, or the root) with the goal board beside it.
func puzzleSVG(sw *svgWriter, p puzzleView, snap stepper.Snapshot, selected int) error {
	n := p.Size()
	goal := p.GoalTiles()
	if n < 2 || len(goal) != n*n {
		return usererr.Errorf("viz", "puzzle of size %d with %d goal tiles: cannot draw it", n, len(goal))
	}
	id := shownNode(snap, selected)
	tiles := p.StartTiles()
	var node *stepper.NodeInfo
	if nd, ok := nodeAt(snap.Tree, id); ok {
		node = nd
		t, err := puzzle.ParseTiles(node.State.String())
		if err != nil || len(t) != n*n {
			return usererr.Errorf("viz", "node %d: state %q is not a %d×%d board", id, node.State, n, n)
		}
		tiles = t
	}
	goalAt := make(map[int]int, n*n)
	for k, t := range goal {
		goalAt[t] = k
	}
	cell := 64.0
	if n > 4 {
		cell = 256 / float64(n)
	}
	small := cell * 0.4
	board := cell * float64(n)
	width := margin*3 + board + small*float64(n) + 10
	width = max(width, 420)

	st := "start"
	caption := []string{"start state"}
	if node != nil {
		idx, _ := treeIndex(snap.Tree, id)
		st = node.State.String()
		caption = []string{fmt.Sprintf("node %d: g %s  h %s  f %s  depth %d, %s", node.ID, num(node.G), node.Shown().H, node.Shown().F, node.Depth, LegendFor(Statuses(snap)[idx]).Label)}
		moves := PathTo(snap.Tree, id)
		var acts []string
		for _, v := range moves[1:] {
			n, _ := nodeAt(snap.Tree, v)
			acts = append(acts, n.Action)
		}
		caption = append(caption, fmt.Sprintf("reached from the start in %d %s%s", len(acts), plural(len(acts), "move", "moves"), movesList(acts)))
	}
	// The captions wrap to the drawing's width (14 px text, 0.6 em a
	// character at most) rather than run past its edge; a title too long
	// for it (a 15-puzzle's state) leaves the state to the captions.
	room := int((width - 2*margin) / (14 * 0.6))
	title := "Board of " + ifEmpty(nodeName(node), "the start")
	if node != nil && len([]rune(title)) > room {
		title = fmt.Sprintf("Board of node %d", node.ID)
		caption = append([]string{"state " + st}, caption...)
	}
	var lines []string
	for _, c := range caption {
		lines = append(lines, wrapWords(c, room)...)
	}
	// the misplaced tiles are marked, with a legend line, on a search's
	// board only: on the problem alone (a worksheet's) they would give
	// h=misplaced away
	marks := searched(snap)
	height := margin + 24 + board + 22 + 20*float64(len(lines)) + margin
	if marks {
		height += 14 + 12
	}
	svgOpen(sw, width, height, "puzzle board "+st, "")
	sw.textEl(margin, margin+14, `class="capb"`, title)
	top := margin + 24
	sw.s(`<g class="board" data-testid="board"`)
	sw.attr("data-state", st)
	if node != nil {
		sw.s(` data-id="`)
		sw.i(node.ID)
		sw.s(`"`)
	}
	sw.s(">")
	for k, t := range tiles {
		x, y := margin+float64(k%n)*cell, top+float64(k/n)*cell
		cls := "tile"
		if t == 0 {
			cls = "blank"
		}
		sw.s(`<rect class="`, cls, `" data-tile="`)
		sw.i(t)
		sw.s(`"`)
		sw.fattr("x", x+1)
		sw.fattr("y", y+1)
		sw.fattr("width", cell-2)
		sw.fattr("height", cell-2)
		sw.s(` rx="4"/>`)
		if t == 0 {
			continue
		}
		sw.textEl(x+cell/2, y+cell*0.66, fmt.Sprintf(`class="tnum" font-size="%.0f"`, cell*0.45), itoa(t))
		if g, ok := goalAt[t]; ok && g != k && marks {
			// A tile out of its goal place: a corner triangle, visible in
			// black and white too.
			sw.s(`<path class="mark" d="M`)
			sw.xy(x+cell-2, y+2)
			sw.s("h")
			sw.f(-cell * 0.22)
			sw.s("l")
			sw.xy(cell*0.22, cell*0.22)
			sw.s(`z"/>`)
		}
	}
	sw.s("</g>\n")
	// The goal board, small.
	gx := margin*2 + board + 10
	sw.textEl(gx, top+small*float64(n)+16, `class="lt"`, "goal")
	sw.s(`<g class="goalboard">`)
	sw.plainBoard(goal, n, gx, top, small, tileText{"tnum", 0.7, 0.55, 0})
	sw.s("</g>\n")
	y := top + board + 22
	for i, l := range lines {
		sw.textEl(margin, y+20*float64(i), `class="cap"`, l)
	}
	y += 20 * float64(len(lines)-1)
	if marks {
		sw.s(`<path class="mark"`)
		sw.s(` d="M`)
		sw.xy(margin+20, y+34)
		sw.s(`h-12l12 12z"/>`)
		sw.textEl(margin+32, y+45, `class="lt"`, "tile not in its goal place")
	}
	sw.s("</svg>\n")
	return nil
}

// shownNode is the node a puzzle board shows: selected if it is a node,
// else the node expanded last, else the root, else -1 (no nodes).
func shownNode(snap stepper.Snapshot, selected int) int {
	if _, ok := nodeAt(snap.Tree, selected); ok {
		return selected
	}
	best, id := 0, -1
	for _, n := range snap.Tree {
		if n.Order > best {
			best, id = n.Order, n.ID
		}
	}
	if id < 0 && len(snap.Tree) > 0 {
		id = snap.Tree[0].ID
	}
	return id
}

func nodeName(n *stepper.NodeInfo) string {
	if n == nil {
		return ""
	}
	return fmt.Sprintf("node %d (%s)", n.ID, n.State)
}

func ifEmpty(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// movesList writes ": up, left, down" (at most 12 moves, then "…").
func movesList(acts []string) string {
	if len(acts) == 0 {
		return ""
	}
	s := ": "
	for i, a := range acts {
		if i == 12 {
			return s + ", …"
		}
		if i > 0 {
			s += ", "
		}
		s += a
	}
	return s
}

// wrapWords breaks s at spaces into lines of at most n characters; a word
// longer than n (a big puzzle's state) is broken after a comma. O(len(s)).
func wrapWords(s string, n int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		for len([]rune(w)) > n && strings.Contains(w, ",") {
			cut := strings.LastIndex(string([]rune(w)[:n]), ",")
			if cut < 0 {
				break
			}
			if line != "" {
				lines, line = append(lines, line), ""
			}
			lines = append(lines, w[:cut+1])
			w = w[cut+1:]
		}
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= n:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}

// tileText is how plainBoard numbers a tile: text of class class, its
// baseline base·c below the square's top, its font size size·c written
// with prec decimals (c the square's side).
type tileText struct {
	class      string
	base, size float64
	prec       int
}

// plainBoard writes tiles, n a row, as squares of side c from (x0, y0),
// of class tile (blank for 0), each tile but the blank numbered as num
// says.
func (sw *svgWriter) plainBoard(tiles []int, n int, x0, y0, c float64, num tileText) {
	for k, t := range tiles {
		x, y := x0+float64(k%n)*c, y0+float64(k/n)*c
		cls := "tile"
		if t == 0 {
			cls = "blank"
		}
		sw.s(`<rect class="`, cls, `"`)
		sw.fattr("x", x)
		sw.fattr("y", y)
		sw.fattr("width", c)
		sw.fattr("height", c)
		sw.s("/>")
		if t != 0 {
			sw.textEl(x+c/2, y+c*num.base, fmt.Sprintf(`class="%s" font-size="%.*f"`, num.class, num.prec, c*num.size), itoa(t))
		}
	}
}
