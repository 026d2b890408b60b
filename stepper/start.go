package stepper

// This file is what a problem package (stepper/puzzle, stepper/grid,
// stepper/graph) uses to start a search on its instance: the engine is
// sealed, a problem hands it a [Problem] and its heuristics and gets an
// [Engine] back, which [NewSearch] drives.

// Engine is one search under way, as the engines of this package run it.
// Only this package implements it; a problem's [Instance.Engine] makes one
// with [Start] or [StartBiAStar].
type Engine interface{ searchEngine }

// Start starts the engine that runs o's algorithm on p with heuristics hs
// (the default first): the best-first, depth-first or bidirectional
// engine. o is normalized (as [NewSearch] passes it); kind is the
// problem's kind ("puzzle"), which sets some defaults. It fails on a
// heuristic or successor order p does not have. Cost: making the root,
// and for a small state space the seen set's table, allocated up front.
func Start[S comparable](p Problem[S], hs []Heuristic[S], o Options, kind string) (Engine, error) {
	return startEngine(p, hs, o, kind)
}

// StartBiAStar starts biastar on p: hs are the heuristics toward the goal,
// back returns the estimate of the same name toward the start (see
// [SameNamed]). p must be [Reversible].
func StartBiAStar[S comparable](p Problem[S], hs []Heuristic[S], back func(h *Heuristic[S]) (func(S) float64, error), o Options) (Engine, error) {
	return newBiAStar(p, hs, back, o)
}

// SameNamed is the back of [StartBiAStar] for a problem whose heuristics
// toward the start are those of the problem with start and goal swapped:
// it picks the one of back named like the forward heuristic.
func SameNamed[S comparable](back []Heuristic[S]) func(h *Heuristic[S]) (func(S) float64, error) {
	return func(h *Heuristic[S]) (func(S) float64, error) { return sameName(back, h) }
}

// RefuseExtraBackward refuses name for biastar when it is one of the
// heuristics x adds: those are written toward the goal only. builtIn lists
// the problem's own heuristics, which the message offers instead.
func RefuseExtraBackward(x *Extra, name string, builtIn []string) error {
	return noScriptHeuristic(x, name, builtIn)
}

// WithWarnings adds notes after the warnings a started engine gives
// ([Search.Warnings]), such as a problem's remark on the heuristic
// chosen. It returns e.
func WithWarnings(e Engine, notes ...string) Engine {
	if w, ok := e.(interface{ addWarnings([]string) }); ok {
		w.addWarnings(notes)
	}
	return e
}

func (e *engine[S]) addWarnings(w []string)   { e.warnings = append(e.warnings, w...) }
func (e *dfEngine[S]) addWarnings(w []string) { e.warnings = append(e.warnings, w...) }
func (e *biEngine[S]) addWarnings(w []string) { e.warnings = append(e.warnings, w...) }

// UsesHeuristic reports whether the algorithm's priority depends on h.
func (a Algorithm) UsesHeuristic() bool { return a.usesH() }

// Bidirectional reports whether the algorithm searches from both ends
// (bibfs, biucs, biastar).
func (a Algorithm) Bidirectional() bool { return a.bidirectional() }

// RunsDepthFirst reports whether o's search runs on the depth-first
// engine (ids, idastar, rbfs and forward-only dls).
func (o Options) RunsDepthFirst() bool { return runsDepthFirst(o) }

// DidYouMean is the clause a message about an unknown word adds:
// ` (did you mean x?)` for the closest candidate within edit distance 2,
// or "".
func DidYouMean(got string, candidates []string) string { return suggest(got, candidates) }

// PickedHeuristic is the heuristic among hs that a search with o uses:
// the one o names, the first when it names none, nil when o's algorithm
// uses no heuristic or hs has no such one (then starting fails).
func PickedHeuristic[S comparable](hs []Heuristic[S], o Options) *Heuristic[S] {
	if !o.Algorithm.usesH() || len(hs) == 0 {
		return nil
	}
	if o.Heuristic == "" {
		return &hs[0]
	}
	var h *Heuristic[S]
	for i := range hs {
		if hs[i].Name == o.Heuristic {
			h = &hs[i]
		}
	}
	return h
}

// NoFiles is the error for a file a problem line names where no files are
// read ([Files] is nil); instead says what to give in the file's place.
func NoFiles(path, instead string) error { return noFiles(path, instead) }

// Celled is a problem whose states are the cells of its picture (a grid's
// cells, y·width+x; a graph's nodes, by index): a node record carries its
// cell ([NodeRecord].Cell), so that a viewer places a node without reading
// its state. Other problems' records say -1.
type Celled[S comparable] interface {
	// Cell is the cell of state s, >= 0.
	Cell(s S) int
}
