package export

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/puzzle"
)

// PosthocVersion is the version of the Posthoc search-trace format written.
const PosthocVersion = "1.0.5"

// posthocEvent is one event of a Posthoc trace. PID is a pointer so that
// the root's parent is written as null, as Posthoc's own traces do.
type posthocEvent struct {
	Type string   `json:"type"`
	ID   int      `json:"id"`
	G    *float64 `json:"g,omitempty"`
	F    *float64 `json:"f,omitempty"`
	PID  any      `json:"pId,omitempty"` // an int, or null for the root
	// X and Y place the event: a grid's cell; a graph node's map position
	// (y down); a puzzle board's top-left corner in the search tree.
	X *float64 `json:"x,omitempty"`
	Y *float64 `json:"y,omitempty"`
	// Info carries what Posthoc has no field for; its viewer shows it in
	// the event's details.
	State string   `json:"state,omitempty"`
	H     *float64 `json:"h,omitempty"`
	Fate  string   `json:"fate,omitempty"`
	// Dir is "forward" or "backward" in a bidirectional search; Iteration
	// the iteration of an ids or idastar event.
	Dir       string `json:"dir,omitempty"`
	Iteration int    `json:"iteration,omitempty"`
	// Tiles is a puzzle board, row-major, 0 the blank: what the render
	// section draws.
	Tiles []int `json:"tiles,omitempty"`
	// Roads, on a graph's source event only, are the map's roads as
	// [x1, y1, x2, y2], drawn once under the search.
	Roads [][4]float64 `json:"roads,omitempty"`
}

type posthocTrace struct {
	Version string         `json:"version"`
	Render  map[string]any `json:"render,omitempty"`
	// Stepviz records the problem and options; Posthoc ignores it.
	Stepviz map[string]any `json:"stepviz"`
	Events  []posthocEvent `json:"events"`
}

// gridDims is what the posthoc writer needs of a grid.
type gridDims interface {
	Width() int
	Goal() (x, y int)
}

// writePosthoc writes the trace in the Posthoc search-trace format: a
// source event, a destination event whenever the goal is known, then per
// step an "expanding" event, a "generating" event for each new child, an
// "updating" event for each re-parented or reopened node, a "closing"
// event, and "end" once the goal is found. Ignored duplicates and
// depth-limited children are not events (Posthoc's own traces leave them
// out). Ids: in a grid graph search, the cell index y·width + x (one node
// per cell, as Posthoc's grid traces do); otherwise our node ids.
//
// Every event is placed (x, y) and the render section draws it: a grid
// event as its cell; a graph event as its node on the map (the problem's
// coordinates, or a circle when a node has none) with the road from its
// parent, the map's roads drawn once with the source; a puzzle event as its
// board at its place in the search tree (the tree at the last step, laid
// out by viz.LayoutTree), joined to its parent's board.
func writePosthoc(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	kind := sess.inst.Kind()
	grid, isGrid := sess.inst.(gridDims)
	isGrid = isGrid && kind == "grid"
	cellIDs := isGrid && !sess.opts.Tree
	place := posthocPlacer(sess, kind)
	idOf := func(n stepper.NodeInfo) int {
		if cellIDs {
			if x, y, ok := cellOf(n.State.String()); ok {
				return y*grid.Width() + x
			}
		}
		return n.ID
	}
	ev := func(typ string, n stepper.NodeInfo, withParent bool) posthocEvent {
		e := posthocEvent{Type: typ, ID: idOf(n)}
		g, f, h := n.G, n.F, n.H
		e.G, e.F = &g, &f
		if sess.opts.Algorithm != stepper.BFS && sess.opts.Algorithm != stepper.DFS && sess.opts.Algorithm != stepper.UCS {
			e.H = &h
		}
		if withParent {
			e.PID = json.RawMessage("null")
			if n.Parent >= 0 {
				e.PID = idOf(t.nodeAt(n.Parent))
			}
		}
		if !isGrid {
			e.State = n.State.String()
		}
		e.Dir = n.Dir.String()
		place(&e, n)
		return e
	}
	out := posthocTrace{Version: PosthocVersion, Stepviz: map[string]any{
		"problem": t.Problem, "options": t.Options, "steps": t.Steps, "status": t.Status,
	}}
	src := ev("source", t.Root, false)
	src.G, src.F, src.H = nil, nil, nil
	if g, ok := sess.inst.(*graph.Graph); ok {
		src.Roads = graphRoads(g)
	}
	out.Events = append(out.Events, src)
	if d, ok := posthocDestination(sess, kind, cellIDs); ok {
		out.Events = append(out.Events, d)
	}
	for i := range t.Events {
		e := &t.Events[i]
		t.learn(e)
		iter := 0
		if e.Deepening != nil && (sess.opts.Algorithm == stepper.IDS || sess.opts.Algorithm == stepper.IDAStar) {
			iter = e.Deepening.Iteration
		}
		first := len(out.Events)
		out.Events = append(out.Events, ev("expanding", e.Expanded, true))
		var goal *stepper.NodeInfo
		for _, c := range e.Children {
			switch c.Fate {
			case stepper.FateAdded, stepper.FateGoal:
				pe := ev("generating", c.NodeInfo, true)
				out.Events = append(out.Events, pe)
				if c.Fate == stepper.FateGoal {
					n := c.NodeInfo
					goal = &n
				}
			case stepper.FateCutoff:
				// generated and cut off (f over the IDA* threshold): shown,
				// never expanded
				pe := ev("generating", c.NodeInfo, true)
				pe.Fate = "cutoff"
				out.Events = append(out.Events, pe)
			case stepper.FateReparented, stepper.FateReopened:
				pe := ev("updating", c.NodeInfo, true)
				pe.Fate = c.Fate.String()
				out.Events = append(out.Events, pe)
			}
		}
		if e.Expanded.Status == stepper.NodeGoal {
			n := e.Expanded
			goal = &n
		} else {
			out.Events = append(out.Events, ev("closing", e.Expanded, true))
		}
		if goal != nil {
			out.Events = append(out.Events, ev("end", *goal, true))
		} else if e.Bidirectional != nil && e.Status == stepper.Solved {
			out.Events = append(out.Events, posthocJoin(t, e, ev)...)
		}
		if e.Deepening != nil {
			// RBFS's backups: the node keeps the best f of its forgotten subtree
			for _, b := range e.Deepening.Backups {
				n := t.nodeAt(b.Node)
				if n.ID != b.Node || n.State.String() == "" {
					continue // not a node the trace has seen
				}
				n.F = float64(b.F)
				pe := ev("updating", n, true)
				pe.Fate = "backed-up"
				out.Events = append(out.Events, pe)
			}
		}
		for j := first; j < len(out.Events); j++ {
			out.Events[j].Iteration = iter
		}
	}
	switch {
	case isGrid:
		out.Render = posthocGridRender()
	case kind == "graph":
		out.Render = posthocGraphRender()
	case kind == "puzzle":
		if p, ok := sess.inst.(*puzzle.Puzzle); ok {
			out.Render = posthocPuzzleRender(p.Size())
		}
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return usererr.Errorf("export", "posthoc: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// posthocJoin ends a bidirectional trace where its frontiers met: each
// node of the path's backward half is re-parented onto the node before it
// on the path ("updating", fate "joined", g its cost from the start along
// the path), and an "end" event on the last one lets Posthoc draw the whole
// path by its parents, as it does for a one-way search.
func posthocJoin(t *Trace, e *stepper.Event, ev func(string, stepper.NodeInfo, bool) posthocEvent) []posthocEvent {
	var out []posthocEvent
	mu := e.Bidirectional.PathCost
	var last stepper.NodeInfo
	for i, id := range e.Path {
		n := t.nodeAt(id)
		if n.Dir == stepper.Backward && i > 0 {
			n.Parent = e.Path[i-1]
			n.G = float64(mu) - n.G
			n.H, n.F = 0, n.G
			pe := ev("updating", n, true)
			pe.Fate = "joined"
			out = append(out, pe)
		}
		last = n
	}
	if len(e.Path) > 0 {
		out = append(out, ev("end", last, true))
	}
	return out
}

// cellOf parses a grid state "x,y".
func cellOf(state string) (x, y int, ok bool) {
	a, b, found := strings.Cut(state, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	return x, y, err1 == nil && err2 == nil
}

// nodeAt returns the latest known info of node id, from the root and the
// events learnt so far.
func (t *Trace) nodeAt(id int) stepper.NodeInfo {
	if t.nodes == nil {
		t.nodes = map[int]stepper.NodeInfo{t.Root.ID: t.Root}
	}
	return t.nodes[id]
}

// learn records the nodes an event mentions, for nodeAt.
func (t *Trace) learn(e *stepper.Event) {
	if t.nodes == nil {
		t.nodes = map[int]stepper.NodeInfo{t.Root.ID: t.Root}
	}
	t.nodes[e.Expanded.ID] = e.Expanded
	for _, c := range e.Children {
		t.nodes[c.ID] = c.NodeInfo
	}
}

// posthocGridRender draws every event as a unit cell at (x, y) coloured by
// the event's type, and centres the path on cells, as Posthoc's grid
// traces do.
func posthocGridRender() map[string]any {
	return posthocRender(map[string]any{
		"tile": []any{map[string]any{
			"$": "rect", "width": 1, "height": 1,
			"x": "{{$.event.x}}", "y": "{{$.event.y}}",
			"fill": "{{$.color[$.event.type]}}",
		}},
	}, []string{"tile"}, "{{$.event.x + 0.5}}", "{{$.event.y + 0.5}}", 0.3)
}
