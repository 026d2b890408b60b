package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// familyFlags are solve's flags for game searches (stepper/game) and local
// searches (stepper/local); -algo, -depth, -order and -maxnodes are the
// shared search flags, read by name.
type familyFlags struct {
	fs   *flag.FlagSet
	vals map[string]*string
}

// familyOptions are the options these families add, in -help's order.
var familyOptions = []struct{ name, usage string }{
	{"iterations", "mcts: iterations to run (default 1000)"},
	{"c", "mcts: the UCB1 exploration constant (default √2)"},
	{"seed", "mcts, hillclimb, stochastic, anneal, genetic: the random seed (default 0)"},
	{"sideways", "hillclimb: the most consecutive sideways moves on a plateau (default 0)"},
	{"restarts", "hillclimb, stochastic: random restarts after being stuck (default 0)"},
	{"schedule", "anneal: the temperature over time, exp:K,LAMBDA,LIMIT or linear:T0,LIMIT (default " + local.DefaultSchedule + ")"},
	{"population", "genetic: the population's size (default 100)"},
	{"mutation", "genetic: the probability that a child mutates (default 0.1)"},
	{"generations", "genetic: the most generations (default 1000)"},
	{"maxsteps", "local searches: stop with \"limit reached\" after this many steps"},
}

func addFamilyFlags(fs *flag.FlagSet) *familyFlags {
	f := &familyFlags{fs: fs, vals: map[string]*string{}}
	for _, o := range familyOptions {
		f.vals[o.name] = fs.String(o.name, "", o.usage)
	}
	return f
}

// line is the search line the flags make: -algo's value (which may carry
// name=value options itself) and every option flag set.
func (f *familyFlags) line(defaultAlgo string, shared ...string) string {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	algo := defaultAlgo
	if set["algo"] {
		algo = f.fs.Lookup("algo").Value.String()
	}
	parts := []string{algo}
	for _, name := range shared {
		if set[name] {
			parts = append(parts, name+"="+f.fs.Lookup(name).Value.String())
		}
	}
	for _, o := range familyOptions {
		if set[o.name] {
			parts = append(parts, o.name+"="+*f.vals[o.name])
		}
	}
	return strings.Join(parts, " ")
}

// solve runs a game or local search when spec is one (ok), printing its
// result as solve does; exit status 0 when the game was searched to the
// end or the local search solved its problem (a tour, which has no goal
// test, always), 1 otherwise.
func (f *familyFlags) solve(spec string, asJSON bool, stdout, stderr io.Writer) (code int, ok bool) {
	fail := func(err error) (int, bool) {
		fmt.Fprintf(stderr, "stepviz solve: %v\n", err)
		return exitUsage, true
	}
	var (
		res     any
		text    func(time.Duration) string
		success bool
		t0      time.Time
	)
	switch {
	case game.IsKind(spec):
		g, err := game.ParseProblem(spec)
		if err != nil {
			return fail(err)
		}
		o, err := game.ParseOptions(f.line(string(game.AlphaBeta), "depth", "order", "maxnodes"))
		if err != nil {
			return fail(err)
		}
		s, err := game.New(g, o)
		if err != nil {
			return fail(err)
		}
		t0 = time.Now()
		s.Run(0)
		r := s.Result()
		res, success = r, r.Status == game.Done
		if r.Error != "" {
			fmt.Fprintf(stderr, "stepviz solve: %s\n", r.Error)
		}
		text = func(d time.Duration) string {
			return fmt.Sprintf("problem   %s\nsearch    %s\nstatus    %s\nvalue     %g\nbest      %s\nnodes     %d   leaves %d   pruned %d   steps %d\ntime      %s (%.3g M nodes/s)\n",
				r.Problem, r.Options, r.Status, r.Value, r.Best, r.Nodes, r.Leaves, r.Pruned, r.Steps, d.Round(time.Microsecond), float64(r.Nodes)/d.Seconds()/1e6)
		}
	case local.IsKind(spec):
		p, err := local.ParseProblem(spec)
		if err != nil {
			return fail(err)
		}
		o, err := local.ParseOptions(f.line(string(local.HillClimb)))
		if err != nil {
			return fail(err)
		}
		s, err := local.New(p, o)
		if err != nil {
			return fail(err)
		}
		t0 = time.Now()
		s.Run(0)
		r := s.Result()
		res = r
		success = r.Status == local.Solved || p.Kind() == "tsp"
		text = func(d time.Duration) string {
			return fmt.Sprintf("problem   %s\nsearch    %s\nstatus    %s\n          %s\nh         %g\nsteps     %d   restarts %d\nstate     %s\ntime      %s\n",
				r.Problem, r.Options, r.Status, r.Why, r.H, r.Steps, r.Restarts, r.State, d.Round(time.Microsecond))
		}
	default:
		return 0, false
	}
	elapsed := time.Since(t0)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(err)
		}
	} else {
		fmt.Fprint(stdout, text(elapsed))
	}
	if !success {
		return exitNo, true
	}
	return exitOK, true
}
