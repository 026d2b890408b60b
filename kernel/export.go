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

// maxEmbed is the largest export embedded as a download link: Jupyter
// drops output past 1 MB/s, and a base64 link is a third larger.
const maxEmbed = 700_000

// export writes a search's trace up to its current step and shows it: SVG
// inline, anything else as a preview, with a download link; with "to
// FILE", into the file through Config.WriteFile.
func (s *Session) export(c Command, emit func(Output)) error {
	f, ok := export.Lookup(c.Args[0])
	if !ok {
		return unknown("export format", c.Args[0], export.FormatNames())
	}
	ls, err := s.target(c.Name)
	if err != nil {
		return err
	}
	if c.File != "" && s.cfg.WriteFile == nil {
		return errorf("this notebook cannot write files: use export %s alone, which shows a download link", f.Name)
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, f.Name, ls.search, export.Current); err != nil {
		return err
	}
	data := buf.Bytes()
	if c.File != "" {
		if err := s.cfg.WriteFile(c.File, data); err != nil {
			return errorf("export to %s: %v", c.File, err)
		}
		also := ""
		if side, path, ok := export.Sidecar(f.Name, c.File); ok {
			var sb bytes.Buffer
			if err := export.Write(&sb, side.Name, ls.search, export.Current); err != nil {
				return err
			}
			if err := s.cfg.WriteFile(path, sb.Bytes()); err != nil {
				return errorf("export to %s: %v", path, err)
			}
			also = fmt.Sprintf(" and %s (the problem, options and column types)", path)
		}
		emit(textOutput("%s: wrote %s (%s, %d bytes, steps 1 to %d)%s", ls.label(), c.File, f.Description, len(data), ls.search.StepCount(), also))
		return nil
	}
	file := fmt.Sprintf("%s-step%d%s", ls.label(), ls.search.StepCount(), f.Ext)
	text := string(data)
	if lines := strings.Split(text, "\n"); len(lines) > previewLines {
		text = strings.Join(lines[:previewLines], "\n") + fmt.Sprintf("\n... %d lines in all", len(lines))
	}
	var link string
	if len(data) <= maxEmbed {
		link = fmt.Sprintf(`<a download="%s" href="data:%s;base64,%s">download %s (%d bytes)</a>`,
			html.EscapeString(file), f.MIME, base64.StdEncoding.EncodeToString(data), html.EscapeString(file), len(data))
	} else {
		link = html.EscapeString(fmt.Sprintf("%s is %d bytes, too large to embed here: write it with export %s to FILE (in Jupyter), or with stepviz trace on the command line", file, len(data), f.Name))
	}
	var h string
	if f.MIME == "image/svg+xml" && len(data) <= maxEmbed {
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
