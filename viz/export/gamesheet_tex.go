package export

import (
	"strings"

	"stepviz/stepper/game"
)

// gameSheetTeX writes a game worksheet (or its key) as a LaTeX document:
// the same instructions and the same table as the md sheet (gameSheet's
// rows), ruled so that a student fills it in by hand; the key prints the
// view's values and crosses. stepviz check reads the table back
// (texTableRows). O(rows).
func gameSheetTeX(p *printer, rows []sheetRow, end *game.View, o game.Options, blanks GameBlanks, key bool) {
	title := "Worksheet"
	if key {
		title = "Answer key"
	}
	algo := strings.ToLower(gameTitle(o.Algorithm)[:1]) + gameTitle(o.Algorithm)[1:]
	p.f("%% stepviz game worksheet\n%% problem: %s\n%% options: %s\n", oneLine(end.Problem), oneLine(end.Options))
	p.f("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=18mm]{geometry}\n\\usepackage{longtable}\n\\usepackage{array}\n\\usepackage{amssymb}\n\\begin{document}\n")
	p.f("\\section*{%s: %s}\n", title, texEsc(algo))
	texHeading(p, [2]string{"Problem", texEsc(end.Problem)}, [2]string{"Search", texEsc(end.Options)})
	p.f("\n")
	p.f("The root is MAX; the levels alternate MAX and MIN. A leaf's value is its utility for MAX")
	if o.Depth > 0 {
		p.f(" (at depth %d, the evaluation of the position)", o.Depth)
	}
	p.f(".\n\\begin{enumerate}\n")
	if blanks.Values {
		p.f("\\item \\textbf{Fill in the values}: write in the value column the value %s backs up to each inner node.", texEsc(algoWord(o.Algorithm)))
		if blanks.Pruned {
			p.f(" Leave it empty for a node alpha-beta never visits.")
		}
		p.f("\n")
	}
	if blanks.Pruned {
		p.f("\\item \\textbf{Cross out the pruned branches}: write yes in the pruned column of every node alpha-beta never visits (pruned, or under a pruned branch), no for the others.\n")
	}
	p.f("\\end{enumerate}\n")
	// Fixed widths (texCol): one pdflatex run sets the table as it
	// prints, and a long node name wraps in its column.
	cols := []string{"node", "parent", "state", "turn", "leaf value"}
	spec := []string{texCol('l', "2.9cm"), texCol('l', "2.5cm"), texCol('l', "2.6cm"), texCol('l', "1.7cm"), texCol('r', "1.3cm")}
	if blanks.Values {
		cols, spec = append(cols, "value"), append(spec, texCol('l', "1.8cm"))
	}
	if blanks.Pruned {
		cols, spec = append(cols, "pruned"), append(spec, texCol('l', "1.4cm"))
	}
	p.f("\n\\renewcommand{\\arraystretch}{1.35}\n\\begin{longtable}{%s}\n\\hline\n%s \\\\ \\hline\n\\endhead\n", texColumns(spec...), strings.Join(cols, " & "))
	for _, r := range rows {
		cells := []string{texEsc(r.Node), texEsc(r.Parent), texBreakable(r.State), r.Turn, texEsc(r.LeafValue)}
		for _, a := range r.answers(blanks, key) {
			cells = append(cells, texEsc(a))
		}
		p.f("%s \\\\ \\hline\n", strings.Join(cells, " & "))
	}
	p.f("\\end{longtable}\n")
	if key {
		p.f("\\noindent %s\n", gameSheetResult(end, rows, o, texEsc))
	}
	p.f("\n\\noindent Grade a sheet filled in in its file with \\texttt{stepviz check -problem} PROBLEM \\texttt{-algo} SEARCH \\texttt{SHEET.tex}, the problem and search above.\n\\end{document}\n")
}

// texTableRows reads the rows of a LaTeX table as gameSheetTeX writes it:
// each line holding " & " and ending in "\\" (and \hline) is a row, its
// cells unescaped as texEsc writes them. lines are the rows' line
// numbers. O(len(data)).
func texTableRows(data string) (table [][]string, lines []int) {
	un := strings.NewReplacer(`$-$`, "−", `$\infty$`, "∞", `$\times$`, "✗", `{[}`, "[", `{]}`, "]", `\allowbreak{}`, "",
		`\_`, "_", `\&`, "&", `\#`, "#", `\%`, "%", `\$`, "$", `\{`, "{", `\}`, "}", `\ldots{}`, "…", `$\to$`, "→")
	for i, l := range strings.Split(data, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimSuffix(l, `\hline`))
		if !strings.Contains(l, "&") || !strings.HasSuffix(l, `\\`) || strings.HasPrefix(l, "%") {
			continue
		}
		cells := strings.Split(strings.TrimSuffix(l, `\\`), "&")
		for k := 0; k < len(cells); k++ { // an escaped \& splits a cell: join it back
			if strings.HasSuffix(cells[k], `\`) && k+1 < len(cells) {
				cells[k] += "&" + cells[k+1]
				cells = append(cells[:k+1], cells[k+2:]...)
				k--
			}
		}
		for k := range cells {
			cells[k] = strings.TrimSpace(un.Replace(cells[k]))
		}
		table, lines = append(table, cells), append(lines, i+1)
	}
	return table, lines
}
