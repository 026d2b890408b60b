package export

import (
	"unicode/utf8"

	"stepviz/stepper/game"
)

// gameApart is the least room, in px, between what two neighbouring
// nodes of a level draw (their shapes, names or boards and notes, as
// gameNodeSpan allows them, wider than any font draws them): three word
// spaces of 9 px type, so that a reader never reads two neighbours' notes
// as one line. gameMargin is the room left between a drawing's edge and
// its outermost text.
const (
	gameApart  = 8.0
	gameMargin = 8.0
)

// gameNodeSpan is how far left and right of its centre node n draws: its
// shape, its name beside it (a board of board columns as its rows, any
// other name clipped to ten characters) and its notes centred under it,
// with characters of 9 px type allowed 5.8 px, of 10 px 6.2 (as
// gameNodeSVG writes them; generous for sans-serif). O(notes).
func gameNodeSpan(n *game.ViewNode, board int) (left, right float64) {
	left, right = 15, 15
	r := utf8.RuneCountInString(n.State)
	if rows := boardRows(n.State, board); r > gameInside && rows != nil {
		right = max(right, gameBeside+gameBoardCharW*float64(board)+1)
	} else if r > gameInside {
		right = max(right, gameBeside+6.2*float64(min(r, 10))+1)
	}
	for _, s := range gameNotes(n, n.Text.Value != n.State) {
		half := 5.8 * float64(utf8.RuneCountInString(s)) / 2
		left, right = max(left, half), max(right, half)
	}
	return left, right
}

// spaceGame places the nodes of the tree all (kids each node's children,
// col its column from placeGame, board the view's Board) across the
// drawing: leaves left to right in depth-first order, at least gameColW
// apart, a parent centred over its first and last child, and wherever
// two neighbours of a level would come nearer than gameApart (a wide
// note beside a board, a long name beside a window) the leaves from the
// right one's first on moved right by what it lacks. The leftmost text
// lies gameMargin or more from the left edge. It returns each node's x
// and the drawing's width, the rightmost text gameMargin or more inside
// it. Moving leaves right never brings two nodes of a level nearer, so
// each pair of neighbours is widened at most once: O(nodes²).
func spaceGame(all []game.ViewNode, kids [][]int, col []float64, board int) (x []float64, w float64) {
	x = make([]float64, len(all))
	if len(all) == 0 {
		return x, gameTreeWidth(0)
	}
	left, right := make([]float64, len(all)), make([]float64, len(all))
	for i := range all {
		left[i], right[i] = gameNodeSpan(&all[i], board)
	}
	// the leaves in order, each node's first leaf, the levels left to right
	var leaves []int
	first := make([]int, len(all))
	var levels [][]int
	var visit func(i, depth int)
	visit = func(i, depth int) {
		if depth == len(levels) {
			levels = append(levels, nil)
		}
		levels[depth] = append(levels[depth], i)
		if len(kids[i]) == 0 {
			first[i] = len(leaves)
			leaves = append(leaves, i)
			return
		}
		for _, k := range kids[i] {
			visit(k, depth+1)
		}
		first[i] = first[kids[i][0]]
	}
	visit(0, 0)
	// gap[k] is how far leaf k lies right of leaf k-1
	gap := make([]float64, len(leaves))
	for k := 1; k < len(gap); k++ {
		gap[k] = gameColW * (col[leaves[k]] - col[leaves[k-1]])
	}
	var place func(i int)
	place = func(i int) {
		for _, k := range kids[i] {
			place(k)
		}
		if len(kids[i]) > 0 {
			x[i] = (x[kids[i][0]] + x[kids[i][len(kids[i])-1]]) / 2
		}
	}
	layout := func() {
		at := gameColW / 2
		for k, i := range leaves {
			at += gap[k]
			x[i] = at
		}
		place(0)
	}
	layout()
	for _, level := range levels {
		for j := 1; j < len(level); j++ {
			a, b := level[j-1], level[j]
			if lack := x[a] + right[a] + gameApart + left[b] - x[b]; lack > 0.01 {
				gap[first[b]] += lack
				layout()
			}
		}
	}
	shift := 0.0
	for i := range all {
		shift = max(shift, gameMargin-(x[i]-left[i]))
	}
	w = gameTreeWidth(0)
	for i := range all {
		x[i] += shift
		w = max(w, x[i]+right[i]+gameMargin)
	}
	return x, max(w, x[leaves[len(leaves)-1]]+gameColW/2)
}
