package script

import (
	"fmt"
	"strings"
	"sync"

	"go.starlark.net/starlark"

	"stepviz/stepper"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// A script is one of three kinds, told apart by the functions it defines
// (docs/scripts.md, "Games and local search"):
//
//   - a game defines to_move, actions, result, utility and is_terminal
//     (aima-python's Game) and the global initial;
//   - a local-search problem defines value and neighbours, and initial(rng)
//     or start;
//   - anything else is a search problem (start, is_goal, successors).
//
// Defining a name of one set obliges the script to define the whole set,
// and names of both the game and the local set are an error.
type scriptKind int

const (
	problemScript scriptKind = iota
	gameScript
	localScript
)

var (
	gameFuncs  = []string{"to_move", "actions", "result", "utility", "is_terminal"}
	localFuncs = []string{"value", "neighbours"}
)

// kindOf classifies a loaded script, failing with what is missing when it
// defines a set in part.
func kindOf(sc *Script) (scriptKind, error) {
	has := func(names []string) (got, missing []string) {
		for _, n := range names {
			if _, ok := sc.globals[n]; ok {
				got = append(got, n)
			} else {
				missing = append(missing, n)
			}
		}
		return got, missing
	}
	g, gMissing := has(gameFuncs)
	l, lMissing := has(localFuncs)
	switch {
	case len(g) > 0 && len(l) > 0:
		return 0, &Error{Where: sc.Name, Msg: fmt.Sprintf("the script defines %s (a game's) and %s (a local-search problem's): a script is one or the other", strings.Join(g, ", "), strings.Join(l, ", "))}
	case len(g) > 0 && len(gMissing) > 0:
		return 0, &Error{Where: sc.Name, Msg: fmt.Sprintf("a game defines to_move(state), actions(state), result(state, action), utility(state, player) and is_terminal(state): %s missing", listMissing(gMissing))}
	case len(l) > 0 && len(lMissing) > 0:
		return 0, &Error{Where: sc.Name, Msg: fmt.Sprintf("a local-search problem defines value(state) and neighbours(state): %s missing", listMissing(lMissing))}
	case len(g) > 0:
		return gameScript, nil
	case len(l) > 0:
		return localScript, nil
	}
	return problemScript, nil
}

func listMissing(names []string) string {
	if len(names) == 1 {
		return names[0] + " is"
	}
	return strings.Join(names, ", ") + " are"
}

// kindError is the refusal of a game or local-search script where a
// search problem is wanted (and the hint of which algorithms it takes).
func kindError(sc *Script, k scriptKind) error {
	switch k {
	case gameScript:
		return &Error{Where: sc.Name, Msg: "the script is a game (it defines to_move, actions, result, utility, is_terminal): search it with minimax, alphabeta, expectiminimax or mcts"}
	case localScript:
		return &Error{Where: sc.Name, Msg: "the script is a local-search problem (it defines value and neighbours): search it with hillclimb, stochastic or anneal"}
	}
	return nil
}

func init() {
	game.RegisterKind("script", isGameLine, func(line string) (game.Game, error) {
		sc, err := loadLine(line, stepper.LocalFiles)
		if err != nil {
			return nil, err
		}
		return NewGame(sc)
	})
	local.RegisterKind("script", isLocalLine, func(line string) (local.Problem, error) {
		sc, err := loadLine(line, stepper.LocalFiles)
		if err != nil {
			return nil, err
		}
		return NewLocal(sc)
	})
}

func isGameLine(line string) bool  { return lineKind(line) == gameScript }
func isLocalLine(line string) bool { return lineKind(line) == localScript }

// lineKind is the kind of the script a problem line names; a line that
// does not load is a search problem's, whose parser then reports why. A
// script that defines part of the game's or the local set is of that
// kind, so that its parser says what is missing.
func lineKind(line string) scriptKind {
	sc, err := loadLine(line, stepper.LocalFiles)
	if err != nil {
		return problemScript
	}
	k, err := kindOf(sc)
	if err == nil {
		return k
	}
	for _, names := range []struct {
		k     scriptKind
		names []string
	}{{gameScript, gameFuncs}, {localScript, localFuncs}} {
		for _, n := range names.names {
			if _, ok := sc.globals[n]; ok {
				return names.k
			}
		}
	}
	return problemScript
}

// loaded is the last script loadLine loaded: a front end asks whether a
// line is a game, then parses it, and the second question must not run
// the top level again. A loaded script is frozen, so sharing it is safe.
var loaded struct {
	mu        sync.Mutex
	line, src string
	sc        *Script
}

// loadLine reads (through files; nil reads none) and loads the script of
// "script FILE.star [name=value ...]", reusing the last load when the line and the file's text are the
// same.
func loadLine(line string, files stepper.Files) (*Script, error) {
	f := strings.Fields(line)
	if len(f) < 2 || !strings.EqualFold(f[0], "script") {
		return nil, fmt.Errorf("name the script: script FILE.star [name=value ...]")
	}
	params, err := ParseParams(f[2:])
	if err != nil {
		return nil, err
	}
	src, err := readSource(files, f[1])
	if err != nil {
		return nil, err
	}
	loaded.mu.Lock()
	defer loaded.mu.Unlock()
	if loaded.sc != nil && loaded.line == line && loaded.src == src {
		return loaded.sc, nil
	}
	sc, err := Load(f[1], src, params)
	if err != nil {
		return nil, err
	}
	loaded.line, loaded.src, loaded.sc = line, src, sc
	return sc, nil
}

// function2 is like function for a global function of n parameters.
func (sc *Script) functionN(name string, n int, signature string) (*starlark.Function, error) {
	v, ok := sc.globals[name]
	if !ok {
		return nil, nil
	}
	f, ok := v.(*starlark.Function)
	if !ok {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("%s is a %s; define it with def %s:", name, v.Type(), signature)}
	}
	if f.NumParams() != n || f.HasVarargs() || f.HasKwargs() {
		return nil, &Error{Where: sc.Name, Pos: f.Position().String(), Msg: fmt.Sprintf("%s must take exactly %d parameter(s): def %s:", name, n, signature)}
	}
	return f, nil
}

// number is a call's result as a finite float64, or an error in the
// script's words.
func number(v starlark.Value) (float64, bool) {
	var x float64
	switch n := v.(type) {
	case starlark.Int:
		i, ok := n.Int64()
		if !ok {
			return 0, false
		}
		x = float64(i)
	case starlark.Float:
		x = float64(n)
	default:
		return 0, false
	}
	return x, x == x && x < 1e300 && x > -1e300
}

// items lists a list's or a tuple's elements.
func items(v starlark.Value) ([]starlark.Value, bool) {
	switch l := v.(type) {
	case *starlark.List:
		out := make([]starlark.Value, l.Len())
		for i := range out {
			out[i] = l.Index(i)
		}
		return out, true
	case starlark.Tuple:
		return l, true
	}
	return nil, false
}

// actionName writes an action: a string as itself, anything else as
// Starlark writes it.
func actionName(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	return boundedText(v, 60)
}
