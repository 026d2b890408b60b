package viz

import "fmt"

// fitAttr squeezes a label wider than room (guessed at 0.6 em a character)
// with textLength, so long city names stay inside their box.
func fitAttr(s string, fontPx, room float64) string {
	if float64(len([]rune(s)))*fontPx*0.6 <= room {
		return ""
	}
	return fmt.Sprintf(` textLength="%.0f" lengthAdjust="spacingAndGlyphs"`, room)
}

// writeLegend draws the status legend, then the family styles given, in
// cols columns from (x, y).
func writeLegend(sw *svgWriter, x, y float64, cols int, styles []StyleEntry) {
	sw.s(`<g class="legend" data-testid="legend">`)
	for k, e := range StatusLegend {
		lx, ly := x+float64(k%cols)*legendColW, y+float64(k/cols)*legendRowH
		sw.s(`<g class="node `, string(e.Status), `">`)
		if e.Double {
			sw.s(`<rect class="ring"`)
			sw.fattr("x", lx+6)
			sw.fattr("y", ly+1)
			sw.s(` width="36" height="18" rx="4"/>`)
		}
		sw.s(`<rect class="box"`)
		sw.fattr("x", lx+9)
		sw.fattr("y", ly+4)
		sw.s(` width="30" height="12" rx="3"/><circle class="badge" r="7"`)
		sw.fattr("cx", lx+9)
		sw.fattr("cy", ly+10)
		sw.s("/>")
		sw.textEl(lx+9, ly+13.5, `class="badge-l"`, e.Letter)
		sw.s("</g>")
		sw.textEl(lx+50, ly+14, `class="ltext"`+fitAttr(e.Label, 12, legendColW-55), e.Label)
	}
	for j, e := range styles {
		k := len(StatusLegend) + j
		lx, ly := x+float64(k%cols)*legendColW, y+float64(k/cols)*legendRowH
		writeStyleSwatch(sw, e.Class, lx, ly)
		sw.textEl(lx+50, ly+14, `class="ltext" data-style="`+e.Class+`"`+fitAttr(e.Label, 12, legendColW-55), e.Label)
	}
	sw.s("</g>\n")
}

// writeStyleSwatch draws a family style's sample at (lx, ly): a small box
// with the style's classes, so the style sheet draws it as it draws nodes.
func writeStyleSwatch(sw *svgWriter, class string, lx, ly float64) {
	base := "closed"
	switch class {
	case "cutoff", "forgotten", "pruned":
		base = "discarded"
	case "folded":
		base = "open"
	}
	sw.s(`<g class="lg node `, base, " ", class, `">`) // lg first: class="node ..." is a tree node
	sw.s(`<rect class="box"`)
	sw.fattr("x", lx+9)
	sw.fattr("y", ly+4)
	sw.s(` width="30" height="12" rx="3"/>`)
	switch class {
	case "backward":
		sw.textEl(lx+24, ly+14, `class="badge-l"`, "↑")
	case "folded":
		sw.textEl(lx+24, ly+14, `class="badge-l"`, "▸")
	default:
		if l := familyLetter(class); l != "" {
			sw.textEl(lx+24, ly+14, `class="badge-l"`, l)
		}
	}
	sw.s("</g>")
}

// writeTreeStyle writes the style sheet, scoped to .stepviz-tree, built from
// StatusLegend so the legend and the nodes cannot disagree.
func writeTreeStyle(sw *svgWriter) {
	sw.s("<style>\n")
	sw.s(`.stepviz-tree text{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;fill:#111}
.stepviz-tree .bg{fill:#fff}
.stepviz-tree .title{font-size:14px;font-weight:700}
.stepviz-tree .ltext{font-size:12px}
.stepviz-tree .edge{fill:none;stroke:#8a8a8a;stroke-width:1.3}
.stepviz-tree .edge.path{stroke:#E69F00;stroke-width:4.5}
.stepviz-tree .elabel{font-size:10px;fill:#333;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
.stepviz-tree .state{font-size:12px;font-weight:700;text-anchor:middle}
.stepviz-tree .fv{font-size:11px;font-weight:700;text-anchor:middle}
.stepviz-tree .gh{font-size:10px;text-anchor:middle}
.stepviz-tree .nid{font-size:8px;fill:#555;text-anchor:end}
.stepviz-tree .badge{fill:#fff;stroke-width:1.5}
.stepviz-tree .badge-l{font-size:10px;font-weight:700;text-anchor:middle}
.stepviz-tree .more{font-size:10px;text-anchor:middle;fill:#333}
.stepviz-tree .ring{fill:none}
.stepviz-tree .sel{fill:none;stroke:#000;stroke-width:2;stroke-dasharray:none}
.stepviz-tree .tile{fill:#fff;stroke:#666;stroke-width:.5}
.stepviz-tree .blank{fill:#8c8c8c;stroke:#666;stroke-width:.5}
.stepviz-tree .tn{text-anchor:middle}
.stepviz-tree .node.discarded text{fill:#555}
.stepviz-tree [data-testid=tree-node]{cursor:pointer}
`)
	for _, e := range StatusLegend {
		s := string(e.Status)
		dash := "none"
		if e.Dash != "" {
			dash = e.Dash
		}
		sw.s(".stepviz-tree .node.", s, ">.box,.stepviz-tree .node.", s, ".box{fill:", e.Fill, ";stroke:", e.Stroke, ";stroke-width:")
		sw.f(e.Width)
		sw.s(";stroke-dasharray:", dash, "}\n")
		sw.s(".stepviz-tree .node.", s, " .badge,.stepviz-tree .node.", s, " .ring{stroke:", e.Stroke, "}\n")
	}
	// the family styles after the statuses' rules, which they refine (same
	// specificity: the later rule wins)
	sw.s(`.stepviz-tree .node.cutoff>.box,.stepviz-tree .node.cutoff.box{stroke:#CC79A7;stroke-dasharray:3 2;fill:#fff}
.stepviz-tree .node.forgotten{opacity:.35}
.stepviz-tree .node.on-current-path>.box,.stepviz-tree .node.on-current-path.box{stroke:#E69F00;stroke-width:4}
.stepviz-tree .node.meet>.box,.stepviz-tree .node.meet.box{stroke:#000;stroke-width:4}
.stepviz-tree .node.pruned>.box,.stepviz-tree .node.pruned.box{stroke:#CC79A7;stroke-width:1.5;stroke-dasharray:6 2 1 2;fill:#fff}
.stepviz-tree .node.pruned text{fill:#555}
.stepviz-tree .node.folded>.box,.stepviz-tree .node.folded.box{stroke-width:3;stroke-dasharray:none}
.stepviz-tree .more.fold{font-weight:700;fill:#555}
`)
	sw.s(".stepviz-tree .node.current .ring{stroke-width:1.5}\n")
	sw.s(".stepviz-tree.compact circle.node.box{stroke-width:1.2}\n")
	sw.s(".stepviz-tree.compact circle.node.box.path,.stepviz-tree.compact circle.node.box.current{stroke-width:2.5}\n")
	sw.s("</style>\n")
}
