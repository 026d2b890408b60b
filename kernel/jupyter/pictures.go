package jupyter

import (
	"encoding/base64"
	"html"
	"regexp"
	"strings"
	"sync"
)

// Pictures in outputs that every viewer keeps.
//
// Viewers and converters treat an output's MIME types differently:
//
//   - nbconvert's HTML exporter (lab and classic templates) prefers
//     image/svg+xml to image/png and passes the SVG through lxml's
//     clean_html, which leaves an empty box; with SanitizeHTML it keeps
//     only image/png and image/jpeg of an output's rich types;
//   - its LaTeX and PDF exporters convert every image/svg+xml through
//     Inkscape (SVG2PDFPreprocessor) when the output has no
//     application/pdf, and fail without it; they include a PNG as it is;
//   - its Markdown exporter writes each image beside the .md file;
//   - the classic Notebook and JupyterLab, opening a notebook untrusted,
//     show image/png; GitHub and nbviewer show image/png.
//
// So the picture a cell keeps travels as its own display_data with
// image/png (rasterised by viz/raster from the SVG, one pixel per CSS
// pixel, paletted: see png.go) and text/plain (what it shows), and no
// SVG or HTML, which every path above shows as it is. A passing frame of a
// run travels as image/svg+xml (cheap to send; the run's last frame,
// which replaces it, is a PNG). The rest of an output (narration, tables)
// is one display_data of text/markdown (see markdown.go) and text/plain.
// A live view's parts share its display id, suffixed per part, so
// update_display_data moves each of them.

// svgTag finds the start and end tags of svg elements; compiled on first
// use, so that a command that never publishes a picture does not pay for
// it at start-up.
var svgTag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)<(/?)svg\b[^>]*>`) })

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
	svg     string // a whole svg element with its namespace
	label   string // its aria-label, or "stepviz drawing"
	subject string // whose drawing it is (kernel.Output.Subject), or ""
	note    string // text shown after its caption, or ""
}

// splitPictures takes each outermost <svg>...</svg> out of h: it returns
// h without them and the drawings in order. Nested svg elements travel
// inside their outer one. Unbalanced HTML is returned whole, with no
// pictures. O(len(h)).
func splitPictures(h string) (rest string, pics []picture) {
	locs := svgTag().FindAllStringSubmatchIndex(h, -1)
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
	open := svgTag().FindString(svg)
	if !strings.Contains(open, "xmlns=") {
		svg = strings.Replace(svg, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	label := svgAttr(open, "aria-label")
	if label == "" {
		label = "stepviz drawing"
	}
	return picture{svg: svg, label: label}
}

// text is the picture's text/plain, what a terminal shows in its place:
// "[search tree at step 4: 12 nodes, 4 open, 4 closed — a at step 4:
// astar h=sld on graph romania]", then its note on lines of its own.
func (p picture) text() string {
	t := "[" + p.label + "]"
	if p.subject != "" {
		t = "[" + p.label + " — " + p.subject + "]"
	}
	if p.note != "" {
		t += "\n" + p.note
	}
	return t
}

// bundle is the MIME bundle a cell keeps of a picture: a paletted PNG and
// its text. Without a PNG (a drawing raster cannot draw) it is the SVG
// and the text.
func (p picture) bundle() (map[string]string, error) {
	png, err := compactPNG(p.svg)
	if err != nil {
		return p.svgBundle(), err
	}
	return map[string]string{"image/png": base64.StdEncoding.EncodeToString(png), "text/plain": p.text()}, nil
}

// hasText reports whether HTML shows anything but markup and blanks: text
// outside every <...> that is not white space (a < that no > closes is
// text). O(len(h)).
func hasText(h string) bool {
	for {
		lt := strings.IndexByte(h, '<')
		if lt < 0 {
			return strings.TrimSpace(h) != ""
		}
		if strings.TrimSpace(h[:lt]) != "" {
			return true
		}
		gt := strings.IndexByte(h[lt:], '>')
		if gt < 0 {
			return true
		}
		h = h[lt+gt+1:]
	}
}

// svgBundle is the MIME bundle of a picture without its PNG: what a
// passing frame of a run sends (a big search's PNG costs far more than
// its SVG, and a newer frame replaces it anyway). O(len(svg)).
func (p picture) svgBundle() map[string]string {
	return map[string]string{"image/svg+xml": p.svg, "text/plain": p.text()}
}
