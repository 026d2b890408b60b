package export

import "strings"

// A game's board (game.View.Board columns) is drawn beside its node's
// shape as its rows, a text each in gameBoardPx monospace type,
// gameBoardRowH apart, the first row's baseline gameBoardTop below the
// node's centre (its letters' tops under the shape's apex, where the
// node's edge ends: an edge coming down to the apex, however shallow,
// passes over the board),
// and at most gameBoardMaxRows rows.
const (
	gameBoardPx      = 10.0
	gameBoardRowH    = 10.0
	gameBoardTop     = -2.0
	gameBoardMaxRows = 8
	// gameBoardCharW is the width of a character of the board's type
	// (monospace, 0.6 of its size), generous.
	gameBoardCharW = 6.2
)

// boardRows is state written as a board of cols columns: its rows joined
// by '/' (connect four's "......./.......") or one after another without
// a mark (tic-tac-toe's "X...O...."), each cols characters; nil when
// state is not such a board or has more than gameBoardMaxRows rows.
// O(len(state)).
func boardRows(state string, cols int) []string {
	if cols <= 0 {
		return nil
	}
	var rows []string
	if strings.Contains(state, "/") {
		rows = strings.Split(state, "/")
	} else {
		r := []rune(state)
		if len(r)%cols != 0 {
			return nil
		}
		for i := 0; i < len(r); i += cols {
			rows = append(rows, string(r[i:i+cols]))
		}
	}
	if len(rows) < 2 || len(rows) > gameBoardMaxRows {
		return nil
	}
	for _, row := range rows {
		if len([]rune(row)) != cols {
			return nil
		}
	}
	return rows
}

// boardBottom is how far below a node's centre the last of rows board
// rows reaches (its baseline, and the descent of its type).
func boardBottom(rows int) float64 {
	return gameBoardTop + gameBoardRowH*float64(rows-1) + 3
}
