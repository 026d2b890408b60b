package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"strings"

	"stepviz/stepper"
	"stepviz/viz/export"
)

func init() {
	register("replay", "rebuild a session from a JSON trace, verify every step against the engine, print a summary or re-export it: stepviz replay FILE [-format F -o FILE]", runReplay)
}

// runReplay exits 0 when the trace replays exactly, 1 when the engine's
// steps differ from the recorded ones, 2 when the file cannot be read.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	format := fs.String("format", "", "re-export the replayed session in this format ("+strings.Join(export.FormatNames(), ", ")+") instead of printing a summary")
	out := fs.String("o", "", "with -format: write to this file instead of stdout")
	ef := addExportFlags(fs)
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "stepviz replay: give one trace file (written by stepviz trace -format json or jsonl), or - for stdin")
		return exitUsage
	}
	var r io.Reader = os.Stdin
	if pos[0] != "-" {
		f, err := safefile.Open(pos[0], maxTraceFile)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz replay: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		r = f
	}
	t, err := export.ReadTrace(r)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz replay: %s: %s\n", pos[0], usererr.Text(err))
		return exitUsage
	}
	t.Files = stepper.LocalFiles
	s, err := t.Replay()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz replay: %s does not replay: %s\n", pos[0], usererr.Text(err))
		return exitNo
	}
	if *format != "" || *out != "" {
		if msg := unknownOutputExt(*format, *out, exportExts()); msg != "" {
			fmt.Fprintf(stderr, "stepviz replay: %s\n", msg)
			return exitUsage
		}
		f := formatFor(*format, *out, "json")
		eo, ok := ef.options("replay", f, stderr)
		if !ok {
			return exitUsage
		}
		written := false
		sig := interruptible(func(ctx context.Context) {
			written = exportFile(ctx, "replay", *out, stdout, stderr, f, s, export.Current, eo)
		})
		switch {
		case sig != nil && (!written || *out == "" || *out == "-"):
			return interrupted("replay", *out, sig, stderr)
		case !written:
			return exitUsage
		}
		return exitOK
	}
	c := s.Counters()
	fmt.Fprintf(stdout, "problem:  %s\noptions:  %s\nreplayed: %d steps, every event matches the engine\nstatus:   %s\n", t.Problem, t.Options, t.Steps, s.Status())
	if s.Status() == stepper.Solved {
		var path []string
		for _, id := range s.Path() {
			path = append(path, s.Node(id).State.String())
		}
		fmt.Fprintf(stdout, "cost:     %s\npath:     %s\n", stepper.FormatNumber(s.Cost()), strings.Join(path, " "))
	}
	fmt.Fprintf(stdout, "counters: expanded %d, generated %d, duplicates %d, re-parented %d, max open %d, open %d, closed %d\n",
		c.Expanded, c.Generated, c.Duplicates, c.Reparented, c.MaxOpen, c.Open, c.Closed)
	return exitOK
}
