package server

import (
	"strings"

	stepvizexamples "stepviz/examples"
	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/stepper"
	"stepviz/templates"
)

// scriptExamples are the example scripts the landing form offers, each
// with the globals it runs with and its known optimum in its title.
var scriptExamples = []templates.ScriptChoice{
	{Name: "missionaries.star", Title: "Missionaries and cannibals, 3 and 3, boat of 2 (11 crossings)"},
	{Name: "jugs.star", Title: "Water jugs 3 and 5, measure 4 (6 actions)", Params: "caps=3,5 target=4"},
	{Name: "hanoi.star", Title: "Towers of Hanoi, 4 discs (15 moves)", Params: "n=4"},
	{Name: "vacuum.star", Title: "Vacuum world, 2 squares (3 actions)"},
	{Name: "queens.star", Title: "8 queens, one row at a time (depth 8)", Params: "n=8"},
	{Name: "puzzle8.star", Title: "The 8-puzzle in Starlark (5 moves)", Params: "board=283164705 goal=123804765"},
}

func scriptChoices() []templates.ScriptChoice {
	return append([]templates.ScriptChoice(nil), scriptExamples...)
}

// exampleScript loads a built-in example script with its own globals, the
// form's name=value pairs overriding them (names it does not use are
// harmless globals).
func exampleScript(name, formParams string) (stepper.Instance, error) {
	var ex *templates.ScriptChoice
	for i := range scriptExamples {
		if scriptExamples[i].Name == name {
			ex = &scriptExamples[i]
		}
	}
	if ex == nil {
		return nil, usererr.Errorf("server", "unknown example script %q: pick one of the list", name)
	}
	src, err := stepvizexamples.Scripts.ReadFile("scripts/" + name)
	if err != nil {
		return nil, usererr.Errorf("server", "example script %s: %w", name, err)
	}
	words := map[string]string{}
	var order []string
	for _, w := range append(strings.Fields(ex.Params), strings.Fields(formParams)...) {
		k, _, _ := strings.Cut(w, "=")
		if _, seen := words[k]; !seen {
			order = append(order, k)
		}
		words[k] = w
	}
	var list []string
	for _, k := range order {
		list = append(list, words[k])
	}
	params, err := script.ParseParams(list)
	if err != nil {
		return nil, err
	}
	inst, err := script.New(name, string(src), params)
	if err != nil {
		return nil, err
	}
	inst.SetSearchSteps(scriptSteps)
	return inst, nil
}
