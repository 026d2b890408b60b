package local

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// MaxCities bounds a tour.
const MaxCities = 500

// TSP is a random Euclidean travelling-salesman problem: n cities uniform
// in the square [0, 100)², drawn from the seed. A state is a tour starting
// at city 0, h its length, and a move a 2-opt exchange: reverse the tour
// between positions A and B (1 ≤ A < B ≤ n−1, leaving out the reversal of
// the whole tour, which is the same tour): n(n−1)/2 − n + 1 neighbours,
// each priced in O(1).
type TSP struct {
	n    int
	seed uint64
	x, y []float64
	d    []float64 // n×n distances
}

func newTSP(n int, seed uint64) *TSP {
	t := &TSP{n: n, seed: seed, x: make([]float64, n), y: make([]float64, n), d: make([]float64, n*n)}
	r := rand.New(rand.NewPCG(seed, 0x7597))
	for i := range n {
		t.x[i], t.y[i] = r.Float64()*100, r.Float64()*100
	}
	for i := range n {
		for j := range n {
			t.d[i*n+j] = math.Hypot(t.x[i]-t.x[j], t.y[i]-t.y[j])
		}
	}
	return t
}

// Kind is "tsp".
func (t *TSP) Kind() string { return "tsp" }

// Spec is the problem line.
func (t *TSP) Spec() string { return fmt.Sprintf("tsp %d seed=%d", t.n, t.seed) }

// City is city i's coordinates.
func (t *TSP) City(i int) (x, y float64) { return t.x[i], t.y[i] }

func (t *TSP) dist(a, b int) float64 { return t.d[a*t.n+b] }

// Start is the cities in their order 0, 1, ..., n−1.
func (t *TSP) Start() []int {
	s := make([]int, t.n)
	for i := range s {
		s[i] = i
	}
	return s
}

// Random is city 0 then the others shuffled.
func (t *TSP) Random(r *rand.Rand) []int {
	s := t.Start()
	r.Shuffle(t.n-1, func(i, j int) { s[i+1], s[j+1] = s[j+1], s[i+1] })
	return s
}

// H is the tour's length. O(n).
func (t *TSP) H(s []int) float64 {
	h := 0.0
	for i := range s {
		h += t.dist(s[i], s[(i+1)%len(s)])
	}
	return h
}

// Goal is false: a tour's optimum is not known to the search.
func (t *TSP) Goal(float64) bool { return false }

func (t *TSP) delta(s []int, m Move) float64 {
	a, b, c, d := s[m.A-1], s[m.A], s[m.B], s[(m.B+1)%len(s)]
	return t.dist(a, c) + t.dist(b, d) - t.dist(a, b) - t.dist(c, d)
}

// Neighbours visits (A, B) in lexicographic order. O(n²).
func (t *TSP) Neighbours(s []int, h float64, visit func(Move, float64)) {
	for i := 1; i < t.n-1; i++ {
		for j := i + 1; j < t.n; j++ {
			if i == 1 && j == t.n-1 {
				continue
			}
			m := Move{i, j}
			visit(m, h+t.delta(s, m))
		}
	}
}

// MoveH is O(1).
func (t *TSP) MoveH(s []int, h float64, m Move) float64 { return h + t.delta(s, m) }

// RandomMove is a uniform 2-opt move.
func (t *TSP) RandomMove(s []int, r *rand.Rand) Move {
	for {
		i, j := 1+r.IntN(t.n-1), 1+r.IntN(t.n-1)
		if i > j {
			i, j = j, i
		}
		if i < j && !(i == 1 && j == t.n-1) {
			return Move{i, j}
		}
	}
}

// Apply reverses positions A..B.
func (t *TSP) Apply(s []int, m Move) {
	for i, j := m.A, m.B; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// MoveName is "reverse A..B" (positions from 1): 2-opt 3..7.
func (t *TSP) MoveName(m Move) string { return fmt.Sprintf("2-opt %d..%d", m.A+1, m.B+1) }

// StateName is the cities in tour order, from 1.
func (t *TSP) StateName(s []int) string {
	p := make([]string, len(s))
	for i, c := range s {
		p[i] = strconv.Itoa(c + 1)
	}
	return strings.Join(p, "-")
}
