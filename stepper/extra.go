package stepper

import "stepviz/internal/usererr"

// Extra is a set of heuristics defined outside this package for a built-in
// puzzle, grid or graph (a Starlark file of h_NAME functions, in package
// script). The engine sees a state through its text, as Format writes it
// ("283164705", "3,4", "Arad"); the defining package turns that into its
// own view.
type Extra struct {
	// Sources are where the heuristics come from: opaque here, carried so
	// that a trace can rebuild them.
	Sources []ExtraSource
	// Names lists the heuristics in order; they come after the built-in ones.
	Names []string
	// New makes one search's estimates: estimate(i, state) is heuristic
	// Names[i] of the state, and err reports the first failure (the search
	// then ends with status Failed). Called once per search.
	New func(inst Instance) (estimate func(i int, state string) float64, err func() error)
}

// ExtraSource is one file or cell of heuristics.
type ExtraSource struct {
	Where, Text string
	// Name is the name of the source's h(s) (a notebook's "heuristic NAME"
	// cell); "" if the source defines h_NAME functions (a file).
	Name string
}

// List returns the names of x's heuristics: none for a nil x.
func (x *Extra) List() []string {
	if x == nil {
		return nil
	}
	return x.Names
}

// ExtraOf returns the heuristics added to inst, or nil.
func ExtraOf(inst Instance) *Extra {
	if h, ok := inst.(ExtraHolder); ok {
		return h.ExtraHeuristics()
	}
	return nil
}

// ExtraHolder is an instance (a puzzle, grid or graph) that takes
// heuristics defined outside.
type ExtraHolder interface {
	// ExtraHeuristics returns the heuristics added, or nil.
	ExtraHeuristics() *Extra
	// WithExtraHeuristics returns a copy of the instance with x added
	// after its own heuristics (replacing any added before); the
	// instance is unchanged.
	WithExtraHeuristics(x *Extra) Instance
}

// WithExtra returns a copy of a built-in instance (puzzle, grid or graph)
// with the heuristics x added after its own; inst is unchanged. A name
// that is already a heuristic of the instance is refused.
func WithExtra(inst Instance, x *Extra) (Instance, error) {
	own := inst.Heuristics()
	if old := ExtraOf(inst); old != nil {
		own = own[:len(own)-len(old.Names)]
	}
	for _, n := range x.Names {
		if contains(own, n) {
			return nil, usererr.Errorf("stepper", "heuristic %s is built in for %s problems: name yours differently", n, inst.Kind())
		}
	}
	if h, ok := inst.(ExtraHolder); ok {
		return h.WithExtraHeuristics(x), nil
	}
	return nil, usererr.Errorf("stepper", "heuristics for %s problems are written in the problem itself (h_NAME), not added", inst.Kind())
}

// AddExtra appends to hs the heuristics x adds to inst, as one search of
// p sees them (each estimate reads a state through p.Format): what a
// problem's [Instance.Engine] passes to [Start]. A nil x adds none.
func AddExtra[S comparable](inst Instance, x *Extra, p Problem[S], hs []Heuristic[S]) []Heuristic[S] {
	if x == nil || len(x.Names) == 0 {
		return hs
	}
	estimate, errf := x.New(inst)
	for i, name := range x.Names {
		hs = append(hs, Heuristic[S]{Name: name, Admissible: true, Err: errf,
			Estimate: func(s S) float64 { return estimate(i, p.Format(s)) }})
	}
	return hs
}
