package game

// Row is one step as a table or a narration prints it, every number
// written under the rounding rule: the step's node, and the value and
// window it carries. Exports that print a line per step read Rows, which
// cost O(pruned) each, instead of a whole View per step.
type Row struct {
	Step   int  `json:"step"`
	What   What `json:"what"`
	Node   int  `json:"node"`
	Parent int  `json:"parent"`
	// State is the node's StateName, Name the position as a reader
	// names it (ViewNode.Name).
	State  string `json:"state"`
	Name   string `json:"name"`
	Move   string `json:"move,omitempty"`
	Depth  int    `json:"depth"`
	Turn   Turn   `json:"turn"`
	Leaf   bool   `json:"leaf,omitempty"`
	Cutoff bool   `json:"cutoff,omitempty"`
	// Value is the leaf's utility or evaluation (down), the value backed
	// up (up), or the play-out's utility (an MCTS iteration); "" for none.
	Value string `json:"value,omitempty"`
	// Alpha and Beta are the window the node is searched with (visit,
	// down) or the parent's after the update (up); "" but for alpha-beta.
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	// ParentValue is the parent's value so far after an up; Best that the
	// node became the parent's best child.
	ParentValue string   `json:"parentValue,omitempty"`
	Best        bool     `json:"best,omitempty"`
	Pruned      []string `json:"pruned,omitempty"`
	Why         string   `json:"why,omitempty"`
	Says        string   `json:"says"`
}

// Row is the last step's row (step 0: the start's). O(pruned + depth).
func (v *Viewer) Row() Row {
	ev := v.ev
	r := Row{Step: ev.Step, What: ev.What, Node: ev.Node, Parent: ev.Parent, State: ev.State, Move: ev.Move,
		Depth: ev.Depth, Turn: ev.Turn, Leaf: ev.Leaf, Cutoff: ev.Cutoff, Best: ev.BestChanged,
		Pruned: ev.Pruned, Says: v.says()}
	if ev.Step == 0 {
		r.Parent = -1
		r.Name = PositionName(v.s.g, v.s.g.Root())
		return r
	}
	r.Name = v.rowName()
	switch {
	case ev.What == Iterate:
		r.Value = FormatBound(ev.Value)
		if ev.MCTS.Expanded != "" {
			r.Move = ev.MCTS.Expanded
		}
	case ev.What == Up:
		r.Value, r.ParentValue = FormatBound(ev.Value), FormatBound(ev.ParentValue)
	case ev.Leaf:
		r.Value = FormatBound(ev.Value)
	}
	if v.s.o.Algorithm == AlphaBeta && (ev.What != Up || ev.Parent >= 0) {
		r.Alpha, r.Beta = FormatBound(ev.Alpha), FormatBound(ev.Beta)
	}
	if ev.Why != "" {
		r.Why = v.why(ev.Beta, ev.Alpha)
	}
	return r
}

// rowName is the Name of the node the last step visited, backed up or
// (MCTS) reached: the event's node. O(the name).
func (v *Viewer) rowName() string {
	id := v.ev.Node
	if m := v.s.mcts; m != nil && id >= 0 && id < len(m.nodes) {
		return nameOf(v.s.g, m.nodes[id].s, v.ev.State)
	}
	if v.s.mcts == nil && id >= 0 && id < len(v.nodes) {
		return v.nodes[id].Name
	}
	return ""
}
