package local

import (
	"fmt"
	"strings"

	"stepviz/stepper"
)

// MaxListed bounds the neighbours a view lists one by one; the rest are
// counted (a tour of 500 cities has about 125,000).
const MaxListed = 64

// Neighbour is one neighbour priced at a step, its h also as written.
type Neighbour struct {
	Move  string  `json:"move"`
	H     float64 `json:"h"`
	HText string  `json:"hText"`
	Taken bool    `json:"taken,omitempty"`
}

// View is a local search at one step, derived once from the engine:
// the state (the board or the tour), h over the steps, the neighbours
// considered at the step with their h, and why the search stopped. Every
// number is also written under the rounding rule (stepper.FormatNumber) in
// the fields ending in Text, so every renderer prints the same characters.
type View struct {
	Problem   string    `json:"problem"`
	Kind      string    `json:"kind"`
	Options   string    `json:"options"`
	Algorithm Algorithm `json:"algorithm"`
	Step      int       `json:"step"`
	Status    Status    `json:"status"`
	// Event is what step Step did (zero at step 0); Says says it in words.
	Event Event  `json:"event"`
	Says  string `json:"says"`
	// State is the current state (queens: each column's row from 0; a
	// tour: the cities in order from 0) and StateName as a reader sees it.
	State     []int   `json:"state"`
	StateName string  `json:"stateName"`
	H         float64 `json:"h"`
	HText     string  `json:"hText"`
	// History is h after each step, History[0] the start's.
	History     []float64 `json:"history"`
	HistoryText []string  `json:"historyText"`
	// Neighbours are those priced at step Step, in the problem's order, at
	// most MaxListed of them; Considered counts them all.
	Neighbours []Neighbour `json:"neighbours,omitempty"`
	Considered int         `json:"considered"`
	Restarts   int         `json:"restarts"`
	// Why is why the search stopped ("" while it runs).
	Why string `json:"why,omitempty"`
	// Cities are a tour's cities (x, y in [0, 100)), nil for queens.
	Cities [][2]float64 `json:"cities,omitempty"`
}

// Viewer steps a local search and keeps what its View needs: h after
// each step, and the neighbours priced at the last one (hill climbing
// prices them again, O(neighbours) more per step). Not safe for
// concurrent use.
type Viewer struct {
	s       *Search
	ev      Event
	history []float64
	listed  []Neighbour
	count   int
}

// NewViewer starts a search of p with o, at step 0.
func NewViewer(p Problem, o Options) (*Viewer, error) {
	s, err := New(p, o)
	if err != nil {
		return nil, err
	}
	return &Viewer{s: s, history: []float64{s.h}}, nil
}

// ViewAt is the view at step k (past the end: the end), replayed from
// step 0: the same k gives the same view. O(k) steps.
func ViewAt(p Problem, o Options, k int) (*View, error) {
	v, err := NewViewer(p, o)
	if err != nil {
		return nil, err
	}
	for v.Steps() < k {
		if _, ok := v.Step(); !ok {
			break
		}
	}
	return v.View(), nil
}

// Search is the search stepped; the caller must not step it.
func (v *Viewer) Search() *Search { return v.s }

// Steps is the number of steps taken.
func (v *Viewer) Steps() int { return v.s.steps }

// Step takes one step and folds it into the view.
func (v *Viewer) Step() (Event, bool) {
	s := v.s
	if s.status != Running {
		return Event{}, false
	}
	v.listed, v.count = v.listed[:0], 0
	climbing := (s.o.Algorithm == HillClimb || s.o.Algorithm == Stochastic) && !s.stuck
	if climbing {
		s.p.Neighbours(s.s, s.h, func(m Move, h float64) {
			v.count++
			if len(v.listed) < MaxListed {
				v.listed = append(v.listed, Neighbour{Move: s.p.MoveName(m), H: h, HText: stepper.FormatNumber(h)})
			}
		})
	}
	ev, _ := s.Step()
	v.ev = ev
	v.history = append(v.history, s.h)
	switch {
	case s.o.Algorithm == Anneal && ev.Considered == 1:
		v.listed = append(v.listed, Neighbour{Move: ev.Move, H: ev.BestH, HText: stepper.FormatNumber(ev.BestH)})
		v.count = 1
	case s.o.Algorithm == Genetic:
		v.count = ev.Considered
	}
	for i := range v.listed {
		v.listed[i].Taken = ev.Move != "" && v.listed[i].Move == ev.Move && ev.What != Rejected
	}
	return ev, true
}

// View is the view at the current step: a copy the caller owns.
// O(steps + n).
func (v *Viewer) View() *View {
	s := v.s
	out := &View{Problem: s.p.Spec(), Kind: s.p.Kind(), Options: s.o.String(), Algorithm: s.o.Algorithm, Step: s.steps,
		Status: s.status, Event: v.ev, State: append([]int(nil), s.s...), StateName: s.p.StateName(s.s),
		H: s.h, HText: stepper.FormatNumber(s.h), History: append([]float64(nil), v.history...),
		Neighbours: append([]Neighbour(nil), v.listed...), Considered: v.count, Restarts: s.restarts}
	if s.status != Running {
		out.Why = s.why
	}
	out.HistoryText = make([]string, len(out.History))
	for i, h := range out.History {
		out.HistoryText[i] = stepper.FormatNumber(h)
	}
	if t, ok := s.p.(*TSP); ok {
		out.Cities = make([][2]float64, t.n)
		for i := range out.Cities {
			out.Cities[i] = [2]float64{t.x[i], t.y[i]}
		}
	}
	out.Says = says(out)
	return out
}

// says is the step in words.
func says(v *View) string {
	ev := v.Event
	if v.Step == 0 {
		if v.Why != "" {
			return "start: h = " + v.HText + ", " + v.Why
		}
		return "start: h = " + v.HText
	}
	from := stepper.FormatNumber(ev.From)
	var b strings.Builder
	switch ev.What {
	case Uphill, Sideways, Downhill:
		fmt.Fprintf(&b, "%s: %s, h %s → %s", ev.What, ev.Move, from, v.HText)
		if ev.Considered > 1 {
			fmt.Fprintf(&b, " (best of %d neighbours)", ev.Considered)
		}
		if ev.What == Downhill {
			fmt.Fprintf(&b, ", accepted with p = %s at T = %s", stepper.FormatNumber(ev.P), stepper.FormatNumber(ev.T))
		}
	case Rejected:
		fmt.Fprintf(&b, "rejected: %s would make h %s from %s; taken only with p = %s at T = %s, and the draw said no", ev.Move, stepper.FormatNumber(ev.BestH), from, stepper.FormatNumber(ev.P), stepper.FormatNumber(ev.T))
	case Restart:
		fmt.Fprintf(&b, "%s: a random state, h = %s", ev.Why, v.HText)
	case StuckHere:
		fmt.Fprintf(&b, "stuck: %s", ev.Why)
	case Generation:
		fmt.Fprintf(&b, "generation %d of %d individuals: the best has h = %s", v.Step, ev.Considered, v.HText)
	}
	if v.Why != "" && ev.What != StuckHere {
		fmt.Fprintf(&b, "; stopped: %s", v.Why)
	}
	return b.String()
}
