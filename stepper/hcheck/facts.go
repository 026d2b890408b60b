package hcheck

import (
	"math"
	"strings"

	"stepviz/stepper"
)

// HeuristicFacts keeps what CheckHeuristicFacts learned about every
// explored state: its written form, h, h* and outgoing edges. It lets a
// grader verify any claimed counterexample ("h > h* at this state", "h(n) >
// c(n, n') + h(n') on this edge"), not only the examples the report lists.
// Memory: O(V + E) for V states and E edges explored (the 8-puzzle's whole
// space is 181,440 states).
type HeuristicFacts struct {
	names  []string
	index  map[string]int32
	h      []float64
	hstar  []float64 // +Inf: no goal reachable within the explored states
	out    [][]stepper.SpaceEdge
	action func(int) string
	// Complete is HeuristicCheck.Complete: h* is exact only when set.
	Complete bool
}

// StateFacts is one explored state: as the problem writes it, its h and
// its h* (+Inf when no goal is reachable from it).
type StateFacts struct {
	ID       int
	State    string
	H, HStar float64
}

// EdgeFacts is one successor edge of an explored state.
type EdgeFacts struct {
	Action string
	To     StateFacts
	Cost   float64
}

// CheckHeuristicFacts is CheckHeuristic that also keeps the facts of every
// explored state. Cost: CheckHeuristic's, plus the states' written forms.
func CheckHeuristicFacts(inst stepper.Instance, h string, maxStates int) (*HeuristicCheck, *HeuristicFacts, error) {
	f := &HeuristicFacts{}
	rep, err := checkHeuristic(inst, h, maxStates, f)
	if err != nil {
		return nil, nil, err
	}
	f.Complete = rep.Complete
	return rep, f, nil
}

func (f *HeuristicFacts) keep(rep *HeuristicCheck, n int, format func(int) string, h, hstar []float64, out [][]stepper.SpaceEdge, action func(int) string) {
	f.names = make([]string, n)
	f.index = make(map[string]int32, n)
	for i := range n {
		f.names[i] = format(i)
		f.index[f.names[i]] = int32(i)
	}
	f.h, f.hstar, f.out, f.action = h, hstar, out, action
}

// States is the number of explored states.
func (f *HeuristicFacts) States() int { return len(f.names) }

// Find returns the explored state a person wrote: first by the exact
// written form, then by same (a comparison that knows the problem's
// notations, such as "2 8 3 / 1 6 4 / 7 0 5" for "283164705"), which is
// called on every explored state. Cost: O(1), or O(V) calls of same.
func (f *HeuristicFacts) Find(written string, same func(written, state string) bool) (StateFacts, bool) {
	written = strings.TrimSpace(written)
	if i, ok := f.index[written]; ok {
		return f.state(int(i)), true
	}
	if same == nil {
		return StateFacts{}, false
	}
	for i, name := range f.names {
		if same(written, name) {
			return f.state(i), true
		}
	}
	return StateFacts{}, false
}

func (f *HeuristicFacts) state(i int) StateFacts {
	return StateFacts{ID: i, State: f.names[i], H: f.h[i], HStar: f.hstar[i]}
}

// Edges returns the successor edges of an explored state, in the problem's
// successor order (edges to states beyond the exploration bound are not
// kept).
func (f *HeuristicFacts) Edges(s StateFacts) []EdgeFacts {
	if s.ID < 0 || s.ID >= len(f.out) {
		return nil
	}
	out := make([]EdgeFacts, 0, len(f.out[s.ID]))
	for _, e := range f.out[s.ID] {
		out = append(out, EdgeFacts{Action: f.action(int(e.Action)), To: f.state(int(e.To)), Cost: e.Cost})
	}
	return out
}

// Reaches reports whether h* of s is finite.
func (s StateFacts) Reaches() bool { return !math.IsInf(s.HStar, 1) }
