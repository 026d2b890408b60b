package jupyter

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// html5ToMarkdown converts HTML to Markdown as toMarkdown does, from the
// tree an HTML5 parser (golang.org/x/net/html) builds instead of
// parseKernelHTML's: the reference that the strict parser, wherever it
// accepts, must agree with. Both trees go through the one converter
// (nodesMarkdown), so a difference is the parsers'.
func html5ToMarkdown(h string) (md string, plain bool) {
	nodes, err := html.ParseFragment(strings.NewReader(h), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return escapeMarkdown(h), false
	}
	tree := make([]*hnode, len(nodes))
	for i, n := range nodes {
		tree[i] = fromHTML5(n)
	}
	return nodesMarkdown(tree)
}

// fromHTML5 is n as parseKernelHTML would hold it: an element by its
// (lower-case) name and attributes, a text as written, anything else
// (a comment, a doctype) as a comment.
func fromHTML5(n *html.Node) *hnode {
	switch n.Type {
	case html.TextNode:
		return &hnode{text: n.Data}
	case html.ElementNode:
	default:
		return &hnode{tag: "!"}
	}
	h := &hnode{tag: n.Data}
	for _, a := range n.Attr {
		h.attrs = append(h.attrs, [2]string{a.Key, a.Val})
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		h.kids = append(h.kids, fromHTML5(c))
	}
	return h
}
