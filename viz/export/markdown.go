package export

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"stepviz/stepper"
	"stepviz/viz"
	"stepviz/wire"
)

// writeMarkdown writes the problem and options, then for every step what
// it changed: the node expanded (and so closed), its children and their
// fates (added, re-parented, reopened, ignored, cut off), what a beam
// pruned and an RBFS unwinding forgot, and the sizes of the lists. The
// whole open list (in pop order) and closed list (in expansion order) are
// printed only at the steps sess.full chooses (DefaultFullLists: the
// start, the end and Auto), so that by default the trace is linear in its
// steps. A table of the steps ends it. Cost: O(steps + generated) plus a
// snapshot at each step whose lists are printed.
func writeMarkdown(w io.Writer, sess *session) error {
	p := &printer{w: w}
	full := DefaultFullLists()
	if sess.full != nil {
		full = *sess.full
	}
	plan := &fullPlan{f: full}
	sess.s.Reset()
	p.f("# %s trace\n\n", algoTitle(sess.opts))
	p.f("- Problem: `%s`\n- Options: `%s`\n", sess.inst.Spec(), sess.opts.String())
	p.f("- Rules: %s\n", rulesText(sess.opts))
	p.f("- Each step says what it changed; the whole open and closed lists are printed %s (full lists: `%s`).\n", full.words(), full.String())
	for _, wn := range sess.s.Warnings() {
		p.f("- Warning: %s\n", wn)
	}
	p.f("\n## Step 0: start\n\n")
	c0 := sess.s.Counters()
	if plan.at(0, sess.k == 0, c0.Open+c0.Closed) {
		mdOpenClosed(p, sess.s.Snapshot(), sess.opts)
	} else {
		p.f("Open: %d, closed: %d.\n\n", c0.Open, c0.Closed)
	}
	prev := c0
	steps := newStepsTable(sess.opts)
	n, err := sess.walk(func(ev *stepper.Event) error {
		steps.add(ev)
		if p.err != nil { // the writer refused (a size ceiling, a closed connection): stop walking
			return p.err
		}
		plan.changed(mdChanges(p, ev, prev, viz.DescribeFamily(sess.opts)))
		prev = ev.Counters
		last := ev.Status != stepper.Running || ev.Step == sess.k
		if plan.at(ev.Step, last, ev.Counters.Open+ev.Counters.Closed) {
			mdOpenClosed(p, sess.s.Snapshot(), sess.opts)
		}
		if ev.Status != stepper.Running {
			p.f("Search status: **%s**", ev.Status)
			if ev.Status == stepper.Solved {
				p.f(", cost %s, path %s", num(sess.s.Cost()), pathText(sess.s))
			}
			p.f(".\n\n")
		}
		return nil
	})
	if err != nil {
		return err
	}
	steps.write(p)
	p.f("---\n%d steps; status %s; expanded %d, generated %d, max open %d.\n", n, sess.s.Status(), sess.s.Counters().Expanded, sess.s.Counters().Generated, sess.s.Counters().MaxOpen)
	return p.err
}

// mdChanges writes what one step changed, from its event alone: the node
// expanded, the children and their fates, the iteration begun, the nodes
// a beam pruned, the subtrees RBFS forgot, and the sizes of the lists
// against prev, the counters before the step; a node's numbers are those
// fam's views show (viz.NumberColumns). It returns the lines written
// (changeLines). O(children + pruned listed + backups).
func mdChanges(p *printer, ev *stepper.Event, prev stepper.Counters, fam wire.Family) int {
	x := ev.Expanded
	verb := "expand"
	if x.Status == stepper.NodeGoal {
		verb = "select the goal"
	}
	shown := x.Shown()
	if d := ev.Deepening; d != nil && d.SelectedF != nil {
		// RBFS: the f it was selected with; a backup this step stores more
		shown = stepper.ShowGHF(x.G, x.H, float64(*d.SelectedF))
	}
	p.f("## Step %d: %s %s (node %d, %s)\n\n", ev.Step, verb, mdCell(x.State.String()), x.ID, mdNumbers(fam, shown))
	if d := ev.Deepening; d != nil && d.Began {
		p.f("Iteration %d begins%s.\n\n", d.Iteration, iterationBound(d))
	}
	if !ev.TieReason.IsZero() {
		p.f("Tie: %s.\n\n", ev.TieReason)
	}
	if len(ev.Children) > 0 {
		p.f("Children:\n\n")
		for _, c := range ev.Children {
			p.f("- %s%s: node %d, %s — %s\n", mdCell(c.State.String()), viaText(c.NodeInfo), c.ID, mdNumbers(fam, c.Shown()), fateText(c))
		}
		p.f("\n")
	}
	if b := ev.Beam; b != nil && b.PrunedCount > 0 {
		var ps []string
		for _, n := range b.Pruned {
			ps = append(ps, fmt.Sprintf("%s (node %d, f=%s)", mdCell(n.State.String()), n.ID, num(n.F)))
		}
		more := ""
		if b.PrunedCount > len(b.Pruned) {
			more = fmt.Sprintf(" and %d more", b.PrunedCount-len(b.Pruned))
		}
		p.f("Pruned (beam width %d): %s%s.\n\n", b.Width, strings.Join(ps, ", "), more)
	}
	if d := ev.Deepening; d != nil && len(d.Backups) > 0 {
		var bs []string
		for _, b := range d.Backups {
			bs = append(bs, fmt.Sprintf("the subtree under %s (node %d), its best f %s stored at its root", mdCell(b.State), b.Node, b.F))
		}
		p.f("Forgotten on unwinding: %s.\n\n", strings.Join(bs, "; "))
	}
	c := ev.Counters
	p.f("Open: %d (%s), closed: %d (%s).\n\n", c.Open, signed(c.Open-prev.Open), c.Closed, signed(c.Closed-prev.Closed))
	return changeLines(ev)
}

// changeLines is the number of lines mdChanges writes for ev, blank lines
// not counted. O(1).
func changeLines(ev *stepper.Event) int {
	n := 2 // the heading and the sizes
	if d := ev.Deepening; d != nil {
		if d.Began {
			n++
		}
		if len(d.Backups) > 0 {
			n++
		}
	}
	if !ev.TieReason.IsZero() {
		n++
	}
	if len(ev.Children) > 0 {
		n += 1 + len(ev.Children)
	}
	if ev.Beam != nil && ev.Beam.PrunedCount > 0 {
		n++
	}
	return n
}

// iterationBound is ", depth limit L" or ", threshold T" for the
// iteration d describes, "" when it has neither.
func iterationBound(d *stepper.Deepening) string {
	switch {
	case d.Limit != nil:
		return fmt.Sprintf(", depth limit %d", *d.Limit)
	case d.Threshold != nil:
		return ", threshold " + d.Threshold.String()
	}
	return ""
}

// signed writes a change of a count: "+3", "−1", "±0".
func signed(d int) string {
	switch {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprintf("−%d", -d)
	}
	return "±0"
}

// mdOpenClosed writes the frontier in the family's terms (viz.FamilyLines
// above it; the stack top first for the depth-first family, stored f for
// rbfs, a forward and a backward table for bidirectional searches), then
// the closed list.
func mdOpenClosed(p *printer, sn stepper.Snapshot, o stepper.Options) {
	fam, desc := viz.FamilyOf(o.Algorithm), viz.DescribeFamily(o)
	cols := viz.NumberColumns(desc)
	for _, l := range viz.FamilyLines(sn, o, nil, nil) {
		p.f("- %s\n", mdCell(l))
	}
	if fam != viz.BestFirst {
		p.f("\n")
	}
	first, second := viz.FrontierRows(sn, fam)
	table := func(title, order string, rows []viz.OpenRow) {
		p.f("**%s** (%d, %s)\n\n", title, len(rows), order)
		if len(rows) == 0 {
			p.f("(empty)\n\n")
			return
		}
		fcol := "f"
		if fam == viz.Recursive {
			fcol = "stored f"
		}
		if cols[len(cols)-1] == "f" {
			cols[len(cols)-1] = fcol
		}
		p.f("| # | node | state | %s | parent |\n|---:|---:|---|%s---:|\n", strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
		for _, r := range rows {
			p.f("| %d | %d | %s | %s | %s |\n", r.Rank, r.ID, mdCell(r.State), strings.Join(viz.Numbers(desc, r.G, r.H, r.F), " | "), parentText(r.ParentID))
		}
		p.f("\n")
	}
	switch fam {
	case viz.DepthFirst:
		table("Stack", "top first", first)
	case viz.Recursive:
		table("Children on the path", "stored (backed-up) f, the next first", first)
	case viz.Bidirectional:
		table("Forward frontier", "from the start, in pop order", first)
		table("Backward frontier", "from the goal, in pop order", second)
	default:
		table("Open", "in pop order", first)
	}
	p.f("**Closed** (%d, in expansion order)\n\n", len(sn.Closed))
	if len(sn.Closed) == 0 {
		p.f("(empty)\n\n")
		return
	}
	cols = viz.NumberColumns(desc)
	p.f("| order | node | state | %s | parent |\n|---:|---:|---|%s---:|\n", strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
	for _, c := range sn.Closed {
		p.f("| %d | %d | %s | %s | %s |\n", c.Order, c.ID, mdCell(c.State.String()), strings.Join(viz.Numbers(desc, num(c.G), c.Shown().H, c.Shown().F), " | "), parentText(c.Parent))
	}
	p.f("\n")
}

// printer writes formatted text and keeps the first error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// mdNumbers writes a node's numbers as a step's lines do, "g=140, h=253,
// f=393", or "g=140" for a search without a heuristic (viz.NumberColumns).
func mdNumbers(fam wire.Family, sh stepper.Shown) string {
	cols, vals := viz.NumberColumns(fam), viz.Numbers(fam, sh.G, sh.H, sh.F)
	parts := make([]string, len(cols))
	for i := range cols {
		parts[i] = cols[i] + "=" + vals[i]
	}
	return strings.Join(parts, ", ")
}

func mdCell(s string) string { return strings.ReplaceAll(oneLine(s), "|", `\|`) }

func parentText(id int) string {
	if id < 0 {
		return "–"
	}
	return fmt.Sprint(id)
}

// fateText says in words what became of a child.
func fateText(c stepper.Child) string {
	switch c.Fate {
	case stepper.FateAdded:
		return "added to open"
	case stepper.FateClosed:
		return fmt.Sprintf("ignored: already expanded (node %d)", c.ExistingID)
	case stepper.FateOpen:
		return fmt.Sprintf("ignored: already open with g as good (node %d)", c.ExistingID)
	case stepper.FateReparented:
		return fmt.Sprintf("cheaper path to open node %d: g %s → %s, parent %d → %d", c.ID, num(c.OldG), num(c.G), c.OldParent, c.Parent)
	case stepper.FateReopened:
		return fmt.Sprintf("cheaper path to closed node %d: reopened, g %s → %s", c.ID, num(c.OldG), num(c.G))
	case stepper.FateGoal:
		return "the goal, found when generated"
	case stepper.FateDepthLimited:
		return "discarded: deeper than the depth limit"
	case stepper.FateCutoff:
		return "cut off: f over the threshold, not stacked"
	}
	return c.Fate.String()
}

func pathText(s *stepper.Search) string {
	var parts []string
	for _, id := range s.Path() {
		parts = append(parts, s.Node(id).State.String())
	}
	return strings.Join(parts, " → ")
}

var algoNames = sync.OnceValue(func() map[stepper.Algorithm]string {
	return map[stepper.Algorithm]string{
		stepper.BFS: "Breadth-first search", stepper.DFS: "Depth-first search", stepper.UCS: "Uniform-cost search",
		stepper.Greedy: "Greedy best-first search", stepper.AStar: "A*", stepper.WAStar: "Weighted A*",
		stepper.DLS: "Depth-limited search", stepper.IDS: "Iterative deepening search", stepper.Beam: "Beam search",
		stepper.IDAStar: "IDA*", stepper.RBFS: "Recursive best-first search",
		stepper.BiBFS: "Bidirectional breadth-first search", stepper.BiUCS: "Bidirectional uniform-cost search",
		stepper.BiAStar: "Bidirectional A*",
	}
})

func algoTitle(o stepper.Options) string {
	if n, ok := algoNames()[o.Algorithm]; ok {
		return n
	}
	return string(o.Algorithm)
}

// beamRule states beam search's f and what its beam keeps.
func beamRule(o stepper.Options) string {
	f := evalText(wire.Describe(o), o.Heuristic)
	if o.Local {
		return fmt.Sprintf("local beam search, layer by layer: the next layer is the %d best children of the whole layer by %s, the others are pruned", o.Width, f)
	}
	return fmt.Sprintf("%s; after each expansion only the %d best open nodes are kept, the others are pruned", f, o.Width)
}

// evalText is the family description's formula as the rules state it: w
// given its value and the heuristic named after any f that reads h
// ("f = g + 2·h (manhattan)"); a depth-ordered search's queue or stack
// ("FIFO queue (depth = steps from the start)"), uniform cost's g. O(1).
func evalText(fam wire.Family, heuristic string) string {
	switch fam.Eval {
	case wire.EvalDepth:
		if fam.Family == wire.FamilyDepthFirst {
			return "LIFO stack (depth = steps from the start)"
		}
		return "FIFO queue (depth = steps from the start)"
	case wire.EvalG:
		if !fam.Heuristic {
			return "ordered by g, the cost of the path"
		}
		return fam.Formula
	case wire.EvalGWH:
		return strings.Replace(fam.Formula, "w", num(fam.Weight), 1) + " (" + heuristic + ")"
	}
	return fam.Formula + " (" + heuristic + ")"
}

// rulesText states the evaluation function, the tie rule and the goal-test
// moment in words, so a sheet's answer is unambiguous. A bidirectional
// search has its own rules (stepper.BidiRules): which side is expanded,
// how the sides meet and the stopping rule.
func rulesText(o stepper.Options) string {
	if r := stepper.BidiRules(o); r != "" {
		return fmt.Sprintf("%s; successors in %s order", r, o.Order)
	}
	if r := iterativeRules(o); r != "" {
		return fmt.Sprintf("%s; successors in %s order", r, o.Order)
	}
	f := evalText(wire.Describe(o), o.Heuristic)
	if o.Algorithm == stepper.Beam {
		f = beamRule(o)
	}
	key := viz.KeyName(wire.Describe(o)) // the number the open list is ordered by
	tie := map[stepper.TieRule]string{
		stepper.TieFIFO:  "among equal " + key + " the node added first is expanded first",
		stepper.TieLIFO:  "among equal " + key + " the node added last is expanded first",
		stepper.TieHighG: "among equal " + key + " the larger g is expanded first, then the node added first",
		stepper.TieLowH:  "among equal " + key + " the smaller h is expanded first, then the node added first",
	}[o.Tie]
	goal := "the goal test is made when a node is selected for expansion"
	if o.Goal == stepper.OnGenerate {
		goal = "the goal test is made when a node is generated"
	}
	search := "graph search: a closed list, and a state already expanded is not added again"
	if o.Tree {
		search = "tree search (no closed list)"
	}
	open := "a cheaper path to an open node re-parents it"
	if o.Open == stepper.IgnoreOpen {
		open = "a second path to an open node is ignored"
	}
	if o.Closed == stepper.Reopen {
		open += "; a cheaper path to a closed node reopens it"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s; %s; %s; %s; %s; successors in %s order", f, tie, goal, search, open, o.Order)
	if o.DepthLimited {
		fmt.Fprintf(&b, "; depth limit %d", o.Depth)
	}
	return b.String()
}

// iterativeRules states how ids, idastar and rbfs search (stepper's
// dfEngine), "" for every other algorithm: none has an open list, a
// closed list or a tie rule, so rulesText's clauses do not apply.
func iterativeRules(o stepper.Options) string {
	var r string
	switch o.Algorithm {
	case stepper.IDS:
		r = "iterative deepening (AIMA Figure 3.18): depth-limited depth-first searches with limit 0, 1, 2, ..., each from the root; a node's depth is its number of steps from the root; a node at the limit is goal-tested but not expanded (cut off); when the stack empties after a cutoff the next iteration begins"
	case stepper.IDAStar:
		r = fmt.Sprintf("IDA* (Korf 1985): depth-first searches bounded by a threshold on f = g + h (%s), the first h(start); a child with f over the threshold is cut off (not stacked) and the least such f is the next iteration's threshold", o.Heuristic)
	case stepper.RBFS:
		r = fmt.Sprintf("recursive best-first search (AIMA Figure 3.26): f = g + h (%s); the child with the least stored f is visited next with f-limit the smaller of its parent's f-limit and the second least f; a subtree whose best f exceeds its f-limit is forgotten on unwinding and that f backed up to its root; children of equal f keep their generation order", o.Heuristic)
	default:
		return ""
	}
	if o.Algorithm != stepper.RBFS {
		r += "; the first successor is on top of the stack"
	}
	r += "; the goal test is made when a node is selected; tree search: no closed list"
	switch o.Parent {
	case stepper.SkipParent:
		r += ", and a node's parent state is not generated again among its children (parent=skip)"
	case stepper.PathParent:
		r += ", and no state on a node's own path is generated again among its children (parent=path, AIMA 4th ed.'s IS-CYCLE)"
	default:
		r += ", and a node's parent state is generated again among its children (parent=keep)"
	}
	return r
}

// viaText names the action that made a node, unless it only repeats the
// state (a graph's action is the city reached).
func viaText(n stepper.NodeInfo) string {
	if n.Action == "" || n.Action == n.State.String() {
		return ""
	}
	return " via " + n.Action
}

// iterationsOf is the iterations an ids or idastar export has computed
// (viz.Iterations: O(iterations)), nil for every other search.
func iterationsOf(sess *session) []viz.Iteration {
	if a := sess.opts.Algorithm; a != stepper.IDS && a != stepper.IDAStar {
		return nil
	}
	return viz.Iterations(sess.s)
}
