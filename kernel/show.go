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

// show runs "show TOPIC" on a search. Its costly parts (the snapshot, O(nodes),
// and drawing a tree) are separated by checks of ctx, so Stop ends it
// between them.
func (s *Session) show(ctx context.Context, ls *liveSearch, c Command, emit func(Output)) error {
	if err := ctx.Err(); err != nil {
		return &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	sr := ls.search
	snap := sr.Snapshot()
	if err := ctx.Err(); err != nil {
		return &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	title := fmt.Sprintf("%s at step %d (%s)", ls.label(), snap.Step, snap.Status)
	switch c.Topic {
	case "open":
		t := &table{head: []string{"pop", "id", "state", "g", "h", "f", "tie key", "seq"}}
		for i, e := range snap.Open {
			if i == maxRows {
				t.note = fmt.Sprintf("... and %d more open nodes", len(snap.Open)-maxRows)
				break
			}
			t.add(i+1, e.ID, e.State, num(e.G), num(e.H), num(e.F), num(e.Key.Tie), e.Key.Seq)
		}
		emit(titled(title+": open list in pop order", t))
	case "closed":
		t := &table{head: []string{"order", "id", "state", "parent", "g", "h", "f"}}
		for i, n := range snap.Closed {
			if i == maxRows {
				t.note = fmt.Sprintf("... and %d more closed nodes", len(snap.Closed)-maxRows)
				break
			}
			t.add(n.Order, n.ID, n.State, n.Parent, num(n.G), num(n.H), num(n.F))
		}
		emit(titled(title+": closed list in expansion order", t))
	case "tree":
		out, err := s.treeOutput(ctx, ls, snap, title)
		if err != nil {
			return err
		}
		emit(out)
	case "path":
		if snap.Status != stepper.Solved {
			o := textOutput("%s: no path yet (run to goal finds one)", title)
			o.Value = true
			emit(o)
			return nil
		}
		t := &table{head: []string{"move", "action", "state", "g", "h", "f", "id"}}
		for i, id := range snap.Path {
			n, _ := snap.NodeByID(id)
			t.add(i, n.Action, n.State, num(n.G), num(n.H), num(n.F), n.ID)
		}
		t.note = fmt.Sprintf("cost %s in %d moves", num(sr.Cost()), len(snap.Path)-1)
		emit(titled(title+": solution path", t))
	case "board":
		sel := 0
		if ls.last != nil {
			sel = ls.last.Expanded.ID
		}
		return s.nodeOutput(ls, snap, sel, title, emit)
	case "stats":
		cn := snap.Counters
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
		if snap.Status == stepper.Solved {
			t.add("cost", num(sr.Cost()))
			t.add("moves", len(snap.Path)-1)
		}
		emit(titled(title+": "+sr.Options().String(), t))
	case "node":
		if _, ok := snap.NodeByID(c.Node); !ok {
			return errorf("%s", snap.NoSuchNode(c.Node))
		}
		return s.nodeOutput(ls, snap, c.Node, title, emit)
	}
	return nil
}

// NodeView is the inspector of the web notebook: node id of the named
// search ("" for the current one) with its fields, its h broken down and
// the problem drawn at it, as "show NAME node ID" prints it. It does not
// change which search is current.
func (s *Session) NodeView(name string, id int) (Output, error) {
	ls := s.searches[name]
	if ls == nil {
		return Output{}, &CellError{Msg: fmt.Sprintf("no search named '%s'", name)}
	}
	snap := ls.search.Snapshot()
	if _, ok := snap.NodeByID(id); !ok {
		return Output{}, &CellError{Msg: snap.NoSuchNode(id)}
	}
	var out Output
	err := s.nodeOutput(ls, snap, id, fmt.Sprintf("%s at step %d (%s)", ls.label(), snap.Step, snap.Status), func(o Output) { out = o })
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
// drawn with it selected.
func (s *Session) nodeOutput(ls *liveSearch, snap stepper.Snapshot, id int, title string, emit func(Output)) error {
	n, ok := snap.NodeByID(id)
	if !ok {
		return errorf("%s", snap.NoSuchNode(id))
	}
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
	if svg, err := problemSVG(ls.search.Instance(), snap, id); err == nil {
		out.HTML = `<div style="display:flex;gap:16px;align-items:flex-start">` + out.HTML + svg + `</div>`
	}
	emit(out)
	return nil
}

// treeOutput draws the whole tree (up to 20 times the live view's limit)
// and outlines it in text.
func (s *Session) treeOutput(ctx context.Context, ls *liveSearch, snap stepper.Snapshot, title string) (Output, error) {
	var text strings.Builder
	text.WriteString(title + ": search tree\n")
	// ids run from snap.IterStart (an iterative search's current iteration)
	start := snap.IterStart
	kids := make([][]int, len(snap.Tree))
	for _, n := range snap.Tree {
		if p := n.Parent - start; p >= 0 && p < len(kids) {
			kids[p] = append(kids[p], n.ID)
		}
	}
	const maxLines = 200
	lines := 0
	var walk func(id, depth int)
	walk = func(id, depth int) {
		if lines == maxLines {
			return
		}
		lines++
		n := snap.Tree[id-start]
		fmt.Fprintf(&text, "%s#%d %s %s g=%s h=%s f=%s %s\n", strings.Repeat("  ", depth), n.ID, n.Action, n.State, num(n.G), num(n.H), num(n.F), n.Status)
		for _, k := range kids[id-start] {
			walk(k, depth+1)
		}
	}
	if len(snap.Tree) > 0 {
		walk(start, 0)
	}
	if len(snap.Tree) > maxLines {
		fmt.Fprintf(&text, "... %d nodes in all\n", len(snap.Tree))
	}
	out := Output{Text: strings.TrimRight(text.String(), "\n")}
	if len(snap.Tree) > 20*s.cfg.MaxTreeNodes {
		out.HTML = `<pre>` + html.EscapeString(out.Text) + `</pre>`
		return out, nil
	}
	if err := ctx.Err(); err != nil {
		return out, &CellError{Msg: "interrupted: show stopped before it drew anything", Err: err}
	}
	sel := -1
	if ls.last != nil {
		sel = ls.last.Expanded.ID
	}
	svg, err := treeSVG(ls.search.Instance(), snap, sel, ls.search.Options(), false)
	if err != nil {
		out.HTML = `<pre>` + html.EscapeString(out.Text) + `</pre>`
		return out, nil
	}
	out.HTML = fmt.Sprintf(`<div><div style="font-family:monospace;font-weight:bold">%s</div><div style="overflow:auto">%s</div></div>`, html.EscapeString(title), svg)
	return out, nil
}
