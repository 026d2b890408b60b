package jupyter

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
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
// which text/plain shows as well. O(len(h)).
func toMarkdown(h string) (md string, plain bool) {
	nodes, err := html.ParseFragment(strings.NewReader(h), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return escapeMarkdown(h), false
	}
	var blocks []string
	pres := 0
	for _, n := range nodes {
		mdBlocks(n, &blocks, &pres)
	}
	return strings.Join(blocks, "\n\n"), pres == 1 && len(blocks) == 1
}

// mdBlocks appends the Markdown blocks of n to out; pres counts the pre
// blocks.
func mdBlocks(n *html.Node, out *[]string, pres *int) {
	switch {
	case n.Type == html.TextNode:
		if t := strings.TrimSpace(n.Data); t != "" {
			*out = append(*out, escapeMarkdown(collapse(t)))
		}
		return
	case n.Type != html.ElementNode:
		return
	}
	switch n.DataAtom {
	case atom.Table:
		if t := mdTable(n); t != "" {
			*out = append(*out, t)
		}
		return
	case atom.Pre:
		*pres++
		*out = append(*out, fence(textOf(n)))
		return
	case atom.Style, atom.Script, atom.Svg:
		return
	}
	if hasBlockChild(n) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			mdBlocks(c, out, pres)
		}
		return
	}
	if line := strings.TrimSpace(mdInline(n)); line != "" {
		if strings.Contains(attr(n, "style"), "font-weight:bold") {
			line = "**" + line + "**"
		}
		*out = append(*out, line)
	}
}

// hasBlockChild reports whether n holds a block element (so its children
// are blocks of their own).
func hasBlockChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Div, atom.P, atom.Table, atom.Pre, atom.Ul, atom.Ol, atom.Svg:
			return true
		}
	}
	return false
}

// mdInline writes the inline content of n: text, links and bold.
func mdInline(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			b.WriteString(escapeMarkdown(collapse(c.Data)))
		case c.DataAtom == atom.A && attr(c, "href") != "":
			b.WriteString("[" + strings.TrimSpace(mdInline(c)) + "](" + linkTarget(attr(c, "href")) + ")")
		case c.DataAtom == atom.B || c.DataAtom == atom.Strong:
			b.WriteString("**" + strings.TrimSpace(mdInline(c)) + "**")
		case c.DataAtom == atom.Br:
			b.WriteString(" ")
		case c.Type == html.ElementNode:
			b.WriteString(mdInline(c))
		}
	}
	return b.String()
}

// mdTable writes a table's rows as a pipe table, its first row the head.
func mdTable(t *html.Node) string {
	var rows [][]string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom != atom.Tr {
				walk(c)
				continue
			}
			var row []string
			for d := c.FirstChild; d != nil; d = d.NextSibling {
				if d.DataAtom == atom.Td || d.DataAtom == atom.Th {
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
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// collapse turns each run of white space into one space, as HTML shows it.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// mdEscaper escapes what Markdown would read as markup, and < > & as
// entities, which survive bleach and read back as the characters.
var mdEscaper = strings.NewReplacer(
	`&`, "&amp;", `<`, "&lt;", `>`, "&gt;",
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`#`, `\#`, `|`, `\|`, `~`, `\~`,
)

// listStart finds what Markdown would read as a list item or a heading
// underline at the start of a line: "- ", "+ ", "1. ", "2) ", "===".
var listStart = regexp.MustCompile(`^([-+=]|[0-9]+[.)])`)

// escapeMarkdown escapes s, a line's text, so that Markdown shows it as
// written.
func escapeMarkdown(s string) string {
	s = mdEscaper.Replace(s)
	if m := listStart.FindStringIndex(s); m != nil {
		s = s[:m[1]-1] + `\` + s[m[1]-1:]
	}
	return s
}

// linkTarget writes a link's target for Markdown: spaces and parentheses
// escaped so that the target stays one.
func linkTarget(href string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(href)
}
