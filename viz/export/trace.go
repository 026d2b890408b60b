package export

import (
	"context"
	"os"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// FormatName and Version identify the JSON trace format. A reader accepts
// every version up to Version and rejects a newer one with an error that
// says so.
const (
	FormatName = "stepviz-trace"
	Version    = 1
)

// Step choices for [Write] and [NewTrace]'s upTo argument; any value >= 0
// is a step number (clamped to the step where the search ends).
const (
	// Current exports up to the search's current step (Search.StepCount).
	Current = -1
	// ToEnd runs the search to its end (solved, no solution, or the node
	// cap) and exports every step.
	ToEnd = -2
)

// Trace is a search as a file records it: the problem, the normalized
// options and the events of steps 1..Steps. Invariant (checked by
// [ReadTrace]): len(Events) == Steps and Events[i].Step == i+1.
type Trace struct {
	Format  string `json:"format"`  // always FormatName
	Version int    `json:"version"` // the version written; Version
	// Problem is the problem line (stepper.Instance.Spec) and Kind its kind.
	Problem string `json:"problem"`
	Kind    string `json:"kind"`
	// Options is stepper.Options.String of the normalized options, the
	// default heuristic filled in.
	Options string `json:"options"`
	// Steps is k, the number of steps recorded.
	Steps int `json:"steps"`
	// Status is the search's status after step k.
	Status   stepper.Status `json:"status"`
	Warnings []string       `json:"warnings,omitempty"`
	// Root is the start node before any step (status open).
	Root stepper.NodeInfo `json:"root"`
	// Result sums up the search after step k.
	Result Result `json:"result"`
	// Events are the events of steps 1..k, in order.
	Events []stepper.Event `json:"events"`
	// Script is the source of a script problem (kind "script"), so that the
	// trace rebuilds anywhere; a trace whose source does not match its hash
	// is refused. Nil for the built-in kinds.
	Script *Source `json:"script,omitempty"`
	// Heuristics are the sources of Starlark heuristics added to a built-in
	// problem (-heuristics FILE.star, a notebook's heuristic cell), checked
	// against their hashes like Script.
	Heuristics []Source `json:"heuristics,omitempty"`
	// Files is where Search and Replay read a file the problem line names
	// (a .map, a graph file); nil, as ReadTrace leaves it, reads none.
	Files stepper.Files `json:"-"`

	nodes map[int]stepper.NodeInfo // filled by learn, for writers
}

// Source is a script's text as a trace carries it.
type Source struct {
	Name   string `json:"name"`   // the file or cell name the problem line uses
	Text   string `json:"text"`   // the script itself
	SHA256 string `json:"sha256"` // hex SHA-256 of Text (script.Hash)
	// Heuristic names the h(s) of a notebook's heuristic cell; "" for a
	// file of h_NAME functions. Only in Trace.Heuristics.
	Heuristic string `json:"heuristic,omitempty"`
}

// extraSources are the heuristics added to a built-in instance, as a trace
// carries them.
func extraSources(inst stepper.Instance) []Source {
	x := stepper.ExtraOf(inst)
	if x == nil {
		return nil
	}
	out := make([]Source, len(x.Sources))
	for i, s := range x.Sources {
		out[i] = Source{Name: s.Where, Text: s.Text, SHA256: script.Hash(s.Text), Heuristic: s.Name}
	}
	return out
}

// check refuses a source whose text does not match its hash.
func (s *Source) check(field string) error {
	if got := script.Hash(s.Text); got != s.SHA256 {
		return usererr.Errorf("export", "trace field %q: the source of %s does not match its hash (sha256 %s, the text hashes to %s): the script was edited after the trace was made", field, s.Name, s.SHA256, got)
	}
	return nil
}

// sourced is an instance that knows its source: a script problem.
type sourced interface{ Source() (name, src string) }

// sourceOf is the Source of a script instance, nil for the built-in kinds.
func sourceOf(inst stepper.Instance) *Source {
	si, ok := inst.(sourced)
	if !ok {
		return nil
	}
	name, src := si.Source()
	return &Source{Name: name, Text: src, SHA256: script.Hash(src)}
}

// Result is where the search stands after the last recorded step.
type Result struct {
	Counters stepper.Counters `json:"counters"`
	// Cost and Path (the states from start to goal) are set once solved.
	Cost float64  `json:"cost,omitempty"`
	Path []string `json:"path,omitempty"`
}

// session replays a search in a search of its own, so that exporting never
// moves the caller's search. It is what every writer walks.
type session struct {
	inst stepper.Instance
	opts stepper.Options
	s    *stepper.Search
	k    int // the last step to export
	// ctx, when set, stops walk between steps once it is done.
	ctx context.Context
	// full chooses the md trace's full lists; nil: DefaultFullLists.
	full *FullLists
}

// newSession prepares a replay of s up to upTo (a step, Current or ToEnd).
// The steps are not taken yet. The session's search only steps forward, so
// it is made with Options.Forget: ids and idastar hold the current
// iteration's nodes, not every iteration's (a writer that needs them all
// calls keepEveryNode). Cost: one NewSearch.
func newSession(s *stepper.Search, upTo int) (*session, error) {
	if s == nil {
		return nil, usererr.Errorf("export", "no search to export: start one first")
	}
	k := upTo
	switch {
	case upTo == Current:
		k = s.StepCount()
	case upTo == ToEnd:
		k = -1
	case upTo < 0:
		return nil, usererr.Errorf("export", "step %d: want a step number >= 0, Current or ToEnd", upTo)
	}
	o := s.Options()
	// a writer that needs only events asks for Linear (forgetSubtrees); a
	// checkpointed search (stepper.Options.Checkpoint) is replayed without
	// its checkpoints, which imply Linear
	o.Forget, o.Linear, o.Checkpoint = true, false, false
	own, err := stepper.NewSearch(s.Instance(), o)
	if err != nil {
		return nil, usererr.Errorf("export", "cannot rebuild the search: %w", err)
	}
	return &session{inst: s.Instance(), opts: own.Options(), s: own, k: k}, nil
}

// keepEveryNode makes the session's search keep every node of every
// iteration, for a writer that reads the nodes' values after its walk
// (html): a search made with Options.Forget, which drops the earlier
// iterations' nodes, is made again without it. Cost: one NewSearch.
func (sess *session) keepEveryNode() error {
	if !sess.opts.Forget {
		return nil
	}
	o := sess.opts
	o.Forget = false
	s, err := stepper.NewSearch(sess.inst, o)
	if err != nil {
		return usererr.Errorf("export", "cannot rebuild the search: %w", err)
	}
	sess.s, sess.opts = s, s.Options()
	return nil
}

// forgetSubtrees makes the session's search hold only the path and its
// pending siblings (Options.Linear), for a writer that reads nothing but
// the events, the root and the solution path: ids and idastar then export
// a search of any size in the memory of its path. Call it before the first
// walk. A session whose search keeps every node (not made by newSession)
// is left as it is. Cost: one NewSearch.
func (sess *session) forgetSubtrees() error {
	if !sess.opts.Forget || sess.opts.Linear {
		return nil
	}
	o := sess.opts
	o.Linear = true
	s, err := stepper.NewSearch(sess.inst, o)
	if err != nil {
		return usererr.Errorf("export", "cannot rebuild the search: %w", err)
	}
	sess.s, sess.opts = s, s.Options()
	return nil
}

// walk takes the session's steps from step 0, calling fn after each with its
// event; fn may call snapshot methods on sess.s. The event is fn's to read
// during the call only: every step is written into the same one
// (stepper.Search.StepInto), so fn keeps nothing that shares its memory
// (its slices, its pointers), though values copied out of it (a Child, a
// Text, a string) stay valid. It stops at step k or at the end of the
// search, and returns the number of steps taken. O(steps) plus whatever fn
// costs; no memory a step for the event's children once the largest
// step's are held.
func (sess *session) walk(fn func(ev *stepper.Event) error) (int, error) {
	var ev stepper.Event
	return sess.walkSteps(fn, func() bool { return sess.s.StepInto(&ev) }, &ev)
}

// events returns the events of steps 1..k and leaves the search at the
// last: each is a new one (stepper.Search.Step), held by the slice.
func (sess *session) events() ([]stepper.Event, error) {
	var evs []stepper.Event
	var ev stepper.Event
	_, err := sess.walkSteps(func(ev *stepper.Event) error {
		evs = append(evs, *ev)
		return nil
	}, func() (ok bool) { ev, ok = sess.s.Step(); return ok }, &ev)
	return evs, err
}

// walkSteps is walk with the step taken by step, which writes its event
// into *ev.
func (sess *session) walkSteps(fn func(ev *stepper.Event) error, step func() bool, ev *stepper.Event) (int, error) {
	sess.s.Reset()
	n := 0
	for sess.k < 0 || n < sess.k {
		if sess.ctx != nil && n%64 == 0 {
			if err := sess.ctx.Err(); err != nil {
				return n, usererr.Errorf("export", "stopped at step %d: %w", n, err)
			}
		}
		if !step() {
			break
		}
		n++
		if fn != nil {
			if err := fn(ev); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// NewTrace records the trace of s up to step upTo (a step number, Current
// or ToEnd) without moving s. Cost: a replay of the steps with events.
func NewTrace(s *stepper.Search, upTo int) (*Trace, error) {
	sess, err := newSession(s, upTo)
	if err != nil {
		return nil, err
	}
	if err := sess.forgetSubtrees(); err != nil {
		return nil, err
	}
	return sess.trace()
}

// trace is the whole trace, its events held in memory. Cost: one walk,
// O(steps) events kept.
func (sess *session) trace() (*Trace, error) {
	sess.s.Reset()
	root := sess.s.Node(0)
	evs, err := sess.events()
	if err != nil {
		return nil, err
	}
	if evs == nil {
		evs = []stepper.Event{}
	}
	t := sess.traceAt(root, len(evs))
	t.Events = evs
	return t, nil
}

// summary is the trace without its events (Events nil): what a writer
// that streams the events needs before the first (the step count, status
// and result are known only at the last step). Cost: one walk, keeping no
// event; the writer walks again for the events, so a trace of any length
// is written in the memory of one event (and of the search, which forgets
// what it can: Options.Forget).
func (sess *session) summary() (*Trace, error) {
	sess.s.Reset()
	root := sess.s.Node(0)
	n, err := sess.walk(nil)
	if err != nil {
		return nil, err
	}
	return sess.traceAt(root, n), nil
}

// traceAt is the trace of the session's search, now at its last step
// (steps taken), without its events.
func (sess *session) traceAt(root stepper.NodeInfo, steps int) *Trace {
	return &Trace{
		Format: FormatName, Version: Version,
		Problem: sess.inst.Spec(), Kind: sess.inst.Kind(), Options: sess.opts.String(),
		Steps: steps, Status: sess.s.Status(), Warnings: sess.s.Warnings(),
		Root: root, Script: sourceOf(sess.inst),
		Heuristics: extraSources(sess.inst), Result: resultOf(sess.s),
	}
}

func resultOf(s *stepper.Search) Result {
	r := Result{Counters: s.Counters()}
	if s.Status() == stepper.Solved {
		r.Cost = s.Cost()
		for _, id := range s.Path() {
			r.Path = append(r.Path, s.Node(id).State.String())
		}
	}
	return r
}

// Search rebuilds the search the trace records, at step 0: it parses the
// problem line and the options. Use [Trace.Replay] to also take the steps
// and verify them.
func (t *Trace) Search() (*stepper.Search, error) {
	inst, err := t.instance()
	if err != nil {
		return nil, err
	}
	opts, err := stepper.ParseOptions(t.Options)
	if err != nil {
		return nil, usererr.Errorf("export", "trace field \"options\": %w", err)
	}
	s, err := stepper.NewSearch(inst, opts)
	if err != nil {
		return nil, usererr.Errorf("export", "trace field \"options\": %w", err)
	}
	return s, nil
}

// instance rebuilds the problem: a script from the source the trace
// carries (never from a file the trace names), anything else from the
// problem line.
func (t *Trace) instance() (stepper.Instance, error) {
	f := strings.Fields(t.Problem)
	if len(f) > 0 && strings.EqualFold(f[0], "script") {
		if t.Script == nil {
			return nil, usererr.Errorf("export", "trace field \"script\" is missing: a script problem's trace carries the script's source; export it again")
		}
		if err := t.Script.check("script"); err != nil {
			return nil, err
		}
		if len(f) < 2 || f[1] != t.Script.Name {
			return nil, usererr.Errorf("export", "trace field \"script\": it is named %q but the problem line is %q", t.Script.Name, t.Problem)
		}
		params, err := script.ParseParams(f[2:])
		if err != nil {
			return nil, usererr.Errorf("export", "trace field \"problem\": %w", err)
		}
		inst, err := script.New(t.Script.Name, t.Script.Text, params)
		if err != nil {
			return nil, usererr.Errorf("export", "trace field \"script\": %w", err)
		}
		return inst, nil
	}
	if t.Script != nil {
		return nil, usererr.Errorf("export", "trace field \"script\": a %s problem has no script", t.Kind)
	}
	if t.Files != nil {
		if err := checkProblemFile(t.Problem); err != nil {
			return nil, err
		}
	}
	inst, err := problems.Parse(t.Problem, t.Files)
	if err != nil {
		return nil, usererr.Errorf("export", "trace field \"problem\": %w", err)
	}
	if len(t.Heuristics) > 0 {
		var srcs []stepper.ExtraSource
		for i := range t.Heuristics {
			if err := t.Heuristics[i].check("heuristics"); err != nil {
				return nil, err
			}
			srcs = append(srcs, stepper.ExtraSource{Where: t.Heuristics[i].Name, Text: t.Heuristics[i].Text, Name: t.Heuristics[i].Heuristic})
		}
		if inst, err = script.WithHeuristics(inst, srcs...); err != nil {
			return nil, usererr.Errorf("export", "trace field \"heuristics\": %w", err)
		}
	}
	return inst, nil
}

// checkProblemFile refuses a problem line that names something other than
// a regular file (a trace may come from anyone: "graph /dev/zero" would
// never finish reading). Lines that name no file pass.
func checkProblemFile(problem string) error {
	f := strings.Fields(problem)
	if len(f) < 2 || (f[0] != "grid" && f[0] != "graph") {
		return nil
	}
	fi, err := os.Stat(f[1])
	if err != nil || fi.Mode().IsRegular() {
		return nil // not a file (grid rows, "romania"), or a file problems.Parse will read or report
	}
	return usererr.Errorf("export", "trace field \"problem\": %s is not a regular file; a problem file must be a .map or graph file", f[1])
}
