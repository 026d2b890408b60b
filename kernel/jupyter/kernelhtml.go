package jupyter

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The kernel's outputs carry HTML that the kernel writes itself (package
// kernel: narration and status lines in div, tables, pre blocks, download
// links, drawings in svg). parseKernelHTML reads exactly that vocabulary
// into a tree, strictly: on what it accepts, toMarkdown writes what it
// would write from an HTML5 parser's tree (TestKernelHTMLMatchesHTML5,
// FuzzToMarkdown), and anything else is an error rather than a guess at
// how a browser would repair it.
//
// Accepted: the elements in htmlElements, properly nested and closed;
// attributes with quoted or bare values; text with the entities the
// kernel writes (&amp; &lt; &gt; &quot; &apos; &nbsp; and numeric
// references to printable characters); comments; inside svg any well-formed XML element (it is a
// drawing, never shown as words). Refused: a block element inside p, an a
// inside an a, table parts outside their table, text directly inside a
// table, a row or a row group, end tags that close nothing or the wrong
// element, elements left open, a < or & that starts no tag or entity, NUL.

// hnode is one node of the kernel's HTML: an element (tag set, lower case)
// or a text (tag "") or a comment (tag "!", no text kept).
type hnode struct {
	tag   string
	text  string
	attrs [][2]string
	kids  []*hnode
}

// attr is the value of n's first attribute named key, or "".
func (n *hnode) attr(key string) string {
	for _, a := range n.attrs {
		if a[0] == key {
			return a[1]
		}
	}
	return ""
}

// htmlElements are the elements parseKernelHTML accepts outside svg, and
// whether each is a block (so a p cannot hold it).
var htmlElements = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"div": true, "p": true, "pre": true, "table": true, "ul": true, "ol": true, "li": true,
		"thead": true, "tbody": true, "tfoot": true, "tr": true, "th": true, "td": true,
		"span": false, "a": false, "b": false, "strong": false, "em": false, "i": false,
		"code": false, "br": false, "svg": false, "style": false, "script": false,
	}
})

// svgBreakout are the tags that an HTML5 parser takes out of an svg into
// the surrounding HTML; inside svg they are refused.
var svgBreakout = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"b": true, "big": true, "blockquote": true, "body": true, "br": true, "center": true, "code": true,
		"dd": true, "div": true, "dl": true, "dt": true, "em": true, "embed": true, "font": true,
		"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "head": true, "hr": true,
		"i": true, "img": true, "li": true, "listing": true, "menu": true, "meta": true, "nobr": true,
		"ol": true, "p": true, "pre": true, "ruby": true, "s": true, "small": true, "span": true,
		"strong": true, "strike": true, "sub": true, "sup": true, "table": true, "tt": true, "u": true,
		"ul": true, "var": true,
	}
})

// tableParent names, for each table part, the elements it may sit in.
var tableParent = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"thead": "table", "tbody": "table", "tfoot": "table", "tr": "table thead tbody tfoot",
		"th": "tr", "td": "tr",
	}
})

var errNotKernelHTML = errors.New("not the kernel's HTML")

// parseKernelHTML reads h (see above) into its top-level nodes. O(len(h))
// time, nesting bounded by len(h).
func parseKernelHTML(h string) ([]*hnode, error) {
	if strings.IndexByte(h, 0) >= 0 {
		return nil, errNotKernelHTML
	}
	if strings.IndexByte(h, '\r') >= 0 {
		h = strings.ReplaceAll(strings.ReplaceAll(h, "\r\n", "\n"), "\r", "\n")
	}
	root := &hnode{tag: "#root"}
	stack := []*hnode{root}
	inSVG := 0 // how many of the open elements are svg
	for len(h) > 0 {
		top := stack[len(stack)-1]
		lt := strings.IndexByte(h, '<')
		if lt != 0 {
			if lt < 0 {
				lt = len(h)
			}
			text, err := decodeEntities(h[:lt])
			if err != nil {
				return nil, err
			}
			if isTablePart(top.tag) && strings.TrimLeft(text, " \t\n\f") != "" {
				return nil, errNotKernelHTML
			}
			top.kids = append(top.kids, &hnode{text: text})
			h = h[lt:]
			continue
		}
		switch {
		case strings.HasPrefix(h, "<!--"):
			end := strings.Index(h[4:], "-->")
			if end < 0 || strings.HasPrefix(h[4:], ">") || strings.HasPrefix(h[4:], "->") || strings.Contains(h[4:4+end], "--!>") {
				return nil, errNotKernelHTML
			}
			top.kids = append(top.kids, &hnode{tag: "!"})
			h = h[4+end+3:]
		case strings.HasPrefix(h, "</"):
			name, rest, ok := tagName(h[2:])
			rest = strings.TrimLeft(rest, " \t\n\f")
			if !ok || !strings.HasPrefix(rest, ">") || len(stack) == 1 || top.tag != name {
				return nil, errNotKernelHTML
			}
			if name == "svg" {
				inSVG--
			}
			stack = stack[:len(stack)-1]
			h = rest[1:]
		default:
			el, rest, selfClosing, err := startTag(h[1:])
			if err != nil {
				return nil, err
			}
			if err := mayOpen(stack, el.tag, inSVG > 0); err != nil {
				return nil, err
			}
			top.kids = append(top.kids, el)
			h = rest
			switch {
			case el.tag == "br":
			case selfClosing && inSVG > 0:
			case selfClosing:
				return nil, errNotKernelHTML
			case inSVG == 0 && (el.tag == "style" || el.tag == "script"):
				end := indexFold(h, "</"+el.tag)
				if end < 0 {
					return nil, errNotKernelHTML
				}
				if end > 0 {
					el.kids = append(el.kids, &hnode{text: h[:end]})
				}
				h = h[end:]
				stack = append(stack, el)
			default:
				stack = append(stack, el)
				if el.tag == "svg" {
					inSVG++
				}
				if el.tag == "pre" {
					h = strings.TrimPrefix(h, "\n")
				}
			}
		}
	}
	if len(stack) != 1 {
		return nil, errNotKernelHTML
	}
	return root.kids, nil
}

// mayOpen reports whether tag may open inside the open elements stack.
func mayOpen(stack []*hnode, tag string, inSVG bool) error {
	top := stack[len(stack)-1].tag
	if inSVG {
		if svgBreakout()[tag] || tag == "font" {
			return errNotKernelHTML
		}
		return nil
	}
	block, known := htmlElements()[tag]
	if !known {
		return errNotKernelHTML
	}
	if parents, ok := tableParent()[tag]; ok {
		if !strings.Contains(" "+parents+" ", " "+top+" ") {
			return errNotKernelHTML
		}
	} else if isTablePart(top) {
		return errNotKernelHTML
	}
	for _, open := range stack {
		switch {
		case block && open.tag == "p", tag == "a" && open.tag == "a", tag == "li" && open.tag == "li":
			return errNotKernelHTML
		}
	}
	return nil
}

// isTablePart reports whether tag is a table or a part that holds rows or
// cells only.
func isTablePart(tag string) bool {
	switch tag {
	case "table", "thead", "tbody", "tfoot", "tr":
		return true
	}
	return false
}

// tagName reads a tag's name at the start of s, in lower case.
func tagName(s string) (name, rest string, ok bool) {
	i := 0
	for i < len(s) && (isASCIILetter(s[i]) || i > 0 && (s[i] >= '0' && s[i] <= '9' || s[i] == '-')) {
		i++
	}
	if i == 0 {
		return "", s, false
	}
	return strings.ToLower(s[:i]), s[i:], true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// startTag reads a start tag after its <: name, attributes, then > or />.
func startTag(s string) (el *hnode, rest string, selfClosing bool, err error) {
	name, s, ok := tagName(s)
	if !ok {
		return nil, "", false, errNotKernelHTML
	}
	el = &hnode{tag: name}
	for {
		t := strings.TrimLeft(s, " \t\n\f")
		switch {
		case strings.HasPrefix(t, ">"):
			return el, t[1:], false, nil
		case strings.HasPrefix(t, "/>"):
			return el, t[2:], true, nil
		case len(t) == len(s) && len(el.attrs) > 0:
			return nil, "", false, errNotKernelHTML // no space before an attribute
		}
		s = t
		i := 0
		for i < len(s) && (isASCIILetter(s[i]) || s[i] >= '0' && s[i] <= '9' || strings.IndexByte("-_:.", s[i]) >= 0) {
			i++
		}
		if i == 0 || i > 0 && !isASCIILetter(s[0]) {
			return nil, "", false, errNotKernelHTML
		}
		key := strings.ToLower(s[:i])
		s = strings.TrimLeft(s[i:], " \t\n\f")
		val := ""
		if strings.HasPrefix(s, "=") {
			s = strings.TrimLeft(s[1:], " \t\n\f")
			var raw string
			if q := s[:min(1, len(s))]; q == `"` || q == `'` {
				end := strings.IndexByte(s[1:], q[0])
				if end < 0 {
					return nil, "", false, errNotKernelHTML
				}
				raw, s = s[1:1+end], s[2+end:]
			} else {
				j := 0
				for j < len(s) && strings.IndexByte(" \t\n\f>", s[j]) < 0 {
					j++
				}
				if j == 0 || strings.ContainsAny(s[:j], "\"'=<`") {
					return nil, "", false, errNotKernelHTML
				}
				raw, s = s[:j], s[j:]
			}
			if val, err = decodeEntities(raw); err != nil {
				return nil, "", false, err
			}
		}
		for _, a := range el.attrs {
			if a[0] == key {
				return nil, "", false, errNotKernelHTML // a repeated attribute
			}
		}
		el.attrs = append(el.attrs, [2]string{key, val})
	}
}

// namedEntities are the named references the kernel's HTML may hold.
var namedEntities = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'", "nbsp": "\u00a0",
	}
})

// decodeEntities replaces s's character references by their characters;
// a < or an & that starts no reference of namedEntities or a number of a
// character HTML allows is an error.
func decodeEntities(s string) (string, error) {
	if strings.IndexByte(s, '<') >= 0 {
		return "", errNotKernelHTML
	}
	if strings.IndexByte(s, '&') < 0 {
		return s, nil
	}
	var b strings.Builder
	for {
		amp := strings.IndexByte(s, '&')
		if amp < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:amp])
		s = s[amp+1:]
		semi := strings.IndexByte(s, ';')
		if semi <= 0 {
			return "", errNotKernelHTML
		}
		ref := s[:semi]
		s = s[semi+1:]
		if c, ok := namedEntities()[ref]; ok {
			b.WriteString(c)
			continue
		}
		if ref[0] != '#' || len(ref) < 2 || len(ref) > 8 {
			return "", errNotKernelHTML
		}
		digits, base := ref[1:], 10
		if digits[0] == 'x' || digits[0] == 'X' {
			digits, base = digits[1:], 16
		}
		if digits == "" || digits[0] == '+' || digits[0] == '-' {
			return "", errNotKernelHTML
		}
		n, err := strconv.ParseUint(digits, base, 32)
		r := rune(n)
		if err != nil || r < 0x20 || r >= 0x7f && r <= 0x9f || !utf8.ValidRune(r) {
			return "", errNotKernelHTML
		}
		b.WriteRune(r)
	}
}

// indexFold is the index of the first match of the lower-case ASCII needle
// in s, ignoring ASCII case, or -1.
func indexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}
