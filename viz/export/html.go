package export

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

//go:embed replay.js
var replayJS string

//go:embed replay.css
var replayCSS string

// htmlNode is a node as the replay page knows it: its values after the
// last step (a frame overrides those that differ at its step).
type htmlNode struct {
	ID     int     `json:"id"`
	State  string  `json:"state"`
	Action string  `json:"action,omitempty"`
	Parent int     `json:"parent"`
	G      float64 `json:"g"`
	H      float64 `json:"h"`
	F      float64 `json:"f"`
	Depth  int     `json:"depth"`
	Order  int     `json:"order,omitempty"`
	Step   int     `json:"step"`
	X      float64 `json:"x"` // tree layout slot
	Y      int     `json:"y"` // tree level
	// Terms is the heuristic's breakdown (per tile), when it has one.
	Terms []stepper.Term `json:"terms,omitempty"`
}

// htmlFrame is the search after one step (frame 0 is the start).
type htmlFrame struct {
	Nodes    int              `json:"nodes"`   // nodes 0..Nodes-1 exist
	Open     []int            `json:"open"`    // pop order
	Closed   []int            `json:"closed"`  // expansion order
	Goal     int              `json:"goal"`    // the goal node, or -1
	Current  int              `json:"current"` // the node expanded by this step, or -1
	Path     []int            `json:"path,omitempty"`
	Status   string           `json:"status"`
	Narrate  string           `json:"narrate"`
	Counters stepper.Counters `json:"counters"`
	// Diff lists nodes whose g, h, f, parent, depth or order differ at this
	// step from their final values: [id, g, h, f, parent, depth, order].
	Diff [][7]float64 `json:"diff,omitempty"`
	// View is viz.ProblemSVG at this step, the node expanded last
	// selected; "" once the views would pass htmlViewBudget.
	View string `json:"view,omitempty"`
}

type htmlData struct {
	Problem string            `json:"problem"`
	Kind    string            `json:"kind"`
	Options string            `json:"options"`
	Rules   string            `json:"rules"`
	Steps   int               `json:"steps"`
	Nodes   []htmlNode        `json:"nodes"`
	Frames  []htmlFrame       `json:"frames"`
	Legend  []viz.LegendEntry `json:"legend"`
	Trace   json.RawMessage   `json:"trace"` // the JSON trace, for the page's download link
}

// htmlMaxTerms caps the nodes whose heuristic breakdown is embedded.
const htmlMaxTerms = 5000

// htmlViewBudget caps the bytes of per-step problem drawings a page embeds;
// past it the steps show no problem view (the page says so).
const htmlViewBudget = 8 << 20

// writeHTML writes a standalone replay page: one file with its CSS, script
// and data inline and no network access, with step, back, play and a
// slider, the search tree, the open and closed lists, the narration of each
// step and a node inspector (click a node or a table row). The JSON trace
// is embedded too and can be saved from the page. Cost: a snapshot per
// step, so O(steps · nodes) time and O(steps · open) bytes.
func writeHTML(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	final := sess.s.Snapshot()
	layout := viz.LayoutTree(final.Tree)
	d := htmlData{Problem: t.Problem, Kind: t.Kind, Options: t.Options, Rules: rulesText(sess.opts), Steps: t.Steps, Legend: viz.Legend()}
	for i, n := range final.Tree {
		hn := htmlNode{ID: n.ID, State: n.State, Action: n.Action, Parent: n.Parent, G: n.G, H: n.H, F: n.F, Depth: n.Depth, Order: n.Order, Step: n.Step, X: layout.X[i], Y: layout.Y[i]}
		if i < htmlMaxTerms {
			hn.Terms = sess.s.Explain(n.ID)
		}
		d.Nodes = append(d.Nodes, hn)
	}
	var tb strings.Builder
	if err := t.WriteJSON(&tb); err != nil {
		return err
	}
	d.Trace = json.RawMessage(tb.String())
	sess.s.Reset()
	viewBytes := 0
	addFrame := func(sn stepper.Snapshot, current int, narration string) {
		f := frameOf(sn, final, current, narration)
		if viewBytes < htmlViewBudget {
			var b strings.Builder
			sel := current
			if sel < 0 {
				sel = 0
			}
			if err := viz.ProblemSVG(&b, sess.inst, sn, sel); err == nil {
				f.View = b.String()
				viewBytes += b.Len()
			}
		}
		d.Frames = append(d.Frames, f)
	}
	addFrame(sess.s.Snapshot(), -1, "Step 0: the start node is the only open node.")
	if _, err := sess.walk(func(ev *stepper.Event) error {
		addFrame(sess.s.Snapshot(), ev.Expanded.ID, viz.Narrate(*ev, sess.opts))
		return nil
	}); err != nil {
		return err
	}
	data, err := json.Marshal(d) // escapes <, > and &, so it cannot close the script element
	if err != nil {
		return fmt.Errorf("export: html: %w", err)
	}
	p := &printer{w: w}
	title := html.EscapeString(fmt.Sprintf("%s: %s", algoTitle(sess.opts), t.Problem))
	p.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"stepviz\">\n")
	p.f("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
	p.f("<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", title, replayCSS)
	p.f("<header><h1>%s</h1>\n<p>Problem: <code data-testid=\"problem\">%s</code></p>\n<p>Options: <code data-testid=\"options\">%s</code></p>\n<p class=\"rules\">Rules: %s.</p></header>\n",
		html.EscapeString(algoTitle(sess.opts)+" trace"), html.EscapeString(t.Problem), html.EscapeString(t.Options), html.EscapeString(rulesText(sess.opts)))
	p.f(`<nav class="controls">
<button type="button" data-testid="btn-first" title="first step (Home)">first</button>
<button type="button" data-testid="btn-back" title="back one step (left arrow)">&#x25C0; back</button>
<button type="button" data-testid="btn-step" title="one step (right arrow)">step &#x25B6;</button>
<button type="button" data-testid="btn-play" title="play / pause (space)">play</button>
<button type="button" data-testid="btn-last" title="last step (End)">last</button>
<input type="range" min="0" max="%d" value="0" data-testid="slider" aria-label="step">
<span data-testid="step-label">Step 0 / %d</span>
<a data-testid="download" download="trace.json" href="#">trace.json</a>
</nav>
<p class="narrate" data-testid="narration"></p>
<p class="counters" data-testid="counters"></p>
<main>
<section class="tree"><h2>Search tree</h2><div class="legend" data-testid="legend"></div><div class="scroll"><svg data-testid="tree" xmlns="http://www.w3.org/2000/svg"></svg></div></section>
<section class="side">
<h2>Problem</h2><div data-testid="problem-view" class="view"></div>
<h2>Node inspector</h2><div data-testid="inspector" class="inspector">Click a node of the tree or a row of a table.</div>
<h2>Open <span data-testid="open-count"></span></h2><table data-testid="open-table"><thead><tr><th>#</th><th>node</th><th>state</th><th>g</th><th>h</th><th>f</th><th>parent</th></tr></thead><tbody></tbody></table>
<h2>Closed <span data-testid="closed-count"></span></h2><table data-testid="closed-table"><thead><tr><th>order</th><th>node</th><th>state</th><th>g</th><th>h</th><th>f</th><th>parent</th></tr></thead><tbody></tbody></table>
</section>
</main>
`, t.Steps, t.Steps)
	p.f("<script type=\"application/json\" id=\"stepviz-data\">%s</script>\n<script>\n%s</script>\n</body>\n</html>\n", data, replayJS)
	return p.err
}

// frameOf records one step's lists, and the nodes whose values differ from
// their final ones.
func frameOf(sn, final stepper.Snapshot, current int, narration string) htmlFrame {
	f := htmlFrame{Nodes: len(sn.Tree), Goal: -1, Current: current, Path: sn.Path, Status: string(sn.Status), Narrate: narration, Counters: sn.Counters}
	f.Open = make([]int, len(sn.Open))
	for i, o := range sn.Open {
		f.Open[i] = o.ID
	}
	f.Closed = make([]int, len(sn.Closed))
	for i, c := range sn.Closed {
		f.Closed[i] = c.ID
	}
	for _, n := range sn.Tree {
		if n.Status == stepper.NodeGoal {
			f.Goal = n.ID
		}
		fn := final.Tree[n.ID]
		if n.G != fn.G || n.H != fn.H || n.F != fn.F || n.Parent != fn.Parent || n.Depth != fn.Depth || n.Order != fn.Order {
			f.Diff = append(f.Diff, [7]float64{float64(n.ID), n.G, n.H, n.F, float64(n.Parent), float64(n.Depth), float64(n.Order)})
		}
	}
	return f
}
