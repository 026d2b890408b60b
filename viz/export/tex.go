package export

import (
	"fmt"
	"io"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// writeTeX writes a complete LaTeX document (packages from Debian's
// texlive-latex-base and texlive-pictures only: geometry, longtable,
// graphicx, tikz): the problem and options, a table of the steps, the open
// list after the last step, and the search tree drawn with TikZ at the
// positions viz.LayoutTree computes, legible at any size (texTree).
// Black-and-white legible: closed nodes
// are grey-filled boxes with their expansion order, open nodes dashed, the
// goal double-framed, discarded duplicates dotted. Cost: one snapshot and
// one layout.
func writeTeX(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	sn := sess.s.Snapshot()
	p := &printer{w: w}
	p.f("%% stepviz trace, format version %d\n%% problem: %s\n%% options: %s\n%% steps: %d (%s)\n", Version, oneLine(t.Problem), t.Options, t.Steps, t.Status)
	p.f("\\documentclass[10pt]{article}\n\\usepackage[a4paper,margin=18mm]{geometry}\n\\usepackage{longtable}\n\\usepackage{array}\n\\usepackage{graphicx}\n\\usepackage{tikz}\n" + texCommaMacro)
	p.f("\\tikzset{sv/.style={draw, align=center, font=\\scriptsize, inner sep=2pt},\n  closed/.style={sv, rectangle, fill=black!12},\n  open/.style={sv, rectangle, rounded corners, dashed},\n  goal/.style={sv, rectangle, double, very thick},\n  discarded/.style={sv, rectangle, dotted, text=black!60},\n  cutoff/.style={sv, rectangle, densely dashed, thick},\n  summary/.style={line width=1.2pt}}\n")
	p.f("\\begin{document}\n\\section*{%s trace}\n", tex(algoTitle(sess.opts)))
	texHeading(p, [2]string{"Problem", tex(t.Problem)}, [2]string{"Options", tex(t.Options)})
	p.f("\\noindent Rules: %s.\n", tex(rulesText(sess.opts)))
	for _, wn := range t.Warnings {
		p.f("\\\\ Warning: %s\n", tex(wn))
	}
	// Fixed column widths (texCol): one pdflatex run lines the header up
	// with the rows on every page.
	desc := viz.DescribeFamily(sess.opts)
	cols := viz.NumberColumns(desc)
	numCol := texCol('r', "1cm")
	p.f("\n\\subsection*{Steps}\n{\\small\n\\begin{longtable}{%s%s%s}\n",
		texCol('r', "0.7cm")+texCol('l', "2.5cm"), strings.Repeat(numCol, len(cols)), texCol('r', "0.9cm")+texCol('r', "0.9cm")+texCol('l', "5.6cm"))
	p.f("step & expanded & %s & open & closed & children (fate)\\\\ \\hline\n\\endhead\n", strings.Join(cols, " & "))
	for i := range t.Events {
		ev := &t.Events[i]
		x := ev.Expanded
		state := tex(x.State.String())
		if x.Status == stepper.NodeGoal {
			state += " (goal)"
		}
		var kids []string
		for _, c := range ev.Children {
			last := len(cols) - 1 // f, or g without a heuristic
			kids = append(kids, fmt.Sprintf("%s %s=%s (%s)", tex(c.State.String()), cols[last], viz.Numbers(desc, num(c.G), num(c.H), c.Shown().F)[last], tex(c.Fate.String())))
		}
		p.f("%d & \\texttt{%s} & %s & %d & %d & %s\\\\\n", ev.Step, texCommaBreaks(state), strings.Join(viz.Numbers(desc, num(x.G), num(x.H), x.Shown().F), " & "), ev.Counters.Open, ev.Counters.Closed, texCommaBreaks(strings.Join(kids, "; ")))
	}
	p.f("\\end{longtable}\n}\n")
	p.f("\\noindent After step %d: %s", t.Steps, tex(string(t.Status)))
	if t.Status == stepper.Solved {
		p.f(", cost %s, path %s", num(t.Result.Cost), tex(strings.Join(t.Result.Path, " -> ")))
	}
	p.f(".\n\n")
	fam := viz.FamilyOf(sess.opts.Algorithm)
	if lines := viz.FamilyLines(sn, sess.opts, iterationsOf(sess), nil); len(lines) > 0 {
		p.f("\\subsection*{%s after step %d}\n\\begin{itemize}\n", tex(string(fam)+" search"), t.Steps)
		for _, l := range lines {
			p.f("\\item %s\n", tex(l))
		}
		p.f("\\end{itemize}\n")
	}
	first, second := viz.FrontierRows(sn, fam)
	table := func(title string, rows []viz.OpenRow) {
		p.f("\n\\subsection*{%s after step %d}\n", tex(title), t.Steps)
		if len(rows) == 0 {
			p.f("(empty)\n")
			return
		}
		numCol := texCol('r', "1.2cm")
		p.f("{\\small\n\\begin{longtable}{%s%s}\n\\# & state & %s & parent\\\\ \\hline\n\\endhead\n",
			texCol('r', "0.8cm")+texCol('l', "5cm"), strings.Repeat(numCol, len(cols)+1), strings.Join(cols, " & "))
		for _, r := range rows {
			p.f("%d & \\texttt{%s} & %s & %s\\\\\n", r.Rank, texCommaBreaks(tex(r.State)), strings.Join(viz.Numbers(desc, r.G, r.H, r.F), " & "), parentText(r.ParentID))
		}
		p.f("\\end{longtable}\n}\n")
	}
	switch fam {
	case viz.DepthFirst:
		table("Stack (top first)", first)
	case viz.Recursive:
		table("Children on the path (stored f, backed up; the next first)", first)
	case viz.Bidirectional:
		table("Forward frontier (from the start, pop order)", first)
		table("Backward frontier (from the goal, pop order)", second)
	default:
		table("Open list (pop order)", first)
	}
	p.f("\n\\subsection*{Search tree after step %d}\n", t.Steps)
	texTree(p, sess.inst.Kind(), desc, sn)
	p.f("\\end{document}\n")
	return p.err
}

// tex escapes text for LaTeX (ASCII output: arrows and dots become words).
func tex(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '{', '}', '$', '&', '#', '_', '%':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '^':
			b.WriteString(`\^{}`)
		case '~':
			b.WriteString(`\~{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		case '→':
			b.WriteString(`$\to$`)
		case '·':
			b.WriteString(`$\cdot$`)
		case '–', '—':
			b.WriteString("--")
		case '√':
			b.WriteString(`$\surd$`)
		case 'μ':
			b.WriteString(`$\mu$`)
		case '∞':
			b.WriteString(`$\infty$`)
		case 'ε':
			b.WriteString(`$\varepsilon$`)
		case '≤':
			b.WriteString(`$\le$`)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			if r < 128 {
				b.WriteRune(r)
			} else {
				b.WriteByte('?')
			}
		}
	}
	return b.String()
}
