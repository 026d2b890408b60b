package kernel

import (
	"fmt"
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
	"stepviz/viz"
)

// Largest grid drawn in text/plain; bigger maps are left to the picture.
const textGridMaxW, textGridMaxH = 60, 30

// textPicture draws the problem at a snapshot in plain text, for the
// text/plain of a view: what a terminal (jupyter console), a log, or a
// viewer that shows no pictures reads. A puzzle is the board of the
// selected node (the start before any step), "_" the blank; a grid of at
// most 60×30 cells is its map with the search on it; a graph is left to
// the narration. O(cells + tree).
func textPicture(inst stepper.Instance, snap stepper.Snapshot, selected int) []string {
	switch p := inst.(type) {
	case *puzzle.Puzzle:
		state := ""
		if n, ok := snap.NodeByID(selected); ok {
			state = n.State.String()
		} else {
			tiles := p.StartTiles()
			parts := make([]string, len(tiles))
			for i, v := range tiles {
				parts[i] = strconv.Itoa(v)
			}
			state = strings.Join(parts, ",")
		}
		return boardLines(state, p.Size())
	case *grid.Grid:
		if p.Width() > textGridMaxW || p.Height() > textGridMaxH {
			return nil
		}
		return gridLines(p, snap)
	}
	return nil
}

// boardLines writes a puzzle state (digits, or tiles separated by
// commas) as size rows, tiles right-aligned, the blank "_".
func boardLines(state string, size int) []string {
	var tiles []string
	if strings.Contains(state, ",") {
		tiles = strings.Split(state, ",")
	} else {
		tiles = strings.Split(state, "")
	}
	if size <= 0 || len(tiles) != size*size {
		return nil
	}
	width := len(strconv.Itoa(size*size - 1))
	lines := make([]string, size)
	for r := range size {
		cells := make([]string, size)
		for c := range size {
			t := strings.TrimSpace(tiles[r*size+c])
			if t == "0" {
				t = "_"
			}
			cells[c] = fmt.Sprintf("%*s", width, t)
		}
		lines[r] = "  " + strings.Join(cells, " ")
	}
	return lines
}

// gridLines writes a grid's map with the search on it: S and G, # walls,
// o open, c closed, * the path once solved, E the node expanded last as
// every picture draws it (viz.Statuses: none after a step that cut its
// node off at the depth limit); then a legend line.
func gridLines(g *grid.Grid, snap stepper.Snapshot) []string {
	rows := g.Rows()
	cells := make([][]byte, len(rows))
	for y, r := range rows {
		cells[y] = []byte(r)
	}
	mark := func(state string, c byte) {
		a, b, ok := strings.Cut(state, ",")
		if !ok {
			return
		}
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || y < 0 || y >= len(cells) || x < 0 || x >= len(cells[y]) {
			return
		}
		if cells[y][x] == 'S' || cells[y][x] == 'G' {
			return
		}
		cells[y][x] = c
	}
	for _, n := range snap.Tree {
		switch n.Status {
		case stepper.NodeClosed:
			mark(n.State.String(), 'c')
		case stepper.NodeOpen:
			mark(n.State.String(), 'o')
		}
	}
	for _, id := range snap.Path {
		if n, ok := snap.NodeByID(id); ok {
			mark(n.State.String(), '*')
		}
	}
	for i, st := range viz.Statuses(snap) {
		if st == viz.StatusCurrent {
			mark(snap.Tree[i].State.String(), 'E')
		}
	}
	lines := make([]string, 0, len(cells)+1)
	for _, r := range cells {
		lines = append(lines, "  "+string(r))
	}
	return append(lines, "  (S start, G goal, # wall, o open, c closed, E expanded last, * path)")
}
