package kernel

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/hcheck"
)

// Starlark in cells (docs/scripts.md). A cell whose first line is
//
//	problem NAME [name=value ...]:
//
// holds a problem script on its other lines; one whose first line is
//
//	heuristic NAME:
//
// holds a def h(s) for the current built-in problem. Line numbers in the
// script's errors are the cell's. "check h=NAME [states=N]" checks a
// heuristic of the current problem.

// parseScriptCell recognizes a problem or heuristic cell. ok is false for
// any other cell, which ParseCell parses line by line.
func parseScriptCell(lines []string) (cmd Command, ok bool, err error) {
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return cmd, false, nil
	}
	head := strings.TrimSpace(lines[first])
	f := strings.Fields(strings.TrimSuffix(head, ":"))
	if len(f) == 0 {
		return cmd, false, nil
	}
	verb := strings.ToLower(f[0])
	if (verb != "problem" && verb != "heuristic") || !strings.HasSuffix(head, ":") {
		return cmd, false, nil
	}
	f = strings.Fields(strings.TrimSuffix(head, ":"))
	cmd = Command{Verb: verb, Line: first + 1, Source: head}
	if len(f) < 2 || !isScriptName(f[1]) {
		return cmd, true, atLine(errorf("%s needs a name: write %s NAME: on the first line, then the Starlark (docs/scripts.md)", verb, verb), first+1, head)
	}
	cmd.Name = f[1]
	// blank lines in place of the header keep the cell's line numbers
	cmd.Script = strings.Repeat("\n", first+1) + strings.Join(lines[first+1:], "\n")
	if verb == "problem" {
		if _, err := script.ParseParams(f[2:]); err != nil {
			return cmd, true, atLine(err, first+1, head)
		}
		cmd.Problem = strings.Join(append([]string{"script"}, f[1:]...), " ")
		cmd.Verb = "script"
	} else if len(f) > 2 {
		return cmd, true, atLine(errorf("heuristic takes only a name: heuristic %s:", f[1]), first+1, head)
	}
	return cmd, true, nil
}

func isScriptName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '-' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// parseCheck parses check h=NAME [states=N].
func parseCheck(args []string) (Command, error) {
	cmd := Command{Verb: "check"}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		switch {
		case ok && (k == "h" || k == "heuristic"):
			cmd.Args = []string{v}
		case ok && k == "states":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 2_000_000 {
				return cmd, errorf("check states=%s: want a whole number from 1 to 2000000", v)
			}
			cmd.Count = n
		default:
			return cmd, errorf("check does not understand '%s': write check h=NAME [states=N]", a)
		}
	}
	return cmd, nil
}

// setScript loads a problem cell and makes it the current problem.
func (s *Session) setScript(c Command, emit func(Output)) error {
	params, err := script.ParseParams(strings.Fields(c.Problem)[2:])
	if err != nil {
		return err
	}
	inst, err := script.New(c.Name, c.Script, params)
	if err != nil {
		return scriptError(err)
	}
	s.problem = inst
	emit(s.problemView(inst))
	return nil
}

// addHeuristic adds a heuristic cell's h to the current built-in problem.
func (s *Session) addHeuristic(c Command, emit func(Output)) error {
	if s.problem == nil {
		return errorf("no problem yet: write a problem line first (puzzle 283164705), then heuristic %s:", c.Name)
	}
	if s.problem.Kind() == "script" {
		return errorf("a script problem defines its heuristics itself: add def h_%s(s): to its cell", c.Name)
	}
	src := stepper.ExtraSource{Where: "heuristic " + c.Name, Text: c.Script, Name: c.Name}
	var kept []stepper.ExtraSource
	if x := stepper.ExtraOf(s.problem); x != nil {
		for _, old := range x.Sources {
			if old.Name != c.Name { // a cell run again replaces its heuristic
				kept = append(kept, old)
			}
		}
	}
	base := s.problem
	if x := stepper.ExtraOf(base); x != nil {
		var err error
		if base, err = stepper.WithExtra(base, &stepper.Extra{}); err != nil {
			return err
		}
	}
	inst, err := script.WithHeuristics(base, append(kept, src)...)
	if err != nil {
		return scriptError(err)
	}
	s.problem = inst
	emit(textOutput("heuristic %s added to %s: search astar h=%s uses it; check h=%s tells whether it is admissible and consistent", c.Name, inst.Spec(), c.Name, c.Name))
	return nil
}

// check reports whether a heuristic of the current problem is admissible
// and consistent.
func (s *Session) check(c Command, emit func(Output)) error {
	if s.problem == nil {
		return errorf("no problem yet: write a problem line first, then check h=NAME")
	}
	h := ""
	if len(c.Args) > 0 {
		h = c.Args[0]
	}
	if s.cfg.Memory != nil {
		mem, err := s.reserveCheck(c.Count)
		if err != nil {
			return err
		}
		defer mem.Release()
	}
	rep, err := hcheck.CheckHeuristic(s.problem, h, c.Count)
	if err != nil {
		return scriptError(err)
	}
	var b strings.Builder
	rep.WriteText(&b)
	emit(textOutput("%s", strings.TrimRight(b.String(), "\n")))
	return nil
}

// cellLine is the line of problem or heuristic cell c that the error of
// its own Starlark names (a syntax error, an undefined name, a failure at
// the top level), with that line's text; ok is false for any other error,
// such as a heuristic failing under check, which names the heuristic's
// cell while the check's cell is the one that ran.
func cellLine(err error, c Command) (line int, text string, ok bool) {
	var se *script.Error
	if (c.Verb != "script" && c.Verb != "heuristic") || !errors.As(err, &se) {
		return 0, "", false
	}
	where := c.Name
	if c.Verb == "heuristic" {
		where = "heuristic " + c.Name
	}
	rest, found := strings.CutPrefix(se.Pos, where+":")
	if se.Where != where || !found {
		return 0, "", false
	}
	digits, _, _ := strings.Cut(rest, ":")
	n, aerr := strconv.Atoi(digits)
	lines := strings.Split(c.Script, "\n")
	if aerr != nil || n < 1 || n > len(lines) {
		return 0, "", false
	}
	return n, strings.TrimSpace(lines[n-1]), true
}

// scriptError keeps a script's error whole (its backtrace included).
func scriptError(err error) error {
	return &CellError{Msg: usererr.Text(err), Err: err}
}

// failedSearch is the error of a search whose script failed, or nil.
func failedSearch(sr *stepper.Search) error {
	if sr.Status() != stepper.Failed {
		return nil
	}
	return &CellError{Msg: fmt.Sprintf("the search failed: %v", sr.Err()), Err: sr.Err()}
}
