package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

func init() {
	register("trace", "export a search's steps: stepviz trace -problem SPEC -algo astar [-steps N] -format "+strings.Join(export.FormatNames(), "|")+" [-o FILE] [-full LIST] [-every N] [-force]", runTrace)
}

// traceArgs are the -problem flag and the search flags shared by trace,
// worksheet and check.
type traceArgs struct {
	problem *string
	options func() (stepper.Options, error)
	withH   func(stepper.Instance) (stepper.Instance, error)
	family  *familyFlags // game and local searches' options
}

func addTraceArgs(fs *flag.FlagSet) *traceArgs {
	return &traceArgs{
		problem: fs.String("problem", "", "the problem line, e.g. \"puzzle 283164705 goal=123804765\" or \"graph romania\""),
		options: addSearchFlags(fs, "astar"),
		withH:   addHeuristicsFlag(fs),
		family:  addFamilyFlags(fs),
	}
}

// search builds the search the flags describe, forward only (trace, check
// and worksheet replay it from step 0 and never step back); on failure it
// writes the message and returns false.
func (a *traceArgs) search(cmd string, stderr io.Writer) (*stepper.Search, bool) {
	if strings.TrimSpace(*a.problem) == "" {
		fmt.Fprintf(stderr, "stepviz %s: no problem: give -problem \"puzzle 283164705 goal=123804765\" (or grid ..., graph romania); run stepviz %s -help\n", cmd, cmd)
		return nil, false
	}
	inst, err := problems.Parse(*a.problem, stepper.LocalFiles)
	if err == nil {
		inst, err = a.withH(inst)
	}
	if err != nil {
		fmt.Fprintf(stderr, "stepviz %s: %s\n", cmd, usererr.Text(err))
		return nil, false
	}
	o, err := a.options()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz %s: %s\n", cmd, usererr.Text(err))
		return nil, false
	}
	s, err := stepper.NewSearch(inst, forwardOnly(o))
	if err != nil {
		fmt.Fprintf(stderr, "stepviz %s: %s\n", cmd, usererr.Text(err))
		return nil, false
	}
	return s, true
}

// formatFor picks the export format: the -format flag, else the output
// file's extension, else def.
func formatFor(format, out, def string) string {
	if format != "" {
		return format
	}
	if out != "" {
		name := strings.ToLower(filepath.Base(out))
		if strings.HasSuffix(name, ".trace.json") {
			return "posthoc"
		}
		if strings.HasSuffix(name, ".csv-metadata.json") {
			return "csv-metadata"
		}
		if ext := strings.TrimPrefix(filepath.Ext(name), "."); ext != "" {
			if f, ok := export.Lookup(ext); ok {
				return f.Name
			}
		}
	}
	return def
}

// unknownOutputExt is the message for an -o FILE whose extension names
// no format stepviz writes when -format is not given ("" otherwise, and
// for a name with no extension): such a file would get the default
// format under a name that promises another (a Markdown sheet in a .pdf).
// exts are the endings the command's formats are named by.
func unknownOutputExt(format, out string, exts []string) string {
	ext := strings.ToLower(filepath.Ext(out))
	if format != "" || out == "" || out == "-" || ext == "" || formatFor("", out, "") != "" {
		return ""
	}
	msg := fmt.Sprintf("-o %s: stepviz writes no %s file; end the name in %s, or give -format", out, ext, strings.Join(exts, ", "))
	switch ext {
	case ".pdf":
		msg += " (for a PDF, write .tex and run pdflatex on it)"
	case ".htm":
		msg += " (.html for a web page)"
	}
	return msg
}

// exportExts are the file endings of the export formats, each once, in
// menu order: what unknownOutputExt lists for trace and replay.
func exportExts() []string {
	var out []string
	for _, f := range export.Formats() {
		if !slices.Contains(out, f.Ext) {
			out = append(out, f.Ext)
		}
	}
	return out
}

// maxTraceFile bounds a trace file replay reads (the reader's own bound).
const maxTraceFile = 1 << 30

// writeOutput writes data to path ("" or "-": stdout), through a
// temporary file so that a failed export leaves no half-written file. An
// existing path keeps its permissions and must be a regular file: a
// symlink, FIFO or device is refused, never replaced.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" || path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return safefile.WriteFile(path, data, 0o644)
}

// exportTo streams the export of s up to upTo in format to path ("" or
// "-": stdout) as it is made, so that a trace of any length is written in
// the memory of one event (a csv, json or jsonl export under the size
// ceiling, up to 8 MB, is made in memory first and measured): through a temporary file renamed only once the
// export is done (a failed export leaves no file), or to stdout buffered
// (a failed export then leaves what it wrote before the error; the exit
// status says so). It returns the export's error and the writing's apart:
// the message for each differs. Once ctx is done the export stops at its
// next write and the temporary file is removed.
func exportTo(ctx context.Context, path string, stdout io.Writer, format string, s *stepper.Search, upTo int, o export.Options) (exportErr, writeErr error) {
	write := func(w io.Writer) error {
		exportErr = export.WriteOptions(ctx, w, format, s, upTo, o)
		return exportErr
	}
	if path == "" || path == "-" {
		bw := bufio.NewWriterSize(stdout, 64<<10)
		err := write(bw)
		if ferr := bw.Flush(); err == nil {
			writeErr = ferr
		}
		return exportErr, writeErr
	}
	if err := safefile.WriteWith(path, 0o644, write); exportErr == nil {
		writeErr = err
	}
	return exportErr, writeErr
}

// exportFile is exportTo for the command cmd, its errors written to
// stderr in the user's words; it reports whether the file was written.
// An export stopped by ctx says nothing: the caller says why.
func exportFile(ctx context.Context, cmd, path string, stdout, stderr io.Writer, format string, s *stepper.Search, upTo int, o export.Options) bool {
	exportErr, writeErr := exportTo(ctx, path, stdout, format, s, upTo, o)
	switch {
	case ctx.Err() != nil:
	case exportErr != nil:
		fmt.Fprintf(stderr, "stepviz %s: %s%s\n", cmd, usererr.Text(exportErr), tooLargeHint(exportErr))
	case writeErr != nil:
		fmt.Fprintf(stderr, "stepviz %s: writing %s: %v\n", cmd, path, writeErr)
	}
	return exportErr == nil && writeErr == nil
}

func runTrace(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	ta := addTraceArgs(fs)
	steps := fs.Int("steps", -1, "export steps 1..N (default: until the search ends)")
	format := fs.String("format", "", "one of "+strings.Join(export.FormatNames(), ", ")+" (default: from the -o extension, else jsonl)")
	out := fs.String("o", "", "write to this file instead of stdout")
	ef := addExportFlags(fs)
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		if *ta.problem != "" {
			fmt.Fprintf(stderr, "stepviz trace: unexpected arguments %q; the problem goes in -problem\n", strings.Join(pos, " "))
			return exitUsage
		}
		*ta.problem = strings.Join(pos, " ")
	}
	upTo := export.ToEnd
	if *steps >= 0 {
		upTo = *steps
	} else if *steps != -1 {
		fmt.Fprintf(stderr, "stepviz trace: -steps %d: want a number of steps >= 0\n", *steps)
		return exitUsage
	}
	if msg := unknownOutputExt(*format, *out, exportExts()); msg != "" {
		fmt.Fprintf(stderr, "stepviz trace: %s\n", msg)
		return exitUsage
	}
	f := formatFor(*format, *out, "jsonl")
	if code, ok := traceFamily(ta, f, *out, upTo, stdout, stderr); ok {
		return code
	}
	s, ok := ta.search("trace", stderr)
	if !ok {
		return exitUsage
	}
	eo, ok := ef.options("trace", f, stderr)
	if !ok {
		return exitUsage
	}
	ok, failed := true, "" // whether every file was written, and the one that was not
	sig := interruptible(func(ctx context.Context) {
		if !exportFile(ctx, "trace", *out, stdout, stderr, f, s, upTo, eo) {
			ok, failed = false, *out
			return
		}
		if side, path, found := export.Sidecar(f, *out); found && *out != "" && *out != "-" {
			// The CSV's rows stay plain for pandas; its problem and options
			// go beside it.
			if !exportFile(ctx, "trace", path, stdout, stderr, side.Name, s, upTo, eo) {
				ok, failed = false, path
			}
		}
	})
	switch {
	case sig != nil && (!ok || *out == "" || *out == "-"):
		return interrupted("trace", failed, sig, stderr)
	case !ok:
		return exitUsage
	}
	return exitOK
}

// interrupted reports an export that sig stopped and returns its exit
// status: the file out was left as it was (stdout: what was written
// before the signal stays written).
func interrupted(cmd, out string, sig os.Signal, stderr io.Writer) int {
	if out == "" || out == "-" {
		fmt.Fprintf(stderr, "stepviz %s: interrupted by %s: the output stops where it was cut\n", cmd, signalName(sig))
	} else {
		fmt.Fprintf(stderr, "stepviz %s: interrupted by %s: %s was not written\n", cmd, signalName(sig), out)
	}
	return exitSignal(sig)
}
