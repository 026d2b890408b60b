package export

import (
	"fmt"
	"html"
	"io"
	"path"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/viz"
)

// sheetTable is one table of a sheet: a header and rows of cells.
type sheetTable struct {
	id     string // steps, open or heuristic: its data-testid and its TeX columns
	title  string
	header []string
	rows   [][]cell
}

// tables builds the steps table and the open-list table. A blank cell's
// value is the answer (shown on the key only). Children with blank f
// values but a given order are one cell per child list, with the f values
// written in by the renderer's blank marker (see childCell).
func (sh *sheet) tables(blankMark func(string) string) []sheetTable {
	cols := sheetColumns(sh.fam)
	steps := sheetTable{
		id:     "steps",
		title:  "Steps",
		header: append(append([]string{"step", "node expanded"}, cols...), "children generated ("+sh.keyName+")"),
	}
	for _, st := range sh.steps {
		cells := append([]cell{{fmt.Sprint(st.step), false}}, sh.row(st)...)
		if sh.blanks.F && !sh.blanks.Order {
			// The children are given; only their keys are blank.
			last := len(cells) - 1
			cells[last] = cell{v: sh.childrenBlankF(st, "\x00"), blank: false}
			cells[last].v = fillChildF(cells[last].v, st, blankMark)
		}
		steps.rows = append(steps.rows, cells)
	}
	open := sheetTable{
		id:     "open",
		title:  fmt.Sprintf("Open list after step %d (first = next to expand)", sh.k),
		header: append([]string{"#", "node"}, cols...),
	}
	switch sh.family {
	case viz.DepthFirst:
		open.title = fmt.Sprintf("Open list after step %d: the stack, top first (first = next to pop)", sh.k)
	case viz.Recursive:
		open.title = fmt.Sprintf("Open list after step %d: the children on the path with their stored (backed-up) f, the next first", sh.k)
	case viz.Bidirectional:
		open.title = fmt.Sprintf("Open list after step %d: the forward and backward frontiers together, in pop order", sh.k)
	}
	n := len(sh.open)
	if sh.blanks.Open && !sh.key {
		n = sh.openRows
	}
	for i := 0; i < n; i++ {
		if i >= len(sh.open) {
			row := []cell{{fmt.Sprint(i + 1), false}, {"", true}}
			for range cols {
				row = append(row, cell{"", true})
			}
			open.rows = append(open.rows, row)
			continue
		}
		o := sh.open[i]
		b := sh.blanks.Open
		row := []cell{{fmt.Sprint(i + 1), false}, {o.State.String(), b}}
		for j, v := range sheetNumbers(sh.fam, num(o.G), num(o.H), o.Shown().F) {
			// the key (f, depth, or uniform cost's g) is what -blank f asks
			switch c := cols[j]; {
			case c == sh.keyName:
				row = append(row, cell{v, b || sh.blanks.F})
			default:
				row = append(row, cell{v, b})
			}
		}
		open.rows = append(open.rows, row)
	}
	if len(sh.open) == 0 && !sh.blanks.Open {
		row := []cell{{"", false}, {"(empty)", false}}
		for range cols {
			row = append(row, cell{"", false})
		}
		open.rows = append(open.rows, row)
	}
	if sh.blanks.Heuristic {
		return []sheetTable{steps, open, sh.heuristicTable()}
	}
	return []sheetTable{steps, open}
}

// fillChildF replaces the NUL markers left by childrenBlankF with each
// child's f as the renderer writes a blank (an empty slot or the answer).
func fillChildF(s string, st sheetStep, blankMark func(string) string) string {
	for _, c := range st.children {
		s = strings.Replace(s, "\x00", blankMark(c.f), 1)
	}
	return s
}

// rulesList splits the rules sentence into items.
func (sh *sheet) rulesList() []string { return strings.Split(sh.rules, "; ") }

// resultLine says how the search stands after the last step (key only).
func (sh *sheet) resultLine() string {
	s := fmt.Sprintf("After step %d the search is %s", sh.k, sh.status)
	if sh.status == stepper.Solved {
		s += fmt.Sprintf(": cost %s, path %s", num(sh.cost), strings.Join(sh.path, " → "))
	}
	return s + "."
}

// --- Markdown ---

func sheetMarkdown(w io.Writer, sh *sheet) error {
	p := &printer{w: w}
	mark := func(v string) string {
		if sh.key {
			return "**" + mdCell(v) + "**"
		}
		return "_____"
	}
	p.f("# %s\n\n", sh.title)
	p.f("- Problem: `%s`\n- Search: `%s`\n\n", sh.problem, sh.options)
	sheetIntro(p, sh, markdownMarkup)
	sheetDrawingMarkdown(p, sh)
	for _, t := range sh.tables(mark) {
		p.f("## %s\n\n| %s |\n|%s\n", t.title, strings.Join(t.header, " | "), strings.Repeat("---|", len(t.header)))
		for _, r := range t.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				switch {
				case !c.blank:
					cells[i] = mdCell(c.v)
				case sh.key && c.v != "":
					cells[i] = "**" + mdCell(c.v) + "**"
				default:
					cells[i] = "      "
				}
			}
			p.f("| %s |\n", strings.Join(cells, " | "))
		}
		p.f("\n")
	}
	if sh.key {
		p.f("%s Answers are in bold.\n", sh.resultLine())
	}
	return p.err
}

func sheetDrawingMarkdown(p *printer, sh *sheet) {
	switch sh.kind {
	case "puzzle":
		start, goal := puzzleBoards(sh.inst)
		for _, b := range []struct {
			name  string
			board [][]string
		}{{"Start", start}, {"Goal", goal}} {
			p.f("%s:\n\n", b.name)
			p.f("|%s\n|%s\n", strings.Repeat("   |", len(b.board)), strings.Repeat(":-:|", len(b.board)))
			for _, row := range b.board {
				p.f("| %s |\n", strings.Join(row, " | "))
			}
			p.f("\n")
		}
	case "grid":
		p.f("S start, G goal, # wall, . free (cost 1), digits: terrain cost.\n\n```\n")
		sheetGridText(p, sh, func(s string) string { return s })
		p.f("  y\n```\n\n")
	case "graph":
		sheetGraphTables(p, sh, markdownMarkup)
	case "script":
		p.f("%s\n\n```python\n%s\n```\n\n", sh.scriptIntro("`"), strings.TrimRight(strings.ReplaceAll(sh.script.Text, "```", "` ` `"), "\n"))
	}
}

// scriptIntro says what a script problem's sheet shows of it: the start
// state and the script, which is the problem's whole definition (its
// moves and their order, the goal, the costs); code quotes a name.
func (sh *sheet) scriptIntro(code string) string {
	return fmt.Sprintf("Start: %s%s%s. The problem is the script %s%s%s below, with the parameters the problem line gives: the moves of a state are what successors(s) returns, in that order; is_goal(s) tests the goal.",
		code, sh.rootState, code, code, path.Base(sh.script.Name), code)
}

// sheetGridText writes a grid sheet's rows as text, each after its y
// and under a line of x (its last digit), escaped by esc.
func sheetGridText(p *printer, sh *sheet, esc func(string) string) {
	rows := gridRows(sh.inst)
	if len(rows) > 0 {
		var head strings.Builder
		for x := range rows[0] {
			head.WriteByte(byte('0' + x%10))
		}
		p.f("    %s  x\n", head.String())
	}
	for y, r := range rows {
		p.f("%3d %s\n", y, esc(r))
	}
}

// A sheetMarkup is how a sheet's format writes the parts every format
// writes alike: the rules and instructions (sheetIntro), and a graph's
// two tables, its roads with their costs and its nodes with h if the
// sheet gives h and their successors in order (sheetGraphTables). A field
// holding %s is an fmt format.
type sheetMarkup struct {
	text, cell   func(string) string // escape text, a table's cell
	rules        string              // the rules' heading and the list's start
	item         string              // a rule
	instructions string              // the list's end and the instructions' heading
	para         string              // an instruction
	problem      string              // the problem's heading
	// the graph's tables
	twoWay, oneWay string // the arrow between a road's ends
	roads          string // "Start %s, goal %s." and the roads table's head
	nodes, nodesH  string // the nodes table's head, without and with h
	row            string // a row of two cells
	row3           string // a row of three cells
	end            string // a table's end
}

var (
	markdownMarkup = sheetMarkup{
		text: func(s string) string { return s }, cell: mdCell,
		rules: "## Rules\n\n", item: "- %s\n", instructions: "\n## Instructions\n\n", para: "%s\n",
		problem: "\n## The problem\n\n",
		twoWay:  "–", oneWay: "→",
		roads:  "Start %s, goal %s.\n\n| road | cost |\n|---|---:|\n",
		nodes:  "| node | successors, in order |\n|---|---|\n",
		nodesH: "| node | h | successors, in order |\n|---|---:|---|\n",
		row:    "| %s | %s |\n", row3: "| %s | %s | %s |\n", end: "\n",
	}
	texMarkup = sheetMarkup{
		text: tex, cell: tex,
		rules: "\\subsection*{Rules}\n\\begin{itemize}\n", item: "\\item %s\n",
		instructions: "\\end{itemize}\n\\subsection*{Instructions}\n", para: "%s\n",
		problem: "\\subsection*{The problem}\n",
		twoWay:  "--", oneWay: "$\\to$",
		roads:  "\\sheetneed{8\\baselineskip}\nStart %s, goal %s.\n\n{\\small\\begin{longtable}{" + texColumns(texCol('l', "6cm"), texCol('r', "1.4cm")) + "}\\hline road & cost\\\\ \\hline\n",
		nodes:  "\\sheetneed{6\\baselineskip}\n{\\small\\begin{longtable}{" + texColumns(texCol('l', "3.4cm"), texCol('l', "9cm")) + "}\\hline node & successors, in order\\\\ \\hline\n",
		nodesH: "\\sheetneed{6\\baselineskip}\n{\\small\\begin{longtable}{" + texColumns(texCol('l', "3.4cm"), texCol('r', "1.4cm"), texCol('l', "9cm")) + "}\\hline node & h & successors, in order\\\\ \\hline\n",
		row:    "%s & %s\\\\\n", row3: "%s & %s & %s\\\\\n", end: "\\hline\\end{longtable}}\n",
	}
	htmlMarkup = sheetMarkup{
		text: html.EscapeString, cell: html.EscapeString,
		rules: "<h2>Rules</h2>\n<ul data-testid=\"rules\">\n", item: "<li>%s</li>\n",
		instructions: "</ul>\n<h2>Instructions</h2>\n", para: "<p>%s</p>\n",
		problem: "<h2>The problem</h2>\n",
		twoWay:  "–", oneWay: "→",
		roads:  "<p>Start %s, goal %s.</p>\n<table data-testid=\"roads\"><tr><th>road</th><th>cost</th></tr>\n",
		nodes:  "<table data-testid=\"h\"><tr><th>node</th><th>successors, in order</th></tr>\n",
		nodesH: "<table data-testid=\"h\"><tr><th>node</th><th>h</th><th>successors, in order</th></tr>\n",
		row:    "<tr><td>%s</td><td>%s</td></tr>\n", row3: "<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", end: "</table>\n",
	}
)

// sheetIntro writes a sheet's rules as a list and its instructions as
// paragraphs, then the heading of the problem, in m's markup.
func sheetIntro(p *printer, sh *sheet, m sheetMarkup) {
	p.f("%s", m.rules)
	for _, r := range sh.rulesList() {
		p.f(m.item, m.text(r))
	}
	p.f("%s", m.instructions)
	for _, s := range sh.instructions() {
		p.f(m.para, m.text(s))
	}
	p.f("%s", m.problem)
}

// sheetGraphTables writes a graph sheet's start and goal, its roads
// (both ends and the arrow between them, the cost) and its nodes: each
// node's h if the sheet gives h, and its successors in the order the
// search takes them, in m's markup.
func sheetGraphTables(p *printer, sh *sheet, m sheetMarkup) {
	p.f(m.roads, m.text(sh.startName()), m.text(sh.goalName()))
	for _, e := range sh.edges {
		arrow := m.twoWay
		if e.Directed {
			arrow = m.oneWay
		}
		p.f(m.row, m.cell(e.From)+" "+arrow+" "+m.cell(e.To), num(e.Cost))
	}
	p.f("%s", m.end)
	if len(sh.hTable) == 0 {
		return
	}
	head := m.nodes
	if sh.givesH {
		head = m.nodesH
	}
	p.f("%s", head)
	for _, h := range sh.hTable {
		if sh.givesH {
			p.f(m.row3, m.cell(h[0]), h[1], m.cell(sh.succ[h[0]]))
		} else {
			p.f(m.row, m.cell(h[0]), m.cell(sh.succ[h[0]]))
		}
	}
	p.f("%s", m.end)
}

func (sh *sheet) startName() string {
	if g, ok := sh.inst.(*graph.Graph); ok {
		return g.StartName()
	}
	return sh.rootState
}

func (sh *sheet) goalName() string {
	if g, ok := sh.inst.(*graph.Graph); ok {
		return g.GoalName()
	}
	return ""
}

// --- LaTeX ---

func sheetTeX(w io.Writer, sh *sheet) error {
	p := &printer{w: w}
	mark := func(v string) string {
		if sh.key {
			return `\textbf{` + tex(v) + `}`
		}
		return `\rule{1.2cm}{0.4pt}`
	}
	p.f("%% stepviz worksheet\n%% problem: %s\n%% options: %s\n%% blanks: %s\n", oneLine(sh.problem), sh.options, sh.blanks)
	p.f("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=18mm]{geometry}\n\\usepackage{longtable}\n\\usepackage{array}\n\\usepackage{graphicx}\n\\usepackage{tikz}\n\\newsavebox{\\sheetgrid}\n" + texCommaMacro + texNeedMacro + "\\renewcommand{\\arraystretch}{1.6}\n\\begin{document}\n")
	p.f("\\section*{%s}\n", tex(sh.title))
	texHeading(p, [2]string{"Problem", tex(sh.problem)}, [2]string{"Search", tex(sh.options)})
	sheetIntro(p, sh, texMarkup)
	sheetDrawingTeX(p, sh)
	for _, t := range sh.tables(mark) {
		// The heading starts a new page unless its table's head and first
		// rows fit below it (a longtable would let them part).
		p.f("\\sheetneed{8\\baselineskip}\n\\subsection*{%s}\n", tex(t.title))
		// Every column has a fixed width: room to write in by hand on the
		// sheet, and the key's columns as wide as the sheet's.
		numCol := texCol('r', "1.3cm")
		nums := make([]string, len(sheetColumns(sh.fam)))
		for i := range nums {
			nums[i] = numCol
		}
		var spec string
		switch t.id {
		case "steps":
			spec = texColumns(append(append([]string{texCol('r', "0.9cm"), texCol('l', "3cm")}, nums...), texCol('l', "6.8cm"))...)
		case "open":
			spec = texColumns(append([]string{texCol('r', "0.6cm"), texCol('l', "4cm")}, nums...)...)
		default:
			spec = texColumns(texCol('l', "1.9cm"), texCol('l', "1.7cm"), texCol('l', "2.4cm"), texCol('l', "2.4cm"), texCol('r', "1.3cm"), texCol('r', "1.3cm"), texCol('r', "1.3cm"), texCol('r', "1.3cm"))
		}
		p.f("\\begin{longtable}{%s}\n\\hline\n", spec)
		hs := make([]string, len(t.header))
		for i, h := range t.header {
			hs[i] = `\textbf{` + tex(h) + `}`
		}
		p.f("%s\\\\ \\hline\n\\endhead\n", strings.Join(hs, " & "))
		for _, r := range t.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				switch {
				case !c.blank:
					cells[i] = texCell(c.v)
				case sh.key && c.v != "":
					cells[i] = `\textbf{` + texCell(c.v) + `}`
				default:
					cells[i] = ""
				}
			}
			p.f("%s\\\\ \\hline\n", strings.Join(cells, " & "))
		}
		p.f("\\end{longtable}\n")
	}
	if sh.key {
		p.f("\\noindent %s Answers are in bold.\n", texCommaBreaks(tex(sh.resultLine())))
	}
	p.f("\\end{document}\n")
	return p.err
}

// texCell escapes a cell but keeps the markup fillChildF inserted.
func texCell(v string) string {
	const rule, bold = `\rule{1.2cm}{0.4pt}`, `\textbf{`
	if !strings.Contains(v, rule) && !strings.Contains(v, bold) {
		return texCommaBreaks(tex(v))
	}
	// Split around the inserted markup and escape the rest.
	var b strings.Builder
	for v != "" {
		i := strings.Index(v, `\`)
		if i < 0 {
			b.WriteString(tex(v))
			break
		}
		b.WriteString(tex(v[:i]))
		v = v[i:]
		switch {
		case strings.HasPrefix(v, rule):
			b.WriteString(rule)
			v = v[len(rule):]
		case strings.HasPrefix(v, bold):
			end := strings.IndexByte(v, '}')
			b.WriteString(v[:end+1])
			v = v[end+1:]
		default:
			b.WriteString(tex(v[:1]))
			v = v[1:]
		}
	}
	return texCommaBreaks(b.String())
}

// texCommaBreaks lets a line break after each comma of a word longer than
// a column's narrowest room (12 characters), so that a state written as a
// comma list (a 15-puzzle's tiles) wraps in its column instead of running
// over the next one; a short one (a grid cell, 3,4) stays whole. The comma
// is written \cb (texCommaMacro, in the document's preamble), four bytes
// more than a comma where ",\allowbreak{}" would be thirteen.
func texCommaBreaks(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if len(w) > 12 {
			words[i] = strings.ReplaceAll(w, ",", `\cb `)
		}
	}
	return strings.Join(words, " ")
}

// texNeedMacro defines \sheetneed{LENGTH}: a page break here unless
// LENGTH is left on the page, else none (needspace's rule, in plain TeX so
// that a sheet needs no package beyond texlive-latex-base's).
const texNeedMacro = "\\newcommand{\\sheetneed}[1]{\\par\\begingroup\\dimen0=#1\\relax\\vskip 0pt plus \\dimen0\\penalty-100\\vskip 0pt plus -\\dimen0\\vskip\\dimen0\\penalty9999\\vskip-\\dimen0\\vskip 0pt\\endgroup}\n"

// texCommaMacro defines \cb, a comma after which a line may break.
const texCommaMacro = "\\newcommand{\\cb}{,\\allowbreak}\n"

func sheetDrawingTeX(p *printer, sh *sheet) {
	switch sh.kind {
	case "puzzle":
		start, goal := puzzleBoards(sh.inst)
		board := func(name string, b [][]string) {
			p.f("\\begin{tabular}{c}%s\\\\\n\\begin{tabular}{|%s}\\hline\n", name, strings.Repeat("c|", len(b)))
			for _, row := range b {
				p.f("%s\\\\ \\hline\n", strings.Join(row, " & "))
			}
			p.f("\\end{tabular}\\end{tabular}\\qquad\n")
		}
		p.f("\\begin{center}\n")
		board("Start", start)
		board("Goal", goal)
		p.f("\\end{center}\n")
	case "grid":
		rows := gridRows(sh.inst)
		p.f("S start, G goal, \\# wall, . free (cost 1), digits: terrain cost. x is the column, y the row.\n\\begin{center}\n")
		// A map wider than the text or taller than most of a page is
		// scaled down to fit, by TeX, which knows the table's size.
		p.f("\\sbox{\\sheetgrid}{")
		p.f("{\\renewcommand{\\arraystretch}{1.1}\\begin{tabular}{r|%s|}\n", strings.Repeat("c", max(len(firstRow(rows)), 1)))
		var head []string
		for x := range firstRow(rows) {
			head = append(head, fmt.Sprint(x))
		}
		p.f(" & %s\\\\ \\hline\n", strings.Join(head, " & "))
		for y, r := range rows {
			cells := make([]string, len(r))
			for i, c := range r {
				cells[i] = tex(string(c))
			}
			p.f("%d & %s\\\\\n", y, strings.Join(cells, " & "))
		}
		p.f("\\hline\\end{tabular}}}%%\n")
		p.f("\\ifdim\\wd\\sheetgrid>\\linewidth\\sbox{\\sheetgrid}{\\resizebox{\\linewidth}{!}{\\usebox{\\sheetgrid}}}\\fi\n")
		p.f("\\ifdim\\dimexpr\\ht\\sheetgrid+\\dp\\sheetgrid\\relax>0.75\\textheight\\sbox{\\sheetgrid}{\\resizebox*{!}{0.75\\textheight}{\\usebox{\\sheetgrid}}}\\fi\n")
		p.f("\\usebox{\\sheetgrid}\n\\end{center}\n")
	case "graph":
		if g, ok := sh.inst.(*graph.Graph); ok {
			sheetGraphTikZ(p, g)
		}
		sheetGraphTables(p, sh, texMarkup)
	case "script":
		src := strings.ReplaceAll(strings.TrimRight(sh.script.Text, "\n"), `\end{verbatim}`, `\end {verbatim}`)
		p.f("%s\n{\\small\n\\begin{verbatim}\n%s\n\\end{verbatim}\n}\n", tex(sh.scriptIntro("")), src)
	}
}

func firstRow(rows []string) string {
	if len(rows) == 0 {
		return ""
	}
	return rows[0]
}

// --- HTML ---

func sheetHTML(w io.Writer, sh *sheet) error {
	p := &printer{w: w}
	esc := html.EscapeString
	mark := func(v string) string {
		if sh.key {
			return "\x01" + v + "\x02"
		}
		return "\x03"
	}
	p.f("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"stepviz\">\n<title>%s</title>\n", esc(sh.title))
	p.f(`<style>
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; color: #000; }
table { border-collapse: collapse; margin: .4rem 0 1rem; }
th, td { border: 1px solid #000; padding: .25rem .5rem; vertical-align: top; }
td.blank { min-width: 4rem; height: 1.8rem; }
.answer { font-weight: 700; text-decoration: underline; }
.slot { display: inline-block; min-width: 2.5rem; border-bottom: 1px solid #000; }
table.board td { width: 2rem; height: 2rem; text-align: center; font-weight: 700; }
[data-testid="drawing"] svg { max-width: 100%%; height: auto; }
table[data-testid="steps"] { width: 100%%; }
table[data-testid="steps"] td:last-child { width: 45%%; }
pre { font-size: 1rem; }
@media print {
  body { margin: 0; }
  h1, h2 { break-after: avoid-page; }
  tr, [data-testid="drawing"] { break-inside: avoid; }
}
</style>
</head>
<body>
`)
	p.f("<h1 data-testid=\"title\">%s</h1>\n<p>Problem: <code data-testid=\"problem\">%s</code><br>Search: <code data-testid=\"options\">%s</code></p>\n", esc(sh.title), esc(sh.problem), esc(sh.options))
	sheetIntro(p, sh, htmlMarkup)
	sheetDrawingHTML(p, sh)
	for _, t := range sh.tables(mark) {
		id := t.id
		p.f("<h2>%s</h2>\n<table data-testid=\"%s\">\n<tr>", esc(t.title), id)
		for _, h := range t.header {
			p.f("<th>%s</th>", esc(h))
		}
		p.f("</tr>\n")
		for _, r := range t.rows {
			p.f("<tr>")
			for _, c := range r {
				switch {
				case !c.blank:
					v := esc(c.v)
					v = strings.NewReplacer("\x01", `<span class="answer">`, "\x02", "</span>", "\x03", `<span class="slot"></span>`).Replace(v)
					p.f("<td>%s</td>", v)
				case sh.key && c.v != "":
					p.f("<td class=\"answer\">%s</td>", esc(c.v))
				default:
					p.f("<td class=\"blank\"></td>")
				}
			}
			p.f("</tr>\n")
		}
		p.f("</table>\n")
	}
	if sh.key {
		p.f("<p data-testid=\"result\">%s Answers are in bold and underlined.</p>\n", esc(sh.resultLine()))
	}
	p.f("</body>\n</html>\n")
	return p.err
}

func sheetDrawingHTML(p *printer, sh *sheet) {
	esc := html.EscapeString
	svg := problemDrawing(sh.inst)
	if svg != "" {
		p.f("<div data-testid=\"drawing\">%s</div>\n", svg)
	}
	switch sh.kind {
	case "puzzle":
		if svg != "" {
			break // the drawing shows the start and goal boards
		}
		start, goal := puzzleBoards(sh.inst)
		for _, b := range []struct {
			name  string
			board [][]string
		}{{"Start", start}, {"Goal", goal}} {
			p.f("<table class=\"board\" data-testid=\"board-%s\"><caption>%s</caption>\n", strings.ToLower(b.name), b.name)
			for _, row := range b.board {
				p.f("<tr>")
				for _, c := range row {
					p.f("<td>%s</td>", esc(c))
				}
				p.f("</tr>\n")
			}
			p.f("</table>\n")
		}
	case "grid":
		p.f("<p>S start, G goal, # wall, . free (cost 1), digits: terrain cost; x is the column, y the row, from 0 at the top left.</p>\n<pre data-testid=\"grid\">\n")
		sheetGridText(p, sh, esc)
		p.f("</pre>\n")
	case "graph":
		sheetGraphTables(p, sh, htmlMarkup)
	case "script":
		p.f("<p>%s</p>\n<pre data-testid=\"script\">%s</pre>\n", esc(sh.scriptIntro("")), esc(strings.TrimRight(sh.script.Text, "\n")))
	}
}
