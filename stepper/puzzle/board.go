package puzzle

import (
	"math/bits"
	"strconv"

	"stepviz/stepper"
)

// The search-side representations of a puzzle board. Problem[S] is generic,
// so each board size picks the smallest comparable state: a uint64 holding
// one 4-bit tile per position for N <= 4 (position i in bits 4i..4i+3, which
// makes an 8-puzzle node 40 bytes), and a [25]uint8 for N = 5, which 4 bits
// cannot hold.

// maxCells is the largest board, 5×5.
const maxCells = 25

// puzzleGeom is what every representation and heuristic shares: the board
// side, the goal and where each tile belongs.
type puzzleGeom struct {
	n, cells int
	goal     [maxCells]uint8 // goal tile at each position
	goalPos  [maxCells]int8  // goal position of each tile
	// next[pos][move] is where the blank goes from pos by move, -1 off the board.
	next [maxCells][4]int8
}

func newGeom(p *Puzzle) puzzleGeom {
	g := puzzleGeom{n: p.n, cells: p.n * p.n}
	for i, t := range p.goal {
		g.goal[i] = uint8(t)
		g.goalPos[t] = int8(i)
	}
	for pos := range g.cells {
		r, c := pos/g.n, pos%g.n
		g.next[pos] = [4]int8{-1, -1, -1, -1}
		if r > 0 {
			g.next[pos][moveUp] = int8(pos - g.n)
		}
		if r < g.n-1 {
			g.next[pos][moveDown] = int8(pos + g.n)
		}
		if c > 0 {
			g.next[pos][moveLeft] = int8(pos - 1)
		}
		if c < g.n-1 {
			g.next[pos][moveRight] = int8(pos + 1)
		}
	}
	return g
}

// distance is the Manhattan distance of tile t at pos from its goal
// position (0 for the blank).
func (g *puzzleGeom) distance(t uint8, pos int) int {
	if t == 0 {
		return 0
	}
	gp := int(g.goalPos[t])
	return absInt(pos/g.n-gp/g.n) + absInt(pos%g.n-gp%g.n)
}

// formatBoard writes tiles as FormatTiles does.
// One allocation: the string; the bytes are written on the stack.
func (g *puzzleGeom) formatBoard(t *[maxCells]uint8) string {
	var b [3 * maxCells]byte
	return string(g.appendBoard(b[:0], t))
}

// appendBoard appends the board t as formatBoard writes it.
func (g *puzzleGeom) appendBoard(buf []byte, t *[maxCells]uint8) []byte {
	for i := range g.cells {
		if g.cells != 9 && i > 0 {
			buf = append(buf, ',')
		}
		if t[i] < 10 {
			buf = append(buf, '0'+t[i])
		} else {
			buf = strconv.AppendInt(buf, int64(t[i]), 10)
		}
	}
	return buf
}

func (g *puzzleGeom) ActionName(a int) string {
	if a < 0 || a >= len(puzzleMoves) {
		return "?"
	}
	return puzzleMoves[a]
}

// ActionNames lets a successor order such as "up,left,right,down" be checked.
func (g *puzzleGeom) ActionNames() []string { return append([]string(nil), puzzleMoves...) }

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// packedPuzzle is a puzzle with N <= 4 whose states are uint64 boards.
type packedPuzzle struct {
	geom        puzzleGeom
	start, goal uint64
	// dist[t][pos] is the Manhattan distance of tile t at pos.
	dist [16][16]uint8
	// goalBlank is the position of the goal's blank.
	goalBlank int
}

var (
	_ stepper.Problem[uint64]       = (*packedPuzzle)(nil)
	_ stepper.Reversible[uint64]    = (*packedPuzzle)(nil)
	_ stepper.StateAppender[uint64] = (*packedPuzzle)(nil)
)

func newPacked(p *Puzzle) *packedPuzzle {
	pp := &packedPuzzle{geom: newGeom(p)}
	pp.start, pp.goal = packTiles(p.start), packTiles(p.goal)
	for t := 1; t < pp.geom.cells; t++ {
		for pos := range pp.geom.cells {
			pp.dist[t][pos] = uint8(pp.geom.distance(uint8(t), pos))
		}
	}
	pp.goalBlank = int(pp.geom.goalPos[0])
	return pp
}

func packTiles(tiles []int) uint64 {
	var s uint64
	for i, t := range tiles {
		s |= uint64(t) << (4 * uint(i))
	}
	return s
}

// nibbleOnes has the low bit of every 4-bit nibble set.
const nibbleOnes = 0x1111111111111111

// blankOf is the blank's position: the lowest zero nibble. On a 3×3 board
// the unused nibbles 9..15 are zero too, but they come after the blank. The
// borrow of the subtraction cannot reach below the lowest zero nibble, so
// its high bit is the lowest one set.
func blankOf(s uint64) int {
	z := (s - nibbleOnes) &^ s & (nibbleOnes << 3)
	return bits.TrailingZeros64(z) >> 2
}

func (p *packedPuzzle) Start() uint64           { return p.start }
func (p *packedPuzzle) IsGoal(s uint64) bool    { return s == p.goal }
func (p *packedPuzzle) ActionName(a int) string { return p.geom.ActionName(a) }
func (p *packedPuzzle) ActionNames() []string   { return p.geom.ActionNames() }

// Successors slides the blank up, down, left and right, in that order,
// skipping moves off the board. O(1) per successor.
func (p *packedPuzzle) Successors(s uint64, buf []stepper.Successor[uint64]) []stepper.Successor[uint64] {
	b := blankOf(s)
	for a, to := range p.geom.next[b] {
		if to < 0 {
			continue
		}
		buf = append(buf, stepper.Successor[uint64]{State: slid(s, b, int(to), tileAt(s, int(to))), Action: a, Cost: 1})
	}
	return buf
}

// tileAt is the tile at place i of packed board s (0 the blank).
func tileAt(s uint64, i int) uint64 { return s >> (4 * uint(i)) & 15 }

// slid is packed board s after tile t, at place to, slides into the
// blank at b.
func slid(s uint64, b, to int, t uint64) uint64 {
	return s&^(15<<(4*uint(to))) | t<<(4*uint(b))
}

// GoalState is the goal board.
func (p *packedPuzzle) GoalState() uint64 { return p.goal }

// LeastStepCost is 1: every slide costs 1.
func (p *packedPuzzle) LeastStepCost() float64 { return 1 }

// Predecessors are the successors, each with the opposite move: every
// move is undone by the opposite one at the same cost.
func (p *packedPuzzle) Predecessors(s uint64, buf []stepper.Successor[uint64]) []stepper.Successor[uint64] {
	first := len(buf)
	buf = p.Successors(s, buf)
	for i := first; i < len(buf); i++ {
		buf[i].Action ^= 1 // up<->down, left<->right
	}
	return buf
}

func (p *packedPuzzle) unpack(s uint64, t *[maxCells]uint8) {
	for i := range p.geom.cells {
		t[i] = uint8(s>>(4*uint(i))) & 15
	}
}

func (p *packedPuzzle) Format(s uint64) string {
	var t [maxCells]uint8
	p.unpack(s, &t)
	return p.geom.formatBoard(&t)
}

func (p *packedPuzzle) AppendState(dst []byte, s uint64) []byte {
	if p.geom.cells == 9 { // digits, no commas: one nibble each
		for i := range 9 {
			dst = append(dst, '0'+byte(s>>(4*i))&15)
		}
		return dst
	}
	var t [maxCells]uint8
	p.unpack(s, &t)
	return p.geom.appendBoard(dst, &t)
}

// manhattan is the sum of the tiles' Manhattan distances: one table look-up
// per position.
func (p *packedPuzzle) manhattan(s uint64) float64 {
	h := 0
	for i := range p.geom.cells {
		h += int(p.dist[s&15][i])
		s >>= 4
	}
	return float64(h)
}

// misplaced counts the tiles, blank excluded, not at their goal position:
// the nibbles where s and the goal differ, less the blank's own nibble
// unless the blank is where the goal has it.
func (p *packedPuzzle) misplaced(s uint64) float64 {
	d := s ^ p.goal
	d |= d >> 1
	d |= d >> 2
	k := bits.OnesCount64(d & nibbleOnes)
	if blankOf(s) != p.goalBlank {
		k--
	}
	return float64(k)
}

// board25 is a 5×5 board, one byte a position.
type board25 [maxCells]uint8

// bytesPuzzle is a 5×5 puzzle whose states are board25 values.
type bytesPuzzle struct {
	geom        puzzleGeom
	start, goal board25
}

var (
	_ stepper.Problem[board25]       = (*bytesPuzzle)(nil)
	_ stepper.Reversible[board25]    = (*bytesPuzzle)(nil)
	_ stepper.StateAppender[board25] = (*bytesPuzzle)(nil)
)

func newBytesPuzzle(p *Puzzle) *bytesPuzzle {
	bp := &bytesPuzzle{geom: newGeom(p)}
	for i := range p.start {
		bp.start[i], bp.goal[i] = uint8(p.start[i]), uint8(p.goal[i])
	}
	return bp
}

func (p *bytesPuzzle) Start() board25                       { return p.start }
func (p *bytesPuzzle) IsGoal(s board25) bool                { return s == p.goal }
func (p *bytesPuzzle) ActionName(a int) string              { return p.geom.ActionName(a) }
func (p *bytesPuzzle) ActionNames() []string                { return p.geom.ActionNames() }
func (p *bytesPuzzle) unpack(s board25, t *[maxCells]uint8) { *t = s }
func (p *bytesPuzzle) Format(s board25) string              { return p.geom.formatBoard((*[maxCells]uint8)(&s)) }
func (p *bytesPuzzle) AppendState(dst []byte, s board25) []byte {
	return p.geom.appendBoard(dst, (*[maxCells]uint8)(&s))
}

// Successors slides the blank up, down, left and right, in that order.
// GoalState is the goal board.
func (p *bytesPuzzle) GoalState() board25 { return p.goal }

// LeastStepCost is 1: every slide costs 1.
func (p *bytesPuzzle) LeastStepCost() float64 { return 1 }

// Predecessors are the successors with the opposite moves.
func (p *bytesPuzzle) Predecessors(s board25, buf []stepper.Successor[board25]) []stepper.Successor[board25] {
	first := len(buf)
	buf = p.Successors(s, buf)
	for i := first; i < len(buf); i++ {
		buf[i].Action ^= 1
	}
	return buf
}

func (p *bytesPuzzle) Successors(s board25, buf []stepper.Successor[board25]) []stepper.Successor[board25] {
	b := 0
	for s[b] != 0 {
		b++
	}
	for a, to := range p.geom.next[b] {
		if to < 0 {
			continue
		}
		ns := s
		ns[b], ns[to] = s[to], 0
		buf = append(buf, stepper.Successor[board25]{State: ns, Action: a, Cost: 1})
	}
	return buf
}

// StateCount is the number of arrangements of the board's tiles, cells!
// (at most 16!, which an int holds): the engine indexes the 362,880 of a
// 3×3 board and hashes the far more of a 4×4 one.
func (p *packedPuzzle) StateCount() int {
	n := 1
	for i := 2; i <= p.geom.cells; i++ {
		n *= i
	}
	return n
}

// StateIndex is the rank of the board as a permutation of its tiles, in
// lexicographic order (its Lehmer code): 0 <= StateIndex < StateCount.
// O(cells), one popcount a cell; a 3×3 board's is unrolled (rank9).
func (p *packedPuzzle) StateIndex(s uint64) int {
	if p.geom.cells == 9 {
		return rank9(s)
	}
	return lehmerRank(s, p.geom.cells)
}

// lehmerRank is the lexicographic rank of the permutation of 0..n-1 held
// in the low n nibbles of s: the sum over positions i of the tiles smaller
// than tile i not placed before it, times (n-1-i)!.
func lehmerRank(s uint64, n int) int {
	used := uint32(0)
	rank := 0
	for i := range n {
		v := uint(s>>(4*uint(i))) & 15
		// the tiles below v not placed yet
		smaller := v - uint(bits.OnesCount32(used&(1<<v-1)))
		rank = rank*(n-i) + int(smaller)
		used |= 1 << v
	}
	return rank
}

// rank9 is lehmerRank(s, 9) unrolled, with the factorials as constants:
// the tiles' masks before each position are a chain of ORs, and the eight
// popcounts do not wait on each other. The last position adds nothing.
func rank9(s uint64) int {
	const f1, f2, f3, f4, f5, f6, f7, f8 = 1, 2, 6, 24, 120, 720, 5040, 40320
	v0 := uint32(s) & 15
	v1 := uint32(s>>4) & 15
	v2 := uint32(s>>8) & 15
	v3 := uint32(s>>12) & 15
	v4 := uint32(s>>16) & 15
	v5 := uint32(s>>20) & 15
	v6 := uint32(s>>24) & 15
	v7 := uint32(s>>28) & 15
	u1 := uint32(1) << v0
	u2 := u1 | 1<<v1
	u3 := u2 | 1<<v2
	u4 := u3 | 1<<v3
	u5 := u4 | 1<<v4
	u6 := u5 | 1<<v5
	u7 := u6 | 1<<v6
	below := func(u, v uint32) int { return int(v) - bits.OnesCount32(u&(1<<v-1)) }
	return int(v0)*f8 + below(u1, v1)*f7 + below(u2, v2)*f6 + below(u3, v3)*f5 +
		below(u4, v4)*f4 + below(u5, v5)*f3 + below(u6, v6)*f2 + below(u7, v7)*f1
}
