package stepper

import "stepviz/internal/usererr"

// Problems defined outside the built-in ones (Starlark scripts, in package
// script) reach the engine through [NewCustom], which turns a [Problem]
// into an [Instance]; stepper/problems's RegisterKind makes a problem line
// that starts with a new word parse to one. The engine itself knows
// nothing of them.

// Failed is the status of a search whose problem reported an error (a
// script that raised, returned a bad successor or ran out of its budget):
// [Search.Err] says what went wrong. Like every other end, it is final.
const Failed Status = "failed"

// Failer is implemented by a problem whose calls can fail. The problem
// answers a failing call with something harmless (no successors, not a
// goal, h = 0) and keeps the first error; the engine asks for it after
// every step and ends the search with status [Failed]. Err must be cheap:
// it is called once per step.
type Failer interface{ Err() error }

// Custom describes an instance defined outside this package.
type Custom[S comparable] struct {
	// KindName is the problem line's first word ("script"); SpecLine the
	// whole line that rebuilds the instance.
	KindName, SpecLine string
	// HeuristicNames lists the heuristics, the default first.
	HeuristicNames []string
	// New makes the problem and its heuristics for one search. It is called
	// once per search, so each search owns what New returns (a budget, a
	// cache) and searches never share mutable state.
	New func() (Problem[S], []Heuristic[S], error)
}

// NewCustom makes an Instance from a problem defined outside this package.
// Embed the result in a struct to add methods (the script's source).
func NewCustom[S comparable](c Custom[S]) Instance { return &custom[S]{c} }

type custom[S comparable] struct{ c Custom[S] }

func (c *custom[S]) Kind() string         { return c.c.KindName }
func (c *custom[S]) Spec() string         { return c.c.SpecLine }
func (c *custom[S]) Heuristics() []string { return append([]string(nil), c.c.HeuristicNames...) }

func (c *custom[S]) Engine(o Options) (Engine, error) {
	p, hs, err := c.c.New()
	if err != nil {
		return nil, err
	}
	if o.Algorithm.usesH() && len(hs) == 0 {
		return nil, usererr.Errorf("stepper", "%s needs a heuristic and this %s problem defines none: define h_NAME(s)", o.Algorithm, c.c.KindName).For("h")
	}
	e, err := startEngine[S](p, hs, o, c.c.KindName)
	if err != nil {
		return nil, err
	}
	if f, ok := e.(interface{ failure() error }); ok {
		if err := f.failure(); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// failure is the problem's error, if it reported one.
func (e *engine[S]) failure() error {
	if f, ok := e.p.(Failer); ok {
		if err := f.Err(); err != nil {
			return err
		}
	}
	if e.h != nil && e.h.Err != nil {
		return e.h.Err()
	}
	return nil
}

// checkFailed ends the search with status Failed once the problem reports
// an error. Called after every step computed at the horizon.
func (e *engine[S]) checkFailed() {
	if e.err != nil || !e.failer {
		return
	}
	if err := e.failure(); err != nil {
		e.err, e.status = err, Failed
	}
}

// hChecked is h of s, and whether this estimate is the one that made the
// problem report an error: then node id, keyed by the 0 h stands for, is
// marked as the node whose h failed (NodeInfo.HFailed) and the caller
// generates no further child. An error reported before the estimate (by
// Successors or IsGoal) is not the heuristic's and marks nothing. Called
// only when e.failer holds, so a search whose heuristic cannot fail pays
// nothing for it; O(1) but for the estimate and two Err calls.
func (e *engine[S]) hChecked(id int32, s S) (float64, bool) {
	if e.hFail != 0 || e.failure() != nil {
		return e.hOf(s), false
	}
	h := e.hOf(s)
	if e.failure() == nil {
		return h, false
	}
	e.hFail, e.hFailStep = id+1, int32(e.cur+1)
	return h, true
}

// HFailed is the node whose heuristic estimate failed and ended the
// search with status [Failed] (see [NodeInfo.HFailed]), or -1 when none
// did. Like [Search.StateOf] it holds for any id below
// NodeEnd(Horizon()), wherever the cursor stands. O(1).
func (s *Search) HFailed() int {
	if f, ok := s.eng.(interface{ hFailed() int }); ok {
		return f.hFailed()
	}
	return -1
}

func (e *engine[S]) hFailed() int { return int(e.hFail) - 1 }

// Err is why the search failed (status [Failed]), or nil.
func (s *Search) Err() error {
	if s.eng.state() != Failed {
		return nil
	}
	return s.eng.failed()
}

func (e *engine[S]) failed() error { return e.err }
