package export

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
)

// treeOptions are the tree drawing options every export uses: edge labels,
// numbers for the algorithm, RBFS's forgotten subtrees folded, beam's
// pruned nodes marked (sess.s at the step drawn), and a title naming the
// problem and options.
func treeOptions(sess *session, step int) viz.TreeOptions {
	return viz.TreeOptions{
		EdgeLabels: true, Algorithm: sess.opts.Algorithm, FoldForgotten: true, Pruned: viz.PrunedIDs(sess.s),
		Title: fmt.Sprintf("%s, after step %d: %s", sess.opts.String(), step, sess.inst.Spec()),
	}
}

// writeTreeSVG writes viz.TreeSVG of the search tree after the last step.
// The drawing tells statuses apart by outline pattern and letter badge as
// well as colour, so it prints in black and white.
func writeTreeSVG(w io.Writer, sess *session) error {
	if _, err := sess.walk(nil); err != nil {
		return err
	}
	sn := sess.s.Snapshot()
	if err := svgComment(w, sess, sn.Step); err != nil {
		return err
	}
	if err := viz.TreeSVG(w, sess.inst, sn, treeOptions(sess, sn.Step)); err != nil {
		return usererr.Errorf("export", "tree svg: %w", err)
	}
	return nil
}

// writeProblemSVG writes viz.ProblemSVG after the last step, the node
// expanded last selected (the board of a puzzle; open, closed and path
// cells of a grid; a graph's map).
func writeProblemSVG(w io.Writer, sess *session) error {
	if _, err := sess.walk(nil); err != nil {
		return err
	}
	sn := sess.s.Snapshot()
	if err := svgComment(w, sess, sn.Step); err != nil {
		return err
	}
	if err := viz.ProblemSVG(w, sess.inst, sn, lastExpanded(sn)); err != nil {
		return usererr.Errorf("export", "problem svg: %w", err)
	}
	return nil
}

// svgComment records the problem and options in an XML comment before the
// drawing's root element.
func svgComment(w io.Writer, sess *session, step int) error {
	text := fmt.Sprintf("stepviz trace version %d; problem: %s; options: %s; step: %d", Version, oneLine(sess.inst.Spec()), sess.opts.String(), step)
	for strings.Contains(text, "--") {
		text = strings.ReplaceAll(text, "--", "- -")
	}
	_, err := fmt.Fprintf(w, "<!-- %s -->\n", strings.TrimSuffix(text, "-"))
	return err
}

// lastExpanded is the node a drawing after the last step selects: the goal
// once found, else the node expanded last (the root at step 0).
func lastExpanded(sn stepper.Snapshot) int {
	best, order := 0, 0
	for _, n := range sn.Tree {
		if n.Status == stepper.NodeGoal {
			return n.ID
		}
		if n.Order > order {
			best, order = n.ID, n.Order
		}
	}
	return best
}

// writeSVG writes one SVG document with a title line (problem, options,
// step), the problem view on the left and the search tree on the right,
// each the standalone drawing of viz nested at its own size.
func writeSVG(w io.Writer, sess *session) error {
	if _, err := sess.walk(nil); err != nil {
		return err
	}
	sn := sess.s.Snapshot()
	var prob, tree bytes.Buffer
	if err := viz.ProblemSVG(&prob, sess.inst, sn, lastExpanded(sn)); err != nil {
		return usererr.Errorf("export", "problem svg: %w", err)
	}
	opt := treeOptions(sess, sn.Step)
	opt.Title = ""
	if err := viz.TreeSVG(&tree, sess.inst, sn, opt); err != nil {
		return usererr.Errorf("export", "tree svg: %w", err)
	}
	pw, ph, pbody, err := svgBody(prob.Bytes())
	if err != nil {
		return err
	}
	tw, th, tbody, err := svgBody(tree.Bytes())
	if err != nil {
		return err
	}
	fam := viz.FamilyLines(sn, sess.opts, iterationsOf(sess), nil)
	const gap = 24.0
	head := 56.0 + 16*float64(len(fam))
	width, height := pw+gap+tw, head+max(ph, th)
	p := &printer{w: w}
	p.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" class="stepviz-export">`+"\n", fnum(width), fnum(height), fnum(width), fnum(height))
	p.f("<title>%s</title>\n", xmlText(fmt.Sprintf("stepviz: %s / %s / step %d", sess.inst.Spec(), sess.opts.String(), sn.Step)))
	p.f(`<rect width="100%%" height="100%%" fill="#fff"/>` + "\n")
	p.f(`<text x="8" y="20" font-family="sans-serif" font-size="14" font-weight="bold">%s</text>`+"\n", xmlText(sess.inst.Spec()))
	status := string(sn.Status)
	if sn.Status == stepper.Solved {
		status += ", cost " + num(sess.s.Cost())
	}
	p.f(`<text x="8" y="40" font-family="sans-serif" font-size="12">%s</text>`+"\n", xmlText(fmt.Sprintf("%s; after step %d: %s", sess.opts.String(), sn.Step, status)))
	for i, l := range fam {
		p.f(`<text x="8" y="%s" font-family="sans-serif" font-size="12" class="family">%s</text>`+"\n", fnum(56+16*float64(i)), xmlText(l))
	}
	p.f(`<svg x="0" y="%s" width="%s" height="%s"%s>%s</svg>`+"\n", fnum(head), fnum(pw), fnum(ph), pbody.attrs, pbody.inner)
	p.f(`<svg x="%s" y="%s" width="%s" height="%s"%s>%s</svg>`+"\n", fnum(pw+gap), fnum(head), fnum(tw), fnum(th), tbody.attrs, tbody.inner)
	p.f("</svg>\n")
	return p.err
}

// svgParts is a standalone SVG split for nesting: the root's attributes
// other than its size and namespace, and its content.
type svgParts struct{ attrs, inner string }

// svgBody reads an SVG document's root size and splits it for nesting.
func svgBody(doc []byte) (w, h float64, parts svgParts, err error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, terr := d.Token()
		if terr != nil {
			return 0, 0, parts, usererr.Errorf("export", "reading a viz drawing: %v", terr)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "svg" {
			return 0, 0, parts, usererr.Errorf("export", "a viz drawing starts with <%s>, not <svg>", se.Name.Local)
		}
		var attrs strings.Builder
		for _, a := range se.Attr {
			switch {
			case a.Name.Local == "width":
				w, _ = strconv.ParseFloat(strings.TrimSuffix(a.Value, "px"), 64)
			case a.Name.Local == "height":
				h, _ = strconv.ParseFloat(strings.TrimSuffix(a.Value, "px"), 64)
			case a.Name.Space == "xmlns" || a.Name.Local == "xmlns" || a.Name.Space != "":
				// namespaces are declared by the outer document
			default:
				fmt.Fprintf(&attrs, ` %s="%s"`, a.Name.Local, xmlText(a.Value))
			}
		}
		start := d.InputOffset()
		end := bytes.LastIndex(doc, []byte("</svg>"))
		if end < int(start) {
			return 0, 0, parts, usererr.Errorf("export", "a viz drawing is not closed")
		}
		if w == 0 || h == 0 {
			w, h = viewBoxSize(se)
		}
		return w, h, svgParts{attrs: attrs.String(), inner: string(doc[start:end])}, nil
	}
}

func viewBoxSize(se xml.StartElement) (float64, float64) {
	for _, a := range se.Attr {
		if a.Name.Local == "viewBox" {
			f := strings.Fields(a.Value)
			if len(f) == 4 {
				w, _ := strconv.ParseFloat(f[2], 64)
				h, _ := strconv.ParseFloat(f[3], 64)
				return w, h
			}
		}
	}
	return 400, 300
}

func fnum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// xmlText escapes s for XML text and attribute values.
func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
