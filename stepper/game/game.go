package game

// State is a game position, packed in 64 bits by its game: a node index of
// an explicit tree, the two players' cells of tic-tac-toe, Nim's heaps.
type State uint64

// Move is one move of a game, encoded by its game.
type Move uint32

// Turn is who acts at a position.
type Turn uint8

// The turns. A chance node's moves are the outcomes of a throw.
const (
	Max Turn = iota
	Min
	Chance
)

// String is "MAX", "MIN" or "CHANCE".
func (t Turn) String() string {
	switch t {
	case Max:
		return "MAX"
	case Min:
		return "MIN"
	}
	return "CHANCE"
}

// MarshalText writes the turn's name.
func (t Turn) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Game is a two-player zero-sum game of perfect information, possibly with
// chance nodes. Every method is cheap (O(moves) at most) and pure: a game
// holds no search state, so searches may share it.
type Game interface {
	// Kind is the problem line's first word; Spec the line that rebuilds
	// the game.
	Kind() string
	Spec() string
	// Root is the position searched.
	Root() State
	// Turn says who acts at s.
	Turn(s State) Turn
	// Terminal reports whether the game is over at s and its utility
	// for MAX.
	Terminal(s State) (utility float64, over bool)
	// Moves appends s's moves to buf in the game's natural order.
	Moves(s State, buf []Move) []Move
	// Result is the position after m at s.
	Result(s State, m Move) State
	// Prob is the probability of the outcome m at a chance node s.
	Prob(s State, m Move) float64
	// Eval estimates s's utility for MAX, within the utilities' range;
	// searches with a depth cutoff call it at the cutoff.
	Eval(s State) float64
	// MoveName and StateName are what a reader sees.
	MoveName(s State, m Move) string
	StateName(s State) string
	// HasChance reports whether any position is a chance node.
	HasChance() bool
}
