package stepper

// Problem is what a search needs to know about a problem with states of type
// S. Implementations must be deterministic: the same state always yields the
// same successors in the same order. A search calls Successors once per
// expansion and IsGoal once per goal test; neither may retain buf.
type Problem[S comparable] interface {
	// Start is the initial state.
	Start() S
	// IsGoal reports whether s is a goal state.
	IsGoal(s S) bool
	// Successors appends the successors of s to buf, in the problem's
	// natural order, and returns the extended slice.
	Successors(s S, buf []Successor[S]) []Successor[S]
	// Format writes s the way the problem's spec writes states
	// ("283164705", "3,4", "Arad").
	Format(s S) string
	// ActionName names the action with the given code ("up", "NE", "Sibiu").
	ActionName(action int) string
}

// StateAppender is what a Problem may also implement to write a state
// without allocating: AppendState appends to dst exactly the bytes Format
// returns for s. Events write their states' text with it, into memory
// shared by many events.
type StateAppender[S comparable] interface {
	AppendState(dst []byte, s S) []byte
}

// MaxAction is the largest action code: nodes store it in 16 bits.
const MaxAction = 0xFFFE

// Successor is one move out of a state: the action taken (a code in
// [0, MaxAction]), the state it leads to and its step cost (> 0).
type Successor[S comparable] struct {
	State  S
	Action int
	Cost   float64
}

// Heuristic is a named estimate of the cost from a state to the goal.
type Heuristic[S comparable] struct {
	Name string
	// Estimate returns h(s) >= 0.
	Estimate func(s S) float64
	// Explain, if not nil, returns the terms that add up to h(s)
	// (per-tile distances for a puzzle), for the node inspector.
	Explain func(s S) []Term
	// Admissible reports whether h never overestimates on this problem
	// (Manhattan with diagonal moves does not); a search records a warning
	// when it is false.
	Admissible bool
	// Err, if not nil, reports the first failure of Estimate (a script's
	// heuristic): the search then ends with status Failed.
	Err func() error
}

// Term is one labelled part of a heuristic value, such as "tile 5: 2".
type Term struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
}
