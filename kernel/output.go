package kernel

import (
	"fmt"
	"html"
	"strings"
)

// Output is one thing a cell shows: text/plain for terminals and logs, and
// text/html (SVG drawings, tables) for notebooks. HTML may be empty.
//
// A search's live view has a DisplayID. An Output with Update set replaces
// the earlier display with that id wherever it is (Jupyter's
// update_display_data) and adds nothing to the running cell.
//
// Value marks the result of a query (show stats, show path, compare):
// front ends that know a cell's result (Jupyter's execute_result) show
// the last output of a cell as its result when it is a value.
//
// Passing marks a frame of a run in progress: a newer frame of the same
// display always follows it (the run's last frame is not Passing), so a
// front end may send it cheaply (the Jupyter kernel leaves out its PNGs).
//
// Subject names what the output's drawings show ("a at step 3: astar h=sld
// on graph romania"), so a front end that shows a drawing as words (a terminal)
// can say whose it is; "" for outputs that need no more than each
// drawing's own label.
type Output struct {
	Text      string
	HTML      string
	Subject   string
	DisplayID string
	Update    bool
	Value     bool
	Passing   bool
}

// table is a small text-and-HTML table builder.
type table struct {
	head []string
	rows [][]string
	note string // shown under the table, such as "... and 40 more"
}

func (t *table) add(cells ...any) {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = fmt.Sprint(c)
	}
	t.rows = append(t.rows, row)
}

// text writes the table with aligned columns.
func (t *table) text() string {
	width := make([]int, len(t.head))
	for i, h := range t.head {
		width[i] = len(h)
	}
	for _, r := range t.rows {
		for i, c := range r {
			if i < len(width) && len(c) > width[i] {
				width[i] = len(c)
			}
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			if i == len(cells)-1 {
				b.WriteString(c)
			} else {
				fmt.Fprintf(&b, "%-*s", width[i], c)
			}
		}
		b.WriteString("\n")
	}
	line(t.head)
	for _, r := range t.rows {
		line(r)
	}
	if t.note != "" {
		b.WriteString(t.note + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// html writes the table as an HTML table, every cell escaped.
func (t *table) html() string {
	var b strings.Builder
	b.WriteString(`<table class="stepviz-table" style="border-collapse:collapse;font-family:monospace;font-size:13px">`)
	b.WriteString("<thead><tr>")
	for _, h := range t.head {
		fmt.Fprintf(&b, `<th style="text-align:left;padding:2px 8px;border-bottom:1px solid #999">%s</th>`, html.EscapeString(h))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range t.rows {
		b.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(&b, `<td style="padding:2px 8px">%s</td>`, html.EscapeString(c))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	if t.note != "" {
		fmt.Fprintf(&b, `<div style="font-size:12px;color:#555">%s</div>`, html.EscapeString(t.note))
	}
	return b.String()
}

func (t *table) output() Output { return Output{Text: t.text(), HTML: t.html()} }

// textOutput is a plain message, shown as preformatted text in HTML too.
func textOutput(format string, args ...any) Output {
	s := fmt.Sprintf(format, args...)
	return Output{Text: s, HTML: `<pre class="stepviz-text">` + html.EscapeString(s) + `</pre>`}
}

// maxSubject bounds Output.Subject (a grid's inline rows can be long).
const maxSubject = 80

// subject is s shortened to maxSubject runes, "…" marking a cut.
func subject(s string) string {
	if r := []rune(s); len(r) > maxSubject {
		return string(r[:maxSubject-1]) + "…"
	}
	return s
}
