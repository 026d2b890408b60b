package local

import "math/rand/v2"

// Move changes one state into a neighbour: for n-queens the queen of
// column A moves to row B; for a tour the cities at positions A..B are
// reversed (2-opt).
type Move struct{ A, B int }

// Problem is a local-search problem: states are slices of ints that the
// search owns, h is to be minimised. Methods that take a state never keep
// it.
type Problem interface {
	// Kind is the problem line's first word, Spec the line itself.
	Kind() string
	Spec() string
	// Start is the start state the problem line's seed makes.
	Start() []int
	// Random is a fresh random state (restarts, populations).
	Random(r *rand.Rand) []int
	// H is s's cost. O(n²) at most.
	H(s []int) float64
	// Goal reports whether h is a solution (n-queens: h = 0); a tour has
	// no goal test.
	Goal(h float64) bool
	// Neighbours calls visit for every move at s with the h it leads to,
	// in a fixed order; h is H(s).
	Neighbours(s []int, h float64, visit func(m Move, h float64))
	// MoveH is the h after m at s, whose h is h.
	MoveH(s []int, h float64, m Move) float64
	// RandomMove is a uniformly random move at s.
	RandomMove(s []int, r *rand.Rand) Move
	// Apply makes the move on s.
	Apply(s []int, m Move)
	// MoveName and StateName are what a reader sees.
	MoveName(m Move) string
	StateName(s []int) string
}
