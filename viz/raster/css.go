package raster

import (
	"slices"
	"strings"
	"sync"
)

// rule is one selector of a style rule with its declarations.
type rule struct {
	sel   []compound // left to right
	comb  []byte     // comb[i] joins sel[i] and sel[i+1]: ' ' or '>'
	spec  int        // specificity: 1000 per id, 100 per class or attribute, 1 per tag
	order int
	decl  [][2]string
}

// compound is a simple selector: tag, classes, attributes.
type compound struct {
	tag     string
	classes []string
	attrs   [][2]string // name, value ("" with has false: any value)
	has     []bool
}

// parseSheet reads a style sheet of plain rules (no at-rules). Rules it
// cannot read are left out.
func parseSheet(css string, base int) []rule {
	var out []rule
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			css = css[:i]
			break
		}
		css = css[:i] + css[i+2+j+2:]
	}
	for _, block := range strings.Split(css, "}") {
		sels, body, ok := strings.Cut(block, "{")
		if !ok {
			continue
		}
		decl := declarations(body)
		for _, s := range strings.Split(sels, ",") {
			if r, ok := parseSelector(strings.TrimSpace(s)); ok {
				r.decl = decl
				r.order = base + len(out)
				out = append(out, r)
			}
		}
	}
	return out
}

// declarations reads "name:value;..." pairs.
func declarations(body string) [][2]string {
	var d [][2]string
	for _, p := range strings.Split(body, ";") {
		k, v, ok := strings.Cut(p, ":")
		if !ok {
			continue
		}
		d = append(d, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
	}
	return d
}

func parseSelector(s string) (rule, bool) {
	var r rule
	s = strings.ReplaceAll(s, ">", " > ")
	pending := byte(0)
	for _, part := range strings.Fields(s) {
		if part == ">" {
			pending = '>'
			continue
		}
		c, spec, ok := parseCompound(part)
		if !ok {
			return r, false
		}
		if len(r.sel) > 0 {
			if pending == 0 {
				pending = ' '
			}
			r.comb = append(r.comb, pending)
		}
		pending = 0
		r.sel = append(r.sel, c)
		r.spec += spec
	}
	return r, len(r.sel) > 0
}

func parseCompound(s string) (compound, int, bool) {
	var c compound
	spec := 0
	i := 0
	for i < len(s) && s[i] != '.' && s[i] != '[' {
		i++
	}
	c.tag = s[:i]
	if c.tag == "*" {
		c.tag = ""
	} else if c.tag != "" {
		spec++
	}
	for i < len(s) {
		switch s[i] {
		case '.':
			j := i + 1
			for j < len(s) && s[j] != '.' && s[j] != '[' {
				j++
			}
			c.classes = append(c.classes, s[i+1:j])
			spec += 100
			i = j
		case '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return c, 0, false
			}
			name, val, has := strings.Cut(s[i+1:i+j], "=")
			c.attrs = append(c.attrs, [2]string{name, strings.Trim(val, `"'`)})
			c.has = append(c.has, has)
			spec += 100
			i += j + 1
		default:
			return c, 0, false // pseudo-classes, ids: not used by viz
		}
	}
	return c, spec, true
}

func (c *compound) matches(n *node) bool {
	if c.tag != "" && c.tag != n.name {
		return false
	}
	for _, cl := range c.classes {
		if !slices.Contains(n.classes, cl) {
			return false
		}
	}
	for k, a := range c.attrs {
		v, ok := n.attr[a[0]]
		if !ok || (c.has[k] && v != a[1]) {
			return false
		}
	}
	return true
}

// matches reports whether r selects n, right to left.
func (r *rule) matches(n *node) bool {
	return r.matchFrom(len(r.sel)-1, n)
}

func (r *rule) matchFrom(k int, n *node) bool {
	if !r.sel[k].matches(n) {
		return false
	}
	if k == 0 {
		return true
	}
	if r.comb[k-1] == '>' {
		return n.parent != nil && r.matchFrom(k-1, n.parent)
	}
	for a := n.parent; a != nil; a = a.parent {
		if r.matchFrom(k-1, a) {
			return true
		}
	}
	return false
}

// inherited lists the properties a child takes from its parent.
var inherited = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"fill": true, "stroke": true, "stroke-width": true, "stroke-dasharray": true, "stroke-linecap": true,
		"stroke-linejoin": true, "font-size": true, "font-weight": true, "font-family": true, "text-anchor": true,
		"paint-order": true, "visibility": true,
	}
})

// presentation lists the attributes that act as properties.
var presentation = []string{"fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin",
	"font-size", "font-weight", "text-anchor", "opacity", "paint-order", "display", "visibility"}

// style is the computed style of an element: property values as written,
// font-size resolved to px and opacity multiplied down the tree.
type style struct {
	props    map[string]string
	fontSize float64
	opacity  float64
}

func rootStyle() style {
	return style{props: map[string]string{"fill": "#000", "stroke": "none", "stroke-width": "1"}, fontSize: 16, opacity: 1}
}

// computeStyle cascades the sheet over n: inherited values, presentation
// attributes, matching rules by specificity and order, the style attribute.
func computeStyle(n *node, parent style, sheet []rule) style {
	s := style{props: make(map[string]string, 8), fontSize: parent.fontSize, opacity: parent.opacity}
	for k, v := range parent.props {
		if inherited()[k] {
			s.props[k] = v
		}
	}
	set := func(k, v string) {
		if k == "font-size" {
			if strings.HasSuffix(v, "em") {
				if f, ok := length(strings.TrimSuffix(v, "em"), 0); ok {
					s.fontSize = parent.fontSize * f
				}
			} else if f, ok := length(v, parent.fontSize); ok && f > 0 {
				s.fontSize = f
			}
			return
		}
		s.props[k] = v
	}
	for _, k := range presentation {
		if v, ok := n.attr[k]; ok {
			set(k, v)
		}
	}
	var hits []*rule
	for i := range sheet {
		if sheet[i].matches(n) {
			hits = append(hits, &sheet[i])
		}
	}
	slices.SortStableFunc(hits, func(a, b *rule) int {
		if a.spec != b.spec {
			return a.spec - b.spec
		}
		return a.order - b.order
	})
	for _, r := range hits {
		for _, d := range r.decl {
			set(d[0], d[1])
		}
	}
	if st, ok := n.attr["style"]; ok {
		for _, d := range declarations(st) {
			set(d[0], d[1])
		}
	}
	if v, ok := s.props["opacity"]; ok {
		if f, ok := length(v, 1); ok && f >= 0 && f <= 1 {
			s.opacity *= f
		}
		delete(s.props, "opacity")
	}
	return s
}
