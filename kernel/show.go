package kernel

import (
	"context"
	"fmt"
	"html"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// maxRows caps the open and closed tables; the rest is counted in a note.
const maxRows = 60

func num(x float64) string { return stepper.FormatNumber(x) }

// hNum and fNum write a node's h and f as num does, or, where the
// heuristic failed on its state (stepper.NodeInfo.HFailed), h failed and
// f unknown: never the 0 the search keyed it by.
func hNum(n stepper.NodeInfo) string {
	if n.HFailed {
		return stepper.HFailedText
	}
	return num(n.H)
}

func fNum(n stepper.NodeInfo) string {
	if n.HFailed {
		return stepper.UnknownF
	}
	return num(n.F)
}

// show runs "show TOPIC" on a search. No topic copies the search (issue
// 8): the tables read the head of the open list, the first closed nodes,
// the path and single nodes (O(maxRows²) at most); a picture is drawn from
// a full snapshot only up to pictureFullNodes nodes (the tree up to 20
// times the live view's limit), else from a bounded view. The costly
// parts are separated by checks of ctx, so Stop ends it between them.
func (s *Session) show(ctx context.Context, ls *liveSearch, c Command, emit func(Output)) error {
	if err := ctx.Err(); err != nil {
		return &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	sr := ls.search
	cn := sr.Counters()
	title := fmt.Sprintf("%s at step %d (%s)", ls.label(), sr.StepCount(), sr.Status())
	switch c.Topic {
	case "open":
		if viz.FamilyOf(sr.Options().Algorithm) != viz.BestFirst {
			s.showFrontier(ls, title, emit)
			break
		}
		t := &table{head: []string{"pop", "id", "state", "g", "h", "f", "tie key", "seq"}}
		for i, e := range openHead(sr, maxRows) {
			t.add(i+1, e.ID, e.State, num(e.G), hNum(e.NodeInfo), fNum(e.NodeInfo), num(e.Key.Tie), e.Key.Seq)
		}
		if cn.Open > maxRows {
			t.note = fmt.Sprintf("... and %d more open nodes", cn.Open-maxRows)
		}
		emit(titled(title+": open list in pop order", t.forSearch(sr.Options())))
	case "iteration":
		return s.showIteration(ctx, ls, c.Node, emit)
	case "closed":
		s.showClosed(ls, title, emit)
	case "tree":
		out, err := s.treeOutput(ctx, ls, title)
		if err != nil {
			return err
		}
		emit(out)
	case "path":
		if sr.Status() != stepper.Solved {
			o := textOutput("%s: no path yet (run to goal finds one)", title)
			o.Value = true
			emit(o)
			return nil
		}
		t := &table{head: []string{"move", "action", "state", "g", "h", "f", "id"}}
		path := sr.Path()
		for i, id := range path {
			n := sr.Node(id)
			t.add(i, n.Action, n.State, num(n.G), hNum(n), fNum(n), n.ID)
		}
		t.note = fmt.Sprintf("cost %s in %d moves", num(sr.Cost()), len(path)-1)
		emit(titled(title+": solution path", t.forSearch(sr.Options())))
	case "board":
		sel := 0
		if ls.last != nil {
			sel = ls.last.Expanded.ID
		}
		return s.nodeOutput(ctx, ls, sel, title, emit)
	case "stats":
		t := &table{head: []string{"counter", "value"}}
		t.add("steps", cn.Steps)
		t.add("expanded", cn.Expanded)
		t.add("generated", cn.Generated)
		t.add("duplicates", cn.Duplicates)
		t.add("reparented", cn.Reparented)
		t.add("open", cn.Open)
		t.add("closed", cn.Closed)
		t.add("max open", cn.MaxOpen)
		t.add("nodes", cn.Nodes)
		t.add("bytes per node", sr.BytesPerNode())
		if sr.Status() == stepper.Solved {
			t.add("cost", num(sr.Cost()))
			t.add("moves", len(sr.Path())-1)
		}
		emit(titled(title+": "+sr.Options().String(), t))
	case "node":
		if msg := noSuchNode(sr, c.Node); msg != "" {
			return errorf("%s", msg)
		}
		return s.nodeOutput(ctx, ls, c.Node, title, emit)
	}
	return nil
}

// openHead is the first n open nodes in pop order with their keys, as
// Snapshot's Open begins: O(n²) for a priority frontier, O(n) otherwise,
// whatever the size of the search.
func openHead(sr *stepper.Search, n int) []stepper.OpenEntry {
	ids := sr.OpenHead(n, nil)
	out := make([]stepper.OpenEntry, len(ids))
	for i, id := range ids {
		node := sr.Node(id)
		out[i] = stepper.OpenEntry{NodeInfo: node, Key: stepper.OpenKey(sr.Options(), node)}
	}
	return out
}

// closedScan bounds the steps closedFrom walks: a node expanded early and
// reopened since is skipped, so in the worst case the walk would reach the
// cursor. Past closedScan steps the table stops short (its note counts the
// rest).
const closedScan = 20000

// closedFrom is the first n closed nodes expanded from step first on, in
// expansion order, as Snapshot's Closed begins when first is 1 (an
// iterative search's current iteration: its first step): the nodes those
// steps expanded that are still closed by that expansion. O(n) steps when
// nothing is reopened, at most closedScan.
func closedFrom(sr *stepper.Search, first, n int) []stepper.NodeInfo {
	var out []stepper.NodeInfo
	var buf []int
	k := min(sr.StepCount(), first-1+closedScan)
	for step := first; step <= k && len(out) < n; step++ {
		buf = sr.ExpandedIn(step-1, step, buf[:0])
		if len(buf) == 0 {
			continue
		}
		if node := sr.Node(buf[0]); node.Status == stepper.NodeClosed && node.Order == step {
			out = append(out, node)
		}
	}
	return out
}

// pictureFullNodes is the largest search whose pictures (show board, show
// node, the inspector) are drawn from a full snapshot, a few milliseconds;
// past it they are drawn from a bounded view around the node.
const pictureFullNodes = fullFrameNodes

// pictureOf is the snapshot a picture of node id is drawn from and id's
// index in it: the whole search up to pictureFullNodes nodes, else the
// bounded view with id and its ancestors in it.
func (s *Session) pictureOf(ls *liveSearch, id int) (stepper.Snapshot, int) {
	if ls.search.NodeCount() <= pictureFullNodes {
		return ls.search.Snapshot(), id
	}
	snap, _, at, _ := s.boundedViewOf(ls, id)
	return snap, at
}

// noSuchNode says why node id is not in the tree shown at the cursor, as
// Snapshot.NoSuchNode says it, or "" if it is: an iterative search shows
// its current iteration, ids from IterStart. O(log steps).
func noSuchNode(sr *stepper.Search, id int) string {
	start, n := sr.IterStart(sr.StepCount()), sr.NodeCount()
	switch {
	case id >= 0 && id < start:
		return fmt.Sprintf("node %d belongs to an earlier iteration: the tree shown is the current iteration's, ids %d to %d", id, start, n-1)
	case n <= start:
		return fmt.Sprintf("node %d does not exist: the tree is empty", id)
	case id < 0 || id >= n:
		return fmt.Sprintf("node %d does not exist yet: the tree has %d nodes, ids %d to %d", id, n-start, start, n-1)
	}
	return ""
}

// NodeView is the inspector of the web notebook: node id of the named
// search ("" for the current one) with its fields, its h broken down and
// the problem drawn at it, as "show NAME node ID" prints it. It does not
// change which search is current. Its cost is bounded as show's.
func (s *Session) NodeView(name string, id int) (Output, error) {
	ls := s.searches[name]
	if ls == nil {
		return Output{}, &CellError{Msg: fmt.Sprintf("no search named '%s'", name)}
	}
	sr := ls.search
	if msg := noSuchNode(sr, id); msg != "" {
		return Output{}, &CellError{Msg: msg}
	}
	var out Output
	err := s.nodeOutput(context.Background(), ls, id, fmt.Sprintf("%s at step %d (%s)", ls.label(), sr.StepCount(), sr.Status()), func(o Output) { out = o })
	return out, err
}

// titled puts a title line above a table.
func titled(title string, t *table) Output {
	return Output{
		Value: true,
		Text:  title + "\n" + t.text(),
		HTML:  fmt.Sprintf(`<div><div style="font-family:monospace;font-weight:bold">%s</div>%s</div>`, html.EscapeString(title), t.html()),
	}
}

// nodeOutput shows one node: its fields, its h broken down, and the problem
// drawn with it selected (see pictureOf).
func (s *Session) nodeOutput(ctx context.Context, ls *liveSearch, id int, title string, emit func(Output)) error {
	if msg := noSuchNode(ls.search, id); msg != "" {
		return errorf("%s", msg)
	}
	n := ls.search.Node(id)
	t := &table{head: []string{"field", "value"}}
	t.add("id", n.ID)
	t.add("state", n.State)
	t.add("parent", n.Parent)
	if n.Action != "" {
		t.add("action", n.Action)
	}
	t.add("g", num(n.G))
	t.add("h", hNum(n))
	t.add("f", fNum(n))
	t.add("depth", n.Depth)
	t.add("status", n.Status)
	if n.Order > 0 {
		t.add("expanded at step", n.Order)
	}
	t.add("generated at step", n.Step)
	for _, term := range ls.search.Explain(id) {
		t.add("h: "+term.Label, num(term.Value))
	}
	out := titled(fmt.Sprintf("%s: node %d", title, id), t.forSearch(ls.search.Options()))
	if ctx.Err() == nil {
		snap, at := s.pictureOf(ls, id)
		if svg, err := problemSVG(ls.search.Instance(), snap, at); err == nil {
			out.HTML = `<div style="display:flex;gap:16px;align-items:flex-start">` + out.HTML + svg + `</div>`
		}
	}
	emit(out)
	return nil
}

// treeOutput draws the tree and outlines it in text (200 lines): the
// whole tree up to 20 times the live view's limit (a full snapshot, bounded
// by that node count), else the bounded view of a live frame, ids as in the
// search.
func (s *Session) treeOutput(ctx context.Context, ls *liveSearch, title string) (Output, error) {
	sr := ls.search
	total := sr.NodeCount()
	var snap stepper.Snapshot
	var ids []int // the search's id of snap's node i; nil when snap is whole
	sel := -1
	if total <= 20*s.cfg.MaxTreeNodes {
		snap = sr.Snapshot()
		if ls.last != nil {
			sel = ls.last.Expanded.ID
		}
	} else {
		snap, sel, _, ids = s.boundedViewOf(ls, -1)
		title += fmt.Sprintf(" (%d of %d nodes: the path to the current node, its children and the head of the open list)", len(snap.Tree), total)
	}
	// snap's ids run from snap.IterStart (an iterative search's current
	// iteration; 0 in a bounded view): i below is an index into snap.Tree
	start := snap.IterStart
	idOf := func(i int) int {
		if ids != nil {
			return ids[i]
		}
		return i + start
	}
	var text strings.Builder
	text.WriteString(title + ": search tree\n")
	kids := make([][]int, len(snap.Tree))
	var roots []int
	for i, n := range snap.Tree {
		if p := n.Parent - start; p >= 0 && p < len(kids) {
			kids[p] = append(kids[p], i)
		} else {
			roots = append(roots, i)
		}
	}
	const maxLines = 200
	lines := 0
	// RBFS's forgotten subtrees fold into their roots, counted, as the
	// picture draws them: size counts a subtree's nodes.
	var size func(i int) int
	size = func(i int) int {
		k := 1
		for _, c := range kids[i] {
			k += size(c)
		}
		return k
	}
	var walk func(i, depth int)
	walk = func(i, depth int) {
		if lines == maxLines {
			return
		}
		lines++
		n := snap.Tree[i]
		folded := 0
		for _, k := range kids[i] {
			if snap.Tree[k].Status == stepper.NodeForgotten {
				folded += size(k)
			}
		}
		fmt.Fprintf(&text, "%s#%d %s %s g=%s h=%s f=%s %s", strings.Repeat("  ", depth), idOf(i), n.Action, n.State, num(n.G), hNum(n), fNum(n), n.Status)
		if folded > 0 {
			fmt.Fprintf(&text, " (+%d forgotten below, f %s backed up)", folded, num(n.F))
		}
		text.WriteString("\n")
		for _, k := range kids[i] {
			if snap.Tree[k].Status != stepper.NodeForgotten {
				walk(k, depth+1)
			}
		}
	}
	for _, r := range roots {
		walk(r, 0)
	}
	if lines == maxLines || total > len(snap.Tree) {
		fmt.Fprintf(&text, "... %d nodes in all\n", total)
	}
	out := Output{Text: strings.TrimRight(text.String(), "\n")}
	if err := ctx.Err(); err != nil {
		return out, &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	var pruned []int
	if ids == nil && start == 0 {
		pruned = viz.PrunedIDs(sr) // beam only: O(nodes), as the whole snapshot drawn
	}
	svg, err := treeSVG(sr.Instance(), snap, sel, sr.Options(), false, pruned)
	if err != nil {
		out.HTML = `<pre>` + html.EscapeString(out.Text) + `</pre>`
		return out, nil
	}
	out.HTML = fmt.Sprintf(`<div><div style="font-family:monospace;font-weight:bold">%s</div><div style="overflow:auto">%s</div></div>`, html.EscapeString(title), svg)
	return out, nil
}

// showFrontier shows the frontier in the search's own terms: a best-first
// search's open list in pop order with each node's sort key; a depth-first
// search's stack, top first (and its iteration, limit or threshold and
// path above it); RBFS's children on the path with their stored f; a
// bidirectional search's forward and backward frontiers as two tables.
//
// A search of at most fullFrameNodes nodes is read from a full snapshot;
// past that from the head of its frontier and the last event (no cut-off
// or forgotten counts then).
func (s *Session) showFrontier(ls *liveSearch, title string, emit func(Output)) {
	sr := ls.search
	fam := viz.FamilyOf(sr.Options().Algorithm)
	var snap stepper.Snapshot
	if sr.NodeCount() <= fullFrameNodes {
		snap = sr.Snapshot()
	} else {
		snap = stepper.Snapshot{Step: sr.StepCount(), Status: sr.Status(), Counters: sr.Counters(), Open: openHead(sr, maxRows)}
	}
	first, second := viz.FrontierRows(snap, fam)
	table := func(rows []viz.OpenRow, what string) *table {
		t := &table{head: []string{"pop", "id", "state", "g", "h", "f", "tie key", "seq"}}
		switch fam {
		case viz.DepthFirst:
			t.head = []string{"top", "id", "state", "g", "h", "f", "depth", "parent id"}
		case viz.Recursive:
			t.head = []string{"next", "id", "state", "g", "h", "stored f", "parent id"}
		}
		for i, r := range rows {
			if i == maxRows {
				t.note = fmt.Sprintf("... and %d more %s", len(rows)-maxRows, what)
				break
			}
			switch fam {
			case viz.DepthFirst:
				t.add(r.Rank, r.ID, r.State, r.G, r.H, r.F, r.Depth, r.ParentID)
			case viz.Recursive:
				t.add(r.Rank, r.ID, r.State, r.G, r.H, r.F, r.ParentID)
			default:
				t.add(r.Rank, r.ID, r.State, r.G, r.H, r.F, r.Tie, r.Seq)
			}
		}
		return t.forSearch(sr.Options())
	}
	head := title
	if lines := s.familyLines(ls, snap); len(lines) > 0 {
		head += "\n" + strings.Join(lines, "\n")
	}
	switch fam {
	case viz.DepthFirst:
		emit(titled(head+"\nstack, top first (popped next)", table(first, "nodes on the stack")))
	case viz.Recursive:
		emit(titled(head+"\nchildren on the path with their stored (backed-up) f, the next node first", table(first, "children")))
	case viz.Bidirectional:
		out := titled(head+"\nforward frontier (from the start) in pop order", table(first, "forward nodes"))
		back := titled("backward frontier (from the goal) in pop order", table(second, "backward nodes"))
		out.Text += "\n" + back.Text
		out.HTML += back.HTML
		emit(out)
	default:
		emit(titled(head+": open list in pop order", table(first, "open nodes")))
	}
}

// showIteration draws iteration n of an ids or idastar search as it stood
// at its last step: its tree, its limit or threshold. It moves the search
// there and back (Seek: a replay from the journal, no new search), so the
// search's current step is unchanged. O(iterations) to find the iteration, a
// seek each way and a snapshot.
func (s *Session) showIteration(ctx context.Context, ls *liveSearch, n int, emit func(Output)) error {
	sr := ls.search
	a := sr.Options().Algorithm
	if a != stepper.IDS && a != stepper.IDAStar {
		return errorf("show iteration is for ids and idastar, whose iterations each grow a new tree; %s has one tree (show tree draws it)", a)
	}
	its := viz.Iterations(sr)
	if n < 1 || n > len(its) {
		return errorf("iteration %d: this search has computed iterations 1 to %d so far (step or run to compute more)", n, len(its))
	}
	it := its[n-1]
	cur := sr.StepCount()
	defer sr.Seek(cur)
	snap := stepper.Snapshot{IterStart: it.FirstID}
	if it.LastStep > 0 {
		if got := sr.Seek(it.LastStep - 1); got != it.LastStep-1 {
			return errorf("iteration %d: could not go back to its last step %d (the search ended at %d)", n, it.LastStep, got)
		}
		ev, ok := sr.Step()
		if !ok {
			return errorf("iteration %d: could not replay its last step %d", n, it.LastStep)
		}
		snap.Deepening = ev.Deepening
	} else {
		sr.Seek(0)
	}
	if err := ctx.Err(); err != nil {
		return &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	title := fmt.Sprintf("%s: iteration %d of %d, at its last step %d (steps %d to %d, %d nodes, ids %d to %d)",
		ls.label(), n, len(its), it.LastStep, it.FirstStep, it.LastStep, it.Nodes, it.FirstID, it.FirstID+it.Nodes-1)
	state := func(id int) string { st, _ := sr.StateOf(id); return st }
	if lines := viz.FamilyLines(snap, sr.Options(), its, state); len(lines) > 0 {
		title += "\n" + strings.Join(lines, "\n")
	}
	out, err := s.treeOutput(ctx, ls, title)
	if err != nil {
		return err
	}
	out.Value = true
	emit(out)
	return nil
}
