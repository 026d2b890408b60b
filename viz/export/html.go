package export

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/static"
)

//go:embed replay.js
var replayJS string

//go:embed replay.css
var replayCSS string

// replayViews are the session page's view modules (static/), bundled into
// the replay page so that it draws exactly as the live viewer does.
// The model (model.js, with the constants it imports) is the live page's
// too: the replay decodes the frames a live viewer is sent.
var replayViews = []string{"util", "wireconst", "prefixcount", "model", "treelayout", "family", "gridcanvas", "maplabels", "problem", "tree", "tables", "chart"}

// writeHTML writes a standalone replay page: one file with its CSS, script
// and data inline and no network access, drawn by the live viewer's own
// view modules (the focus tree, the problem view, virtualised tables, the
// chart) over the live viewer's own model (static/model.js) fed the frames
// a live viewer is sent (writeFrames, gzipped and base64-encoded), with
// first, back, step, play, last, a slider, a step field, the narration of
// each step and a node inspector; a search with no single open list (ids,
// idastar, rbfs, bidirectional) in its family's terms as on the live page
// (family.js). The JSON trace is embedded too and can be saved from the
// page. Cost: two walks of the steps, O(steps + nodes) time and bytes.
func writeHTML(w io.Writer, sess *session) error {
	if err := sess.keepEveryNode(); err != nil { // the last loop reads every node
		return err
	}
	if err := sess.fitsHTML(); err != nil {
		return err
	}
	t, err := sess.trace()
	if err != nil {
		return err
	}
	views, err := static.Bundle(replayViews...)
	if err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	var tb strings.Builder
	if err := t.WriteJSON(&tb); err != nil {
		return err
	}
	var traceGz bytes.Buffer
	zw, b64 := gzip64(&traceGz)
	if _, err := io.WriteString(zw, tb.String()); err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	if err := zw.Close(); err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	if err := b64.Close(); err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	var frames bytes.Buffer
	zw, b64 = gzip64(&frames)
	steps, err := writeFrames(sess, zw)
	if err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	if err := b64.Close(); err != nil {
		return usererr.Errorf("export", "html: %w", err)
	}
	p := &printer{w: w}
	title := html.EscapeString(fmt.Sprintf("%s: %s", algoTitle(sess.opts), t.Problem))
	p.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"stepviz\">\n")
	p.f("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
	p.f("<title>%s</title>\n<style>\n%s\n%s</style>\n</head>\n<body class=\"replay\">\n", title, static.Style(), replayCSS)
	p.f("<header class=\"top\"><h1>%s</h1>\n<p>Problem: <code data-testid=\"problem\" class=\"spec\" title=\"%s\">%s</code> Options: <code data-testid=\"options\">%s</code></p>\n<p class=\"rules small muted\">Rules: %s.</p></header>\n",
		html.EscapeString(algoTitle(sess.opts)+" trace"), html.EscapeString(t.Problem), html.EscapeString(t.Problem), html.EscapeString(t.Options), html.EscapeString(rulesText(sess.opts)))
	p.f(replayBody, steps, steps, steps)
	// base64 holds no < or &: it cannot close the script element
	p.f("<script type=\"application/octet-stream\" id=\"stepviz-frames\">%s</script>\n<script type=\"application/octet-stream\" id=\"stepviz-trace\">%s</script>\n<script>\n%s\n%s</script>\n</body>\n</html>\n", frames.Bytes(), traceGz.Bytes(), views, replayJS)
	return p.err
}

// gzip64 returns a writer whose bytes reach w gzipped and base64-encoded,
// as the page unpacks them (atob, DecompressionStream): close the gzip
// writer, then the base64 one.
func gzip64(w io.Writer) (*gzip.Writer, io.WriteCloser) {
	b64 := base64.NewEncoder(base64.StdEncoding, w)
	return gzip.NewWriter(b64), b64
}

// maxHTMLSteps is the most steps an HTML replay holds: a page holds every
// step's message, and a browser opens a page of tens of megabytes slowly
// or not at all. A variable so that tests can lower it.
var maxHTMLSteps = 50_000

// fitsHTML refuses, before any event is kept, a replay of more steps than
// maxHTMLSteps, saying how to export fewer. Cost: at most maxHTMLSteps+1
// steps of the search, without events, when the last step is not given;
// it stops when the session's context is done.
func (sess *session) fitsHTML() error {
	k := sess.k
	if k < 0 || k > maxHTMLSteps {
		sess.s.Reset()
		for sess.s.StepCount() <= maxHTMLSteps && !sess.s.Status().Done() {
			if sess.ctx != nil {
				if err := sess.ctx.Err(); err != nil {
					return usererr.Errorf("export", "stopped at step %d: %w", sess.s.StepCount(), err)
				}
			}
			sess.s.Run(min(4096, maxHTMLSteps+1-sess.s.StepCount()))
		}
		k = sess.s.StepCount()
		sess.s.Reset()
	}
	if k <= maxHTMLSteps {
		return nil
	}
	return usererr.Errorf("export", "html: this search takes more than %d steps, more than one replay page can hold (it would be tens of megabytes and not open in a browser); export its first steps, up to step %d or fewer (stepviz trace -steps N, step= on an export link, or a notebook search moved back), or the whole trace as jsonl, which stepviz replay reads", maxHTMLSteps, maxHTMLSteps)
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
<p class="family-strip" id="family-strip" data-testid="family-strip" aria-live="polite" hidden></p>
<main id="main" class="panes">
<section class="pane tree"><h2>Search tree <span class="muted small" id="tree-count"></span></h2>
<div class="tree-tools"><ul class="legend" data-testid="legend"></ul><span class="zoom"><button type="button" id="zoom-in" title="Zoom in">+</button><button type="button" id="zoom-out" title="Zoom out">&#x2212;</button><button type="button" id="zoom-fit" title="Fit">Fit</button><button type="button" id="zoom-follow" title="Follow the node expanded last">Follow</button><label class="check"><input type="checkbox" id="show-discarded" checked> discarded</label></span></div>
<div class="tree-view" id="tree" data-testid="tree" tabindex="0"></div></section>
<section class="pane problem"><h2>Problem <span class="muted small" id="problem-caption"></span></h2><div class="problem-view" id="problem-view" data-testid="problem-view"></div></section>
<section class="pane inspector"><h2>Node inspector</h2><div id="inspector-body" class="inspector-body" data-testid="inspector">Click a node of the tree, a cell or a row of a table.</div></section>
<section class="pane lists">
<div class="list"><h3 data-testid="open-title"><span id="open-title">Open list</span> <span class="muted small"><span id="open-order">in pop order</span> &#xB7; <span id="open-count" data-testid="open-count"></span> nodes</span></h3><div class="table-wrap"><table class="nodes" id="open-table" data-testid="open-table"><thead><tr><th>#</th><th>state</th><th>g</th><th>h</th><th>f</th><th>tie</th><th>ins</th></tr></thead><tbody></tbody></table></div><p class="muted small" id="open-more"></p></div>
<div class="list"><h3>Closed list <span class="muted small">in expansion order &#xB7; <span id="closed-count" data-testid="closed-count"></span> nodes</span></h3><div class="table-wrap"><table class="nodes" id="closed-table" data-testid="closed-table"><thead><tr><th>order</th><th>state</th><th>g</th><th>h</th><th>f</th><th>parent</th></tr></thead><tbody></tbody></table></div></div>
</section>
<section class="pane chart"><h2>Open and closed over the steps</h2><div id="chart" class="chart-view"></div>
<dl class="counters" data-testid="counters"><dt>expanded</dt><dd id="c-expanded"></dd><dt>generated</dt><dd id="c-generated"></dd><dt>duplicates</dt><dd id="c-duplicates"></dd><dt>re-parented</dt><dd id="c-reparented"></dd><dt>open</dt><dd id="c-open"></dd><dt>closed</dt><dd id="c-closed"></dd><dt>max open</dt><dd id="c-maxopen"></dd></dl></section>
</main>
</div>
`
