package local

import "stepviz/stepper"

// Row is one step as a table or a narration prints it, every number
// written under the rounding rule. Exports that print a line per step
// read Rows, O(n) each, instead of a whole View per step.
type Row struct {
	Step       int    `json:"step"`
	What       What   `json:"what"`
	Move       string `json:"move,omitempty"`
	From       string `json:"from"` // h before the step
	H          string `json:"h"`    // h after it
	Considered int    `json:"considered"`
	BestH      string `json:"bestH,omitempty"`
	T          string `json:"t,omitempty"`
	P          string `json:"p,omitempty"`
	State      string `json:"state"`
	Why        string `json:"why,omitempty"`
	Says       string `json:"says"`
}

// Row is the last step's row (step 0: the start's).
func (v *Viewer) Row() Row {
	s, ev := v.s, v.ev
	r := Row{Step: s.steps, What: ev.What, Move: ev.Move, From: stepper.FormatNumber(ev.From), H: stepper.FormatNumber(s.h),
		Considered: v.count, State: s.p.StateName(s.s), Why: ev.Why}
	if s.steps == 0 {
		r.From = r.H
		r.Why = s.why
	}
	if ev.Considered > 0 {
		r.BestH = stepper.FormatNumber(ev.BestH)
	}
	if ev.T != 0 {
		r.T = stepper.FormatNumber(ev.T)
	}
	if ev.P != 0 {
		r.P = stepper.FormatNumber(ev.P)
	}
	vw := View{Step: s.steps, Event: ev, HText: r.H}
	if s.status != Running {
		vw.Why = s.why
	}
	r.Says = says(&vw)
	return r
}
