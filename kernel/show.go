package kernel

import (
	"context"
	"fmt"
	"html"
	"strings"

	"stepviz/stepper"
)

// maxRows caps the open and closed tables; the rest is counted in a note.
const maxRows = 60

func num(x float64) string { return stepper.FormatNumber(x) }

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
		t := &table{head: []string{"pop", "id", "state", "g", "h", "f", "tie key", "seq"}}
		for i, e := range openHead(sr, maxRows) {
			t.add(i+1, e.ID, e.State, num(e.G), num(e.H), num(e.F), num(e.Key.Tie), e.Key.Seq)
		}
		if cn.Open > maxRows {
			t.note = fmt.Sprintf("... and %d more open nodes", cn.Open-maxRows)
		}
		emit(titled(title+": open list in pop order", t))
	case "closed":
		t := &table{head: []string{"order", "id", "state", "parent", "g", "h", "f"}}
		closed := closedHead(sr, maxRows)
		for _, n := range closed {
			t.add(n.Order, n.ID, n.State, n.Parent, num(n.G), num(n.H), num(n.F))
		}
		if cn.Closed > len(closed) {
			t.note = fmt.Sprintf("... and %d more closed nodes", cn.Closed-len(closed))
		}
		emit(titled(title+": closed list in expansion order", t))
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
			t.add(i, n.Action, n.State, num(n.G), num(n.H), num(n.F), n.ID)
		}
		t.note = fmt.Sprintf("cost %s in %d moves", num(sr.Cost()), len(path)-1)
		emit(titled(title+": solution path", t))
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

// closedScan bounds the steps closedHead walks: a node expanded early and
// reopened since is skipped, so in the worst case the walk would reach the
// cursor. Past closedScan steps the table stops short (its note counts the
// rest).
const closedScan = 20000

// closedHead is the first n closed nodes in expansion order, as Snapshot's
// Closed begins: the nodes the first steps expanded that are still closed
// by that expansion. O(n) steps when nothing is reopened, at most
// closedScan.
func closedHead(sr *stepper.Search, n int) []stepper.NodeInfo {
	var out []stepper.NodeInfo
	var buf []int
	k := min(sr.StepCount(), closedScan)
	for step := 1; step <= k && len(out) < n; step++ {
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
	t.add("h", num(n.H))
	t.add("f", num(n.F))
	t.add("depth", n.Depth)
	t.add("status", n.Status)
	if n.Order > 0 {
		t.add("expanded at step", n.Order)
	}
	t.add("generated at step", n.Step)
	for _, term := range ls.search.Explain(id) {
		t.add("h: "+term.Label, num(term.Value))
	}
	out := titled(fmt.Sprintf("%s: node %d", title, id), t)
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
	var walk func(i, depth int)
	walk = func(i, depth int) {
		if lines == maxLines {
			return
		}
		lines++
		n := snap.Tree[i]
		fmt.Fprintf(&text, "%s#%d %s %s g=%s h=%s f=%s %s\n", strings.Repeat("  ", depth), idOf(i), n.Action, n.State, num(n.G), num(n.H), num(n.F), n.Status)
		for _, k := range kids[i] {
			walk(k, depth+1)
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
	svg, err := treeSVG(sr.Instance(), snap, sel, sr.Options(), false)
	if err != nil {
		out.HTML = `<pre>` + html.EscapeString(out.Text) + `</pre>`
		return out, nil
	}
	out.HTML = fmt.Sprintf(`<div><div style="font-family:monospace;font-weight:bold">%s</div><div style="overflow:auto">%s</div></div>`, html.EscapeString(title), svg)
	return out, nil
}
