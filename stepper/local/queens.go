package local

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Queens is n-queens with one queen per column (AIMA 4e §4.1.1): a state
// gives each column's row (0-based), h is the number of pairs of queens
// that attack each other, directly or indirectly, and a move puts one
// queen elsewhere in its column: n·(n−1) neighbours.
type Queens struct {
	n    int
	seed uint64
}

// MaxQueens bounds n.
const MaxQueens = 200

// Kind is "queens".
func (q *Queens) Kind() string { return "queens" }

// Spec is the problem line.
func (q *Queens) Spec() string { return fmt.Sprintf("queens %d seed=%d", q.n, q.seed) }

// N is the board's size.
func (q *Queens) N() int { return q.n }

// Start is a random board from the seed: each column's row uniform.
func (q *Queens) Start() []int { return q.Random(rand.New(rand.NewPCG(q.seed, 0x51ed))) }

// Random is a board with each column's row uniform.
func (q *Queens) Random(r *rand.Rand) []int {
	s := make([]int, q.n)
	for i := range s {
		s[i] = r.IntN(q.n)
	}
	return s
}

// H counts the attacking pairs. O(n²).
func (q *Queens) H(s []int) float64 {
	h := 0
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if attacks(s, i, s[i], j) {
				h++
			}
		}
	}
	return float64(h)
}

func attacks(s []int, c, r, j int) bool {
	d := s[j] - r
	return d == 0 || d == j-c || d == c-j
}

// conflicts is the number of queens other than column c's that attack
// the square (c, r). O(n).
func (q *Queens) conflicts(s []int, c, r int) int {
	n := 0
	for j := range s {
		if j != c && attacks(s, c, r, j) {
			n++
		}
	}
	return n
}

// Goal is h = 0.
func (q *Queens) Goal(h float64) bool { return h == 0 }

// Neighbours visits column by column, row by row. O(n³).
func (q *Queens) Neighbours(s []int, h float64, visit func(Move, float64)) {
	for c := range s {
		base := h - float64(q.conflicts(s, c, s[c]))
		for r := 0; r < q.n; r++ {
			if r != s[c] {
				visit(Move{c, r}, base+float64(q.conflicts(s, c, r)))
			}
		}
	}
}

// MoveH is O(n).
func (q *Queens) MoveH(s []int, h float64, m Move) float64 {
	return h - float64(q.conflicts(s, m.A, s[m.A])) + float64(q.conflicts(s, m.A, m.B))
}

// RandomMove picks a column and another row uniformly.
func (q *Queens) RandomMove(s []int, r *rand.Rand) Move {
	c := r.IntN(q.n)
	row := r.IntN(q.n - 1)
	if row >= s[c] {
		row++
	}
	return Move{c, row}
}

// Apply moves the queen.
func (q *Queens) Apply(s []int, m Move) { s[m.A] = m.B }

// MoveName is "column c to row r", 1-based: c3→r5.
func (q *Queens) MoveName(m Move) string { return fmt.Sprintf("c%d→r%d", m.A+1, m.B+1) }

// StateName is the rows column by column, 1-based, comma separated.
func (q *Queens) StateName(s []int) string {
	p := make([]string, len(s))
	for i, r := range s {
		p[i] = strconv.Itoa(r + 1)
	}
	return strings.Join(p, ",")
}
