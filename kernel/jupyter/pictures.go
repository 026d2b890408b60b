package jupyter

import (
	"encoding/base64"
	"html"
	"regexp"
	"strings"
)

// Pictures in outputs that a sanitiser keeps.
//
// A notebook opened untrusted (handed out, or written by nbconvert
// --execute) has its text/html passed through a sanitiser: the classic
// Notebook's (sanitize-html with Google Caja's lists, as JupyterLab's) drops
// every <svg> and <style> element and keeps their text, so an inline
// drawing becomes word salad; image/svg+xml it does not show at all. It
// keeps <img> with any src (it checks URL schemes only on href and cite),
// so an SVG drawn as <img src="data:image/svg+xml;base64,..."> survives,
// its styles inside the image. publishOutput therefore sends every inline
// SVG of an output's HTML as such an <img>, with the SVG's own label as alt
// text. In Jupyter nothing is lost: its outputs run no script and the
// drawings are not clickable there (the web notebook, which makes them
// clickable, gets the inline SVG from the kernel package directly).

// svgTag finds the start and end tags of svg elements.
var svgTag = regexp.MustCompile(`(?i)<(/?)svg\b[^>]*>`)

// svgAttr reads one attribute of an svg start tag.
func svgAttr(tag, name string) string {
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// svgAsImg replaces each outermost <svg>...</svg> in h by an <img> whose
// src is the SVG as a base64 data URI, with the SVG's width, height and
// aria-label (as alt). Nested svg elements travel inside their outer one.
// HTML without svg is returned unchanged. O(len(h)).
func svgAsImg(h string) string {
	locs := svgTag.FindAllStringSubmatchIndex(h, -1)
	if locs == nil {
		return h
	}
	var b strings.Builder
	depth, start, done := 0, 0, 0
	for _, m := range locs {
		closing := m[3] > m[2]
		selfClosing := strings.HasSuffix(h[m[0]:m[1]], "/>")
		switch {
		case !closing && depth == 0:
			start = m[0]
			if selfClosing {
				b.WriteString(h[done:start])
				b.WriteString(imgOf(h[start:m[1]]))
				done = m[1]
				continue
			}
			depth = 1
		case !closing:
			if !selfClosing {
				depth++
			}
		case depth > 0:
			depth--
			if depth == 0 {
				b.WriteString(h[done:start])
				b.WriteString(imgOf(h[start:m[1]]))
				done = m[1]
			}
		}
	}
	if depth > 0 {
		return h // unbalanced: leave it as it was
	}
	b.WriteString(h[done:])
	return b.String()
}

// imgOf writes the <img> for one svg element, no wider than its output
// area where styles apply.
func imgOf(svg string) string {
	open := svgTag.FindString(svg)
	if !strings.Contains(open, "xmlns=") {
		svg = strings.Replace(svg, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	var b strings.Builder
	b.WriteString(`<img class="stepviz-picture" style="max-width:100%;height:auto"`)
	if w := svgAttr(open, "width"); w != "" {
		b.WriteString(` width="` + html.EscapeString(w) + `"`)
	}
	if hh := svgAttr(open, "height"); hh != "" {
		b.WriteString(` height="` + html.EscapeString(hh) + `"`)
	}
	alt := svgAttr(open, "aria-label")
	if alt == "" {
		alt = "stepviz drawing"
	}
	b.WriteString(` alt="` + html.EscapeString(alt) + `"`)
	b.WriteString(` src="data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte(svg)) + `"/>`)
	return b.String()
}
