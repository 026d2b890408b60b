package jupyter

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// html5ToMarkdown converts HTML to Markdown as toMarkdown does, on an
// HTML5 parser (golang.org/x/net/html): the reference that toMarkdown,
// on its strict parser, must agree with wherever that parser accepts.
func html5ToMarkdown(h string) (md string, plain bool) {
	nodes, err := html.ParseFragment(strings.NewReader(h), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return escapeMarkdown(h), false
	}
	var blocks []string
	pres := 0
	for _, n := range nodes {
		h5Blocks(n, &blocks, &pres)
	}
	return strings.Join(blocks, "\n\n"), pres == 1 && len(blocks) == 1
}

// h5Blocks appends the Markdown blocks of n to out; pres counts the pre
// blocks.
func h5Blocks(n *html.Node, out *[]string, pres *int) {
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
		if t := h5Table(n); t != "" {
			*out = append(*out, t)
		}
		return
	case atom.Pre:
		*pres++
		*out = append(*out, fence(h5TextOf(n)))
		return
	case atom.Style, atom.Script, atom.Svg:
		return
	}
	if h5HasBlockChild(n) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			h5Blocks(c, out, pres)
		}
		return
	}
	if line := strings.TrimSpace(h5Inline(n)); line != "" {
		if strings.Contains(h5Attr(n, "style"), "font-weight:bold") {
			line = "**" + line + "**"
		}
		*out = append(*out, line)
	}
}

// h5HasBlockChild reports whether n holds a block element (so its children
// are blocks of their own).
func h5HasBlockChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Div, atom.P, atom.Table, atom.Pre, atom.Ul, atom.Ol, atom.Svg:
			return true
		}
	}
	return false
}

// h5Inline writes the inline content of n: text, links and bold.
func h5Inline(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			b.WriteString(escapeMarkdown(collapse(c.Data)))
		case c.DataAtom == atom.A && h5Attr(c, "href") != "":
			b.WriteString("[" + strings.TrimSpace(h5Inline(c)) + "](" + linkTarget(h5Attr(c, "href")) + ")")
		case c.DataAtom == atom.B || c.DataAtom == atom.Strong:
			b.WriteString("**" + strings.TrimSpace(h5Inline(c)) + "**")
		case c.DataAtom == atom.Br:
			b.WriteString(" ")
		case c.Type == html.ElementNode:
			b.WriteString(h5Inline(c))
		}
	}
	return b.String()
}

// h5Table writes a table's rows as a pipe table, its first row the head.
func h5Table(t *html.Node) string {
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
					row = append(row, strings.TrimSpace(h5Inline(d)))
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

// h5TextOf is the text of n and its descendants, as written.
func h5TextOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(h5TextOf(c))
	}
	return b.String()
}

func h5Attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
