package jupyter

import (
	"encoding/base64"
	"html"
	"regexp"
	"strings"

	"stepviz/viz/raster"
)

// Pictures in outputs that every viewer keeps.
//
// Viewers treat an output's MIME types differently:
//
//   - the classic Notebook and JupyterLab, opening a notebook untrusted
//     (handed out, or written by nbconvert --execute), pass text/html
//     through a sanitiser that drops <svg> and <style> but keeps their text
//     (an inline drawing becomes word salad) and do not show image/svg+xml;
//     they show image/png;
//   - nbconvert's HTML exporter with its SanitizeHTML preprocessor keeps
//     only image/png and image/jpeg of an output's rich types (and removes
//     <img> from text/html), and prefers text/html to images when an output
//     has it;
//   - trusted, every viewer shows the richest type, image/svg+xml.
//
// So each drawing travels as its own display_data with image/svg+xml
// (crisp when trusted), image/png (rasterised by viz/raster from the same
// SVG) and text/plain (its label), and no text/html; the rest of an
// output's HTML (narration, tables) stays one text/html display_data with
// the output's text. A live view's parts share its display id, suffixed
// per part, so update_display_data moves each of them.

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

// picture is one drawing of an output.
type picture struct {
	svg   string // a whole svg element with its namespace
	label string // its aria-label, or "stepviz drawing"
	text  string // its text/plain, when not its label
}

// splitPictures takes each outermost <svg>...</svg> out of h: it returns
// h without them and the drawings in order. Nested svg elements travel
// inside their outer one. Unbalanced HTML is returned whole, with no
// pictures. O(len(h)).
func splitPictures(h string) (rest string, pics []picture) {
	locs := svgTag.FindAllStringSubmatchIndex(h, -1)
	if locs == nil {
		return h, nil
	}
	var b strings.Builder
	depth, start, done := 0, 0, 0
	take := func(end int) {
		b.WriteString(h[done:start])
		pics = append(pics, pictureOf(h[start:end]))
		done = end
	}
	for _, m := range locs {
		closing := m[3] > m[2]
		selfClosing := strings.HasSuffix(h[m[0]:m[1]], "/>")
		switch {
		case !closing && depth == 0:
			start = m[0]
			if selfClosing {
				take(m[1])
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
				take(m[1])
			}
		}
	}
	if depth > 0 {
		return h, nil
	}
	b.WriteString(h[done:])
	return b.String(), pics
}

func pictureOf(svg string) picture {
	open := svgTag.FindString(svg)
	if !strings.Contains(open, "xmlns=") {
		svg = strings.Replace(svg, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	label := svgAttr(open, "aria-label")
	if label == "" {
		label = "stepviz drawing"
	}
	return picture{svg: svg, label: label}
}

// bundle is the MIME bundle of a picture: SVG, PNG (when it rasterises)
// and its label as text.
func (p picture) bundle() (map[string]string, error) {
	data := p.svgBundle()
	png, err := raster.PNGBytes([]byte(p.svg), 1)
	if err != nil {
		return data, err
	}
	data["image/png"] = base64.StdEncoding.EncodeToString(png)
	return data, nil
}

// hasText reports whether HTML shows anything but markup and blanks.
func hasText(h string) bool {
	return strings.TrimSpace(htmlTags.ReplaceAllString(h, "")) != ""
}

var htmlTags = regexp.MustCompile(`<[^>]*>`)

// svgBundle is the MIME bundle of a picture without its PNG: what a
// passing frame of a run sends (making the PNG of a big search's frame
// takes 100-300 ms, and a newer frame replaces it anyway). O(len(svg)).
func (p picture) svgBundle() map[string]string {
	text := p.text
	if text == "" {
		text = "[picture: " + p.label + "]"
	}
	return map[string]string{"image/svg+xml": p.svg, "text/plain": text}
}
