// Package script runs search problems and heuristics written in Starlark
// (go.starlark.net), Python's syntax made deterministic and hermetic. A
// problem script defines start, is_goal(s), successors(s) and optionally
// h_NAME(s), format(s) and draw(s); docs/scripts.md is the contract.
// A script that defines aima-python's game functions (to_move, actions,
// result, utility, is_terminal) is a [Game] for stepper/game, and one
// that defines value and neighbours a [Local] problem for stepper/local
// (family.go tells them apart; both kinds are registered with those
// packages' ParseProblem).
//
// Importing the package registers the problem kind "script" with
// [problems.Parse]: "script FILE.star [name=value ...]" reads the file
// (a regular file of at most [MaxSource] bytes). Front ends that must not
// read files (the lecture server) call [New] with the script's text.
//
// Every call runs in a sandbox (sandbox.go): a step budget per call and
// per search, a watchdog for time and memory, no I/O, no clock, no
// randomness. A failure is an [*Error] naming the file or cell, the line
// and the function, with the Starlark backtrace; a search whose script
// fails ends with status [stepper.Failed] and [stepper.Search.Err].
package script

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"stepviz/internal/usererr"
)

// Script is a loaded script: parsed, run once under [LoadSteps], its
// globals frozen. Frozen values are immutable, so one Script serves many
// searches, each on a thread of its own.
type Script struct {
	Name   string  // the file or cell name errors use ("jugs.star")
	Source string  // the text
	Params []Param // the globals given on the problem line, in order

	globals  starlark.StringDict
	twins    map[*starlark.Function]*starlark.Function // specialise.go
	compiled map[*starlark.Function]*closureFunc       // closure.go, by the def
}

// Param is one name=value of a problem line, visible to the script as a
// global: "caps=3,5" is the tuple (3, 5), "n=4" the int 4, "goal=abc" the
// string "abc".
type Param struct {
	Name, Text string
	Value      starlark.Value
}

// Hash is the hex SHA-256 of a script's source: traces carry it, and a
// trace whose source does not match its hash is refused.
func Hash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// fileOptions is the dialect: sets and top-level if/for on, while loops,
// recursion and global reassignment off (every call ends).
var fileOptions = &syntax.FileOptions{Set: true, TopLevelControl: true}

// Load parses src (errors name it name), runs its top level with params
// as globals, and freezes the result. It does not check which functions
// the script defines: [NewProblem] and [LoadHeuristics] do.
func Load(name, src string, params []Param) (*Script, error) {
	if strings.TrimSpace(src) == "" {
		return nil, &Error{Where: name, Msg: "the script is empty: define start, is_goal(s) and successors(s)"}
	}
	pre := predeclared()
	for _, p := range params {
		if _, taken := pre[p.Name]; taken || starlark.Universe.Has(p.Name) {
			return nil, &Error{Where: name, Msg: fmt.Sprintf("parameter %s=%s: %s is a builtin name; choose another", p.Name, p.Text, p.Name)}
		}
		pre[p.Name] = p.Value
	}
	f, err := fileOptions.Parse(name, src, 0)
	if err != nil {
		return nil, syntaxError(name, err)
	}
	if err := reservedNames(name, f); err != nil {
		return nil, err
	}
	makers := boundSequences(f)
	prog, err := starlark.FileProgram(f, pre.Has)
	if err != nil {
		return nil, syntaxError(name, err)
	}
	sb := newSandbox(name, LoadSteps)
	sb.thread.SetMaxExecutionSteps(LoadSteps)
	watch.begin(&sb.watched)
	sb.thread.SetLocal(paramsKey, params)
	g, err := prog.Init(sb.thread, pre)
	reason := watch.end(&sb.watched)
	if err != nil {
		g = nil
		releaseAfter(reason)
		if reason == "" && sb.thread.ExecutionSteps() >= LoadSteps {
			reason = fmt.Sprintf("the top level took more than %d Starlark steps", LoadSteps)
		}
		e := sb.fail(nil, nil, withReason(err, reason)).(*Error)
		e.Func = "the top level"
		return nil, e
	}
	twins, compiled := twinFunctions(makers, g, pre, sb.thread)
	g.Freeze()
	return &Script{Name: name, Source: src, Params: params, globals: g, twins: twins, compiled: compiled}, nil
}

// problemLineHint follows a script's "undefined:" error: a problem
// script's globals come from its problem line.
const problemLineHint = " (a global a problem line should give? write it as name=value after the file)"

// syntaxError rewrites a parse or resolve error as an *Error at its line.
func syntaxError(name string, err error) error {
	var se syntax.Error
	if errors.As(err, &se) {
		msg := "syntax error: " + se.Msg
		if hint := syntaxHint(se.Msg, se.Pos); hint != "" {
			msg += " (" + hint + ")"
		}
		pos := se.Pos.String()
		if strings.HasPrefix(se.Msg, "got newline,") && se.Pos.Col == 1 && se.Pos.Line > 1 {
			pos = fmt.Sprintf("%s:%d", se.Pos.Filename(), se.Pos.Line-1) // the line the newline ends
		}
		return &Error{Where: name, Pos: pos, Msg: msg}
	}
	var el resolve.ErrorList
	if errors.As(err, &el) && len(el) > 0 {
		msg := el[0].Msg
		switch {
		case strings.Contains(msg, "while loops"):
			msg += " (the sandbox has no while loops: use for over a bounded range)"
		case strings.Contains(msg, "undefined:"):
			msg += problemLineHint
		}
		return &Error{Where: name, Pos: el[0].Pos.String(), Msg: msg}
	}
	return &Error{Where: name, Msg: err.Error()}
}

// syntaxHint says in a student's words what a parse error ("got X, want
// Y") asks for, "" when it knows no better than the parser. A newline
// reported at the start of a line ends the line before.
func syntaxHint(msg string, pos syntax.Position) string {
	switch msg {
	case "unexpected newline in string":
		return "the string's closing quote is missing on this line"
	case "unindent does not match any outer indentation level":
		return "indent this line by as many spaces as a line above it in the same block"
	}
	rest, isGot := strings.CutPrefix(msg, "got ")
	got, want, ok := strings.Cut(rest, ", want ")
	if !isGot || !ok {
		return ""
	}
	line := pos.Line
	if got == "newline" && pos.Col == 1 && line > 1 {
		line--
	}
	closing := map[string]string{"')'": "'('", "']'": "'['", "'}'": "'{'"}
	switch {
	case want == "':'" && got == "'='":
		return "to compare, write ==; a single = gives a name a value"
	case want == "':'" && got == "newline":
		return fmt.Sprintf("a ':' is missing at the end of line %d: def, if, elif, else and for lines end with one", line)
	case want == "':'":
		return fmt.Sprintf("a ':' is missing before %s", got)
	case got == "indent":
		return "this line is indented more than the line before: indent the lines of a block by the same spaces"
	case want == "indent":
		return "indent the lines of the block under def, if or for, by four spaces say"
	case closing[want] != "":
		return fmt.Sprintf("a %s is not closed: add %s", closing[want], want)
	case want == "primary expression" && got == "newline":
		return fmt.Sprintf("line %d ends before its expression does: a value is missing at its end", line)
	case want == "primary expression":
		return fmt.Sprintf("a value or a name is missing before %s", got)
	case want == "newline":
		return fmt.Sprintf("the line should end before %s: an operator or a comma missing?", got)
	}
	return ""
}

// function returns the global function name, or nil if it is not defined;
// a global of that name that is not a function is an error.
func (sc *Script) function(name string) (*starlark.Function, error) {
	v, ok := sc.globals[name]
	if !ok {
		return nil, nil
	}
	f, ok := v.(*starlark.Function)
	if !ok {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("%s is a %s; define it with def %s(s):", name, v.Type(), name)}
	}
	if f.NumParams() != 1 || f.HasVarargs() || f.HasKwargs() {
		return nil, &Error{Where: sc.Name, Pos: f.Position().String(), Msg: fmt.Sprintf("%s must take exactly one parameter, the state: def %s(s):", name, name)}
	}
	return f, nil
}

// heuristicFuncs lists the script's h_NAME functions in the order they
// are defined (the first is the default).
func (sc *Script) heuristicFuncs() ([]namedFunc, error) {
	var out []namedFunc
	for name := range sc.globals {
		if !strings.HasPrefix(name, "h_") || len(name) == 2 {
			continue
		}
		f, err := sc.function(name)
		if err != nil {
			return nil, err
		}
		out = append(out, namedFunc{name: name[2:], fn: f})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].fn.Position(), out[j].fn.Position()
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out, nil
}

type namedFunc struct {
	name string
	fn   *starlark.Function
}

// ParseParams parses the name=value words of a problem line. A value is a
// comma list; each item is an int, a float, or else a string, and one item
// is a scalar, several a tuple.
func ParseParams(words []string) ([]Param, error) {
	var out []Param
	seen := map[string]bool{}
	for _, w := range words {
		name, text, ok := strings.Cut(w, "=")
		if !ok || !isIdent(name) {
			return nil, usererr.Errorf("script", "%q: write parameters as name=value (caps=3,5 target=4), name a Starlark identifier", w)
		}
		if seen[name] {
			return nil, usererr.Errorf("script", "parameter %s given twice", name)
		}
		seen[name] = true
		var items starlark.Tuple
		for _, it := range strings.Split(text, ",") {
			items = append(items, paramValue(it))
		}
		var v starlark.Value = items
		if len(items) == 1 {
			v = items[0]
		}
		v.Freeze()
		out = append(out, Param{Name: name, Text: text, Value: v})
	}
	return out, nil
}

func paramValue(s string) starlark.Value {
	if len(s) > 1 && s[0] == '0' && s[1] >= '0' && s[1] <= '9' {
		return starlark.String(s) // 023164785 is a board, not a number
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return starlark.MakeInt64(n)
	}
	if x, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) {
		return starlark.Float(x)
	}
	return starlark.String(s)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
