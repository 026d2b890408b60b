package kernel

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"strings"

	"stepviz/viz/export"
)

// exportFormats lists the formats export accepts.
func exportFormats() []string { return export.FormatNames() }

// previewLines caps the text shown of an exported file.
const previewLines = 40

// export writes the current search's trace up to its current step and
// shows it: SVG inline, anything else as a preview with a download link.
func (s *Session) export(c Command, emit func(Output)) error {
	name, format := "", c.Args[0]
	if len(c.Args) == 2 {
		name, format = c.Args[0], c.Args[1]
	} else if len(c.Args) > 2 {
		return errorf("export takes a format, and optionally a search name first: export jsonl, or export a jsonl")
	}
	f, ok := export.Lookup(format)
	if !ok {
		return unknown("export format", format, export.FormatNames())
	}
	ls, err := s.target(name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, f.Name, ls.search, export.Current); err != nil {
		return err
	}
	file := fmt.Sprintf("%s-step%d%s", ls.label(), ls.search.StepCount(), f.Ext)
	data := buf.Bytes()
	text := string(data)
	if lines := strings.Split(text, "\n"); len(lines) > previewLines {
		text = strings.Join(lines[:previewLines], "\n") + fmt.Sprintf("\n... %d lines in all", len(lines))
	}
	link := fmt.Sprintf(`<a download="%s" href="data:%s;base64,%s">download %s (%d bytes)</a>`,
		html.EscapeString(file), f.MIME, base64.StdEncoding.EncodeToString(data), html.EscapeString(file), len(data))
	var h string
	if f.MIME == "image/svg+xml" {
		h = `<div>` + link + `</div><div style="overflow:auto">` + stripXMLHeader(string(data)) + `</div>`
	} else {
		h = `<div>` + link + `</div><pre style="max-height:24em;overflow:auto">` + html.EscapeString(text) + `</pre>`
	}
	emit(Output{Text: fmt.Sprintf("%s (%s, %d bytes):\n%s", file, f.Description, len(data), text), HTML: h})
	return nil
}

// stripXMLHeader drops an <?xml ...?> declaration, which may not appear
// inside HTML.
func stripXMLHeader(svg string) string {
	if strings.HasPrefix(svg, "<?xml") {
		if i := strings.Index(svg, "?>"); i >= 0 {
			return strings.TrimLeft(svg[i+2:], "\n")
		}
	}
	return svg
}
