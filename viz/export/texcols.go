package export

import "strings"

// texCol is one column of a printed table (a worksheet's or a key's) at a
// fixed width, its text ragged right ('l') or left ('r'), so that a cell
// too long for it wraps instead of widening the column. A longtable whose
// columns are all of fixed width is set at its final widths by the first
// pdflatex run; one with columns sized by their content (l, r, c) is not
// ("Table widths have changed. Rerun LaTeX."), and on that run its header
// and its later pages do not line up with its first rows. Needs the array
// package.
func texCol(align byte, width string) string {
	side := `\raggedright`
	if align == 'r' {
		side = `\raggedleft`
	}
	return `>{` + side + `\arraybackslash}p{` + width + `}`
}

// texColumns joins columns into a ruled longtable spec: |a|b|c|.
func texColumns(cols ...string) string {
	return "|" + strings.Join(cols, "|") + "|"
}

// texHeading writes a sheet's "Problem:" and "Search:" lines ragged right,
// so that a long options line or file name breaks at a space rather than
// running past the margin (typewriter spaces do not stretch, so TeX would
// rather overfill a justified line than break it).
func texHeading(p *printer, lines ...[2]string) {
	p.f("{\\raggedright\\noindent ")
	for i, l := range lines {
		if i > 0 {
			p.f("\\\\\n")
		}
		p.f("%s: \\texttt{%s}", l[0], l[1])
	}
	p.f("\\par}\n")
}
