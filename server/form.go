package server

import (
	"errors"
	"net/url"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/server/room"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/templates"
)

// optionFields are the landing form's option fields, by the option names
// stepper.Options.Set accepts.
var optionFields = []string{"algo", "h", "w", "tie", "goaltest", "open", "closed", "tree", "depth", "order", "duplicates", "parent", "width", "local", "f", "maxnodes"}

// formValues reads the landing form.
func formValues(f url.Values) templates.FormValues {
	v := templates.FormValues{
		Source: f.Get("source"), Example: f.Get("example"),
		Puzzle: f.Get("puzzle"), PuzzleGoal: f.Get("puzzle_goal"),
		GridMap: f.Get("grid_map"), GridRows: f.Get("grid_rows"), GridStart: f.Get("grid_start"), GridGoal: f.Get("grid_goal"),
		GridMoves: f.Get("grid_moves"), GridCost: f.Get("grid_cost"), GridCorners: f.Get("grid_corners"),
		GraphStart: f.Get("graph_start"), GraphGoal: f.Get("graph_goal"),
		Line:   f.Get("line"),
		Script: f.Get("script"), ScriptParams: f.Get("script_params"), ScriptExample: f.Get("script_example"),
		Heuristics: f.Get("heuristics"),
		Options:    map[string]string{},
	}
	for _, name := range optionFields {
		if s := strings.TrimSpace(f.Get(name)); s != "" {
			v.Options[name] = s
		}
	}
	return v
}

// fieldError is invalid landing-form input about field: "problem" or an
// option name of optionFields. Its usererr.FieldOf is field.
func fieldError(field string, err error) error {
	return usererr.Errorf("server", "%w", err).For(field)
}

// optionField is the landing form's field for the option an error of
// stepper's is about (its usererr.FieldOf): the option's own field, or
// "algo" for an option the form has no field for, or for no option.
func optionField(err error) string {
	f := usererr.FieldOf(err)
	for _, name := range optionFields {
		if f == name {
			return f
		}
	}
	return "algo"
}

// problemLine builds the problem line the form describes.
func problemLine(v templates.FormValues) (string, error) {
	switch v.Source {
	case "", "example":
		e, ok := exampleByName(v.Example)
		if !ok {
			return "", usererr.Errorf("server", "unknown example %q: pick one of the examples", v.Example)
		}
		return e.Problem, nil
	case "puzzle":
		tiles := strings.TrimSpace(v.Puzzle)
		if tiles == "" {
			return "", usererr.Errorf("server", "type the puzzle's tiles, such as 283164705 (0 is the blank)")
		}
		line := "puzzle " + strings.Join(strings.Fields(tiles), ",")
		if strings.Count(line, ",") == 0 {
			line = "puzzle " + tiles
		}
		if g := strings.TrimSpace(v.PuzzleGoal); g != "" {
			if f := strings.Fields(g); len(f) > 1 {
				g = strings.Join(f, ",")
			}
			line += " goal=" + g
		}
		return line, nil
	case "grid":
		var rows []string
		start, goal := v.GridStart, v.GridGoal
		if name := strings.TrimSpace(v.GridMap); name != "" {
			// a Moving AI map built into the binary, from its default
			// start and goal unless the form gives them
			m, r, err := embeddedMapRows(name)
			if err != nil {
				return "", err
			}
			rows = r
			if strings.TrimSpace(start) == "" {
				start = m.Start
			}
			if strings.TrimSpace(goal) == "" {
				goal = m.Goal
			}
		} else {
			for _, r := range strings.Split(strings.ReplaceAll(v.GridRows, "\r", ""), "\n") {
				if r = strings.TrimSpace(r); r != "" {
					rows = append(rows, r)
				}
			}
		}
		if len(rows) == 0 {
			return "", usererr.Errorf("server", "draw or paste a grid: rows of '.' free, '#' wall, 1-9 terrain, S start, G goal")
		}
		line := "grid " + strings.Join(rows, "/")
		for _, kv := range [][2]string{{"start", start}, {"goal", goal}, {"moves", v.GridMoves}, {"cost", v.GridCost}, {"corners", v.GridCorners}} {
			if s := strings.TrimSpace(kv[1]); s != "" {
				line += " " + kv[0] + "=" + strings.ReplaceAll(s, " ", "")
			}
		}
		return line, nil
	case "graph":
		line := "graph romania"
		if s := strings.TrimSpace(v.GraphStart); s != "" {
			line += " start=" + s
		}
		if s := strings.TrimSpace(v.GraphGoal); s != "" {
			line += " goal=" + s
		}
		return line, nil
	case "line":
		line := strings.TrimSpace(v.Line)
		if line == "" {
			return "", usererr.Errorf("server", "type a problem line, such as puzzle 283164705 goal=123804765")
		}
		return line, nil
	}
	return "", usererr.Errorf("server", "unknown problem source %q", v.Source)
}

// scriptSteps is the Starlark step budget of a search on a script the form
// gives: the server's, as a room's (room.ScriptSteps).
const scriptSteps = room.ScriptSteps

// instanceFromForm parses the problem the form describes. A script comes
// as text (the server reads no file a user names) and runs in the
// sandbox with the server's smaller budget.
func instanceFromForm(v templates.FormValues) (stepper.Instance, error) {
	if v.Source == "script" && v.ScriptExample != "" {
		return exampleScript(v.ScriptExample, v.ScriptParams)
	}
	if v.Source == "script" {
		if strings.TrimSpace(v.Script) == "" {
			return nil, usererr.Errorf("server", "paste a Starlark script: start, is_goal(s), successors(s) (see docs/scripts.md)")
		}
		if len(v.Script) > script.MaxSource {
			return nil, usererr.Errorf("server", "the script has %d bytes; at most %d", len(v.Script), script.MaxSource)
		}
		params, err := script.ParseParams(strings.Fields(v.ScriptParams))
		if err != nil {
			return nil, err
		}
		inst, err := script.New("form.star", strings.ReplaceAll(v.Script, "\r\n", "\n"), params)
		if err != nil {
			return nil, err
		}
		inst.SetSearchSteps(scriptSteps)
		return inst, nil
	}
	line, err := problemLine(v)
	if err != nil {
		return nil, err
	}
	// Every other source, the grid's rows included, ends in a problem
	// line, parsed with no files: stepper opens no file a user names.
	return problems.Parse(line, nil)
}

// searchFromForm builds the search the form describes, with the server's
// node limit as the ceiling. Every error names the field it belongs to.
func searchFromForm(v templates.FormValues, maxNodes int) (*stepper.Search, error) {
	inst, err := instanceFromForm(v)
	if err != nil {
		return nil, fieldError("problem", err)
	}
	if inst, err = withFormHeuristics(inst, v); err != nil {
		return nil, fieldError("heuristics", err)
	}
	var o stepper.Options
	if v.Source == "" || v.Source == "example" {
		if e, ok := exampleByName(v.Example); ok {
			if o, err = stepper.ParseOptions(e.Options); err != nil {
				return nil, fieldError("algo", err)
			}
		}
	}
	for _, name := range optionFields {
		val, ok := v.Options[name]
		if !ok {
			continue
		}
		if name == "tree" && val == "on" { // an HTML checkbox
			val = "true"
		}
		if name == "h" && val == "default" {
			o.Heuristic = ""
			continue
		}
		if err := o.Set(name, val); err != nil {
			return nil, fieldError(name, err)
		}
	}
	if _, given := v.Options["maxnodes"]; !given {
		o.MaxNodes = maxNodes
	} else if o.MaxNodes > maxNodes {
		return nil, usererr.Errorf("server", "maxnodes %d is above this server's limit of %d nodes per session; lower it (or restart the server with a larger -max-nodes)", o.MaxNodes, maxNodes).For("maxnodes")
	}
	if !o.Algorithm.Journaled() {
		return nil, fieldError("algo", session.NotJournaled(o.Algorithm))
	}
	if own := stepper.ExtraOf(inst).List(); len(own) > 0 && o.Heuristic == "" && o.Algorithm.UsesHeuristic() {
		o.Heuristic = own[0] // the student wrote a heuristic to search with it
	}
	if formHeuristics(v) && o.Algorithm.UsesHeuristic() {
		if err := tryFormHeuristics(inst, o); err != nil {
			return nil, fieldError("heuristics", err)
		}
	}
	s, err := stepper.NewSearch(inst, o)
	var failed *script.Error
	if errors.As(err, &failed) { // the script failed at the start: its text is to mend, not an option
		return nil, fieldError(scriptField(v), err)
	}
	if err != nil {
		return nil, fieldError(optionField(err), err)
	}
	return s, nil
}
