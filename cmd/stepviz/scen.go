package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/grid"
)

// Bounds of scen's numeric flags: a NaN tolerance compared false with every
// difference and reported no mismatch at all.
const (
	maxTol     = 1e6
	maxWorkers = 1024
)

func init() {
	register("scen", "run every row of a Moving AI scenario file (.map.scen) and report mismatches against the optimal lengths", runScen)
}

// scenReport is the JSON object `stepviz scen -json` prints.
type scenReport struct {
	Scenario   string          `json:"scenario"`
	Options    string          `json:"options"`
	Rows       int             `json:"rows"`
	Mismatches int             `json:"mismatches"`
	Expanded   int             `json:"expanded"`
	Generated  int             `json:"generated"`
	Seconds    float64         `json:"seconds"` // the sum of the rows' search times
	Mismatched []scenRowReport `json:"mismatched"`
	Results    []scenRowReport `json:"results,omitempty"` // every row, with -v
}

// scenRowReport is one row's outcome.
type scenRowReport struct {
	Line      int     `json:"line"`
	Start     string  `json:"start"`
	Goal      string  `json:"goal"`
	Optimal   float64 `json:"optimal"`
	Cost      float64 `json:"cost"`
	Status    string  `json:"status"`
	Expanded  int     `json:"expanded"`
	Generated int     `json:"generated"`
	Mismatch  bool    `json:"mismatch"`
}

func runScen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scen", flag.ContinueOnError)
	options := addSearchFlags(fs, "astar")
	moves := fs.Int("moves", 8, "4 or 8 moves (the optimal lengths of Moving AI assume 8)")
	cost := fs.String("cost", grid.CostUnit, "cost model: unit (1 and √2) or 10-14")
	corners := fs.Bool("corners", false, "allow diagonal moves that cut a wall's corner")
	sample := fs.Int("sample", 1, "run every n-th row only")
	tol := fs.Float64("tol", 1e-6, "the largest |cost − optimal| that is not a mismatch")
	verbose := fs.Bool("v", false, "print every row, not only the mismatches")
	asJSON := fs.Bool("json", false, "print one JSON object")
	workers := fs.Int("j", runtime.GOMAXPROCS(0), "how many rows to run at once")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "stepviz scen: want one scenario file, got %d: stepviz scen FILE.map.scen [-algo astar] [-h octile]\n", len(pos))
		return exitUsage
	}
	if *sample < 1 {
		fmt.Fprintf(stderr, "stepviz scen: -sample %d: want a whole number >= 1\n", *sample)
		return exitUsage
	}
	if math.IsNaN(*tol) || math.IsInf(*tol, 0) || *tol < 0 || *tol > maxTol {
		fmt.Fprintf(stderr, "stepviz scen: -tol %v: want a number from 0 to %g, such as -tol 1e-6\n", *tol, float64(maxTol))
		return exitUsage
	}
	o, err := options()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz scen: %s\n", usererr.Text(err))
		return exitUsage
	}
	// A benchmark run stores no discarded duplicates unless asked to: the
	// counts and lengths are the same, the memory a fraction.
	dupSet := false
	fs.Visit(func(f *flag.Flag) { dupSet = dupSet || f.Name == "duplicates" })
	if !dupSet {
		o.Duplicates = stepper.DropDuplicates
	}
	o = forwardOnly(o)
	if *workers < 1 || *workers > maxWorkers {
		fmt.Fprintf(stderr, "stepviz scen: -j %d: want a whole number from 1 to %d\n", *workers, maxWorkers)
		return exitUsage
	}
	sc, err := grid.LoadScen(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "stepviz scen: %s\n", usererr.Text(err))
		return exitUsage
	}
	sc = sc.Sample(*sample)
	cfg := grid.ScenConfig{Options: o, Moves: *moves, Cost: *cost, Corners: *corners, Tolerance: *tol, Workers: *workers}
	if len(sc.Rows) > 0 {
		// Check the configuration on the first row, so that a bad flag is
		// reported before anything runs and the options string is exact.
		g, err := sc.Grid(0, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz scen: %s\n", usererr.Text(err))
			return exitUsage
		}
		s, err := stepper.NewSearch(g, o)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz scen: %s\n", usererr.Text(err))
			return exitUsage
		}
		o = s.Options()
		for _, w := range s.Warnings() {
			fmt.Fprintf(stderr, "stepviz scen: warning: %s\n", w)
		}
		s.Release()
	}
	bar := newProgressBar(stderr)
	cfg.Progress = bar.update
	wall := time.Now()
	results, err := sc.Run(cfg)
	bar.done()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz scen: %s\n", usererr.Text(err))
		return exitUsage
	}
	sum := grid.SummarizeScen(results)
	rep := scenReport{
		Scenario: sc.Path, Options: o.String(), Rows: sum.Rows, Mismatches: sum.Mismatches,
		Expanded: sum.Expanded, Generated: sum.Generated, Seconds: sum.Elapsed.Seconds(),
		Mismatched: []scenRowReport{},
	}
	for _, r := range results {
		rr := scenRowReport{
			Line: r.Row.Line, Start: fmt.Sprintf("%d,%d", r.Row.StartX, r.Row.StartY), Goal: fmt.Sprintf("%d,%d", r.Row.GoalX, r.Row.GoalY),
			Optimal: r.Row.Optimal, Cost: r.Cost, Status: string(r.Status), Expanded: r.Expanded, Generated: r.Generated, Mismatch: r.Mismatch,
		}
		if r.Mismatch {
			rep.Mismatched = append(rep.Mismatched, rr)
		}
		if *verbose {
			rep.Results = append(rep.Results, rr)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "stepviz scen: %v\n", err)
			return exitUsage
		}
	} else {
		writeScenText(stdout, rep, *verbose, time.Since(wall))
	}
	if rep.Mismatches > 0 {
		return exitNo
	}
	return exitOK
}

func writeScenText(w io.Writer, rep scenReport, verbose bool, wall time.Duration) {
	fmt.Fprintf(w, "scenario   %s\n", rep.Scenario)
	fmt.Fprintf(w, "search     %s\n", rep.Options)
	rows := rep.Mismatched
	if verbose {
		rows = rep.Results
	}
	if len(rows) > 0 {
		fmt.Fprintf(w, "%6s  %-9s  %-9s  %12s  %12s  %9s  %s\n", "line", "start", "goal", "optimal", "cost", "expanded", "")
		for _, r := range rows {
			mark := "ok"
			if r.Mismatch {
				mark = "MISMATCH"
				if r.Status != string(stepper.Solved) {
					mark += " (" + r.Status + ")"
				}
			}
			fmt.Fprintf(w, "%6d  %-9s  %-9s  %12.6f  %12.6f  %9d  %s\n", r.Line, r.Start, r.Goal, r.Optimal, r.Cost, r.Expanded, mark)
		}
	}
	fmt.Fprintf(w, "rows       %d\n", rep.Rows)
	fmt.Fprintf(w, "mismatches %d\n", rep.Mismatches)
	fmt.Fprintf(w, "expanded   %d   generated %d\n", rep.Expanded, rep.Generated)
	fmt.Fprintf(w, "time       %.3fs searching (%.3fs in all)\n", rep.Seconds, wall.Seconds())
}

// progressBar draws "[#####.....] 455/910" on stderr, only when stderr is a
// terminal, and only when the drawn text changes.
type progressBar struct {
	w    io.Writer
	on   bool
	last string
}

const progressWidth = 40

func newProgressBar(stderr io.Writer) *progressBar {
	return &progressBar{w: stderr, on: isTerminal(stderr)}
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (b *progressBar) update(done, total int) {
	if !b.on || total == 0 {
		return
	}
	n := done * progressWidth / total
	s := fmt.Sprintf("\r[%s%s] %d/%d", strings.Repeat("#", n), strings.Repeat(".", progressWidth-n), done, total)
	if s != b.last && (n != len(b.last) || done == total || done%50 == 0) {
		b.last = s
		io.WriteString(b.w, s)
	}
}

func (b *progressBar) done() {
	if b.on && b.last != "" {
		io.WriteString(b.w, "\r"+strings.Repeat(" ", len(b.last))+"\r")
	}
}
