package kernel

import (
	"fmt"
	"html"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// problemView shows a problem just set: its line, its heuristics and a
// drawing of its start.
func (s *Session) problemView(inst stepper.Instance) Output {
	var text strings.Builder
	fmt.Fprintf(&text, "problem: %s", inst.Spec())
	if hs := inst.Heuristics(); len(hs) > 0 {
		fmt.Fprintf(&text, "\nheuristics: %s (default %s)", strings.Join(hs, ", "), hs[0])
	}
	for _, line := range textPicture(inst, stepper.Snapshot{}, -1) {
		text.WriteString("\n" + line)
	}
	var b strings.Builder
	b.WriteString(`<div class="stepviz-problem">`)
	fmt.Fprintf(&b, `<div style="font-family:monospace">%s</div>`, html.EscapeString(strings.ReplaceAll(text.String(), "\n", " · ")))
	if svg, err := problemSVG(inst, stepper.Snapshot{}, -1); err == nil {
		b.WriteString(svg)
	}
	b.WriteString(`</div>`)
	return Output{Text: text.String(), HTML: b.String(), Subject: subject(inst.Spec())}
}

// liveView is the picture of a search at its current step: its options,
// status and counters, the narration of the last step, the problem at the
// node just expanded and the search tree. It carries the search's display
// id, so that update replaces the earlier view of that id. With
// Config.StepPictures the id is the current cell's own: the first view of
// a search in a cell is a new display (whatever update says), and views of
// earlier cells are never updated.
func (s *Session) liveView(ls *liveSearch, update bool) Output {
	if s.cfg.StepPictures && ls.shownIn != s.count {
		s.views++
		ls.display = fmt.Sprintf("%s-%d-%s", s.cfg.IDPrefix, s.views, ls.label())
		ls.shownIn = s.count
		update = false
	}
	return s.view(ls, update, s.cfg.MaxTreeNodes, ls.display)
}

// view draws a search at its current step, the tree if it has at most
// maxTree nodes, with display id display ("" for none).
func (s *Session) view(ls *liveSearch, update bool, maxTree int, display string) Output {
	sr := ls.search
	snap, selected, treeSnap, treeSel, whole := s.frameView(ls, maxTree)
	cn := snap.Counters
	head := fmt.Sprintf("%s: %s on %s", ls.label(), sr.Options().String(), sr.Instance().Spec())
	status := fmt.Sprintf("step %d · %s · open %d · closed %d · expanded %d · generated %d · max open %d",
		snap.Step, snap.Status, cn.Open, cn.Closed, cn.Expanded, cn.Generated, cn.MaxOpen)
	if snap.Status == stepper.Solved {
		status += fmt.Sprintf(" · cost %s", stepper.FormatNumber(sr.Cost()))
	}
	narr := "step 0: the start node is open"
	if ls.last != nil {
		narr = narrate(*ls.last, sr.Options())
	}
	fam := s.familyLines(ls, snap)
	lines := append([]string{head, status}, fam...)
	lines = append(lines, narr)
	for _, w := range sr.Warnings() {
		lines = append(lines, "warning: "+w)
	}
	lines = append(lines, textPicture(sr.Instance(), snap, selected)...)

	var b strings.Builder
	fmt.Fprintf(&b, `<div class="stepviz-view" data-search="%s" data-name="%s" data-step="%d">`, html.EscapeString(ls.label()), html.EscapeString(ls.name), snap.Step)
	fmt.Fprintf(&b, `<div style="font-family:monospace;font-weight:bold">%s</div>`, html.EscapeString(head))
	fmt.Fprintf(&b, `<div style="font-family:monospace" data-testid="status">%s</div>`, html.EscapeString(status))
	for _, l := range fam {
		fmt.Fprintf(&b, `<div style="font-family:monospace" data-testid="family">%s</div>`, html.EscapeString(l))
	}
	fmt.Fprintf(&b, `<div style="margin:4px 0" data-testid="narration">%s</div>`, html.EscapeString(narr))
	for _, w := range sr.Warnings() {
		fmt.Fprintf(&b, `<div style="color:#a00">warning: %s</div>`, html.EscapeString(w))
	}
	b.WriteString(`<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">`)
	if svg, err := problemSVG(sr.Instance(), snap, selected); err == nil {
		fmt.Fprintf(&b, `<div class="stepviz-board">%s</div>`, svg)
	} else {
		fmt.Fprintf(&b, `<div>%s</div>`, html.EscapeString(err.Error()))
	}
	if !whole {
		note := fmt.Sprintf("tree: %d nodes; the live view draws the path to the current node, its children and the head of the open list (show tree draws more)", sr.NodeCount())
		lines = append(lines, note)
		fmt.Fprintf(&b, `<div style="font-family:monospace">%s</div>`, html.EscapeString(note))
	}
	var pruned []int
	if whole {
		pruned = viz.PrunedIDs(sr) // beam only: O(nodes), as the whole snapshot drawn
	}
	if svg, err := treeSVG(sr.Instance(), treeSnap, treeSel, sr.Options(), true, pruned); err == nil {
		fmt.Fprintf(&b, `<div class="stepviz-tree" style="max-width:100%%;overflow:auto">%s</div>`, svg)
	} else {
		fmt.Fprintf(&b, `<div>%s</div>`, html.EscapeString(err.Error()))
	}
	b.WriteString(`</div></div>`)
	return Output{Text: strings.Join(lines, "\n"), HTML: b.String(), DisplayID: display, Update: update && display != "",
		Subject: subject(viewSubject(ls, snap.Step))}
}

// viewSubject names a search at a step for its drawings' captions: its
// name, the step, its algorithm and heuristic, and its problem ("a at step
// 3: astar h=sld on graph romania").
func viewSubject(ls *liveSearch, step int) string {
	o := ls.search.Options()
	alg := string(o.Algorithm)
	if o.Heuristic != "" {
		alg += " h=" + o.Heuristic
	}
	return fmt.Sprintf("%s at step %d: %s on %s", ls.label(), step, alg, ls.search.Instance().Spec())
}

// familyLines are the lines that show the search in its family's terms
// (viz.FamilyLines): the iteration, limit or threshold and the stack's
// path of a depth-first search, RBFS's f-limits, a bidirectional search's
// μ and stopping rule. snap may be a bounded view, which has no Deepening:
// the last event's is used then, with node names from the search. The
// iterations are listed for ids and idastar only: O(iterations).
func (s *Session) familyLines(ls *liveSearch, snap stepper.Snapshot) []string {
	sr := ls.search
	o := sr.Options()
	fam := viz.FamilyOf(o.Algorithm)
	if fam == viz.BestFirst {
		return nil
	}
	var its []viz.Iteration
	if o.Algorithm == stepper.IDS || o.Algorithm == stepper.IDAStar {
		its = viz.Iterations(sr)
	}
	state := func(id int) string {
		if id < 0 || id >= sr.NodeCount() {
			return ""
		}
		st, _ := sr.StateOf(id)
		return st
	}
	if snap.Deepening == nil && snap.Bidirectional == nil && ls.last != nil {
		snap.Deepening, snap.Bidirectional = ls.last.Deepening, ls.last.Bidirectional
		snap.IterStart = sr.IterStart(sr.StepCount())
	}
	lines := viz.FamilyLines(snap, o, its, state)
	for i, l := range lines {
		if strings.HasPrefix(l, "earlier iterations:") {
			lines[i] = l + "; show iteration N draws one"
		}
	}
	return lines
}
