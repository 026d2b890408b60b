package stepper

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
)

// Algorithm names a search strategy.
type Algorithm string

// The algorithms. The best-first ones are a frontier plus an evaluation
// function f: BFS a FIFO queue, DFS a LIFO stack, UCS f = g, greedy f = h,
// A* f = g + h, weighted A* f = g + w·h, beam search A* whose frontier
// keeps only the Width best nodes (beam.go); DLS is DFS with a depth limit,
// tree search and AIMA's child order (Figure 3.17). The depth-first
// iterative family (IDS, IDA*, RBFS) keeps only a path and its siblings and
// runs in its own loop (dfengine.go).
const (
	BFS     Algorithm = "bfs"
	DFS     Algorithm = "dfs"
	DLS     Algorithm = "dls"
	UCS     Algorithm = "ucs"
	Greedy  Algorithm = "greedy"
	AStar   Algorithm = "astar"
	WAStar  Algorithm = "wastar"
	Beam    Algorithm = "beam"
	IDS     Algorithm = "ids"
	IDAStar Algorithm = "idastar"
	RBFS    Algorithm = "rbfs"
	BiBFS   Algorithm = "bibfs"
	BiUCS   Algorithm = "biucs"
	BiAStar Algorithm = "biastar"
)

// Algorithms lists every algorithm in the order menus show them.
var Algorithms = []Algorithm{BFS, DFS, DLS, IDS, UCS, Greedy, AStar, WAStar, Beam, IDAStar, RBFS, BiBFS, BiUCS, BiAStar}

// DefaultDLSLimit is the depth limit of dls when none is given
// (aima-python's depth_limited_search(problem, limit=50)).
const DefaultDLSLimit = 50

// NoDepthLimit as Options.Depth asks for no depth limit, as the option's
// value "none" does (depth=none, -depth none).
const NoDepthLimit = -1

// depthFirstIterative reports whether the algorithm runs in the depth-first
// iterative loop (dfengine.go) rather than the best-first one.
func (a Algorithm) depthFirstIterative() bool { return a == IDS || a == IDAStar || a == RBFS }

// Journaled reports whether a search with the algorithm keeps the journal
// that Search.Horizon, NodeEnd, ModdedIn, ExpandedIn, Record, OrderAfter,
// StateOf, OpenHead, OpenOrder and IterStart read (delta.go): every
// algorithm does, the best-first ones in journal.go, the depth-first
// iterative family (ids, idastar, rbfs) in dfengine_journal.go and the
// bidirectional searches in bidi_journal.go.
func (a Algorithm) Journaled() bool { return true }

// bidirectional reports whether the algorithm searches from both ends
// (bidi.go).
func (a Algorithm) bidirectional() bool { return a == BiBFS || a == BiUCS || a == BiAStar }

// TieRule orders open nodes whose priority is equal. Whatever the rule, the
// insertion number breaks any remaining tie, so the order is total and every
// trace is reproducible.
type TieRule string

// The tie rules.
const (
	TieFIFO  TieRule = "fifo"   // the node inserted first wins
	TieLIFO  TieRule = "lifo"   // the node inserted last wins
	TieHighG TieRule = "high-g" // the larger g wins (the (f, -g) key), then FIFO
	TieLowH  TieRule = "low-h"  // the smaller h wins, then FIFO
)

// TieRules lists every tie rule.
var TieRules = []TieRule{TieFIFO, TieLIFO, TieHighG, TieLowH}

// GoalTest says when a node is tested for being a goal.
type GoalTest string

// The goal-test moments.
const (
	OnGenerate GoalTest = "generate" // as soon as a node is generated (early)
	OnExpand   GoalTest = "expand"   // when a node is selected for expansion
)

// OpenPolicy says what a cheaper path to a node still open does.
type OpenPolicy string

// The open policies.
const (
	Reparent    OpenPolicy = "reparent"     // decrease-key: new parent, new g, same insertion number
	ReparentNew OpenPolicy = "reparent-new" // as reparent, and a new insertion number: the node counts as newly added (aima-python, AIMA 4th ed.)
	IgnoreOpen  OpenPolicy = "ignore"       // keep the first path found
)

// ParentPolicy says which states the depth-first iterative searches (ids,
// idastar, rbfs) leave out of a node's children: none, the parent's, or
// every state on the node's own path.
type ParentPolicy string

// The parent policies.
const (
	// KeepParent generates every successor, the parent's state and longer
	// cycles included: aima-python's iterative_deepening_search over its
	// recursive depth_limited_search (aimacode/aima-python aima/search.py,
	// Figures 3.17 and 3.18 of the 3rd edition), which test no cycle. ids
	// parent=keep reproduces its counters (succs, goal_tests, states) and
	// solution exactly on all 440 runs of testdata/aima-ids.csv (380
	// Romania pairs, 60 8-puzzles; TestIDSAgainstAIMAPython). The default
	// of idastar and rbfs except idastar on puzzles.
	KeepParent ParentPolicy = "keep"
	// SkipParent never generates the parent's state among a node's
	// children: Korf's parent pruning in IDA* (Korf 1985, whose node
	// counts testdata/korf100.txt lists): idastar h=manhattan parent=skip
	// reproduces those counts exactly (TestKorf100Smallest on the 25
	// smallest instances, stepviz korf and BenchmarkKorf100 on all 100).
	// The default of idastar on puzzles.
	SkipParent ParentPolicy = "skip"
	// PathParent never generates a state already on the node's own path
	// (root to node): AIMA 4th ed. (Russell and Norvig 2020), Figure 3.12,
	// DEPTH-LIMITED-SEARCH's IS-CYCLE, for which ITERATIVE-DEEPENING-SEARCH
	// calls it. The book adds such a child to the frontier and, when it
	// is popped, tests it (it cannot be the goal: its ancestor of the same
	// state was tested first) and does not expand it; stepviz does not
	// generate it, so the same nodes are expanded in the same order, and
	// generated and goal-test counts are smaller by those children. The
	// default of ids.
	PathParent ParentPolicy = "path"
)

// TieSide says which side a bidirectional search (bibfs, biucs, biastar)
// expands when the least keys of its two open lists are equal.
type TieSide string

// The tie sides.
const (
	// TieSideForward expands the forward side on a tie (the default).
	TieSideForward TieSide = "forward"
	// TieSideBackward expands the backward side on a tie: AIMA 4th ed.
	// (Russell and Norvig 2020), Figure 3.14, BIBF-SEARCH, proceeds
	// forward only when f_F(TOP(frontier_F)) < f_B(TOP(frontier_B)).
	TieSideBackward TieSide = "backward"
)

// ClosedPolicy says what a cheaper path to an already expanded node does.
type ClosedPolicy string

// The closed policies.
const (
	IgnoreClosed ClosedPolicy = "ignore" // never reconsider an expanded node
	Reopen       ClosedPolicy = "reopen" // move it back to open (needed for inconsistent h)
)

// DuplicatePolicy says whether a generated child that is a duplicate (its
// state already open or closed, and not re-parented or reopened) becomes a
// node of the search tree.
type DuplicatePolicy string

// The duplicate policies.
const (
	KeepDuplicates DuplicatePolicy = "keep" // every generated child is a tree node (the teaching view)
	DropDuplicates DuplicatePolicy = "drop" // duplicates are reported in events but not stored (benchmarks)
)

// Default limits: a search stops with status [LimitReached] past them.
const (
	DefaultMaxNodes = 20_000_000
	DefaultMaxBytes = 4 << 30
)

// Options choose an algorithm and every textbook variant of it. The zero
// value of a field means "the default for the algorithm"; [Options.Normalize]
// fills the defaults in, and [Options.String] writes every field so a trace
// records exactly what produced it.
type Options struct {
	Algorithm Algorithm
	// Heuristic names h (ignored by BFS, DFS and UCS); "" is the problem's
	// default.
	Heuristic string
	// Weight is w of weighted A* (default 2).
	Weight float64
	Tie    TieRule
	Goal   GoalTest
	Open   OpenPolicy
	Closed ClosedPolicy
	// Tree makes it a tree search: no closed set, every child is added.
	Tree bool
	// Lazy makes the frontier lazy (graph search only): a child whose
	// state is open is added again as a new node instead of being
	// compared with the open one, and a node whose state was expanded
	// meanwhile is discarded when it is selected (a step of its own that
	// expands nothing). aima-java's GraphSearch, most Dijkstra code and
	// the common DFS graph search work this way.
	Lazy bool
	// Duplicates says whether discarded duplicates are stored as nodes.
	Duplicates DuplicatePolicy
	// Depth is the depth limit L of dls and dfs (and of any best-first
	// search) when DepthLimited is true: a node of depth L is goal-tested
	// but not expanded, and a search that ran out of nodes after such a
	// cutoff ends with status Cutoff (AIMA's depth-limited search); L = 0
	// expands nothing. For ids it caps the iterations' limit. Depth
	// NoDepthLimit asks for no limit (Normalize then sets Depth 0 and
	// DepthLimited false).
	Depth int
	// DepthLimited says Depth is a limit. Normalize sets it for any Depth >
	// 0, and for dls when no limit was given (Depth = DefaultDLSLimit);
	// Set sets it for every whole number, 0 included. Without it Depth 0
	// is the algorithm's default: no limit, except dls's DefaultDLSLimit.
	DepthLimited bool
	// Parent is the depth-first iterative searches' parent policy; ""
	// means path for ids, skip for idastar on a puzzle and keep otherwise.
	Parent ParentPolicy
	// TieSide is the side bibfs, biucs and biastar expand when both
	// sides' least keys are equal; "" is forward. Bidirectional only.
	TieSide TieSide
	// Order is the successor order: "natural", "reverse", "alpha" (by action
	// name), or a comma list of action names such as "up,left,right,down";
	// actions not listed follow in natural order.
	Order string
	// Width is beam search's k: the frontier keeps the Width best open
	// nodes (default DefaultBeamWidth). Beam only.
	Width int
	// Local makes beam search local beam search (AIMA 4th ed. §4.1.3),
	// breadth-first beam search: layer by layer, the next layer is the
	// Width best children of the whole current layer. Beam only.
	Local bool
	// F is what beam search ranks by: "g+h" (f = g + w·h, the default,
	// as A*) or "h" (h alone, as greedy search and AIMA's local beam
	// search rank). Beam only; "" is the default.
	F string
	// MaxNodes and MaxBytes cap the stored nodes and their estimated
	// memory. For ids and idastar MaxNodes caps the current iteration's
	// nodes and MaxBytes every node stored with its journal: the nodes of
	// every iteration, or with Forget the current iteration's only; with
	// Linear both cap the nodes held.
	MaxNodes int
	MaxBytes int64
	// Forget is for callers that only step forward (the exports that draw
	// the tree at a step: stepviz trace, check, worksheet; Linear for those
	// that need less): the depth-first family
	// (ids, idastar, rbfs, dls) keeps no journal of past steps, and ids
	// and idastar drop the nodes of the earlier iterations whenever one
	// begins, so memory is the current iteration's nodes instead of every
	// iteration's with about 240 bytes of journal a step
	// (BenchmarkForget measures both). Events, counters, statuses, paths and node ids are
	// those of the keeping mode. What it costs: Seek or Reset to an earlier
	// step steps again from step 0, O(steps); Node of a dropped id reports
	// NodeDropped; the journal's queries (NodeEnd, Records, ModdedIn ...)
	// know only the step and ids held (see [Search.Horizon]). MaxNodes still
	// caps the current iteration's nodes, MaxBytes then the nodes held, at
	// BytesPerNode each. The best-first searches keep no journal either:
	// of each past step only where its nodes begin and the insertion
	// number of the node it expanded (8 bytes), no mod of a re-parenting,
	// and Seek back starts again from step 0 (forward.go). The
	// bidirectional searches ignore it. It is not a variant of the search:
	// String does not write it and ParseOptions never sets it.
	Forget bool
	// Linear, for callers that only step forward and never ask for a
	// snapshot's tree (stepviz solve, korf, scen; the event-only exports;
	// the notebook's compare), implies Forget and goes further: ids,
	// idastar and rbfs drop a subtree as soon as it is finished, so they
	// hold the root and the children of each node on the current path
	// (RBFS: its frames' children), at most 1 + (depth+1)·branching nodes,
	// as the recursive definitions do. Events, counters, statuses, paths
	// and node ids are still those of the keeping mode; Node of an id no
	// longer held reports NodeDropped, as do those entries of a snapshot's
	// Tree, and its Closed lists the closed nodes held. MaxNodes and
	// MaxBytes cap the nodes held. dls with the goal tested on expansion
	// then runs in the depth-first engine too (dfengine_dls.go), with
	// the events of the best-first loop that runs it otherwise, and holds
	// O(limit · branching) nodes. Ignored by the best-first and
	// bidirectional searches; String does not write it.
	Linear bool
	// Checkpoint, for callers that step back and forth on the depth-first
	// family (the live server, the notebook), implies Linear and keeps
	// besides at most 64 copies of the linear state at evenly spaced steps
	// (dfengine_checkpoint.go): Seek back restores the last copy at or
	// before the step and searches forward from it, O(steps/32) at most.
	// Memory is O(depth · branching) nodes per copy, whatever the number
	// of steps. What Linear says of events, nodes, snapshots and MaxNodes
	// holds. Ignored by the best-first and bidirectional searches (dls
	// with the goal tested on generation included); String does not write it.
	Checkpoint bool
}

// Bounds on the numeric options: every number is checked finite and in
// range before a search uses it.
const (
	// MaxWeight bounds w: beyond it weighted A* is greedy search in all but
	// name, and f = g + w·h stays far from overflow.
	MaxWeight = 1000
	// MaxDepth bounds depth= (a depth limit beyond it is no limit).
	MaxDepth = 1 << 20
	// MaxWidth bounds width=.
	MaxWidth = 1 << 20
	// MaxMaxNodes bounds maxnodes= whatever the caller's own ceiling; the
	// kernel, notebook and server set lower ones.
	MaxMaxNodes = 1 << 30
)

// validWeight reports whether w is a finite weight in [1, MaxWeight].
func validWeight(w float64) bool {
	return !math.IsNaN(w) && !math.IsInf(w, 0) && w >= 1 && w <= MaxWeight
}

// optionNames are the option names shared by the command line and the
// notebook ("-tie high-g", "tie=high-g").
var optionNames = []string{"algo", "h", "w", "tie", "goaltest", "open", "closed", "tree", "depth", "order", "duplicates", "maxnodes", "parent", "lazy", "width", "local", "f", "ontie"}

// OptionNames returns the names [Options.Set] accepts.
func OptionNames() []string { return append([]string(nil), optionNames...) }

// Set sets one option by the name used on the command line and in notebook
// cells. Values are checked by [Options.Normalize], except numbers and
// booleans, which are checked here.
func (o *Options) Set(name, value string) error {
	switch name {
	case "algo", "algorithm":
		o.Algorithm = Algorithm(strings.ToLower(value))
	case "h", "heuristic":
		o.Heuristic = strings.ToLower(value)
	case "w", "weight":
		w, err := strconv.ParseFloat(value, 64)
		if err != nil || !validWeight(w) {
			return usererr.Errorf("stepper", "weight %q: want a number from 1 to %d, such as w=2", value, MaxWeight).For("w")
		}
		o.Weight = w
	case "tie":
		o.Tie = TieRule(strings.ToLower(value))
	case "goaltest", "goal-test":
		o.Goal = GoalTest(strings.ToLower(value))
	case "open":
		o.Open = OpenPolicy(strings.ToLower(value))
	case "closed":
		o.Closed = ClosedPolicy(strings.ToLower(value))
	case "tree":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return usererr.Errorf("stepper", "tree=%q: want true or false", value).For("tree")
		}
		o.Tree = b
	case "depth", "limit":
		if strings.EqualFold(value, "none") {
			o.Depth, o.DepthLimited = NoDepthLimit, false
			return nil
		}
		d, err := strconv.Atoi(value)
		if err != nil || d < 0 || d > MaxDepth {
			return usererr.Errorf("stepper", "depth %q: want a whole number from 0 to %d (0 expands nothing: only the start is goal-tested), or none for no limit", value, MaxDepth).For("depth")
		}
		o.Depth, o.DepthLimited = d, true
	case "order":
		o.Order = value
	case "lazy":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return usererr.Errorf("stepper", "lazy=%q: want true or false", value).For("lazy")
		}
		o.Lazy = b
	case "width", "k":
		k, err := strconv.Atoi(value)
		if err != nil || k < 1 || k > MaxWidth {
			return usererr.Errorf("stepper", "width %q: want a whole number from 1 to %d, such as width=3", value, MaxWidth).For("width")
		}
		o.Width = k
	case "local":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return usererr.Errorf("stepper", "local=%q: want true or false", value).For("local")
		}
		o.Local = b
	case "f":
		o.F = strings.ToLower(value)
	case "ontie":
		o.TieSide = TieSide(strings.ToLower(value))
	case "parent":
		o.Parent = ParentPolicy(strings.ToLower(value))
	case "duplicates":
		o.Duplicates = DuplicatePolicy(strings.ToLower(value))
	case "maxnodes":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxMaxNodes {
			return usererr.Errorf("stepper", "maxnodes %q: want a whole number from 1 to %d", value, MaxMaxNodes).For("maxnodes")
		}
		o.MaxNodes = n
	default:
		return usererr.Errorf("stepper", "unknown option %q%s; options are %s", name, suggest(name, optionNames), strings.Join(optionNames, ", ")).For(name)
	}
	return nil
}

// usesH reports whether the algorithm's priority depends on h.
func (a Algorithm) usesH() bool {
	return a == Greedy || a == AStar || a == WAStar || a == IDAStar || a == RBFS || a == Beam || a == BiAStar
}

// DefaultBeamWidth is beam search's width when none is given.
const DefaultBeamWidth = 3

// normalizeBeam checks and fills beam search's options (width, local, f,
// w) and refuses them for every other algorithm.
func (o *Options) normalizeBeam() error {
	if o.Algorithm != Beam {
		switch {
		case o.Width != 0:
			return usererr.Errorf("stepper", "width=%d is an option of beam (beam width=%d), not %s", o.Width, o.Width, o.Algorithm).For("width")
		case o.Local:
			return usererr.Errorf("stepper", "local=true is an option of beam (beam width=3 local=true), not %s", o.Algorithm).For("local")
		case o.F != "":
			return usererr.Errorf("stepper", "f=%s is an option of beam, not %s: the other searches' f is fixed by the algorithm", o.F, o.Algorithm).For("f")
		}
		return nil
	}
	if o.Width == 0 {
		o.Width = DefaultBeamWidth
	}
	if o.Width < 1 || o.Width > MaxWidth {
		return usererr.Errorf("stepper", "width %d: want a whole number from 1 to %d, such as width=3", o.Width, MaxWidth).For("width")
	}
	if o.F == "" {
		o.F = "g+h"
	}
	switch o.F {
	case "g+h", "h":
	default:
		return usererr.Errorf("stepper", "f=%s: beam ranks by f=g+h (as A*, the default) or f=h (h alone, as greedy search)", o.F).For("f")
	}
	if o.Weight == 1 {
		o.Weight = 0 // f = g + h, written without w=
	}
	if o.Weight != 0 && !validWeight(o.Weight) {
		return usererr.Errorf("stepper", "weight %v: want a number from 1 to %d, such as w=2", o.Weight, MaxWeight).For("w")
	}
	if o.Weight != 0 && o.F == "h" {
		return usererr.Errorf("stepper", "w=%s weighs h in f = g + w·h, and f=h ranks by h alone: give one of them", strconv.FormatFloat(o.Weight, 'g', -1, 64)).For("f")
	}
	if o.Local && (o.Tie == TieHighG || o.Tie == TieLowH) {
		return usererr.Errorf("stepper", "tie=%s: local beam search orders a layer by f and then by insertion, so it takes tie=fifo or tie=lifo", o.Tie).For("tie")
	}
	return nil
}

// Normalize checks every field and fills in the algorithm's defaults. It
// does not check the heuristic name, which depends on the problem.
func (o Options) Normalize() (Options, error) {
	if o.Checkpoint && !o.Algorithm.depthFirstIterative() && (o.Algorithm != DLS || o.Goal == OnGenerate) {
		o.Checkpoint = false // a search outside the depth-first engine keeps its journal
	}
	if o.Checkpoint {
		o.Linear = true
	}
	if o.Linear {
		o.Forget = true
	}
	if o.Algorithm == "" {
		o.Algorithm = AStar
	}
	if !contains(Algorithms, o.Algorithm) {
		return o, usererr.Errorf("stepper", "unknown algorithm %q%s; algorithms are %s", o.Algorithm, suggest(string(o.Algorithm), names(Algorithms)), strings.Join(names(Algorithms), ", ")).For("algo")
	}
	if !o.Algorithm.usesH() {
		o.Heuristic = ""
	}
	if o.Algorithm == WAStar {
		if o.Weight == 0 {
			o.Weight = 2
		}
		if !validWeight(o.Weight) {
			return o, usererr.Errorf("stepper", "weight %v: want a number from 1 to %d, such as w=2", o.Weight, MaxWeight).For("w")
		}
	} else if o.Algorithm != Beam { // beam's w is checked by normalizeBeam
		o.Weight = 0
	}
	if o.Tie == "" {
		o.Tie = TieFIFO
	}
	if !contains(TieRules, o.Tie) {
		return o, usererr.Errorf("stepper", "unknown tie rule %q%s; tie rules are %s", o.Tie, suggest(string(o.Tie), names(TieRules)), strings.Join(names(TieRules), ", ")).For("tie")
	}
	if o.Goal == "" {
		o.Goal = OnExpand
		if o.Algorithm == BFS {
			o.Goal = OnGenerate
		}
	}
	if o.Goal != OnGenerate && o.Goal != OnExpand {
		return o, usererr.Errorf("stepper", "goal test %q: want generate or expand", o.Goal).For("goaltest")
	}
	if o.Open == "" {
		o.Open = Reparent
		if o.Algorithm == BFS || o.Algorithm == DFS || o.Algorithm == DLS {
			o.Open = IgnoreOpen
		}
	}
	if o.Open != Reparent && o.Open != ReparentNew && o.Open != IgnoreOpen {
		return o, usererr.Errorf("stepper", "open=%q: want reparent, reparent-new or ignore", o.Open).For("open")
	}
	switch {
	case o.Depth == NoDepthLimit:
		if o.Algorithm == DLS {
			return o, usererr.Errorf("stepper", "depth=none: dls is depth-limited search and needs a limit (default %d); for no limit use dfs tree=true order=reverse, the same search unbounded", DefaultDLSLimit).For("depth")
		}
		o.Depth, o.DepthLimited = 0, false
	case o.Depth < 0 || o.Depth > MaxDepth:
		return o, usererr.Errorf("stepper", "depth %d: want a whole number from 0 to %d, or none for no limit", o.Depth, MaxDepth).For("depth")
	case o.Depth > 0:
		o.DepthLimited = true
	}
	if o.Algorithm == DLS {
		if !o.DepthLimited {
			o.Depth, o.DepthLimited = DefaultDLSLimit, true
		}
		// AIMA's depth-limited search is a tree search; tree=false is
		// not expressible as a zero value, so dls is always one.
		o.Tree = true
	}
	if err := o.normalizeBeam(); err != nil {
		return o, err
	}
	if o.Lazy && (o.Tree || o.Algorithm.depthFirstIterative() || o.Algorithm.bidirectional() || o.Algorithm == Beam) {
		return o, usererr.Errorf("stepper", "lazy=true is for graph search with bfs, dfs, dls, ucs, greedy, astar or wastar (not tree=true, not %s)", o.Algorithm).For("lazy")
	}
	if o.Parent != "" && o.Parent != KeepParent && o.Parent != SkipParent && o.Parent != PathParent {
		return o, usererr.Errorf("stepper", "parent=%q: want path (never generate a state on the node's own path: AIMA 4th ed.), skip (never regenerate the parent's state: Korf) or keep (generate every successor: aima-python)", o.Parent).For("parent")
	}
	if o.Parent != "" && !o.Algorithm.depthFirstIterative() {
		return o, usererr.Errorf("stepper", "parent=%s is an option of ids, idastar and rbfs, not %s", o.Parent, o.Algorithm).For("parent")
	}
	if o.Closed == "" {
		o.Closed = IgnoreClosed
	}
	if o.Closed != IgnoreClosed && o.Closed != Reopen {
		return o, usererr.Errorf("stepper", "closed=%q: want ignore or reopen", o.Closed).For("closed")
	}
	if o.Order == "" {
		o.Order = "natural"
	}
	if o.Duplicates == "" {
		o.Duplicates = KeepDuplicates
	}
	if o.Duplicates != KeepDuplicates && o.Duplicates != DropDuplicates {
		return o, usererr.Errorf("stepper", "duplicates=%q: want keep or drop", o.Duplicates).For("duplicates")
	}
	if o.TieSide == "" && o.Algorithm.bidirectional() {
		o.TieSide = TieSideForward
	}
	if err := o.checkBidi(); err != nil {
		return o, err
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.MaxNodes > MaxMaxNodes {
		return o, usererr.Errorf("stepper", "maxnodes %d: want a whole number from 1 to %d", o.MaxNodes, MaxMaxNodes).For("maxnodes")
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	return o, nil
}

// checkBidi refuses, for bibfs, biucs and biastar, the variants their
// engine (bidi.go) does not have: it always keeps each side's open list
// in key order with the earliest added first on a tie, never goal-tests
// a node (a path is found where the two sides meet), replaces a node
// reached more cheaply on its own side by a new one, is a graph search
// and keeps every child as a node. Called on normalized options.
func (o Options) checkBidi() error {
	if !o.Algorithm.bidirectional() {
		if o.TieSide != "" {
			return usererr.Errorf("stepper", "ontie=%s is an option of bibfs, biucs and biastar (which side expands when both sides' least keys are equal), not %s", o.TieSide, o.Algorithm).For("ontie")
		}
		return nil
	}
	if o.TieSide != TieSideForward && o.TieSide != TieSideBackward {
		return usererr.Errorf("stepper", "ontie=%s: want forward (the default) or backward (AIMA 4th ed., Figure 3.14: forward only when its least key is strictly smaller)", o.TieSide).For("ontie")
	}
	why, field := "", ""
	switch {
	case o.Tie != TieFIFO:
		field, why = "tie", fmt.Sprintf("tie=%s: each side of %s expands its least key first, the node added first on a tie (tie=fifo)", o.Tie, o.Algorithm)
	case o.Goal != OnExpand:
		field, why = "goaltest", fmt.Sprintf("goaltest=%s: %s tests no node for the goal; it finds paths where its two searches meet and stops by its stopping rule", o.Goal, o.Algorithm)
	case o.Open != Reparent || o.Closed != IgnoreClosed:
		field, why = "open", fmt.Sprintf("open=%s closed=%s: %s gives a state reached more cheaply on its own side a new node, open or closed (the open= and closed= policies are not its)", o.Open, o.Closed, o.Algorithm)
	case o.Tree:
		field, why = "tree", fmt.Sprintf("tree=true: %s is a graph search, each side remembering the states it reached (the other side's are how the two meet)", o.Algorithm)
	case o.DepthLimited:
		field, why = "depth", fmt.Sprintf("depth=%d: %s has no depth limit", o.Depth, o.Algorithm)
	case o.Duplicates != KeepDuplicates:
		field, why = "duplicates", fmt.Sprintf("duplicates=%s: %s keeps every child as a node", o.Duplicates, o.Algorithm)
	}
	if why != "" {
		return usererr.Errorf("stepper", "%s; leave the option out", why).For(field)
	}
	return nil
}

// String writes the options as the notebook's search line does, every
// variant included: "astar h=manhattan tie=fifo goaltest=expand
// open=reparent closed=ignore order=natural". A bidirectional search
// (bibfs, biucs, biastar) has none of tie, goaltest, open and closed
// (checkBidi), so its line is the algorithm, h, ontie (when backward),
// order and maxnodes: "biastar h=sld order=natural". It parses back to the same options.
// Call it on normalized options.
func (o Options) String() string {
	var b strings.Builder
	b.WriteString(string(o.Algorithm))
	if o.Algorithm.bidirectional() {
		if o.Heuristic != "" {
			fmt.Fprintf(&b, " h=%s", o.Heuristic)
		}
		if o.TieSide == TieSideBackward {
			b.WriteString(" ontie=backward")
		}
		fmt.Fprintf(&b, " order=%s", o.Order)
		if o.MaxNodes != DefaultMaxNodes && o.MaxNodes != 0 {
			fmt.Fprintf(&b, " maxnodes=%d", o.MaxNodes)
		}
		return b.String()
	}
	if o.Heuristic != "" {
		fmt.Fprintf(&b, " h=%s", o.Heuristic)
	}
	if o.Weight != 0 {
		fmt.Fprintf(&b, " w=%s", strconv.FormatFloat(o.Weight, 'g', -1, 64))
	}
	if o.Width != 0 {
		fmt.Fprintf(&b, " width=%d", o.Width)
	}
	if o.Local {
		b.WriteString(" local=true")
	}
	if o.F != "" && o.F != "g+h" {
		fmt.Fprintf(&b, " f=%s", o.F)
	}
	fmt.Fprintf(&b, " tie=%s goaltest=%s open=%s closed=%s", o.Tie, o.Goal, o.Open, o.Closed)
	if o.Tree {
		b.WriteString(" tree=true")
	}
	if o.Lazy {
		b.WriteString(" lazy=true")
	}
	if o.DepthLimited {
		fmt.Fprintf(&b, " depth=%d", o.Depth)
	}
	if o.Parent != "" {
		fmt.Fprintf(&b, " parent=%s", o.Parent)
	}
	fmt.Fprintf(&b, " order=%s", o.Order)
	if o.Duplicates == DropDuplicates {
		b.WriteString(" duplicates=drop")
	}
	if o.MaxNodes != DefaultMaxNodes && o.MaxNodes != 0 {
		fmt.Fprintf(&b, " maxnodes=%d", o.MaxNodes)
	}
	return b.String()
}

// Short writes the options as String does but only the variants that
// differ from the algorithm's defaults, so that two searches that differ
// show it: "astar h=manhattan", "astar h=manhattan tie=lifo". It parses
// back to the same options. Call it on normalized options. O(length of
// String).
func (o Options) Short() string {
	full := o.String()
	d, err := Options{Algorithm: o.Algorithm}.Normalize()
	if err != nil {
		return full
	}
	defaults := strings.Fields(d.String())
	words := strings.Fields(full)
	kept := []string{words[0]}
	for _, w := range words[1:] {
		if !contains(defaults, w) {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// ParseOptions parses a search line such as "astar h=manhattan tie=high-g":
// an algorithm name then name=value options.
func ParseOptions(line string) (Options, error) {
	var o Options
	if err := o.SetLine(line); err != nil {
		return o, err
	}
	return o.Normalize()
}

// SetLine applies a search line such as "astar h=manhattan tie=high-g" to
// o: its first word, when it is not name=value, is the algorithm; every
// other word is a name=value option, set in order as [Options.Set] sets it.
// Values are checked as Set checks them.
func (o *Options) SetLine(line string) error {
	for i, f := range strings.Fields(line) {
		name, value, ok := strings.Cut(f, "=")
		if !ok {
			if i == 0 {
				o.Algorithm = Algorithm(strings.ToLower(f))
				continue
			}
			return usererr.Errorf("stepper", "%q: want name=value, such as h=manhattan", f)
		}
		if err := o.Set(name, value); err != nil {
			return err
		}
	}
	return nil
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func names[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = string(x)
	}
	return out
}

// suggest returns `: did you mean "x"?` for the closest candidate within
// edit distance 2, or "".
func suggest(got string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(got), c); d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// Suggest returns the candidate closest to got within edit distance 2, or
// "" if none is that close. Front ends use it for "did you mean" hints.
func Suggest(got string, candidates []string) string {
	s := suggest(got, candidates)
	if s == "" {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(s, " (did you mean "), "?)")
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
