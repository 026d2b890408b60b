package export

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
	"stepviz/viz"
)

// Grade is the verdict on a hand trace.
type Grade struct {
	// Correct is set when every graded step matches the engine's.
	Correct bool
	// Checked counts the steps that match, before the first difference
	// (rows left blank are not counted).
	Checked int
	// Step and Line locate the first difference (0 when Correct); Reason
	// says what differs and why, in one sentence.
	Step   int
	Line   int
	Reason string
	// Lines has one line per step graded, the last one the difference.
	Lines []string
	// Graded names what the sheet gave and was compared, in a fixed order
	// ("nodes", "g", "h", "f", "children", "children's f", "open lists"),
	// so a verdict says what "correct" covers; f is named as the search's
	// sheet names its key ("depth", "g": sheetColumns).
	Graded []string
}

// Tolerance is how far a hand-written g, h or f may be from the engine's
// (students round √2 to 1.41).
const Tolerance = 0.011

// Check grades a hand trace against the search s would make (s itself is
// not moved: the steps are replayed in a search of its own). Each row is
// one step: the node written must be the node expanded, its g, h and f the
// engine's within Tolerance, and the open list the engine's after the
// step, in pop order. It stops at the first difference and says why, as a
// teacher would: "at step 4 you expanded E (f=7) but D (f=6) was open".
// Cost: a replay plus a snapshot per step.
func Check(s *stepper.Search, a *Answer) (*Grade, error) {
	sess, err := newSession(s, 0)
	if err != nil {
		return nil, err
	}
	if a == nil || len(a.Rows) == 0 {
		return nil, usererr.Errorf("export", "no answer rows to check")
	}
	kind := sess.inst.Kind()
	g := &Grade{}
	es := sess.s
	es.Reset()
	for i, row := range a.Rows {
		step := i + 1
		before := es.Snapshot()
		ev, ok := es.Step()
		if !ok {
			g.fail(step, row.Line, fmt.Sprintf("your trace has %d steps but the search ends after step %d (%s)", len(a.Rows), step-1, es.Status()))
			return g, nil
		}
		x := asSelected(ev)
		if row.Node != "" && !sameState(kind, row.Node, x.State.String()) {
			g.fail(step, row.Line, wrongNode(sess, step, row, before, ev))
			return g, nil
		}
		after := es.Snapshot()
		if msg := wrongValues(sess.opts, step, row, x, after); msg != "" {
			g.fail(step, row.Line, msg)
			return g, nil
		}
		if row.HasChildren {
			if msg := wrongChildren(sess.opts, kind, step, x, row.Children, ev.Children); msg != "" {
				g.fail(step, row.Line, msg)
				return g, nil
			}
		}
		if row.HasOpen {
			if msg := wrongOpen(sess.opts, kind, step, row.Open, after); msg != "" {
				g.fail(step, row.Line, msg)
				return g, nil
			}
		}
		// a search that uses no heuristic has every h 0, which its
		// worksheet gives: an h alone is nothing the student wrote
		hWritten := row.HasH && sess.opts.Heuristic != ""
		if row.Node == "" && !row.HasG && !hWritten && !row.HasF && !row.HasChildren && !row.HasOpen {
			g.Lines = append(g.Lines, fmt.Sprintf("step %d: nothing written", step))
			continue
		}
		g.Checked++
		g.note(row)
		line := fmt.Sprintf("step %d: ok", step)
		if row.Node != "" {
			line = fmt.Sprintf("step %d: %s (%s) ok", step, x.State, numbersWords(viz.DescribeFamily(sess.opts), num(x.G), num(x.H), x.Shown().F))
		}
		if row.HasOpen {
			line += fmt.Sprintf("; open list of %d ok", len(after.Open))
		}
		g.Lines = append(g.Lines, line)
	}
	if g.Checked == 0 {
		return nil, usererr.Errorf("export", "the answer sheet has nothing filled in: write the node expanded, its values or the open list for at least one step")
	}
	g.Correct = true
	if k := fName(sess.opts); k != "f" {
		// the sheet names the key as its column does (sheetColumns)
		for i, name := range g.Graded {
			switch name {
			case "f":
				g.Graded[i] = k
			case "children's f":
				g.Graded[i] = "children's " + k
			}
		}
	}
	return g, nil
}

// note records what a matching row gave.
func (g *Grade) note(row AnswerRow) {
	kidsF := false
	for _, c := range row.Children {
		kidsF = kidsF || c.HasF
	}
	have := map[string]bool{
		"nodes": row.Node != "", "g": row.HasG, "h": row.HasH, "f": row.HasF,
		"children": row.HasChildren, "children's f": kidsF, "open lists": row.HasOpen,
	}
	for _, k := range []string{"nodes", "g", "h", "f", "children", "children's f", "open lists"} {
		if have[k] && !contains(g.Graded, k) {
			g.Graded = append(g.Graded, k)
		}
	}
	// Keep the fixed order whatever order the rows gave them in.
	order := map[string]int{"nodes": 0, "g": 1, "h": 2, "f": 3, "children": 4, "children's f": 5, "open lists": 6}
	sort.Slice(g.Graded, func(i, j int) bool { return order[g.Graded[i]] < order[g.Graded[j]] })
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (g *Grade) fail(step, line int, reason string) {
	g.Step, g.Line, g.Reason = step, line, reason
	g.Lines = append(g.Lines, fmt.Sprintf("step %d (line %d): %s", step, line, reason))
}

// wrongNode explains why the node the student expanded is not the one the
// engine expands.
func wrongNode(sess *session, step int, row AnswerRow, before stepper.Snapshot, ev stepper.Event) string {
	kind, o := sess.inst.Kind(), sess.opts
	want := ev.Expanded
	prefix := fmt.Sprintf("at step %d you expanded %s", step, row.Node)
	for pos, e := range before.Open {
		if !sameState(kind, row.Node, e.State.String()) {
			continue
		}
		switch {
		case o.Algorithm == stepper.BFS:
			return fmt.Sprintf("%s but %s was ahead of it in the FIFO queue (added at step %d, %s at step %d): BFS expands the oldest open node", prefix, want.State, want.Step, e.State, e.Step)
		case o.Algorithm == stepper.DFS:
			return fmt.Sprintf("%s but %s was on top of the LIFO stack (added at step %d, %s at step %d): DFS expands the newest open node", prefix, want.State, want.Step, e.State, e.Step)
		case e.F > want.F:
			return fmt.Sprintf("%s (%s=%s) but %s (%s=%s) was open", prefix, fName(o), e.Shown().F, want.State, fName(o), want.Shown().F)
		case e.F == want.F:
			why := ev.TieReason.String()
			if why == "" {
				why = "tie rule " + string(o.Tie)
			}
			return fmt.Sprintf("%s (%s=%s) but %s has the same %s and goes first: %s (it is number %d of the open list, %s is number 1)", prefix, fName(o), e.Shown().F, want.State, fName(o), why, pos+1, want.State)
		default:
			return fmt.Sprintf("%s (%s=%s) but the engine expands %s (%s=%s)", prefix, fName(o), e.Shown().F, want.State, fName(o), want.Shown().F)
		}
	}
	for _, c := range before.Closed {
		if sameState(kind, row.Node, c.State.String()) && !o.Tree {
			return fmt.Sprintf("%s, but it was already expanded at step %d: a graph search expands a state once; the engine expands %s (%s=%s)", prefix, c.Order, want.State, fName(o), want.Shown().F)
		}
	}
	for _, n := range before.Tree {
		if sameState(kind, row.Node, n.State.String()) && n.Status == stepper.NodeDiscarded {
			return fmt.Sprintf("%s, but it is not on the open list: it was generated at step %d as a duplicate and discarded; the engine expands %s (%s=%s)", prefix, n.Step, want.State, fName(o), want.Shown().F)
		}
	}
	return fmt.Sprintf("%s, but it is not on the open list before step %d (open: %s); the engine expands %s (%s=%s)", prefix, step, openSummary(o, before.Open, 6), want.State, fName(o), want.Shown().F)
}

// wrongValues compares the g, h and f written for the expanded node.
func wrongValues(o stepper.Options, step int, row AnswerRow, x stepper.NodeInfo, after stepper.Snapshot) string {
	name := x.State
	if row.HasG && !near(row.G, x.G) {
		return fmt.Sprintf("at step %d you wrote g=%s for %s but its g is %s, the cost of the path %s", step, num(row.G), name, num(x.G), strings.Join(viz.PathStates(after.Tree, x.ID), " → "))
	}
	if row.HasH && !near(row.H, x.H) {
		if o.Heuristic == "" {
			return fmt.Sprintf("at step %d you wrote h=%s for %s but %s uses no heuristic (h=0)", step, num(row.H), name, o.Algorithm)
		}
		return fmt.Sprintf("at step %d you wrote h=%s for %s but its h (%s) is %s", step, num(row.H), name, o.Heuristic, num(x.H))
	}
	if k := fName(o); row.HasF && !near(row.F, x.F) {
		return fmt.Sprintf("at step %d you wrote %s=%s for %s but its %s is %s (%s)", step, k, num(row.F), name, k, x.Shown().F, fFormula(o, x))
	}
	return ""
}

// wrongChildren compares the children written for a step with the ones
// the expansion generates, in successor order.
func wrongChildren(o stepper.Options, kind string, step int, x stepper.NodeInfo, got []AnswerChild, want []stepper.Child) string {
	names := func() string {
		var s []string
		for _, c := range want {
			s = append(s, c.State.String())
		}
		if len(s) == 0 {
			return "none"
		}
		return strings.Join(s, ", ")
	}
	for i := 0; i < len(got) || i < len(want); i++ {
		switch {
		case i >= len(want):
			return fmt.Sprintf("at step %d you wrote %d children for %s but expanding it generates %d (%s): %s is not one", step, len(got), x.State, len(want), names(), got[i].State)
		case i >= len(got):
			return fmt.Sprintf("at step %d you wrote %d children for %s but expanding it generates %d, in this order: %s", step, len(got), x.State, len(want), names())
		case !sameState(kind, got[i].State, want[i].State.String()):
			return fmt.Sprintf("at step %d child %d of %s is %s, you wrote %s (successors in %s order: %s)", step, i+1, x.State, want[i].State, got[i].State, o.Order, names())
		case got[i].HasF && !near(got[i].F, want[i].F):
			k := fName(o)
			return fmt.Sprintf("at step %d you wrote %s=%s for child %s but its %s is %s (%s)", step, k, num(got[i].F), want[i].State, k, want[i].Shown().F, fFormula(o, want[i].NodeInfo))
		}
	}
	return ""
}

// wrongOpen compares the open list written after a step with the engine's.
func wrongOpen(o stepper.Options, kind string, step int, got []string, after stepper.Snapshot) string {
	want := after.Open
	for i := 0; i < len(got) || i < len(want); i++ {
		switch {
		case i >= len(got):
			return fmt.Sprintf("after step %d your open list stops after %d nodes but %s (%s=%s) is open too, number %d", step, len(got), want[i].State, fName(o), want[i].Shown().F, i+1)
		case i >= len(want):
			return fmt.Sprintf("after step %d your open list has %d nodes but only %d are open: %s is not", step, len(got), len(want), got[i])
		case sameState(kind, got[i], want[i].State.String()):
			continue
		}
		// got[i] differs from want[i]: is it open at all?
		at := -1
		for j, e := range want {
			if sameState(kind, got[i], e.State.String()) {
				at = j
			}
		}
		if at < 0 {
			where := "it is not open"
			for _, c := range after.Closed {
				if sameState(kind, got[i], c.State.String()) {
					where = fmt.Sprintf("it was expanded at step %d", c.Order)
				}
			}
			return fmt.Sprintf("after step %d your open list has %s at number %d but %s; number %d is %s (%s=%s)", step, got[i], i+1, where, i+1, want[i].State, fName(o), want[i].Shown().F)
		}
		msg := fmt.Sprintf("after step %d your open list has %s (%s=%s) at number %d but %s (%s=%s) comes first: it is number %d", step, got[i], fName(o), want[at].Shown().F, i+1, want[i].State, fName(o), want[i].Shown().F, i+1)
		if want[at].F == want[i].F {
			msg += "; " + tieWords(o, want[i], want[at])
		}
		return msg
	}
	return ""
}

// tieWords says why first goes before second when their priorities are
// equal, by the search's tie rule.
func tieWords(o stepper.Options, first, second stepper.OpenEntry) string {
	switch {
	case o.Algorithm == stepper.BFS:
		return fmt.Sprintf("BFS keeps the queue in the order nodes were added (%s at step %d, %s at step %d)", first.State, first.Step, second.State, second.Step)
	case o.Algorithm == stepper.DFS:
		return fmt.Sprintf("DFS takes the node added last first (%s at step %d, %s at step %d)", first.State, first.Step, second.State, second.Step)
	case o.Tie == stepper.TieHighG && first.G != second.G:
		return fmt.Sprintf("both have f=%s and the tie rule high-g puts the larger g first (g=%s before g=%s)", first.Shown().F, num(first.G), num(second.G))
	case o.Tie == stepper.TieLowH && first.H != second.H:
		return fmt.Sprintf("both have f=%s and the tie rule low-h puts the smaller h first (h=%s before h=%s)", first.Shown().F, num(first.H), num(second.H))
	case o.Tie == stepper.TieLIFO:
		return fmt.Sprintf("both have f=%s and the tie rule lifo puts the node added last first", first.Shown().F)
	}
	return fmt.Sprintf("both have %s=%s and ties go to the node added first", fName(o), first.Shown().F)
}

func near(a, b float64) bool { return math.Abs(a-b) <= Tolerance }

// fName is what the search calls its priority, the name of its sheet's
// column (viz.KeyName): depth, g for uniform cost, f. O(1).
func fName(o stepper.Options) string { return viz.KeyName(viz.DescribeFamily(o)) }

func fFormula(o stepper.Options, x stepper.NodeInfo) string {
	switch o.Algorithm {
	case stepper.AStar:
		return fmt.Sprintf("f = g + h = %s + %s", num(x.G), num(x.H))
	case stepper.WAStar:
		return fmt.Sprintf("f = g + %s·h = %s + %s·%s", num(o.Weight), num(x.G), num(o.Weight), num(x.H))
	case stepper.Greedy:
		return "greedy search orders by f = h"
	case stepper.UCS:
		return "uniform-cost search orders by g, the cost of the path"
	}
	if fName(o) == "depth" {
		return "a node's depth is its number of steps from the start"
	}
	return fmt.Sprintf("%s orders by %s", o.Algorithm, fName(o))
}

func openSummary(o stepper.Options, open []stepper.OpenEntry, limit int) string {
	if len(open) == 0 {
		return "empty"
	}
	var parts []string
	for i, e := range open {
		if i == limit {
			parts = append(parts, fmt.Sprintf("and %d more", len(open)-limit))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %s=%s", e.State, fName(o), e.Shown().F))
	}
	return strings.Join(parts, ", ")
}

// sameState compares a state as a student writes it with the engine's:
// puzzles by their tiles ("283164705", "2 8 3 1 6 4 7 0 5" or with
// commas), grid cells by their coordinates ("3,4" or "(3, 4)"), graph
// nodes by name ignoring case, spaces and underscores.
func sameState(kind, written, state string) bool {
	written = strings.TrimSpace(written)
	if written == state {
		return true
	}
	switch kind {
	case "puzzle":
		a, err1 := puzzle.ParseTiles(written)
		b, err2 := puzzle.ParseTiles(state)
		if err1 != nil || err2 != nil || len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	case "grid":
		ax, ay, err1 := grid.ParseCell(strings.Trim(written, "() "))
		bx, by, err2 := grid.ParseCell(state)
		return err1 == nil && err2 == nil && ax == bx && ay == by
	}
	norm := func(s string) string {
		return strings.ToLower(strings.NewReplacer(" ", "", "_", "", "-", "").Replace(s))
	}
	return norm(written) == norm(state)
}
