package export

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// Format describes one export format, for menus and file names.
type Format struct {
	Name        string // what Write, the notebook's "export" and -format take
	Ext         string // file extension, with the dot
	MIME        string // media type for downloads
	Description string // one line for menus and help
	write       func(w io.Writer, sess *session) error
}

// formats is the registry, in menu order.
var formats = []Format{
	{"json", ".json", "application/json", "JSON trace (versioned, replayable with stepviz replay)", writeJSON},
	{"jsonl", ".jsonl", "application/x-ndjson", "JSON Lines: a header line, then one event per line", writeJSONL},
	{"csv", ".csv", "text/csv", "CSV: one row per expansion (pandas.read_csv reads it with no options)", writeCSV},
	{"csv-metadata", ".csv-metadata.json", "application/json", "CSV sidecar: the problem, options, result and column types of the csv", writeCSVMetadata},
	{"md", ".md", "text/markdown", "Markdown: what each step changed, the whole open and closed lists at chosen steps", writeMarkdown},
	{"tex", ".tex", "application/x-tex", "LaTeX: steps table and the search tree in TikZ", writeTeX},
	{"svg", ".svg", "image/svg+xml", "SVG: the problem view and the search tree at the step", writeSVG},
	{"tree-svg", ".svg", "image/svg+xml", "SVG: the search tree at the step", writeTreeSVG},
	{"problem-svg", ".svg", "image/svg+xml", "SVG: the problem view at the step", writeProblemSVG},
	{"dot", ".dot", "text/vnd.graphviz", "Graphviz DOT: the search tree", writeDOT},
	{"html", ".html", "text/html", "Standalone HTML replay (one file, works offline)", writeHTML},
	{"posthoc", ".trace.json", "application/json", "Posthoc search trace (version 1.0.5)", writePosthoc},
	{"ipynb", ".ipynb", "application/x-ipynb+json", "Jupyter notebook that rebuilds the trace in the stepviz kernel", writeIpynb},
}

// Sidecar returns the format of the file that goes beside an export in
// format (the "csv-metadata" of a "csv") and the sidecar's path beside
// path, FILE.csv-metadata.json beside FILE.csv as the W3C's CSV on the Web
// convention names it; ok is false for formats that need none.
func Sidecar(format, path string) (f Format, sidecarPath string, ok bool) {
	main, found := Lookup(format)
	if !found || main.Name != "csv" {
		return Format{}, "", false
	}
	f, _ = Lookup("csv-metadata")
	return f, path + "-metadata.json", true
}

// Formats lists every format Write accepts, in menu order. The slice is a
// copy.
func Formats() []Format { return append([]Format(nil), formats...) }

// FormatNames lists the format names, in menu order.
func FormatNames() []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = f.Name
	}
	return out
}

// Lookup finds a format by name (case-insensitive; "markdown", "latex" and
// "ndjson" are accepted as aliases).
func Lookup(name string) (Format, bool) {
	name = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), "."))
	switch name {
	case "markdown":
		name = "md"
	case "latex":
		name = "tex"
	case "ndjson":
		name = "jsonl"
	}
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Write writes the trace of s from step 1 to step upTo (a step number,
// [Current] or [ToEnd]) in the named format. It never moves s: it replays
// the instance and options in a search of its own, so the cost is a replay
// of upTo steps plus the format's own (a snapshot per step for md, html and
// tex; a tree layout for svg, tex and html).
func Write(w io.Writer, format string, s *stepper.Search, upTo int) error {
	return WriteContext(context.Background(), w, format, s, upTo)
}

// WriteContext is Write that stops, with an error wrapping ctx.Err(), soon
// after ctx is done: between steps of the replay, and at the next write.
func WriteContext(ctx context.Context, w io.Writer, format string, s *stepper.Search, upTo int) error {
	return WriteOptions(ctx, w, format, s, upTo, Options{})
}

// Options tune an export. The zero value is every format's default and no
// size ceiling.
type Options struct {
	// Full chooses the steps at which md prints the whole open and closed
	// lists; nil: DefaultFullLists.
	Full *FullLists
	// MaxBytes, when above 0, refuses an export whose size is over it
	// before writing a byte, with a *TooLargeError. A csv, json or jsonl
	// export of up to spoolMax bytes is made in memory and measured; any
	// other export, and a larger one, is refused by its estimated size
	// (one replay of the steps before the export's own).
	MaxBytes int64
}

// WriteOptions is WriteContext with options.
func WriteOptions(ctx context.Context, w io.Writer, format string, s *stepper.Search, upTo int, o Options) error {
	f, ok := Lookup(format)
	if !ok {
		hint := ""
		if sug := stepper.Suggest(strings.ToLower(format), FormatNames()); sug != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", sug)
		}
		return usererr.Errorf("export", "unknown format %q%s; formats are %s", format, hint, strings.Join(FormatNames(), ", "))
	}
	sess, err := newSession(s, upTo)
	if err != nil {
		return err
	}
	sess.ctx, sess.full = ctx, o.Full
	bw := bufio.NewWriter(ctxWriter{ctx, w})
	if o.MaxBytes > 0 && spooled()[f.Name] {
		// made in memory and measured when it is small; estimated first
		// and streamed when it is not
		sp := &spool{max: min(o.MaxBytes, spoolMax)}
		err := f.write(sp, sess)
		switch {
		case err != nil && !sp.full:
			return err
		case !sp.full:
			if _, err := sp.WriteTo(bw); err != nil {
				return usererr.Errorf("export", "writing %s: %w", f.Name, err)
			}
			if err := bw.Flush(); err != nil {
				return usererr.Errorf("export", "writing %s: %w", f.Name, err)
			}
			return nil
		}
	}
	if o.MaxBytes > 0 {
		if err := sess.fits(f.Name, o.MaxBytes); err != nil {
			return err
		}
	}
	if err := f.write(bw, sess); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return usererr.Errorf("export", "writing %s: %w", f.Name, err)
	}
	return nil
}

// ctxWriter refuses writes once ctx is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, usererr.Errorf("export", "stopped: %w", err)
	}
	return c.w.Write(p)
}
