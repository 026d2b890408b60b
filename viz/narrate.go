package viz

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"stepviz/stepper"
	"stepviz/wire"
)

// Narrate tells one step in plain words, on one line:
//
//	Step 3: expanded Sibiu (f 393 = g 140 + h 253). Arad already closed, ignored; Fagaras new (f 415); ...
//
// o is the search's options: they say which formula f follows (A* g + h,
// weighted A* g + w·h, greedy h, uniform cost g, BFS and DFS depth). Zero
// fields take their defaults as in [stepper.Options.Normalize]. The line
// names nodes by their state, gives every child's fate, how a tie was
// broken (from ev.TieReason), and how the search ended if it did. Numbers
// are written with [stepper.FormatNumber]. O(children).
func Narrate(ev stepper.Event, o stepper.Options) string {
	if n, err := o.Normalize(); err == nil {
		o = n
	}
	var b strings.Builder
	x := ev.Expanded
	if d := ev.Deepening; d != nil && d.SelectedF != nil {
		// RBFS: the f the node was selected with; the step may back a
		// larger one up to it, which the backup sentence says
		x.F = float64(*d.SelectedF)
	}
	verb := "expanded"
	if x.Status == stepper.NodeGoal || x.Status == stepper.NodeCutoff {
		verb = "selected"
	}
	fmt.Fprintf(&b, "Step %d: ", ev.Step)
	if d := ev.Deepening; d != nil && d.Began {
		b.WriteString(iterationWords(d, o))
	}
	if bd := ev.Bidirectional; bd != nil && bd.Direction != 0 {
		b.WriteString(bd.Direction.String() + " search ")
	}
	fmt.Fprintf(&b, "%s %s (%s)", verb, name(x.State.String()), formula(x, o))
	if ev.TieCount > 0 {
		others := "others"
		if ev.TieCount == 1 {
			others = "other"
		}
		fmt.Fprintf(&b, ", won a tie with %d %s", ev.TieCount, others)
		if r := tieRule(ev.TieReason.String()); r != "" {
			b.WriteString(": " + r)
		}
	}
	switch {
	case x.Status == stepper.NodeGoal:
		b.WriteString(": it is the goal.")
	case x.Status == stepper.NodeCutoff:
		limit := o.Depth
		if d := ev.Deepening; d != nil && d.Limit != nil {
			limit = *d.Limit
		}
		fmt.Fprintf(&b, ": not the goal, and at the depth limit %d: cut off, not expanded.", limit)
	case len(ev.Children) == 0:
		b.WriteString(": no successors.")
	default:
		b.WriteString(". ")
		for i, c := range ev.Children {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(childWords(c, x, o, ev.Deepening))
		}
		b.WriteString(".")
	}
	if d := ev.Deepening; d != nil {
		b.WriteString(deepeningWords(ev, d))
	}
	if bm := ev.Beam; bm != nil {
		b.WriteString(beamWords(bm))
	}
	if bd := ev.Bidirectional; bd != nil && !math.IsInf(float64(bd.Mu), 1) && o.Algorithm == stepper.BiAStar {
		fmt.Fprintf(&b, " Best meeting so far: μ %s; the larger of the open lists' least f, max(%s, %s),", bd.Mu, bd.TopForward, bd.TopBackward)
		if ev.Status == stepper.Solved {
			b.WriteString(" is no less: stop.")
		} else {
			b.WriteString(" is less: go on.")
		}
	} else if bd != nil && !math.IsInf(float64(bd.Mu), 1) {
		fmt.Fprintf(&b, " Best meeting so far: μ %s; the open lists' least keys %s + %s + ε %s", bd.Mu, bd.TopForward, bd.TopBackward, bd.Epsilon)
		if ev.Status == stepper.Solved {
			b.WriteString(" are no less: stop.")
		} else {
			b.WriteString(" are less: go on.")
		}
	}
	switch ev.Status {
	case stepper.Solved:
		moves := max(len(ev.Path)-1, 0)
		fmt.Fprintf(&b, " Goal found: path cost %s, %d %s.", num(goalCost(ev)), moves, plural(moves, "move", "moves"))
	case stepper.NoSolution:
		if ev.Beam != nil && ev.Counters.Pruned > 0 {
			fmt.Fprintf(&b, " The open list is empty: %s.", stepper.BeamEndWords(ev.Beam.Width, ev.Counters.Pruned))
		} else if ev.Deepening != nil {
			b.WriteString(" Nothing is left to search: no solution.")
		} else {
			b.WriteString(" The open list is empty: no solution.")
		}
	case stepper.LimitReached:
		b.WriteString(" The node limit is reached: the search stops.")
		if o.Duplicates != stepper.DropDuplicates && ev.Counters.Duplicates > 0 {
			// With duplicates kept, every generated child is a node: on a
			// map most are duplicates, and they fill the limit first.
			fmt.Fprintf(&b, " %d of its nodes are duplicates of states already reached (duplicates=keep): search with duplicates=drop to store only new states and go further.", ev.Counters.Duplicates)
		}
	case stepper.Cutoff:
		b.WriteString(" The stack is empty and nodes were cut off at the limit: cutoff (a deeper limit may find a goal).")
	}
	return b.String()
}

// formula writes how node n's priority is made under the options.
func formula(n stepper.NodeInfo, o stepper.Options) string {
	g, h, f := num(n.G), num(n.H), n.Shown().F
	if n.HFailed {
		return fmt.Sprintf("g %s, h %s (the heuristic failed on this state)", g, stepper.HFailedText)
	}
	switch o.Algorithm {
	case stepper.AStar, stepper.IDAStar, stepper.RBFS, stepper.BiAStar:
		if o.Algorithm == stepper.RBFS && n.F != n.G+n.H {
			// a stored F backed up from a forgotten subtree: not g + h
			return fmt.Sprintf("stored F %s, backed up; g %s + h %s = %s", f, g, h, num(n.G+n.H))
		}
		if s, ok := exactSum(n.G, n.H); ok {
			return s
		}
		return fmt.Sprintf("f %s = g %s + h %s", f, g, h)
	case stepper.WAStar:
		return fmt.Sprintf("f %s = g %s + %s·h %s", f, g, num(o.Weight), h)
	case stepper.Beam:
		switch {
		case o.F == "h":
			return fmt.Sprintf("f %s = h %s; g %s", f, h, g)
		case o.Weight != 0:
			return fmt.Sprintf("f %s = g %s + %s·h %s", f, g, num(o.Weight), h)
		}
		if s, ok := exactSum(n.G, n.H); ok {
			return s
		}
		return fmt.Sprintf("f %s = g %s + h %s", f, g, h)
	case stepper.Greedy:
		return fmt.Sprintf("f %s = h %s; g %s", f, h, g)
	case stepper.UCS, stepper.BiUCS: // no heuristic: its priority is g, no f written (NumberColumns)
		return "g " + g
	default: // BFS, DFS: the frontier's order is the depth
		return fmt.Sprintf("depth %d, g %s", n.Depth, g)
	}
}

// childWords says what became of one child of the expanded node x.
func childWords(c stepper.Child, x stepper.NodeInfo, o stepper.Options, d *stepper.Deepening) string {
	s := name(c.State.String())
	if c.HFailed {
		// the step's last child: the search ends failed, its error after
		// the narration (the session's, the command line's)
		return fmt.Sprintf("%s: h failed on this state, no further child generated", s)
	}
	// a new child is named with what orders it: its f, its g for a search
	// without a heuristic whose f is g (NumberColumns writes no f for it),
	// nothing for one ordered by depth
	fam := DescribeFamily(o)
	priority := fam.Eval != wire.EvalDepth
	switch c.Fate {
	case stepper.FateAdded:
		switch {
		case !priority:
			return s + " new"
		case !fam.Heuristic:
			return fmt.Sprintf("%s new (g %s)", s, num(c.G))
		}
		return fmt.Sprintf("%s new (f %s)", s, c.Shown().F)
	case stepper.FateGoal:
		return fmt.Sprintf("%s is the goal (g %s, tested when generated)", s, num(c.G))
	case stepper.FateClosed:
		return s + " already closed, ignored"
	case stepper.FateOpen:
		if priority && o.Open == stepper.Reparent {
			return fmt.Sprintf("%s already open, new g %s no better, ignored", s, num(c.G))
		}
		return s + " already open, ignored"
	case stepper.FateReparented:
		return fmt.Sprintf("%s cheaper path, g %s → %s, parent now %s", s, num(c.OldG), num(c.G), name(x.State.String()))
	case stepper.FateReopened:
		return fmt.Sprintf("%s closed but reached cheaper, g %s → %s, reopened with parent %s", s, num(c.OldG), num(c.G), name(x.State.String()))
	case stepper.FateCutoff:
		if d != nil && d.Threshold != nil {
			return fmt.Sprintf("%s f %s > threshold %s: cut off", s, c.Shown().F, d.Threshold)
		}
		if !fam.Heuristic {
			return fmt.Sprintf("%s at depth %d: cut off", s, c.Depth)
		}
		return fmt.Sprintf("%s f %s: cut off", s, c.Shown().F)
	case stepper.FateDepthLimited:
		return fmt.Sprintf("%s past the depth limit %d, discarded", s, o.Depth)
	default:
		return fmt.Sprintf("%s %s", s, c.Fate)
	}
}

// beamWords says what a beam search step pruned: after every expansion
// (beam), or when a layer is done (local beam), the open nodes beyond the
// width best are dropped.
func beamWords(bm *stepper.BeamStep) string {
	var b strings.Builder
	if bm.Local && bm.LayerDone {
		fmt.Fprintf(&b, " Layer %d is expanded: the next layer is the %d best of its children", bm.Layer, bm.Width)
		if bm.PrunedCount == 0 {
			fmt.Fprintf(&b, " (%d, all kept).", bm.Kept)
			return b.String()
		}
		b.WriteString(", the rest are pruned: ")
	} else if bm.PrunedCount > 0 {
		fmt.Fprintf(&b, " The beam keeps the %d best open nodes, the rest are pruned: ", bm.Width)
	} else {
		return ""
	}
	for i, p := range bm.Pruned {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (f %s)", name(p.State.String()), num(p.F))
	}
	if more := bm.PrunedCount - len(bm.Pruned); more > 0 {
		fmt.Fprintf(&b, " and %d more", more)
	}
	b.WriteString(".")
	return b.String()
}

// iterationWords announces the iteration a step begins.
func iterationWords(d *stepper.Deepening, o stepper.Options) string {
	switch {
	case d.Threshold != nil:
		return fmt.Sprintf("iteration %d begins with threshold %s (the least f that exceeded the last one); ", d.Iteration, d.Threshold)
	case d.Limit != nil:
		return fmt.Sprintf("iteration %d begins with depth limit %d; ", d.Iteration, *d.Limit)
	}
	return fmt.Sprintf("iteration %d begins; ", d.Iteration)
}

// deepeningWords says what a depth-first iterative step left: IDA*'s next
// threshold so far, RBFS's forgotten subtrees and where it goes next.
func deepeningWords(ev stepper.Event, d *stepper.Deepening) string {
	var b strings.Builder
	if d.NextThreshold != nil && !math.IsInf(float64(*d.NextThreshold), 1) {
		for _, c := range ev.Children {
			if c.Fate == stepper.FateCutoff {
				fmt.Fprintf(&b, " Next threshold is the least such f so far: %s.", d.NextThreshold)
				break
			}
		}
	}
	said := mentioned(ev, d)
	for _, bk := range d.Backups {
		fmt.Fprintf(&b, " Best f below %s is %s, over its f-limit %s: its subtree is forgotten, f %s backed up to it.", said.name(bk.State, bk.Node), bk.F, bk.Limit, bk.F)
	}
	if d.NextNode != nil && d.NextLimit != nil && (len(d.Backups) > 0 || ev.Status == stepper.Running) {
		fmt.Fprintf(&b, " Next: %s with f-limit %s.", said.name(d.NextState, *d.NextNode), d.NextLimit)
	}
	return b.String()
}

// mentions are the nodes a piece of text names, by state: a step's
// narration (the expanded node, its children, RBFS's backups and next
// node) or a snapshot's family lines (FamilyLines).
type mentions map[string][]int

// mentioned collects the nodes ev's narration names. O(children + backups).
func mentioned(ev stepper.Event, d *stepper.Deepening) mentions {
	m := mentions{}
	m.add(ev.Expanded.State.String(), ev.Expanded.ID)
	for _, c := range ev.Children {
		m.add(c.State.String(), c.ID)
	}
	for _, bk := range d.Backups {
		m.add(bk.State, bk.Node)
	}
	if d.NextNode != nil {
		m.add(d.NextState, *d.NextNode)
	}
	return m
}

// add records that node id, in state, is named. O(nodes named in state).
func (m mentions) add(state string, id int) {
	if !slices.Contains(m[state], id) {
		m[state] = append(m[state], id)
	}
}

// name writes node id, in state, for a sentence as every narration does,
// by its state, adding "node id" only when the narration names another
// node in the same state: the tables' "#" is a row's position, so an id
// is never written "#id". O(1).
func (m mentions) name(state string, id int) string {
	if len(m[state]) > 1 {
		return fmt.Sprintf("%s (node %d)", name(state), id)
	}
	return name(state)
}

// tieRule keeps the part of the engine's tie reason that names the rule
// ("tie rule fifo: inserted first (seq 3)"); the count is said already.
func tieRule(reason string) string {
	if _, rule, ok := strings.Cut(reason, "; "); ok {
		return rule
	}
	return reason
}

// goalCost is the g of the goal: the last node on the path, found among the
// expanded node and the children.
func goalCost(ev stepper.Event) float64 {
	if bd := ev.Bidirectional; bd != nil {
		return float64(bd.PathCost)
	}
	if ev.Expanded.Status == stepper.NodeGoal {
		return ev.Expanded.G
	}
	for _, c := range ev.Children {
		if c.Fate == stepper.FateGoal {
			return c.G
		}
	}
	return ev.Expanded.G
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// name writes a state for a sentence: a grid cell "3,4" as "(3,4)", so a
// list of cells separated by commas and semicolons stays readable; any
// other state as it is.
func name(state string) string {
	a, b, ok := strings.Cut(state, ",")
	if ok && isDigits(a) && isDigits(b) {
		return "(" + state + ")"
	}
	return state
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
