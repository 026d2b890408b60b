package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"strings"

	"stepviz/stepper"
	"stepviz/viz/export"
)

func init() {
	register("worksheet", "write an exercise and its answer key: stepviz worksheet -problem SPEC -algo ... -steps N [-blank open,f,order,heuristic] -format md|tex|html [-o FILE] [-key FILE]", runWorksheet)
}

func runWorksheet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("worksheet", flag.ContinueOnError)
	ta := addTraceArgs(fs)
	steps := fs.Int("steps", 0, "the number of steps the student traces (required)")
	blank := fs.String("blank", "open,f,order", "what the student fills in: a comma list of open (the open list after the last step), f (the f values), order (the order of expansion), heuristic (ask whether h is admissible and consistent, with counterexamples)")
	format := fs.String("format", "", "md, tex or html (default: from the -o extension, else md)")
	out := fs.String("o", "", "write the student's sheet to this file (default stdout)")
	key := fs.String("key", "", "write the answer key to this file (default with -o: the sheet's name with -key before the extension)")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "stepviz worksheet: unexpected arguments %q; the problem goes in -problem\n", strings.Join(pos, " "))
		return exitUsage
	}
	if msg := unknownOutputExt(*format, *out, []string{".md", ".tex", ".html"}); msg != "" {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", msg)
		return exitUsage
	}
	if code, ok := worksheetFamily(ta, fs, *blank, *format, *out, *key, stdout, stderr); ok {
		return code
	}
	if *steps < 1 {
		fmt.Fprintln(stderr, "stepviz worksheet: give -steps N, the number of steps the student traces (N >= 1)")
		return exitUsage
	}
	blanks, err := export.ParseBlanks(*blank)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", usererr.Text(err))
		return exitUsage
	}
	s, ok := ta.search("worksheet", stderr)
	if !ok {
		return exitUsage
	}
	f := formatFor(*format, *out, "md")
	if f == "markdown" || f == "latex" {
		f = map[string]string{"markdown": "md", "latex": "tex"}[f]
	}
	keyPath := *key
	if keyPath == "" && *out != "" && *out != "-" {
		ext := filepath.Ext(*out)
		keyPath = strings.TrimSuffix(*out, ext) + "-key" + ext
	}
	if keyPath != "" && (keyPath == "-" && (*out == "" || *out == "-") || keyPath != "-" && *out != "" && *out != "-" && safefile.SameFile(keyPath, *out)) {
		fmt.Fprintf(stderr, "stepviz worksheet: -key %s is the student's sheet (-o %s): the key would overwrite it; give the key another name\n", keyPath, *out)
		return exitUsage
	}
	var sheet, answers bytes.Buffer
	if err := export.WriteWorksheet(&sheet, f, s, *steps, blanks, false); err != nil {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", usererr.Text(err))
		return exitUsage
	}
	if err := export.WriteWorksheet(&answers, f, s, *steps, blanks, true); err != nil {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", usererr.Text(err))
		return exitUsage
	}
	if err := writeOutput(*out, sheet.Bytes(), stdout); err != nil {
		fmt.Fprintf(stderr, "stepviz worksheet: writing %s: %v\n", *out, err)
		return exitUsage
	}
	if keyPath == "" {
		fmt.Fprintln(stderr, "stepviz worksheet: no answer key written: give -key FILE (or -o FILE to get FILE-key beside it)")
		fewerSteps(s, *steps, stderr)
		return exitOK
	}
	if err := writeOutput(keyPath, answers.Bytes(), stdout); err != nil {
		fmt.Fprintf(stderr, "stepviz worksheet: writing %s: %v\n", keyPath, err)
		return exitUsage
	}
	if *out != "" && *out != "-" {
		fmt.Fprintf(stderr, "wrote %s and the answer key %s\n", *out, keyPath)
	}
	fewerSteps(s, *steps, stderr)
	return exitOK
}

// fewerSteps tells the teacher when the search ends before the steps
// asked for: the sheet then has fewer rows than -steps said. Cost: a
// replay of up to steps steps (s is moved).
func fewerSteps(s *stepper.Search, steps int, stderr io.Writer) {
	if got := s.Seek(steps); got < steps {
		fmt.Fprintf(stderr, "stepviz worksheet: the search ends at step %d (%s), so the sheet has %d steps, not the %d asked for\n", got, s.Status(), got, steps)
	}
}
