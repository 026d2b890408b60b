package stepper

import (
	"strings"

	"stepviz/internal/usererr"
)

// ParseProblem parses a problem line, the same in every front end:
//
//	puzzle <tiles> [goal=<tiles>]
//	grid <file.map | rows joined by '/'> [start=x,y] [goal=x,y] [moves=4|8] [cost=unit|10-14] [corners=no|yes]
//	graph romania [start=Arad] [goal=Bucharest]
//	graph <file>
//
// A file the line names is read through files; nil files reads none.
func ParseProblem(line string, files Files) (Instance, error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil, usererr.Errorf("stepper", "empty problem: write puzzle <tiles>, grid <rows or file.map> or graph romania")
	}
	kind := strings.ToLower(fields[0])
	var (
		inst Instance
		err  error
	)
	switch kind {
	case "puzzle":
		inst, err = asInstance(ParsePuzzle(fields[1:]))
	case "grid":
		inst, err = asInstance(parseGrid(fields[1:], files))
	case "graph":
		inst, err = asInstance(parseGraph(fields[1:], files))
	default:
		if parse, ok := registeredKind(kind); ok {
			return parse(fields[1:], files)
		}
		return nil, usererr.Errorf("stepper", "unknown problem kind %q%s: a problem line starts with %s", fields[0], suggest(kind, kindNames()), kindList())
	}
	return inst, err
}

// asInstance turns a typed parse result into an Instance without ever
// producing an interface that holds a nil pointer.
func asInstance[P interface {
	*Puzzle | *Grid | *Graph
	Instance
}](p P, err error) (Instance, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}
