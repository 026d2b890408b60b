package game

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"
)

// TicTacToe is tic-tac-toe from a given board. A State holds X's cells in
// bits 0-8 and O's in bits 9-17, cell i being the i-th of the board read
// row by row, and in bit 18 whether O is to move. X moves first, so X is
// to move when both have as many marks.
// MAX is the player to move at the root; a win is +1 for MAX, a loss -1,
// a draw 0.
type TicTacToe struct {
	root  State
	rootX bool // X is MAX
}

// tttWin()[b] reports whether the 9-bit cell set b holds a line; the
// table is made on first use.
var tttWin = sync.OnceValue(func() *[512]bool {
	var w [512]bool
	lines := [8]uint16{07, 070, 0700, 0111, 0222, 0444, 0421, 0124}
	for b := range w {
		for _, l := range lines {
			if uint16(b)&l == l {
				w[b] = true
			}
		}
	}
	return &w
})

// ParseTicTacToe parses the board (nine cells of X, O and '.', row by row;
// rows may be separated by '/'); an empty board when there are no words.
func ParseTicTacToe(args []string) (*TicTacToe, error) {
	if len(args) > 1 {
		return nil, fmt.Errorf("tictactoe takes one board, such as X.O.X..O. (nine cells of X, O and '.'), not %d words", len(args))
	}
	board := "........."
	if len(args) == 1 {
		board = strings.ReplaceAll(args[0], "/", "")
	}
	if len(board) != 9 {
		return nil, fmt.Errorf("a tic-tac-toe board has 9 cells (X, O or '.'), not %d", len(board))
	}
	var x, o uint64
	for i := 0; i < 9; i++ {
		switch board[i] {
		case 'X', 'x':
			x |= 1 << i
		case 'O', 'o':
			o |= 1 << i
		case '.', '-', '_':
		default:
			return nil, fmt.Errorf("cell %d of the board is %q: write X, O or '.'", i+1, board[i])
		}
	}
	nx, no := bits.OnesCount64(x), bits.OnesCount64(o)
	if nx != no && nx != no+1 {
		return nil, fmt.Errorf("the board has %d X and %d O: X moves first, so X has as many marks as O or one more", nx, no)
	}
	if tttWin()[x] && tttWin()[o] {
		return nil, fmt.Errorf("both X and O have three in a row: no game reaches this board")
	}
	root := State(x | o<<9)
	if nx != no {
		root |= tttOToMove
	}
	return &TicTacToe{root: root, rootX: nx == no}, nil
}

const tttOToMove = State(1) << 18

func tttXToMove(s State) bool { return s&tttOToMove == 0 }

// Kind is "tictactoe".
func (g *TicTacToe) Kind() string { return "tictactoe" }

// Spec is the problem line.
func (g *TicTacToe) Spec() string { return "tictactoe " + g.board(g.root) }

// Root is the board given.
func (g *TicTacToe) Root() State { return g.root }

// Turn is MAX when the player to move is the root's.
func (g *TicTacToe) Turn(s State) Turn {
	if tttXToMove(s) == g.rootX {
		return Max
	}
	return Min
}

// Terminal: a line or a full board.
func (g *TicTacToe) Terminal(s State) (float64, bool) {
	x, o := uint64(s)&511, uint64(s)>>9&511
	switch {
	case tttWin()[x]:
		return g.sign(true), true
	case tttWin()[o]:
		return g.sign(false), true
	case x|o == 511:
		return 0, true
	}
	return 0, false
}

// sign is the utility for MAX of a win by X (xWon) or by O.
func (g *TicTacToe) sign(xWon bool) float64 {
	if xWon == g.rootX {
		return 1
	}
	return -1
}

// Moves are the empty cells, row by row.
func (g *TicTacToe) Moves(s State, buf []Move) []Move {
	free := ^(uint64(s) | uint64(s)>>9) & 511
	for free != 0 {
		i := bits.TrailingZeros64(free)
		buf = append(buf, Move(i))
		free &= free - 1
	}
	return buf
}

// Result marks the cell for the player to move.
func (g *TicTacToe) Result(s State, m Move) State {
	if tttXToMove(s) {
		return (s | 1<<m) ^ tttOToMove
	}
	return (s | 1<<(m+9)) ^ tttOToMove
}

// Prob is 0: tic-tac-toe has no chance nodes.
func (g *TicTacToe) Prob(State, Move) float64 { return 0 }

// Eval is (MAX's open lines − MIN's open lines)/10, in (−1, 1): an open
// line holds no mark of the opponent. A finished game is its utility.
func (g *TicTacToe) Eval(s State) float64 {
	if u, over := g.Terminal(s); over {
		return u
	}
	x, o := uint64(s)&511, uint64(s)>>9&511
	lines := [8]uint64{07, 070, 0700, 0111, 0222, 0444, 0421, 0124}
	d := 0
	for _, l := range lines {
		if l&o == 0 {
			d++
		}
		if l&x == 0 {
			d--
		}
	}
	if !g.rootX {
		d = -d
	}
	return float64(d) / 10
}

// MoveName is the cell as row and column, r1c1 to r3c3.
func (g *TicTacToe) MoveName(_ State, m Move) string {
	return fmt.Sprintf("r%dc%d", m/3+1, m%3+1)
}

// StateName is the board, nine cells row by row.
func (g *TicTacToe) StateName(s State) string { return g.board(s) }

// PositionName is the board as a reader reads it: EmptyBoard, or its three
// rows joined by '/' ("X.O/.X./..O"), as a drawing shows them and as the
// problem line takes a board. A board names one position: the marks say
// who is to move.
func (g *TicTacToe) PositionName(s State) string {
	if s&^tttOToMove == 0 {
		return EmptyBoard
	}
	b := g.board(s)
	return b[0:3] + "/" + b[3:6] + "/" + b[6:9]
}

func (g *TicTacToe) board(s State) string {
	var b [9]byte
	for i := range b {
		switch {
		case s&(1<<i) != 0:
			b[i] = 'X'
		case s&(1<<(i+9)) != 0:
			b[i] = 'O'
		default:
			b[i] = '.'
		}
	}
	return string(b[:])
}

// HasChance is false.
func (g *TicTacToe) HasChance() bool { return false }

// Expand makes TicTacToe an Expander: the cursor is the set of empty
// cells, one bit a move.
func (g *TicTacToe) Expand(s State) (uint64, Turn, float64, bool) {
	x, o := uint64(s)&511, uint64(s)>>9&511
	switch {
	case tttWin()[x]:
		return 0, 0, g.sign(true), true
	case tttWin()[o]:
		return 0, 0, g.sign(false), true
	case x|o == 511:
		return 0, 0, 0, true
	}
	if (s&tttOToMove == 0) == g.rootX {
		return ^(x | o) & 511, Max, 0, false
	}
	return ^(x | o) & 511, Min, 0, false
}

// Next marks the cursor's first empty cell for the player to move.
func (g *TicTacToe) Next(s State, cursor uint64) (State, uint64) {
	bit := State(cursor & -cursor)
	if s&tttOToMove != 0 {
		bit <<= 9
	}
	return (s | bit) ^ tttOToMove, cursor & (cursor - 1)
}

// BoardColumns is 3: StateName writes the board row after row.
func (g *TicTacToe) BoardColumns() int { return 3 }
