package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"strings"

	"stepviz/viz/export"
)

func init() {
	register("check", "grade a hand trace (.csv or .md: step,node,g,h,f,open; admissible/consistent rows answer the heuristic question) against the engine: stepviz check -problem SPEC -algo ... ANSWER", runCheck)
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
	if code, ok := checkFamily(ta, pos[0], *quiet, stdout, stderr); ok {
		return code
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
		fmt.Fprintf(stderr, "stepviz check: %s\n", usererr.Text(err))
		return exitUsage
	}
	var hg *export.HeuristicGrade
	if len(a.Heuristic) > 0 {
		if hg, err = export.CheckHeuristicAnswers(s, a.Heuristic); err != nil {
			fmt.Fprintf(stderr, "stepviz check: %s\n", usererr.Text(err))
			return exitUsage
		}
	}
	if len(a.Rows) == 0 { // only the heuristic question
		return heuristicVerdict(hg, true, *quiet, stdout)
	}
	g, err := export.Check(s, a)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz check: %s\n", usererr.Text(err))
		return exitUsage
	}
	if !*quiet {
		for _, l := range g.Lines {
			fmt.Fprintln(stdout, l)
		}
	}
	if g.Correct {
		fmt.Fprintf(stdout, "correct: all %d steps match %s (graded: %s)\n", g.Checked, s.Options().String(), strings.Join(g.Graded, ", "))
	} else {
		fmt.Fprintf(stdout, "first difference at step %d (%s line %d): %s\n", g.Step, pos[0], g.Line, g.Reason)
	}
	if hg != nil {
		return heuristicVerdict(hg, g.Correct, *quiet, stdout)
	}
	if g.Correct {
		return exitOK
	}
	return exitNo
}

// heuristicVerdict prints the grade of the heuristic question after the
// trace's (traceOK: the trace part, if any, was right) and returns the
// exit code for both.
func heuristicVerdict(hg *export.HeuristicGrade, traceOK, quiet bool, stdout io.Writer) int {
	if !quiet {
		for _, l := range hg.Lines {
			fmt.Fprintln(stdout, l)
		}
	}
	switch {
	case len(hg.Graded) == 0:
		fmt.Fprintln(stdout, "heuristic question: nothing answered: write yes or no in the answer column of the admissible and consistent rows")
	case hg.Correct:
		fmt.Fprintf(stdout, "correct: the heuristic answers are right (graded: %s)\n", strings.Join(hg.Graded, ", "))
	default:
		fmt.Fprintln(stdout, "heuristic question: not all right (see the lines above)")
	}
	if traceOK && hg.Correct {
		return exitOK
	}
	return exitNo
}
