package export

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"stepviz/static"
	"stepviz/stepper"
	"stepviz/viz"
)

//go:embed replay.js
var replayJS string

//go:embed replay.css
var replayCSS string

// replayViews are the session page's view modules (static/), bundled into
// the replay page so that it draws exactly as the live viewer does.
var replayViews = []string{"util", "treelayout", "family", "gridcanvas", "problem", "tree", "tables", "chart"}

// replayData is a compact trace for the replay page, built on the ideas of
// protocol v2 (docs/protocol.md): one record per node with its values after
// the last step, per step only what the step changed. The page derives the
// search at any step k from them: a node exists if id < NodeEnd[k], is
// closed if 0 < its order <= k, else has its base fate; the rare changes of
// an existing node (a re-parent or a reopen) are Mods, undone for steps
// before theirs. So the size is O(nodes + steps + mods), never
// O(steps · nodes), and any step is O(nodes) to show.
type replayData struct {
	Problem string            `json:"problem"`
	Kind    string            `json:"kind"`
	Options string            `json:"options"`
	Rules   string            `json:"rules"`
	Steps   int               `json:"steps"`
	Status  string            `json:"status"` // the search's status after the last step
	Info    viz.ProblemInfo   `json:"info"`
	Legend  []viz.LegendEntry `json:"legend"`
	// node columns, by id: values after the last step
	State  []string  `json:"state"`
	Parent []int     `json:"parent"`
	G      []float64 `json:"g"`
	H      []float64 `json:"h"`
	F      []float64 `json:"f"`
	Depth  []int     `json:"depth"`
	Born   []int     `json:"born"`  // the step that created it
	Order  []int     `json:"order"` // its (last) expansion step, 0 if none
	Seq    []int     `json:"seq"`
	Fate   []int     `json:"fate"` // 0 open (once added), 1 discarded
	// step columns: index k for the search after step k (k = 0..Steps)
	NodeEnd   []int    `json:"nodeEnd"`
	Expanded  []int    `json:"expanded"`  // the node step k expanded (index 0: -1)
	Counters  [][7]int `json:"counters"`  // expanded, generated, duplicates, reparented, open, closed, maxOpen
	Narration []string `json:"narration"` // index 0: the start
	// Mods are the values of existing nodes before a step changed them:
	// [step, id, g, f, parent, depth, order, seq], in step order.
	Mods [][8]float64 `json:"mods,omitempty"`
	// Goal is the goal node (-1 if none) and Path the solution after the
	// last step (ids from the root).
	Goal int   `json:"goal"`
	Path []int `json:"path,omitempty"`
	// TraceGz is the JSON trace, gzipped and base64-encoded (a tenth of
	// its size), for the page's download link.
	TraceGz string `json:"traceGz"`
}

func countersOf(c stepper.Counters) [7]int {
	return [7]int{c.Expanded, c.Generated, c.Duplicates, c.Reparented, c.Open, c.Closed, c.MaxOpen}
}

// writeHTML writes a standalone replay page: one file with its CSS, script
// and data inline and no network access, drawn by the live viewer's own
// view modules (the focus tree, the problem view, virtualised tables, the
// chart) over a compact trace (replayData), with first, back, step, play,
// last, a slider, a step field, the narration of each step and a node
// inspector. The JSON trace is embedded too and can be saved from the page.
// Cost: one replay of the steps, O(steps + nodes) time and bytes.
func writeHTML(w io.Writer, sess *session) error {
	if err := sess.keepEveryNode(); err != nil { // the last loop reads every node
		return err
	}
	t, err := sess.trace()
	if err != nil {
		return err
	}
	views, err := static.Bundle(replayViews...)
	if err != nil {
		return fmt.Errorf("export: html: %w", err)
	}
	d := replayData{Problem: t.Problem, Kind: t.Kind, Options: t.Options, Rules: rulesText(sess.opts), Legend: viz.Legend(), Goal: -1,
		Info: viz.DescribeProblem(sess.inst, sess.opts, nil)}
	var tb strings.Builder
	if err := t.WriteJSON(&tb); err != nil {
		return err
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := io.WriteString(zw, tb.String()); err != nil {
		return fmt.Errorf("export: html: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("export: html: %w", err)
	}
	d.TraceGz = base64.StdEncoding.EncodeToString(gz.Bytes())
	// the running values of every node, to record a mod's "before"
	type vals struct {
		g, f          float64
		parent, depth int
		order, seq    int
	}
	var cur []vals
	add := func(n stepper.NodeInfo, step int, fate int) {
		for len(d.State) <= n.ID {
			d.State = append(d.State, "")
			d.Parent = append(d.Parent, -1)
			d.G, d.H, d.F = append(d.G, 0), append(d.H, 0), append(d.F, 0)
			d.Depth, d.Born, d.Order, d.Seq = append(d.Depth, 0), append(d.Born, 0), append(d.Order, 0), append(d.Seq, 0)
			d.Fate = append(d.Fate, 0)
			cur = append(cur, vals{})
		}
		d.State[n.ID], d.Born[n.ID], d.Fate[n.ID] = n.State, step, fate
		cur[n.ID] = vals{g: n.G, f: n.F, parent: n.Parent, depth: n.Depth, seq: n.Seq}
	}
	sess.s.Reset()
	add(sess.s.Node(0), 0, 0)
	start := sess.s.Counters()
	d.NodeEnd, d.Expanded, d.Counters = []int{1}, []int{-1}, [][7]int{countersOf(start)}
	d.Narration = []string{"Step 0: the start node is the only open node."}
	steps, err := sess.walk(func(ev *stepper.Event) error {
		x := ev.Expanded.ID
		if cur[x].order != 0 { // expanded again after a reopen
			d.Mods = append(d.Mods, [8]float64{float64(ev.Step), float64(x), cur[x].g, cur[x].f, float64(cur[x].parent), float64(cur[x].depth), float64(cur[x].order), float64(cur[x].seq)})
		}
		cur[x].order = ev.Step
		for _, c := range ev.Children {
			switch {
			case c.ID >= len(d.State):
				fate := 1
				if c.Fate == stepper.FateAdded || c.Fate == stepper.FateGoal {
					fate = 0
				}
				add(c.NodeInfo, ev.Step, fate)
			case c.Fate == stepper.FateReparented || c.Fate == stepper.FateReopened:
				v := cur[c.ID]
				d.Mods = append(d.Mods, [8]float64{float64(ev.Step), float64(c.ID), v.g, v.f, float64(v.parent), float64(v.depth), float64(v.order), float64(v.seq)})
				cur[c.ID] = vals{g: c.G, f: c.F, parent: c.Parent, depth: c.Depth, seq: c.Seq}
			}
		}
		d.NodeEnd = append(d.NodeEnd, len(d.State))
		d.Expanded = append(d.Expanded, x)
		d.Counters = append(d.Counters, countersOf(ev.Counters))
		d.Narration = append(d.Narration, viz.Narrate(*ev, sess.opts))
		d.Status = string(ev.Status)
		if ev.Status == stepper.Solved {
			d.Path = ev.Path
		}
		return nil
	})
	if err != nil {
		return err
	}
	d.Steps = steps
	if steps == 0 {
		d.Status = string(sess.s.Status())
	}
	for id := range d.State {
		n := sess.s.Node(id)
		d.Parent[id], d.G[id], d.H[id], d.F[id], d.Depth[id], d.Order[id], d.Seq[id] = n.Parent, n.G, n.H, n.F, n.Depth, n.Order, n.Seq
		if n.Status == stepper.NodeGoal {
			d.Goal = id
		}
	}
	data, err := json.Marshal(d) // escapes <, > and &, so it cannot close the script element
	if err != nil {
		return fmt.Errorf("export: html: %w", err)
	}
	p := &printer{w: w}
	title := html.EscapeString(fmt.Sprintf("%s: %s", algoTitle(sess.opts), t.Problem))
	p.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"stepviz\">\n")
	p.f("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
	p.f("<title>%s</title>\n<style>\n%s\n%s</style>\n</head>\n<body class=\"replay\">\n", title, static.Style(), replayCSS)
	p.f("<header class=\"top\"><h1>%s</h1>\n<p>Problem: <code data-testid=\"problem\" class=\"spec\" title=\"%s\">%s</code> Options: <code data-testid=\"options\">%s</code></p>\n<p class=\"rules small muted\">Rules: %s.</p></header>\n",
		html.EscapeString(algoTitle(sess.opts)+" trace"), html.EscapeString(t.Problem), html.EscapeString(t.Problem), html.EscapeString(t.Options), html.EscapeString(rulesText(sess.opts)))
	p.f(replayBody, d.Steps, d.Steps, d.Steps)
	p.f("<script type=\"application/json\" id=\"stepviz-data\">%s</script>\n<script>\n%s\n%s</script>\n</body>\n</html>\n", data, views, replayJS)
	return p.err
}

// replayBody is the page's markup: the ids and test ids the view modules
// and the tests use, as on the session page (templates/session.templ).
const replayBody = `<div id="app" data-testid="replay">
<nav class="controls" role="toolbar" aria-label="Replay controls">
<button type="button" data-testid="btn-first" title="first step (Home)">first</button>
<button type="button" data-testid="btn-back" title="back one step (left arrow)">&#x25C0; back</button>
<button type="button" data-testid="btn-step" class="primary" title="one step (right arrow)">step &#x25B6;</button>
<button type="button" data-testid="btn-play" title="play / pause (space)">play</button>
<button type="button" data-testid="btn-last" title="last step (End)">last</button>
<label class="jump">Step <input type="range" min="0" max="%d" value="0" data-testid="slider" aria-label="step"></label>
<form class="jumpto" data-testid="jump-form"><label>Go to <input type="number" min="0" max="%d" data-testid="jump-to" aria-label="Go to step number" placeholder="step"></label></form>
<span data-testid="step-label" class="stepno">Step 0 / %d</span>
<a data-testid="download" download="trace.json" href="#">trace.json</a>
</nav>
<p class="narration" data-testid="narration" id="narration"></p>
<main class="panes">
<section class="pane tree"><h2>Search tree <span class="muted small" id="tree-count"></span></h2>
<div class="tree-tools"><ul class="legend" data-testid="legend"></ul><span class="zoom"><button type="button" id="zoom-in" title="Zoom in">+</button><button type="button" id="zoom-out" title="Zoom out">&#x2212;</button><button type="button" id="zoom-fit" title="Fit">Fit</button><button type="button" id="zoom-follow" title="Follow the node expanded last">Follow</button><label class="check"><input type="checkbox" id="show-discarded" checked> discarded</label></span></div>
<div class="tree-view" id="tree" data-testid="tree" tabindex="0"></div></section>
<section class="pane problem"><h2>Problem <span class="muted small" id="problem-caption"></span></h2><div class="problem-view" id="problem-view" data-testid="problem-view"></div></section>
<section class="pane inspector"><h2>Node inspector</h2><div id="inspector-body" class="inspector-body" data-testid="inspector">Click a node of the tree, a cell or a row of a table.</div></section>
<section class="pane lists">
<div class="list"><h3>Open list <span class="muted small">in pop order &#xB7; <span id="open-count" data-testid="open-count"></span> nodes</span></h3><div class="table-wrap"><table class="nodes" id="open-table" data-testid="open-table"><thead><tr><th>#</th><th>state</th><th>g</th><th>h</th><th>f</th><th>tie</th><th>ins</th></tr></thead><tbody></tbody></table></div><p class="muted small" id="open-more"></p></div>
<div class="list"><h3>Closed list <span class="muted small">in expansion order &#xB7; <span id="closed-count" data-testid="closed-count"></span> nodes</span></h3><div class="table-wrap"><table class="nodes" id="closed-table" data-testid="closed-table"><thead><tr><th>order</th><th>state</th><th>g</th><th>h</th><th>f</th><th>parent</th></tr></thead><tbody></tbody></table></div></div>
</section>
<section class="pane chart"><h2>Open and closed over the steps</h2><div id="chart" class="chart-view"></div>
<dl class="counters" data-testid="counters"><dt>expanded</dt><dd id="c-expanded"></dd><dt>generated</dt><dd id="c-generated"></dd><dt>duplicates</dt><dd id="c-duplicates"></dd><dt>re-parented</dt><dd id="c-reparented"></dd><dt>open</dt><dd id="c-open"></dd><dt>closed</dt><dd id="c-closed"></dd><dt>max open</dt><dd id="c-maxopen"></dd></dl></section>
</main>
</div>
`
