package game

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// ConnectFour is connect four on the standard board of 6 rows and 7
// columns, from the position the moves given lead to. Its tree is far too
// big to search to the end (about 4.5·10¹² positions): it is the game for
// a depth cutoff and the evaluation function. A State holds each column in
// 7 bits (column c in bits 7c..7c+6): a marker bit just above the top
// piece and, below it, a 1 for each of the first player's (X's) pieces
// from the bottom; bit 63 says O is to move. X moves first; MAX is the
// player to move at the root.
type ConnectFour struct {
	moves string // the columns played, 1-7
	root  State
	rootX bool
}

const (
	c4Cols = 7
	c4Rows = 6
)

// ParseConnectFour parses the columns played so far, such as 4453 (X in
// column 4, O in column 4, X in 5, O in 3); none for the empty board.
func ParseConnectFour(args []string) (*ConnectFour, error) {
	if len(args) > 1 {
		return nil, fmt.Errorf("connect4 takes the columns played as one word, such as connect4 4453, not %d words", len(args))
	}
	g := &ConnectFour{}
	var s State
	for c := 0; c < c4Cols; c++ {
		s |= 1 << (7 * c) // empty columns: the marker at the bottom
	}
	if len(args) == 1 {
		if len(args[0]) > c4Cols*c4Rows {
			return nil, fmt.Errorf("%d moves: a board holds at most %d pieces", len(args[0]), c4Cols*c4Rows)
		}
		for i, ch := range args[0] {
			if ch < '1' || ch > '7' {
				return nil, fmt.Errorf("move %d is %q: write the columns played, 1 to 7", i+1, ch)
			}
			if _, over := g.terminal(s); over {
				return nil, fmt.Errorf("move %d (column %c) comes after the game is over", i+1, ch)
			}
			c := int(ch - '1')
			if c4Height(s, c) == c4Rows {
				return nil, fmt.Errorf("move %d: column %c is full", i+1, ch)
			}
			s = c4Play(s, c)
		}
		g.moves = args[0]
	}
	g.root, g.rootX = s, c4XToMove(s)
	return g, nil
}

// c4Height is the number of pieces in column c.
func c4Height(s State, c int) int {
	col := uint64(s>>(7*c)) & 127
	return bits.Len64(col) - 1
}

// c4OToMove is the State bit that says O is to move.
const c4OToMove = State(1) << 63

func c4XToMove(s State) bool { return s&c4OToMove == 0 }

// c4Full is the state bits of a full board: every column's marker on top.
const c4Full = State(0b1000000_1000000_1000000_1000000_1000000_1000000_1000000)

// c4Play drops the mover's piece in column c.
func c4Play(s State, c int) State {
	h := c4Height(s, c)
	col := uint64(s>>(7*c)) & 127
	col &^= 1 << h      // the old marker
	col |= 1 << (h + 1) // the new one
	if c4XToMove(s) {
		col |= 1 << h
	}
	return (s&^(127<<(7*c)) | State(col)<<(7*c)) ^ c4OToMove
}

// c4Boards unpacks the two players' pieces as bitboards of 7 bits a
// column (the top bit of each column always 0), for shift-based line tests.
func c4Boards(s State) (x, o uint64) {
	for c := 0; c < c4Cols; c++ {
		col := uint64(s>>(7*c)) & 127
		h := bits.Len64(col) - 1
		filled := uint64(1)<<h - 1
		x |= (col & filled) << (7 * c)
		o |= (^col & filled) << (7 * c)
	}
	return
}

// c4Four reports four in a line on bitboard b.
func c4Four(b uint64) bool {
	for _, d := range [4]uint{1, 7, 6, 8} { // vertical, horizontal, two diagonals
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

func (g *ConnectFour) terminal(s State) (float64, bool) {
	x, o := c4Boards(s)
	switch {
	case c4Four(x):
		return g.sign(true), true
	case c4Four(o):
		return g.sign(false), true
	case s&c4Full == c4Full:
		return 0, true
	}
	return 0, false
}

func (g *ConnectFour) sign(xWon bool) float64 {
	if xWon == g.rootX {
		return 1
	}
	return -1
}

// Kind is "connect4".
func (g *ConnectFour) Kind() string { return "connect4" }

// Spec is the problem line.
func (g *ConnectFour) Spec() string { return strings.TrimSpace("connect4 " + g.moves) }

// Root is the position after the moves given.
func (g *ConnectFour) Root() State { return g.root }

// Turn is MAX when the player to move is the root's.
func (g *ConnectFour) Turn(s State) Turn {
	if c4XToMove(s) == g.rootX {
		return Max
	}
	return Min
}

// Terminal: four in a line, or a full board.
func (g *ConnectFour) Terminal(s State) (float64, bool) { return g.terminal(s) }

// Moves are the columns not full, left to right.
func (g *ConnectFour) Moves(s State, buf []Move) []Move {
	for c := 0; c < c4Cols; c++ {
		if c4Height(s, c) < c4Rows {
			buf = append(buf, Move(c))
		}
	}
	return buf
}

// Result drops the piece.
func (g *ConnectFour) Result(s State, m Move) State { return c4Play(s, int(m)) }

// Prob is 0: no chance nodes.
func (g *ConnectFour) Prob(State, Move) float64 { return 0 }

// Eval scores every line of four cells that only one player occupies:
// 1, 4 or 16 for one, two or three pieces, for MAX minus for MIN, squashed
// into (−1, 1) as e/(|e|+64). A finished game is its utility. O(69 lines).
func (g *ConnectFour) Eval(s State) float64 {
	if u, over := g.terminal(s); over {
		return u
	}
	x, o := c4Boards(s)
	e := 0
	weight := [4]int{0, 1, 4, 16}
	for _, line := range c4Lines() {
		nx, no := bits.OnesCount64(x&line), bits.OnesCount64(o&line)
		switch {
		case no == 0 && nx > 0:
			e += weight[nx]
		case nx == 0 && no > 0:
			e -= weight[no]
		}
	}
	if !g.rootX {
		e = -e
	}
	f := float64(e)
	if f < 0 {
		return f / (-f + 64)
	}
	return f / (f + 64)
}

// c4Lines are the 69 lines of four cells on the board, as bitboards,
// made on first use.
var c4Lines = sync.OnceValue(func() (lines []uint64) {
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, -1}, {1, 1}} {
		for c := 0; c < c4Cols; c++ {
			for r := 0; r < c4Rows; r++ {
				var line uint64
				fits := true
				for k := 0; k < 4; k++ {
					cc, rr := c+k*d[0], r+k*d[1]
					if cc >= c4Cols || rr < 0 || rr >= c4Rows {
						fits = false
						break
					}
					line |= 1 << (7*cc + rr)
				}
				if fits {
					lines = append(lines, line)
				}
			}
		}
	}
	return
})

// MoveName is the column, 1 to 7.
func (g *ConnectFour) MoveName(_ State, m Move) string { return strconv.Itoa(int(m) + 1) }

// StateName is the board, top row first, rows joined by '/'.
func (g *ConnectFour) StateName(s State) string {
	x, o := c4Boards(s)
	var b strings.Builder
	for r := c4Rows - 1; r >= 0; r-- {
		for c := 0; c < c4Cols; c++ {
			bit := uint64(1) << (7*c + r)
			switch {
			case x&bit != 0:
				b.WriteByte('X')
			case o&bit != 0:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// PositionName is the board as a reader reads it: EmptyBoard, or its rows
// from the highest that holds a piece down to the bottom, top first,
// joined by '/' ("...O.../...X.."): the rows above are empty, so the rows
// written name one position.
func (g *ConnectFour) PositionName(s State) string {
	x, o := c4Boards(s)
	if x|o == 0 {
		return EmptyBoard
	}
	full := g.StateName(s)
	for strings.HasPrefix(full, ".......") && len(full) > c4Cols {
		full = full[c4Cols+1:]
	}
	return full
}

// BoardColumns is 7: StateName writes the board row after row, the rows
// joined by '/'.
func (g *ConnectFour) BoardColumns() int { return c4Cols }

// HasChance is false.
func (g *ConnectFour) HasChance() bool { return false }
