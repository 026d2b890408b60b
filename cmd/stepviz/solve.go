package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

func init() {
	register("solve", "solve one problem and print the cost, moves, path and counters (-json for one JSON object)", runSolve)
}

// solveResult is the JSON object `stepviz solve -json` prints (docs/cli.md).
type solveResult struct {
	Problem    string   `json:"problem"`
	Options    string   `json:"options"`
	Status     string   `json:"status"`
	Solved     bool     `json:"solved"`
	Cost       float64  `json:"cost"`
	Moves      []string `json:"moves"`
	Path       []string `json:"path"`
	Steps      int      `json:"steps"`
	Expanded   int      `json:"expanded"`
	Generated  int      `json:"generated"`
	Duplicates int      `json:"duplicates"`
	Reparented int      `json:"reparented"`
	MaxOpen    int      `json:"maxOpen"`
	Nodes      int      `json:"nodes"`
	// Pruned counts beam search's pruned nodes; Why says, in words, why a
	// beam search found no solution.
	Pruned   int      `json:"pruned,omitempty"`
	Why      string   `json:"why,omitempty"`
	Warnings []string `json:"warnings"`
	// OneWay is, for a bidirectional search, the same problem searched in
	// one direction only (bfs for bibfs, ucs for biucs), to compare.
	OneWay *oneWayResult `json:"oneDirectional,omitempty"`
}

// oneWayResult is the one-directional counterpart of a bidirectional search.
type oneWayResult struct {
	Options  string  `json:"options"`
	Status   string  `json:"status"`
	Cost     float64 `json:"cost"`
	Expanded int     `json:"expanded"`
}

// searchFlags are the flags that map one to one onto stepper options, in
// the order -help lists them.
var searchFlags = []struct{ flag, option, usage string }{
	{"algo", "algo", "algorithm: bfs, dfs, dls, ids, ucs, greedy, astar, wastar, beam, idastar, rbfs, bibfs, biucs or biastar, or a search line such as \"astar h=manhattan tie=high-g\" (other flags win over its words)"},
	{"h", "h", "heuristic (default: the problem's first, e.g. manhattan, octile, sld)"},
	{"w", "w", "weight of weighted A* (default 2) and of beam's f = g + w·h (default 1)"},
	{"width", "width", "beam: the beam's width k, the open nodes kept after each expansion (default 3)"},
	{"f", "f", "beam: rank by g+h (f = g + w·h, as A*; the default) or h (h alone, as greedy)"},
	{"tie", "tie", "tie rule among equal priorities: fifo, lifo, high-g or low-h (default fifo)"},
	{"goaltest", "goaltest", "when the goal is tested: generate or expand (default: generate for BFS, expand otherwise)"},
	{"open", "open", "a cheaper path to an open node: reparent, reparent-new (re-inserted: a new insertion number) or ignore (default: ignore for BFS/DFS/DLS, reparent otherwise)"},
	{"closed", "closed", "a cheaper path to a closed node: ignore or reopen (default ignore)"},
	{"depth", "depth", "depth limit L >= 0: a node at depth L is goal-tested, not expanded, and the search ends in cutoff (0: only the start is tested); none: no limit (the default; dls: 50)"},
	{"parent", "parent", "ids, idastar, rbfs: path (no state on the node's own path: AIMA 4th ed. IS-CYCLE), skip (never regenerate the parent's state: Korf) or keep (every successor: aima-python) (default: path for ids, skip for idastar on puzzles, keep otherwise)"},
	{"ontie", "ontie", "bibfs, biucs, biastar: the side expanded when both sides' least keys are equal: forward (default) or backward (AIMA 4th ed., Figure 3.14: forward only when strictly smaller)"},
	{"order", "order", "successor order: natural, reverse, alpha or a comma list of action names"},
	{"duplicates", "duplicates", "discarded duplicate children: keep them as tree nodes or drop them (default keep; scen: drop)"},
	{"maxnodes", "maxnodes", "stop with \"limit reached\" past this many nodes"},
}

// addSearchFlags defines the search flags on fs; the returned func turns
// the flags that were set into Options, checked by stepper.
func addSearchFlags(fs *flag.FlagSet, defaultAlgo string) func() (stepper.Options, error) {
	vals := map[string]*string{}
	for _, f := range searchFlags {
		def := ""
		if f.flag == "algo" {
			def = defaultAlgo
		}
		vals[f.flag] = fs.String(f.flag, def, f.usage)
	}
	tree := fs.Bool("tree", false, "tree search: no closed set, every child is added")
	lazy := fs.Bool("lazy", false, "lazy frontier: open duplicates added again, discarded when selected after their state was expanded")
	local := fs.Bool("local", false, "beam: local beam search, layer by layer: the next layer is the width best children of the whole layer")
	return func() (stepper.Options, error) {
		var o stepper.Options
		set := map[string]bool{"algo": true}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for _, f := range searchFlags {
			if !set[f.flag] {
				continue
			}
			if f.flag == "algo" {
				if err := setAlgo(&o, *vals[f.flag]); err != nil {
					return o, err
				}
				continue
			}
			if err := o.Set(f.option, *vals[f.flag]); err != nil {
				return o, err
			}
		}
		if *lazy {
			o.Lazy = true
		}
		if *local {
			o.Local = true
		}
		if *tree {
			if err := o.Set("tree", strconv.FormatBool(*tree)); err != nil {
				return o, err
			}
		}
		return o.Normalize()
	}
}

// setAlgo sets -algo's value: an algorithm name, or a whole search line
// ("astar h=manhattan tie=high-g"), the same line the notebook, korf's
// -search and a game's -algo take (stepper.Options.SetLine). Flags given
// beside it are applied after it (searchFlags lists algo first), so a flag
// wins over the line's word.
func setAlgo(o *stepper.Options, value string) error {
	for i, f := range strings.Fields(value) {
		if i > 0 && !strings.Contains(f, "=") {
			return fmt.Errorf("-algo %q: %q is not a name=value option; write the algorithm first, then its options as name=value words, such as -algo \"astar h=manhattan tie=high-g\"", value, f)
		}
	}
	return o.SetLine(value)
}

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	problem := fs.String("problem", "", "the problem line, e.g. \"puzzle 283164705 goal=123804765\" or \"graph romania\" (or give it after the flags)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	options := addSearchFlags(fs, "astar")
	withH := addHeuristicsFlag(fs)
	family := addFamilyFlags(fs)
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	spec := *problem
	if len(pos) > 0 {
		if spec != "" {
			fmt.Fprintf(stderr, "stepviz solve: a problem given twice: -problem %q and %q; give one\n", spec, strings.Join(pos, " "))
			return exitUsage
		}
		spec = strings.Join(pos, " ")
	}
	if spec == "" {
		fmt.Fprintln(stderr, "stepviz solve: no problem: give -problem \"puzzle 283164705\" (or grid ..., graph romania); run stepviz solve -help")
		return exitUsage
	}
	if code, ok := family.solve(spec, *asJSON, stdout, stderr); ok {
		return code
	}
	inst, err := problems.Parse(spec, stepper.LocalFiles)
	if err == nil {
		inst, err = withH(inst)
	}
	if err != nil {
		fmt.Fprintf(stderr, "stepviz solve: %s\n", usererr.Text(err))
		return exitUsage
	}
	o, err := options()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz solve: %s\n", usererr.Text(err))
		return exitUsage
	}
	s, elapsed, err := solveSearch(inst, o)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz solve: %s\n", usererr.Text(err))
		return exitUsage
	}
	if failed("solve", s, stderr) {
		return exitUsage
	}
	res := newSolveResult(s)
	res.OneWay = oneWay(s)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "stepviz solve: %v\n", err)
			return exitUsage
		}
	} else {
		writeSolveText(stdout, res, elapsed)
	}
	if !res.Solved {
		return exitNo
	}
	return exitOK
}

// forwardOnly is o for a command that only steps forward and never shows
// an earlier step (solve, trace, check, worksheet, korf, scen): the
// depth-first family then keeps no journal and holds only the path and its
// pending siblings (stepper.Options.Linear), with the same events and
// results. The exports that draw a tree rebuild the search with the
// current iteration's nodes.
func forwardOnly(o stepper.Options) stepper.Options {
	o.Forget, o.Linear = true, true
	return o
}

// solveSearch runs the search solve prints, forward only, to its end.
func solveSearch(inst stepper.Instance, o stepper.Options) (*stepper.Search, time.Duration, error) {
	s, err := stepper.NewSearch(inst, forwardOnly(o))
	if err != nil {
		return nil, 0, err
	}
	t0 := time.Now()
	s.Run(0)
	return s, time.Since(t0), nil
}

// newSolveResult gathers a finished search's result.
func newSolveResult(s *stepper.Search) solveResult {
	c := s.Counters()
	res := solveResult{
		Problem: s.Instance().Spec(), Options: s.Options().String(), Status: string(s.Status()),
		Solved: s.Status() == stepper.Solved, Cost: s.Cost(),
		Moves: []string{}, Path: []string{}, Warnings: s.Warnings(),
		Steps: c.Steps, Expanded: c.Expanded, Generated: c.Generated, Duplicates: c.Duplicates,
		Reparented: c.Reparented, MaxOpen: c.MaxOpen, Nodes: c.Nodes, Pruned: c.Pruned, Why: s.BeamEnd(),
	}
	if res.Warnings == nil {
		res.Warnings = []string{}
	}
	for _, id := range s.Path() {
		res.Path = append(res.Path, s.Node(id).State.String())
	}
	if s.Status() == stepper.Solved {
		res.Moves = s.PathActions()
	}
	return res
}

// oneWay runs the one-directional counterpart of a bidirectional search
// (bfs for bibfs, ucs for biucs, astar with the same h for biastar) with the same node cap; nil for any other
// search.
func oneWay(s *stepper.Search) *oneWayResult {
	o := s.Options()
	var algo stepper.Algorithm
	switch o.Algorithm {
	case stepper.BiBFS:
		algo = stepper.BFS
	case stepper.BiUCS:
		algo = stepper.UCS
	case stepper.BiAStar:
		algo = stepper.AStar
	default:
		return nil
	}
	one, err := stepper.NewSearch(s.Instance(), stepper.Options{Algorithm: algo, Heuristic: o.Heuristic, Order: o.Order, MaxNodes: o.MaxNodes, Duplicates: stepper.DropDuplicates})
	if err != nil {
		return nil
	}
	one.Run(0)
	return &oneWayResult{Options: one.Options().String(), Status: string(one.Status()), Cost: one.Cost(), Expanded: one.Counters().Expanded}
}

func writeSolveText(w io.Writer, r solveResult, elapsed time.Duration) {
	fmt.Fprintf(w, "problem   %s\n", r.Problem)
	fmt.Fprintf(w, "search    %s\n", r.Options)
	fmt.Fprintf(w, "status    %s\n", r.Status)
	if r.Why != "" {
		fmt.Fprintf(w, "          %s\n", r.Why)
	}
	if r.Solved {
		fmt.Fprintf(w, "cost      %s\n", stepper.FormatNumber(r.Cost))
		fmt.Fprintf(w, "moves     %d: %s\n", len(r.Moves), strings.Join(r.Moves, " "))
		fmt.Fprintf(w, "path      %s\n", strings.Join(r.Path, " → "))
	}
	fmt.Fprintf(w, "expanded  %d   generated %d   duplicates %d   reparented %d   max open %d   steps %d",
		r.Expanded, r.Generated, r.Duplicates, r.Reparented, r.MaxOpen, r.Steps)
	if r.Pruned > 0 {
		fmt.Fprintf(w, "   pruned %d", r.Pruned)
	}
	fmt.Fprintln(w)
	if o := r.OneWay; o != nil {
		fmt.Fprintf(w, "one-way   %s: %s, cost %s, expanded %d (bidirectional: %d)\n", o.Options, o.Status, stepper.FormatNumber(o.Cost), o.Expanded, r.Expanded)
	}
	fmt.Fprintf(w, "time      %s\n", elapsed.Round(time.Microsecond))
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "warning:  %s\n", warn)
	}
}
