package game

import (
	"fmt"
	"math"
	"stepviz/stepper/internal/optline"
	"strconv"
	"strings"
)

// Algorithm names a game search.
type Algorithm string

// The algorithms.
const (
	Minimax        Algorithm = "minimax"
	AlphaBeta      Algorithm = "alphabeta"
	Expectiminimax Algorithm = "expectiminimax"
	MCTS           Algorithm = "mcts"
)

// Algorithms lists them in the order menus show them.
var Algorithms = []Algorithm{Minimax, AlphaBeta, Expectiminimax, MCTS}

// Defaults.
const (
	DefaultIterations = 1000
	MaxIterations     = 1_000_000
	DefaultMaxNodes   = 50_000_000
)

// Options are a game search's settings.
type Options struct {
	Algorithm Algorithm
	// Depth cuts the search off at this depth (the root is depth 0): a
	// position there that is not over is a leaf valued by the game's
	// evaluation function. 0: no cutoff.
	Depth int
	// OrderEval orders each node's children best first by their
	// evaluation (alpha-beta's move ordering); false: the natural order.
	OrderEval bool
	// MaxNodes ends the search with "limit reached" once it has generated
	// this many nodes (0: DefaultMaxNodes).
	MaxNodes int
	// Iterations, C and Seed are MCTS's: iterations to run, the UCB1
	// exploration constant (default √2) and the random seed.
	Iterations int
	C          float64
	Seed       uint64
}

// ParseOptions parses a search line: the algorithm, then name=value
// options: depth=D, order=natural|eval, maxnodes=N, iterations=N, c=X,
// seed=S.
func ParseOptions(line string) (Options, error) {
	var o Options
	if err := optline.Parse(line, MaxLine, "no algorithm: write "+optline.Names(Algorithms), "depth=4", o.Set); err != nil {
		return o, err
	}
	return o.Normalize()
}

// Set sets one option by name.
func (o *Options) Set(name, value string) error {
	intIn := func(lo, hi int) (int, error) { return optline.Int(name, value, lo, hi) }
	var err error
	switch strings.ToLower(name) {
	case "algo":
		o.Algorithm, err = optline.Algorithm(value, Algorithms, "game")
	case "depth":
		o.Depth, err = intIn(0, 1000)
	case "order":
		switch strings.ToLower(value) {
		case "natural":
			o.OrderEval = false
		case "eval", "best-first", "best":
			o.OrderEval = true
		default:
			return fmt.Errorf("order=%s: write natural or eval (best first by the evaluation)", value)
		}
	case "maxnodes":
		o.MaxNodes, err = intIn(1, math.MaxInt32)
	case "iterations":
		o.Iterations, err = intIn(1, MaxIterations)
	case "c":
		o.C, err = optline.Float("c", value, 0, 100, "the exploration constant")
	case "seed":
		o.Seed, err = optline.Seed("seed", value)
	default:
		return fmt.Errorf("unknown option %q for a game search: write depth=, order=, maxnodes=, iterations=, c= or seed=", name)
	}
	return err
}

// Normalize fills in the defaults and checks the combination.
func (o Options) Normalize() (Options, error) {
	if o.Algorithm == "" {
		o.Algorithm = AlphaBeta
	}
	if o.MaxNodes == 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.Algorithm == MCTS {
		if o.Iterations == 0 {
			o.Iterations = DefaultIterations
		}
		if o.C == 0 {
			o.C = math.Sqrt2
		}
		if o.Depth != 0 || o.OrderEval {
			return o, fmt.Errorf("mcts plays every simulation to the end: depth= and order= are minimax's and alphabeta's options")
		}
	} else if o.Iterations != 0 || o.C != 0 || o.Seed != 0 {
		return o, fmt.Errorf("iterations=, c= and seed= are options of mcts, not of %s", o.Algorithm)
	}
	return o, nil
}

// String is the search line that rebuilds the options.
func (o Options) String() string {
	s := []string{string(o.Algorithm)}
	if o.Depth > 0 {
		s = append(s, "depth="+strconv.Itoa(o.Depth))
	}
	if o.OrderEval {
		s = append(s, "order=eval")
	}
	if o.Algorithm == MCTS {
		s = append(s, "iterations="+strconv.Itoa(o.Iterations), "c="+strconv.FormatFloat(o.C, 'g', -1, 64), "seed="+strconv.FormatUint(o.Seed, 10))
	}
	if o.MaxNodes != DefaultMaxNodes {
		s = append(s, "maxnodes="+strconv.Itoa(o.MaxNodes))
	}
	return strings.Join(s, " ")
}
