package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/viz/export"
)

// worksheetFamily is worksheet for a game problem ("fill in the values",
// "cross out the pruned branches"); ok is false for any other problem.
// -steps is not used: the sheet covers the whole search.
func worksheetFamily(a *traceArgs, fs *flag.FlagSet, blank, format, out, key string, stdout, stderr io.Writer) (code int, ok bool) {
	s, ok, err := a.family.family(*a.problem)
	if !ok {
		return 0, false
	}
	fail := func(err error) (int, bool) {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", usererr.Text(err))
		return exitUsage, true
	}
	if err != nil {
		return fail(err)
	}
	if s.g == nil {
		return localWorksheet(s, formatFor(format, out, "md"), out, key, stdout, stderr)
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "blank" })
	if !set {
		blank = ""
	}
	blanks, err := export.ParseGameBlanks(blank, s.gopt.Algorithm)
	if err != nil {
		return fail(err)
	}
	write := func(w io.Writer, key bool) error {
		return export.WriteGameWorksheet(w, formatFor(format, out, "md"), s.g, s.gopt, blanks, key)
	}
	return writeSheetAndKey(out, key, write, stdout, stderr)
}

// checkFamily is check for a game problem: it grades a filled-in game
// worksheet. Exit 0 when every answer is right, 1 at the first wrong one
// (printed), 2 when the sheet or the flags are wrong.
func checkFamily(a *traceArgs, name string, quiet bool, stdout, stderr io.Writer) (code int, ok bool) {
	s, ok, err := a.family.family(*a.problem)
	if !ok {
		return 0, false
	}
	fail := func(err error) (int, bool) {
		fmt.Fprintf(stderr, "stepviz check: %s\n", usererr.Text(err))
		return exitUsage, true
	}
	if err != nil {
		return fail(err)
	}
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := safefile.Open(name, export.MaxAnswerBytes)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		r = f
	} else {
		name = "stdin.md"
	}
	if s.g == nil {
		g, err := export.CheckLocal(s.p, s.lo, r, name)
		if err != nil {
			return fail(err)
		}
		return reportGrade(g, s.lo.String(), "neighbours", name, quiet, stdout), true
	}
	ans, err := export.ParseGameAnswer(r, name)
	if err != nil {
		return fail(err)
	}
	g, err := export.CheckGame(s.g, s.gopt, ans)
	if err != nil {
		return fail(err)
	}
	return reportGrade(g, s.gopt.String(), "nodes", name, quiet, stdout), true
}

// reportGrade prints a graded worksheet (every line unless quiet, then
// the verdict) and returns the exit code: 0 correct, 1 at a difference.
func reportGrade(g *export.Grade, search, what, name string, quiet bool, stdout io.Writer) int {
	if !quiet {
		for _, l := range g.Lines {
			fmt.Fprintln(stdout, l)
		}
	}
	if g.Correct {
		fmt.Fprintf(stdout, "correct: all %d %s match %s (graded: %s)\n", g.Checked, what, search, strings.Join(g.Graded, ", "))
		return exitOK
	}
	at := ""
	if g.Line > 0 {
		at = fmt.Sprintf(" (%s line %d)", name, g.Line)
	}
	fmt.Fprintf(stdout, "first difference%s: %s\n", at, g.Reason)
	return exitNo
}

// localWorksheet writes a hill-climbing worksheet (fill in each
// neighbour's h, mark the move taken) and its key, as worksheetFamily does
// for a game.
func localWorksheet(s *familySearch, f, out, key string, stdout, stderr io.Writer) (int, bool) {
	write := func(w io.Writer, key bool) error { return export.WriteLocalWorksheet(w, f, s.p, s.lo, key) }
	return writeSheetAndKey(out, key, write, stdout, stderr)
}

// writeSheetAndKey writes a worksheet to out and its answer key to key
// (default with -o: the sheet's name with -key before the extension);
// write(w, true) writes the key. The key never overwrites the sheet, and
// nothing is written unless both are made.
func writeSheetAndKey(out, key string, write func(w io.Writer, key bool) error, stdout, stderr io.Writer) (int, bool) {
	fail := func(err error) (int, bool) {
		fmt.Fprintf(stderr, "stepviz worksheet: %s\n", usererr.Text(err))
		return exitUsage, true
	}
	keyPath := key
	if keyPath == "" && out != "" && out != "-" {
		ext := filepath.Ext(out)
		keyPath = strings.TrimSuffix(out, ext) + "-key" + ext
	}
	if keyPath != "" && (keyPath == "-" && (out == "" || out == "-") || keyPath != "-" && out != "" && out != "-" && safefile.SameFile(keyPath, out)) {
		return fail(fmt.Errorf("-key %s is the student's sheet (-o %s): the key would overwrite it; give the key another name", keyPath, out))
	}
	var sheet, answers bytes.Buffer
	if err := write(&sheet, false); err != nil {
		return fail(err)
	}
	if err := write(&answers, true); err != nil {
		return fail(err)
	}
	if err := writeOutput(out, sheet.Bytes(), stdout); err != nil {
		return fail(fmt.Errorf("writing %s: %v", out, err))
	}
	if keyPath == "" {
		fmt.Fprintln(stderr, "stepviz worksheet: no answer key written: give -key FILE (or -o FILE to get FILE-key beside it)")
		return exitOK, true
	}
	if err := writeOutput(keyPath, answers.Bytes(), stdout); err != nil {
		return fail(fmt.Errorf("writing %s: %v", keyPath, err))
	}
	if out != "" && out != "-" {
		fmt.Fprintf(stderr, "wrote %s and the answer key %s\n", out, keyPath)
	}
	return exitOK, true
}
