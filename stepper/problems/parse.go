// Package problems reads a problem line, the same in every front end, into
// a [stepper.Instance]: the built-in kinds (packages stepper/puzzle,
// stepper/grid, stepper/graph) and the kinds other packages register
// ([RegisterKind]: package script's "script", linked in by a blank import
// where it is wanted). It sits above the problems and the engine; nothing
// below it imports it.
package problems

import (
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

// Parse parses a problem line, the same in every front end:
//
//	puzzle <tiles> [goal=<tiles>]
//	grid <file.map | rows joined by '/'> [start=x,y] [goal=x,y] [moves=4|8] [cost=unit|10-14] [corners=no|yes]
//	graph romania [start=Arad] [goal=Bucharest]
//	graph <file>
//
// A file the line names is read through files; nil files reads none.
func Parse(line string, files stepper.Files) (stepper.Instance, error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil, usererr.Errorf("stepper", "empty problem: write puzzle <tiles>, grid <rows or file.map> or graph romania")
	}
	kind := strings.ToLower(fields[0])
	var (
		inst stepper.Instance
		err  error
	)
	switch kind {
	case "puzzle":
		inst, err = asInstance(puzzle.Parse(fields[1:]))
	case "grid":
		inst, err = asInstance(grid.Parse(fields[1:], files))
	case "graph":
		inst, err = asInstance(graph.Parse(fields[1:], files))
	default:
		if parse, ok := registeredKind(kind); ok {
			return parse(fields[1:], files)
		}
		return nil, usererr.Errorf("stepper", "unknown problem kind %q%s: a problem line starts with %s", fields[0], stepper.DidYouMean(kind, kindNames()), kindList())
	}
	return inst, err
}

// asInstance turns a typed parse result into an Instance without ever
// producing an interface that holds a nil pointer.
func asInstance[P interface {
	*puzzle.Puzzle | *grid.Grid | *graph.Graph
	stepper.Instance
}](p P, err error) (stepper.Instance, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}

// New parses a problem line and a search line, the same in every front
// end, and starts the search:
//
//	s, err := problems.New("puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g")
func New(problem, search string) (*stepper.Search, error) {
	inst, err := Parse(problem, stepper.LocalFiles)
	if err != nil {
		return nil, err
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		return nil, err
	}
	return stepper.NewSearch(inst, o)
}
