package game

import (
	"math"
	"strconv"
)

// Status is where a game search stands.
type Status string

// The statuses.
const (
	Running      Status = "running"
	Done         Status = "done"
	LimitReached Status = "limit reached"
	Failed       Status = "failed" // the game (a script) failed: Result.Error says why
)

// What says what a step did.
type What string

// The kinds of step.
const (
	// Visit is step 1: the root.
	Visit What = "visit"
	// Down generates the next child of the node on top and visits it; a
	// leaf (the game over, or the depth cutoff) is valued on the way down.
	Down What = "down"
	// Up backs a node's value up into its parent.
	Up What = "up"
	// Iterate is one MCTS iteration.
	Iterate What = "iteration"
)

// Event is what one step did. Node ids number the nodes in the order they
// were generated, the root 0.
type Event struct {
	Step int  `json:"step"`
	What What `json:"what"`
	// Node is the node visited (Visit, Down) or whose value goes up (Up).
	Node   int    `json:"node"`
	Parent int    `json:"parent"` // -1 for the root
	Depth  int    `json:"depth"`
	Move   string `json:"move,omitempty"` // the move from the parent
	State  string `json:"state"`
	Turn   Turn   `json:"turn"`
	// Leaf is set when Node is a leaf: Value is then its utility, or its
	// evaluation when Cutoff (the depth limit reached first).
	Leaf   bool  `json:"leaf,omitempty"`
	Cutoff bool  `json:"cutoff,omitempty"`
	Value  Bound `json:"value"` // the leaf's value (Down) or the value backed up (Up)
	// Alpha and Beta are the window the node visited is searched with
	// (Visit, Down; alpha-beta only), or the parent's after the update (Up).
	Alpha Bound `json:"alpha"`
	Beta  Bound `json:"beta"`
	// ParentValue is the parent's value so far after an Up; BestChanged
	// reports that Node became the parent's best child.
	ParentValue Bound `json:"parentValue"`
	BestChanged bool  `json:"bestChanged,omitempty"`
	// Pruned lists the parent's children left unvisited after an Up, and
	// Why says why, such as "β ≤ α: 2 ≤ 3".
	Pruned []string `json:"pruned,omitempty"`
	Why    string   `json:"why,omitempty"`
	// MCTS is the iteration of an MCTS step.
	MCTS *Iteration `json:"mcts,omitempty"`
}

// Iteration is one MCTS iteration: the path selected by UCB1 from the
// root, the child expanded, the simulation's moves and its utility for
// MAX, backed up along the path.
type Iteration struct {
	Selected  []string `json:"selected"`
	Expanded  string   `json:"expanded,omitempty"`
	Playout   []string `json:"playout"`
	Utility   float64  `json:"utility"`
	RootVisit int      `json:"rootVisits"`
}

// Result is a game search's outcome: the root's value for MAX, the best
// move (empty when the root is over), and the counters: every node
// generated (the root included), the leaves valued (utilities or
// evaluations computed), the subtrees pruned (children never visited
// because β ≤ α).
type Result struct {
	Problem string  `json:"problem"`
	Options string  `json:"options"`
	Status  Status  `json:"status"`
	Value   float64 `json:"value"`
	Best    string  `json:"best"`
	Nodes   int     `json:"nodes"`
	Leaves  int     `json:"leaves"`
	Pruned  int     `json:"pruned"`
	Steps   int     `json:"steps"`
	Error   string  `json:"error,omitempty"`
}

// Bound is a value or an α/β bound, which may be infinite: JSON writes
// the infinities as the strings "+inf" and "-inf".
type Bound float64

// MarshalJSON writes a number, or "+inf" / "-inf".
func (b Bound) MarshalJSON() ([]byte, error) {
	switch {
	case math.IsInf(float64(b), 1):
		return []byte(`"+inf"`), nil
	case math.IsInf(float64(b), -1):
		return []byte(`"-inf"`), nil
	}
	return strconv.AppendFloat(nil, float64(b), 'g', -1, 64), nil
}
