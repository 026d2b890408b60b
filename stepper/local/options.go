package local

import (
	"fmt"
	"math"
	"stepviz/stepper/internal/optline"
	"strconv"
	"strings"
)

// Algorithm names a local search.
type Algorithm string

// The algorithms.
const (
	HillClimb  Algorithm = "hillclimb"
	Stochastic Algorithm = "stochastic"
	Anneal     Algorithm = "anneal"
	Genetic    Algorithm = "genetic"
)

// Algorithms lists them in the order menus show them.
var Algorithms = []Algorithm{HillClimb, Stochastic, Anneal, Genetic}

// Defaults.
const (
	DefaultMaxSteps    = 1_000_000
	DefaultPopulation  = 100
	DefaultMutation    = 0.1
	DefaultGenerations = 1000
	DefaultSchedule    = "exp:20,0.005,10000"
)

// Options are a local search's settings.
type Options struct {
	Algorithm Algorithm
	// Sideways is the most consecutive sideways moves hill climbing makes
	// on a plateau (AIMA: 100); Restarts the random restarts after it is
	// stuck.
	Sideways, Restarts int
	// Schedule is annealing's temperature over time t = 0, 1, ...:
	// exp:K,L,LIMIT is K·e^(−L·t) for t < LIMIT and 0 after (AIMA's
	// exp_schedule), linear:T0,LIMIT is T0·(1 − t/LIMIT).
	Schedule string
	// Population, Mutation and Generations are the genetic algorithm's.
	Population  int
	Mutation    float64
	Generations int
	// Seed seeds every random choice; MaxSteps ends the search with
	// "limit reached".
	Seed     uint64
	MaxSteps int

	sched schedule
}

// ParseOptions parses a search line: the algorithm, then name=value
// options: sideways=K, restarts=R, schedule=..., population=P,
// mutation=M, generations=G, seed=S, maxsteps=N.
func ParseOptions(line string) (Options, error) {
	var o Options
	if err := optline.Parse(line, MaxLine, "no algorithm: write "+optline.Names(Algorithms), "sideways=100", o.Set); err != nil {
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
		o.Algorithm, err = optline.Algorithm(value, Algorithms, "local")
	case "sideways":
		o.Sideways, err = intIn(0, 1_000_000)
	case "restarts":
		o.Restarts, err = intIn(0, 1_000_000)
	case "schedule":
		o.Schedule = value
		_, err = parseSchedule(value)
	case "population":
		o.Population, err = intIn(2, 10_000)
	case "generations":
		o.Generations, err = intIn(1, 1_000_000)
	case "mutation":
		o.Mutation, err = optline.Float("mutation", value, 0, 1, "the mutation probability")
	case "seed":
		o.Seed, err = optline.Seed("seed", value)
	case "maxsteps":
		o.MaxSteps, err = intIn(1, math.MaxInt32)
	default:
		return fmt.Errorf("unknown option %q for a local search: write sideways=, restarts=, schedule=, population=, mutation=, generations=, seed= or maxsteps=", name)
	}
	return err
}

// Normalize fills in the defaults and checks the combination.
func (o Options) Normalize() (Options, error) {
	if o.Algorithm == "" {
		o.Algorithm = HillClimb
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	climb := o.Algorithm == HillClimb || o.Algorithm == Stochastic
	if !climb && (o.Sideways != 0 || o.Restarts != 0) {
		return o, fmt.Errorf("sideways= and restarts= are options of hillclimb and stochastic, not of %s", o.Algorithm)
	}
	if o.Algorithm == Stochastic && o.Sideways != 0 {
		return o, fmt.Errorf("stochastic hill climbing takes only uphill moves: sideways= is hillclimb's")
	}
	if o.Algorithm != Anneal && o.Schedule != "" {
		return o, fmt.Errorf("schedule= is an option of anneal, not of %s", o.Algorithm)
	}
	if o.Algorithm != Genetic && (o.Population != 0 || o.Mutation != 0 || o.Generations != 0) {
		return o, fmt.Errorf("population=, mutation= and generations= are options of genetic, not of %s", o.Algorithm)
	}
	if o.Algorithm == Anneal {
		if o.Schedule == "" {
			o.Schedule = DefaultSchedule
		}
		var err error
		if o.sched, err = parseSchedule(o.Schedule); err != nil {
			return o, err
		}
	}
	if o.Algorithm == Genetic {
		if o.Population == 0 {
			o.Population = DefaultPopulation
		}
		if o.Mutation == 0 {
			o.Mutation = DefaultMutation
		}
		if o.Generations == 0 {
			o.Generations = DefaultGenerations
		}
	}
	return o, nil
}

// String is the search line that rebuilds the options.
func (o Options) String() string {
	s := []string{string(o.Algorithm)}
	add := func(k string, v any) { s = append(s, fmt.Sprintf("%s=%v", k, v)) }
	switch o.Algorithm {
	case HillClimb, Stochastic:
		if o.Sideways > 0 {
			add("sideways", o.Sideways)
		}
		if o.Restarts > 0 {
			add("restarts", o.Restarts)
		}
	case Anneal:
		add("schedule", o.Schedule)
	case Genetic:
		add("population", o.Population)
		add("mutation", strconv.FormatFloat(o.Mutation, 'g', -1, 64))
		add("generations", o.Generations)
	}
	add("seed", o.Seed)
	if o.MaxSteps != DefaultMaxSteps {
		add("maxsteps", o.MaxSteps)
	}
	return strings.Join(s, " ")
}

// schedule is a temperature at time t.
type schedule func(t int) float64

func parseSchedule(v string) (schedule, error) {
	kind, args, _ := strings.Cut(v, ":")
	var x []float64
	for _, a := range strings.Split(args, ",") {
		f, err := strconv.ParseFloat(a, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || f < 0 {
			return nil, fmt.Errorf("schedule=%s: %q is not a number from 0; write exp:K,LAMBDA,LIMIT (such as %s) or linear:T0,LIMIT", v, a, DefaultSchedule)
		}
		x = append(x, f)
	}
	switch {
	case kind == "exp" && len(x) == 3 && x[2] >= 1 && x[2] <= DefaultMaxSteps:
		k, lam, limit := x[0], x[1], int(x[2])
		return func(t int) float64 {
			if t >= limit {
				return 0
			}
			return k * math.Exp(-lam*float64(t))
		}, nil
	case kind == "linear" && len(x) == 2 && x[1] >= 1 && x[1] <= DefaultMaxSteps:
		t0, limit := x[0], x[1]
		return func(t int) float64 { return max(0, t0*(1-float64(t)/limit)) }, nil
	}
	return nil, fmt.Errorf("schedule=%s: write exp:K,LAMBDA,LIMIT (K·e^(−LAMBDA·t) until t = LIMIT, such as %s) or linear:T0,LIMIT, with LIMIT from 1 to %d", v, DefaultSchedule, DefaultMaxSteps)
}
