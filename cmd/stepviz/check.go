package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"stepviz/internal/safefile"
	"strings"

	"stepviz/viz/export"
)

func init() {
	register("check", "grade a hand trace (.csv or .md: step,node,g,h,f,open) against the engine: stepviz check -problem SPEC -algo ... ANSWER", runCheck)
}

// runCheck exits 0 when the hand trace matches, 1 when it differs (the
// first difference is printed), 2 when the sheet or the flags are wrong.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	ta := addTraceArgs(fs)
	quiet := fs.Bool("q", false, "print only the verdict, not one line per step")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "stepviz check: give one answer sheet, ANSWER.csv or ANSWER.md (- reads CSV from stdin); see docs/trace-format.md for its columns")
		return exitUsage
	}
	s, ok := ta.search("check", stderr)
	if !ok {
		return exitUsage
	}
	name := pos[0]
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := safefile.Open(name, export.MaxAnswerBytes)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz check: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		r = f
	} else {
		name = "stdin.csv"
	}
	a, err := export.ParseAnswer(r, name)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz check: %s\n", strings.TrimPrefix(err.Error(), "export: "))
		return exitUsage
	}
	g, err := export.Check(s, a)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz check: %s\n", strings.TrimPrefix(err.Error(), "export: "))
		return exitUsage
	}
	if !*quiet {
		for _, l := range g.Lines {
			fmt.Fprintln(stdout, l)
		}
	}
	if g.Correct {
		fmt.Fprintf(stdout, "correct: all %d steps match %s (graded: %s)\n", g.Checked, s.Options().String(), strings.Join(g.Graded, ", "))
		return exitOK
	}
	fmt.Fprintf(stdout, "first difference at step %d (%s line %d): %s\n", g.Step, pos[0], g.Line, g.Reason)
	return exitNo
}
