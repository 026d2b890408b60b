package export

import (
	"encoding/json"
	"io"

	"stepviz/internal/usererr"
	"stepviz/stepper/game"
)

// gamePosthocEvent is one event of a game search's Posthoc trace: a node
// of the game tree with its parent (PID, null for the root), placed at its
// place in the tree at the last step exported, and the view's numbers as
// the view writes them ("+∞", "−∞"), which Posthoc shows in the event's
// details.
type gamePosthocEvent struct {
	Type  string  `json:"type"`
	ID    int     `json:"id"`
	PID   any     `json:"pId,omitempty"` // an int, or null for the root
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Step  int     `json:"step"` // the step of the search that made the event; 0 the source
	State string  `json:"state"`
	Name  string  `json:"name"` // the position as a reader names it (game.ViewNode's Name)
	Move  string  `json:"move,omitempty"`
	Turn  string  `json:"turn"`
	Depth int     `json:"depth"`
	// Value is the node's value (a leaf's utility, the value backed up,
	// or the parent's value so far on an updating event); Alpha and Beta
	// its α/β window (alpha-beta only).
	Value string `json:"value,omitempty"`
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	Best  bool   `json:"best,omitempty"`
	// Fate is "pruned" on the closing event of a branch alpha-beta cut off
	// (never generated), Why the cut ("β ≤ α: 2 ≤ 3").
	Fate string `json:"fate,omitempty"`
	Why  string `json:"why,omitempty"`
}

// gamePosthoc writes a minimax, alpha-beta or expectiminimax search in the
// Posthoc search-trace format from its rows (each step's game.Row) and the
// view at the last step (for the nodes' places and the pruned branches'
// states). The events: "source" for the root, then per step: a visit of
// the root "expanding"; a step down "generating" the child (a leaf with
// its utility) and, for an inner node, "expanding" it; a step up "closing"
// the node with its value and "updating" its parent with the parent's
// value so far and window, then one "closing" event of fate "pruned" per
// branch cut off (ids after the generated nodes'); when the search is
// over, "end" on the principal variation's last node, so Posthoc draws
// the variation by its parents. Ids are the view's node ids (the root 0).
// Cost: the rows held in memory (at most MaxFamilySteps) and a tree
// layout.
// gamePosthocRowH is the height of a level of the tree posthoc's viewer
// draws (its own shapes, no notes under them).
const gamePosthocRowH = 110.0

func gamePosthoc(w io.Writer, v *game.Viewer, rows func(func(game.Row) error) error) error {
	var rs []game.Row
	if err := rows(func(r game.Row) error { rs = append(rs, r); return nil }); err != nil {
		return err
	}
	vw := v.View()
	all := append(append([]game.ViewNode(nil), vw.Nodes...), vw.Cut...)
	_, col, _, _ := placeGame(all)
	at := func(id int) (float64, float64) {
		return gameColW/2 + col[id]*gameColW, gameTop + float64(all[id].Depth)*gamePosthocRowH
	}
	node := func(typ string, step, id int) gamePosthocEvent {
		n := all[id]
		x, y := at(id)
		e := gamePosthocEvent{Type: typ, ID: id, X: x, Y: y, Step: step, State: n.State, Name: n.Name, Move: n.Move, Turn: n.Turn.String(), Depth: n.Depth}
		e.PID = json.RawMessage("null")
		if n.Parent >= 0 {
			e.PID = n.Parent
		}
		return e
	}
	src := node("source", 0, 0)
	src.PID = nil
	events := []gamePosthocEvent{src}
	cut := 0
	for _, r := range rs {
		switch r.What {
		case game.Visit:
			e := node("expanding", r.Step, r.Node)
			e.Alpha, e.Beta = r.Alpha, r.Beta
			events = append(events, e)
		case game.Down:
			e := node("generating", r.Step, r.Node)
			e.Alpha, e.Beta, e.Value = r.Alpha, r.Beta, r.Value
			events = append(events, e)
			if !r.Leaf {
				e.Type, e.Value = "expanding", ""
				events = append(events, e)
			}
		case game.Up:
			e := node("closing", r.Step, r.Node)
			e.Value = r.Value
			events = append(events, e)
			if r.Parent < 0 {
				continue
			}
			p := node("updating", r.Step, r.Parent)
			p.Value, p.Alpha, p.Beta, p.Best, p.Why = r.ParentValue, r.Alpha, r.Beta, r.Best, r.Why
			events = append(events, p)
			for range r.Pruned {
				c := node("closing", r.Step, len(vw.Nodes)+cut)
				c.Fate, c.Why = "pruned", all[len(vw.Nodes)+cut].Why
				events = append(events, c)
				cut++
			}
		}
	}
	if vw.Status != game.Running && len(vw.PV) > 0 {
		events = append(events, node("end", vw.Step, vw.PV[len(vw.PV)-1]))
	}
	out := struct {
		Version string             `json:"version"`
		Render  map[string]any     `json:"render"`
		Stepviz map[string]any     `json:"stepviz"`
		Events  []gamePosthocEvent `json:"events"`
	}{PosthocVersion, posthocGameRender(), map[string]any{
		"problem": vw.Problem, "options": vw.Options, "steps": vw.Step, "status": vw.Status, "value": vw.Value,
	}, events}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return usererr.Errorf("export", "posthoc: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// posthocGameRender draws each event as its node, a circle coloured by the
// event's type and labelled with the node's name and value, and the edge
// from its parent; a pruned branch's edge is grey.
func posthocGameRender() map[string]any {
	const fill = "{{$.event.fate === 'pruned' ? '#9e9e9e' : $.color[$.event.type]}}"
	return posthocRender(map[string]any{
		"node": []any{
			posthocParentEdge(fill),
			map[string]any{
				"$": "circle", "x": "{{$.event.x}}", "y": "{{$.event.y}}", "radius": 12,
				"fill":  fill,
				"label": "{{$.event.name + ($.event.value ? ' = ' + $.event.value : '')}}", "label-x": 14, "label-y": -10, "label-size": 12, "label-color": "#424242",
			},
		},
	}, []string{"node"}, "{{$.event.x}}", "{{$.event.y}}", 3)
}
