package jupyter

import (
	"strings"
	"sync"
)

// Narration and tables travel as text/markdown, not text/html: nbconvert's
// SanitizeHTML preprocessor (bleach with its default tags) escapes a
// table, a div and a pre into visible markup, but leaves Markdown, which
// holds no tags, as it is; the HTML exporter then renders it (a pipe table
// becomes a table), the LaTeX exporter hands it to pandoc, the Markdown
// exporter writes it out, and every notebook front end renders it.
//
// toMarkdown writes the kernel's own HTML vocabulary as Markdown: a table
// (thead and tbody rows of th and td) as a pipe table, pre as a fenced
// block, a as a link, div and p as paragraphs, and a block whose style is
// font-weight:bold as strong text. Anything else contributes its text.
// Text is escaped so that it reads as written: < > & as entities (bleach
// leaves them alone, Markdown decodes them), Markdown's own marks with a
// backslash. plain reports that the HTML was nothing but one pre block,
// which text/plain shows as well. HTML that is not the kernel's own (see
// kernelhtml.go) is shown as its source, escaped, in one paragraph.
// O(len(h)).
func toMarkdown(h string) (md string, plain bool) {
	nodes, err := parseKernelHTML(h)
	if err != nil {
		return escapeMarkdown(collapse(h)), false
	}
	return nodesMarkdown(nodes)
}

// nodesMarkdown writes top-level nodes as toMarkdown does; plain as
// toMarkdown's. O(size of the tree).
func nodesMarkdown(nodes []*hnode) (md string, plain bool) {
	var blocks []string
	pres := 0
	for _, n := range nodes {
		mdBlocks(n, &blocks, &pres)
	}
	return strings.Join(blocks, "\n\n"), pres == 1 && len(blocks) == 1
}

// mdBlocks appends the Markdown blocks of n to out; pres counts the pre
// blocks.
func mdBlocks(n *hnode, out *[]string, pres *int) {
	switch n.tag {
	case "":
		if t := strings.TrimSpace(n.text); t != "" {
			*out = append(*out, escapeMarkdown(collapse(t)))
		}
		return
	case "!":
		return
	case "table":
		if t := mdTable(n); t != "" {
			*out = append(*out, t)
		}
		return
	case "pre":
		*pres++
		*out = append(*out, fence(textOf(n)))
		return
	case "style", "script", "svg":
		return
	}
	if hasBlockChild(n) {
		for _, c := range n.kids {
			mdBlocks(c, out, pres)
		}
		return
	}
	if line := strings.TrimSpace(mdInline(n)); line != "" {
		if strings.Contains(n.attr("style"), "font-weight:bold") {
			line = "**" + line + "**"
		}
		*out = append(*out, line)
	}
}

// hasBlockChild reports whether n holds a block element (so its children
// are blocks of their own).
func hasBlockChild(n *hnode) bool {
	for _, c := range n.kids {
		switch c.tag {
		case "div", "p", "table", "pre", "ul", "ol", "svg":
			return true
		}
	}
	return false
}

// mdInline writes the inline content of n: text, links and bold.
func mdInline(n *hnode) string {
	var b strings.Builder
	for _, c := range n.kids {
		switch {
		case c.tag == "":
			b.WriteString(escapeMarkdown(collapse(c.text)))
		case c.tag == "a" && c.attr("href") != "":
			b.WriteString("[" + strings.TrimSpace(mdInline(c)) + "](" + linkTarget(c.attr("href")) + ")")
		case c.tag == "b" || c.tag == "strong":
			b.WriteString("**" + strings.TrimSpace(mdInline(c)) + "**")
		case c.tag == "br":
			b.WriteString(" ")
		case c.tag != "!":
			b.WriteString(mdInline(c))
		}
	}
	return b.String()
}

// mdTable writes a table's rows as a pipe table, its first row the head.
func mdTable(t *hnode) string {
	var rows [][]string
	var walk func(*hnode)
	walk = func(n *hnode) {
		for _, c := range n.kids {
			if c.tag != "tr" {
				walk(c)
				continue
			}
			var row []string
			for _, d := range c.kids {
				if d.tag == "td" || d.tag == "th" {
					row = append(row, strings.TrimSpace(mdInline(d)))
				}
			}
			rows = append(rows, row)
		}
	}
	walk(t)
	if len(rows) == 0 {
		return ""
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	line := func(r []string) {
		b.WriteString("|")
		for i := 0; i < cols; i++ {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
	line(rows[0])
	b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
	for _, r := range rows[1:] {
		line(r)
	}
	return strings.TrimRight(b.String(), "\n")
}

// fence writes text as a fenced code block, its fence longer than any run
// of backticks inside.
func fence(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + "\n" + strings.TrimRight(text, "\n") + "\n" + f
}

// textOf is the text of n and its descendants, as written.
func textOf(n *hnode) string {
	if n.tag == "" {
		return n.text
	}
	var b strings.Builder
	for _, c := range n.kids {
		b.WriteString(textOf(c))
	}
	return b.String()
}

// collapse turns each run of white space into one space, as HTML shows it.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// mdEscaper escapes what Markdown would read as markup, and < > & as
// entities, which survive bleach and read back as the characters.
var mdEscaper = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		`&`, "&amp;", `<`, "&lt;", `>`, "&gt;",
		`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
		`#`, `\#`, `|`, `\|`, `~`, `\~`,
	)
})

// listMark is the length of what Markdown would read as a list item or a
// heading underline at the start of a line ("- ", "+ ", "1. ", "2) ",
// "==="): its mark's last byte is s[n-1]; 0 if there is none.
func listMark(s string) (n int) {
	if s != "" && strings.IndexByte("-+=", s[0]) >= 0 {
		return 1
	}
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n > 0 && n < len(s) && (s[n] == '.' || s[n] == ')') {
		return n + 1
	}
	return 0
}

// escapeMarkdown escapes s, a line's text, so that Markdown shows it as
// written.
func escapeMarkdown(s string) string {
	s = mdEscaper().Replace(s)
	if n := listMark(s); n > 0 {
		s = s[:n-1] + `\` + s[n-1:]
	}
	return s
}

// linkTarget writes a link's target for Markdown: spaces and parentheses
// escaped so that the target stays one.
func linkTarget(href string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(href)
}
