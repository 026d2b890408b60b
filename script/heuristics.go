package script

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.starlark.net/starlark"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

// Heuristics for built-in problems. A file defines h_NAME(s) functions
// (stepviz solve -heuristics FILE.star); a notebook cell "heuristic NAME"
// defines h(s). The script sees the built-in problem through a documented
// view (docs/scripts.md):
//
//	puzzle  s = tuple of tiles, row by row, 0 the blank; globals goal (a tuple), size (N)
//	grid    s = (x, y); globals goal (x, y), moves (4 or 8), cost ("unit" or "10-14"), width, height
//	graph   s = the node's name; globals goal (a name), coords (a dict name -> (x, y))

// WithHeuristics loads the sources and returns a copy of the built-in
// instance with their heuristics added (stepper.WithExtra). Heuristics
// already added to inst are kept, the new ones after them.
func WithHeuristics(inst stepper.Instance, srcs ...stepper.ExtraSource) (stepper.Instance, error) {
	return WithHeuristicsBudget(inst, SearchSteps, srcs...)
}

// WithHeuristicsBudget is WithHeuristics with each search's budget of
// Starlark steps, shared by its heuristics' calls, set to steps instead
// of [SearchSteps]: a server lowers it.
func WithHeuristicsBudget(inst stepper.Instance, steps uint64, srcs ...stepper.ExtraSource) (stepper.Instance, error) {
	if old := stepper.ExtraOf(inst); old != nil {
		srcs = append(append([]stepper.ExtraSource(nil), old.Sources...), srcs...)
	}
	view, err := viewOf(inst)
	if err != nil {
		return nil, err
	}
	var hs []namedFunc
	var names []string
	for _, src := range srcs {
		sc, err := Load(src.Where, src.Text, view.globals)
		if err != nil {
			return nil, view.hint(err)
		}
		var found []namedFunc
		if src.Name != "" {
			if !isIdent(src.Name) {
				return nil, usererr.Errorf("script", "heuristic name %q: use letters, digits and _", src.Name)
			}
			fn, err := sc.function("h")
			if err != nil {
				return nil, err
			}
			if fn == nil {
				if fn, err = sc.function("h_" + src.Name); err != nil {
					return nil, err
				}
			}
			if fn == nil {
				return nil, &Error{Where: src.Where, Msg: fmt.Sprintf("no heuristic: define def h(s): for heuristic %s", src.Name)}
			}
			found = []namedFunc{{name: src.Name, fn: fn}}
		} else if found, err = sc.heuristicFuncs(); err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, &Error{Where: src.Where, Msg: "no heuristics: define one or more def h_NAME(s): functions"}
		}
		for _, f := range found {
			for _, n := range names {
				if n == f.name {
					return nil, &Error{Where: src.Where, Msg: fmt.Sprintf("heuristic %s is defined twice", f.name)}
				}
			}
			names = append(names, f.name)
			hs = append(hs, f)
		}
	}
	x := &stepper.Extra{Sources: srcs, Names: names, New: func(stepper.Instance) (func(int, string) float64, func() error) {
		e := &extraSearch{view: view, hs: hs, sb: newSandbox(srcs[0].Where, steps), cache: make([]map[string]float64, len(hs))}
		for i := range e.cache {
			e.cache[i] = map[string]float64{}
		}
		return e.estimate, func() error { return e.err }
	}}
	return stepper.WithExtra(inst, x) // replaces the old extras: x has them all
}

// extraSearch is one search's heuristics: one thread, a cache per heuristic.
type extraSearch struct {
	view  *view
	hs    []namedFunc
	sb    *sandbox
	cache []map[string]float64
	err   error
}

func (e *extraSearch) estimate(i int, state string) float64 {
	if h, ok := e.cache[i][state]; ok {
		return h
	}
	if e.err != nil {
		return 0
	}
	v, err := e.view.state(state)
	if err == nil {
		var h float64
		e.sb.where = e.hs[i].fn.Position().Filename()
		if h, err = callHeuristic(e.sb, e.hs[i].fn, v); err == nil {
			e.cache[i][state] = h
			return h
		}
	}
	e.err = err
	return 0
}

// view is how a script sees a built-in problem.
type view struct {
	globals []Param
	state   func(text string) (starlark.Value, error)
}

// hint rewrites a heuristic's "undefined:" error, whose hint for a problem
// script does not apply, to name the globals the problem gives instead.
func (v *view) hint(err error) error {
	var e *Error
	if !errors.As(err, &e) || !strings.HasSuffix(e.Msg, problemLineHint) {
		return err
	}
	names := make([]string, len(v.globals))
	for i, g := range v.globals {
		names[i] = g.Name
	}
	c := *e
	c.Msg = strings.TrimSuffix(e.Msg, problemLineHint) + " (a heuristic sees only the globals its problem gives: " + strings.Join(names, ", ") + ")"
	return &c
}

func viewOf(inst stepper.Instance) (*view, error) {
	param := func(name string, v starlark.Value) Param {
		v.Freeze()
		return Param{Name: name, Text: v.String(), Value: v}
	}
	switch p := inst.(type) {
	case *puzzle.Puzzle:
		return &view{
			globals: []Param{param("goal", intTuple(p.GoalTiles())), param("size", starlark.MakeInt(p.Size()))},
			state: func(text string) (starlark.Value, error) {
				t, err := puzzle.ParseTiles(text)
				if err != nil {
					return nil, err
				}
				return intTuple(t), nil
			},
		}, nil
	case *grid.Grid:
		gx, gy := p.Goal()
		return &view{
			globals: []Param{
				param("goal", starlark.Tuple{starlark.MakeInt(gx), starlark.MakeInt(gy)}),
				param("moves", starlark.MakeInt(p.Moves())), param("cost", starlark.String(p.CostModel())),
				param("width", starlark.MakeInt(p.Width())), param("height", starlark.MakeInt(p.Height())),
			},
			state: func(text string) (starlark.Value, error) {
				xs, ys, _ := strings.Cut(text, ",")
				x, err1 := strconv.Atoi(xs)
				y, err2 := strconv.Atoi(ys)
				if err1 != nil || err2 != nil {
					return nil, usererr.Errorf("script", "grid cell %q is not x,y", text)
				}
				return starlark.Tuple{starlark.MakeInt(x), starlark.MakeInt(y)}, nil
			},
		}, nil
	case *graph.Graph:
		coords := starlark.NewDict(len(p.Nodes()))
		for _, n := range p.Nodes() {
			if n.HasXY {
				_ = coords.SetKey(starlark.String(n.Name), starlark.Tuple{floatOrInt(n.X), floatOrInt(n.Y)})
			}
		}
		return &view{
			globals: []Param{param("goal", starlark.String(p.GoalName())), param("coords", coords)},
			state:   func(text string) (starlark.Value, error) { return starlark.String(text), nil },
		}, nil
	}
	return nil, usererr.Errorf("script", "heuristics can be added to puzzle, grid and graph problems; a %s problem defines its own (h_NAME)", inst.Kind())
}

func intTuple(xs []int) starlark.Tuple {
	t := make(starlark.Tuple, len(xs))
	for i, x := range xs {
		t[i] = starlark.MakeInt(x)
	}
	return t
}

func floatOrInt(x float64) starlark.Value {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return starlark.MakeInt64(int64(x))
	}
	return starlark.Float(x)
}
