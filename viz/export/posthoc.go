package export

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"stepviz/stepper"
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
	X    *int     `json:"x,omitempty"`
	Y    *int     `json:"y,omitempty"`
	// Info carries what Posthoc has no field for; its viewer shows it in
	// the event's details.
	State string   `json:"state,omitempty"`
	H     *float64 `json:"h,omitempty"`
	Fate  string   `json:"fate,omitempty"`
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
// source and (for grids) destination event, then per step an "expanding"
// event, a "generating" event for each new child, an "updating" event for
// each re-parented or reopened node, a "closing" event, and "end" once the
// goal is found. Ignored duplicates and depth-limited children are not
// events (Posthoc's own traces leave them out). Ids: in a grid graph
// search, the cell index y·width + x (one node per cell, as Posthoc's grid
// traces do); otherwise our node ids. Grids get a render section that
// draws each event as a cell coloured by its type.
func writePosthoc(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	grid, isGrid := sess.inst.(gridDims)
	isGrid = isGrid && sess.inst.Kind() == "grid"
	cellIDs := isGrid && !sess.opts.Tree
	idOf := func(n stepper.NodeInfo) int {
		if cellIDs {
			if x, y, ok := cellOf(n.State); ok {
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
		if x, y, ok := cellOf(n.State); ok && isGrid {
			e.X, e.Y = &x, &y
		}
		if !isGrid {
			e.State = n.State
		}
		return e
	}
	out := posthocTrace{Version: PosthocVersion, Stepviz: map[string]any{
		"problem": t.Problem, "options": t.Options, "steps": t.Steps, "status": t.Status,
	}}
	src := ev("source", t.Root, false)
	src.G, src.F, src.H = nil, nil, nil
	out.Events = append(out.Events, src)
	if isGrid {
		gx, gy := grid.Goal()
		d := posthocEvent{Type: "destination", ID: gx + gy*grid.Width(), X: &gx, Y: &gy}
		if !cellIDs {
			d.ID = -1
		}
		out.Events = append(out.Events, d)
	}
	for i := range t.Events {
		e := &t.Events[i]
		t.learn(e)
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
			case stepper.FateReparented, stepper.FateReopened:
				pe := ev("updating", c.NodeInfo, true)
				pe.Fate = string(c.Fate)
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
		}
	}
	if isGrid {
		out.Render = posthocGridRender()
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return fmt.Errorf("export: posthoc: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// posthocGridRender draws every event as a unit cell at (x, y) coloured by
// the event's type, and centres the path on cells, as Posthoc's grid
// traces do.
func posthocGridRender() map[string]any {
	return map[string]any{
		"components": map[string]any{
			"tile": []any{map[string]any{
				"$": "rect", "width": 1, "height": 1,
				"x": "{{$.event.x}}", "y": "{{$.event.y}}",
				"fill": "{{$.color[$.event.type]}}",
			}},
		},
		"views": map[string]any{"main": map[string]any{"components": []any{map[string]any{"$": "tile"}}}},
		"path": map[string]any{
			"pivot": map[string]any{"x": "{{$.event.x + 0.5}}", "y": "{{$.event.y + 0.5}}"},
			"scale": 0.3,
		},
	}
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
