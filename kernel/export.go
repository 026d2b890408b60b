package kernel

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"io"
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
// It stops soon after ctx is done (Stop), and refuses an export larger
// than maxExport bytes, which it would otherwise hold in memory.
func (s *Session) export(ctx context.Context, c Command, emit func(Output)) error {
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
	if err := export.WriteContext(ctx, &capWriter{w: &buf, left: maxExport}, f.Name, ls.search, export.Current); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return &CellError{Msg: "interrupted: the export stopped, and nothing was exported", Err: ctxErr}
		}
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

// maxExport caps the bytes of one export, which is built in memory.
const maxExport = 64 << 20

// capWriter writes to w until left bytes are written, then fails.
type capWriter struct {
	w    io.Writer
	left int
}

func (c *capWriter) Write(p []byte) (int, error) {
	if len(p) > c.left {
		return 0, errorf("the export is larger than %d MB: export fewer steps (move the search back), or use stepviz trace on the command line", maxExport>>20)
	}
	c.left -= len(p)
	return c.w.Write(p)
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
