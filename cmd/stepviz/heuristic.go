package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/hcheck"
	"stepviz/stepper/problems"
)

func init() {
	register("heuristic", "is a heuristic admissible? consistent? stepviz heuristic -problem SPEC -h NAME [-heuristics FILE.star] [-states N]", runHeuristic)
}

// addHeuristicsFlag adds -heuristics FILE.star, a Starlark file of
// h_NAME(s) functions for a built-in problem; the returned function adds
// them to an instance (or returns it unchanged when the flag is not given).
func addHeuristicsFlag(fs *flag.FlagSet) func(stepper.Instance) (stepper.Instance, error) {
	file := fs.String("heuristics", "", "a Starlark file of h_NAME(s) functions: heuristics for a puzzle, grid or graph (docs/scripts.md)")
	return func(inst stepper.Instance) (stepper.Instance, error) {
		if *file == "" {
			return inst, nil
		}
		src, err := script.ReadFile(*file)
		if err != nil {
			return nil, err
		}
		return script.WithHeuristics(inst, stepper.ExtraSource{Where: *file, Text: src})
	}
}

// failed writes why a search failed (a script's error), if it did, and
// reports whether it did.
func failed(cmd string, s *stepper.Search, stderr io.Writer) bool {
	if s.Status() != stepper.Failed {
		return false
	}
	fmt.Fprintf(stderr, "stepviz %s: %v\n", cmd, s.Err())
	return true
}

func runHeuristic(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heuristic", flag.ContinueOnError)
	problem := fs.String("problem", "", "the problem line, e.g. \"puzzle 283164705\" or \"script jugs.star caps=3,5 target=4\"")
	h := fs.String("h", "", "the heuristic to check (default: the first of -heuristics, else the problem's first)")
	states := fs.Int("states", hcheck.DefaultCheckStates, "explore at most this many states (breadth first); the whole space if it is smaller")
	asJSON := fs.Bool("json", false, "print one JSON object")
	withH := addHeuristicsFlag(fs)
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	spec := strings.TrimSpace(*problem)
	if spec == "" && len(pos) > 0 {
		spec = strings.Join(pos, " ")
	}
	if spec == "" {
		fmt.Fprintln(stderr, "stepviz heuristic: no problem: give -problem \"puzzle 283164705\" (or grid ..., graph ..., script FILE.star); run stepviz heuristic -help")
		return exitUsage
	}
	if *states <= 0 || *states > 10_000_000 {
		fmt.Fprintf(stderr, "stepviz heuristic: -states %d: give a number from 1 to 10000000\n", *states)
		return exitUsage
	}
	inst, err := problems.Parse(spec, stepper.LocalFiles)
	if err == nil {
		inst, err = withH(inst)
	}
	if err != nil {
		fmt.Fprintf(stderr, "stepviz heuristic: %s\n", usererr.Text(err))
		return exitUsage
	}
	if names := stepper.ExtraOf(inst).List(); *h == "" && len(names) > 0 {
		*h = names[0] // the file was given to check one of its own
	}
	rep, err := hcheck.CheckHeuristic(inst, *h, *states)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz heuristic: %s\n", usererr.Text(err))
		return exitUsage
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			*hcheck.HeuristicCheck
			Admissible bool `json:"admissible"`
			Consistent bool `json:"consistent"`
		}{rep, rep.Admissible(), rep.Consistent()}); err != nil {
			fmt.Fprintf(stderr, "stepviz heuristic: %v\n", err)
			return exitUsage
		}
	} else {
		rep.WriteText(stdout)
	}
	if !rep.Admissible() || !rep.Consistent() {
		return exitNo
	}
	return exitOK
}
