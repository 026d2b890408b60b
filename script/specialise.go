package script

import (
	"fmt"
	"reflect"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A def of one parameter gets a second body for a short string argument.
//
// A state is often a string (the 8-puzzle's "123456780"), and a search
// calls is_goal, successors and h with states, which are at most
// maxStateText bytes as text. When the argument is known to be such a
// string, most of the sandbox's measures are needless: s[i] indexes a
// string (no hash), s == x compares at most its bytes, and s[:b] + t + ...
// adds up to a known number of bytes. So specialise rewrites
//
//	def f(s):
//	    body
//
// into
//
//	def f(s):
//	    if __stepviz_short__(s):
//	        body, analysed with s a string of at most maxStateText bytes
//	    else:
//	        body
//
// and boundSequences keeps the specialised body only where it measures
// less than the other (unspecialise). The test is one builtin call,
// whatever calls f; the specialised body runs only when it holds, from the
// start of the call, so its locals are its own.
const shortName = "__stepviz_short__"

// specialBody is a def's body specialised for a short string param.
type specialBody struct {
	def   *syntax.DefStmt
	param string
	body  []syntax.Stmt
}

// specialise gives every top-level def of one plain parameter its
// specialised body and returns them.
func specialise(f *syntax.File) []specialBody {
	var out []specialBody
	for _, s := range f.Stmts {
		d, ok := s.(*syntax.DefStmt)
		if !ok || len(d.Params) != 1 || len(d.Body) == 0 {
			continue
		}
		p, ok := d.Params[0].(*syntax.Ident)
		if !ok {
			continue
		}
		body := clone(reflect.ValueOf(d.Body)).Interface().([]syntax.Stmt)
		pos := d.Def
		test := &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: shortName}, Lparen: pos, Args: []syntax.Expr{&syntax.Ident{NamePos: pos, Name: p.Name}}, Rparen: pos}
		d.Body = []syntax.Stmt{&syntax.IfStmt{If: pos, Cond: test, True: body, ElsePos: pos, False: d.Body}}
		out = append(out, specialBody{def: d, param: p.Name, body: body})
	}
	return out
}

// unspecialise puts back the plain body of each def whose specialised
// body calls as many of the sandbox's builtins as the plain one: the test
// would cost a call and save none.
func unspecialise(specialised []specialBody) {
	for _, sb := range specialised {
		ifs := sb.def.Body[0].(*syntax.IfStmt)
		if hiddenCallCount(ifs.True) >= hiddenCallCount(ifs.False) {
			sb.def.Body = ifs.False
		}
	}
}

// hiddenCallCount is the number of calls of the sandbox's builtins in
// stmts, as written (a call in a loop counts once).
func hiddenCallCount(stmts []syntax.Stmt) int {
	n := 0
	for _, s := range stmts {
		syntax.Walk(s, func(x syntax.Node) bool {
			if c, ok := x.(*syntax.CallExpr); ok {
				if id, ok := c.Fn.(*syntax.Ident); ok && isMeasure(id.Name) {
					n++
				}
			}
			return true
		})
	}
	return n
}

// isMeasure reports whether name is one of the sandbox's builtins that
// measure an operation (all but Starlark's own range).
func isMeasure(name string) bool {
	return strings.HasPrefix(name, hiddenPrefix) && name != rangeName
}

// shortString is __stepviz_short__(x): whether x is a string of at most
// maxStateText bytes.
func shortString(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 || len(kwargs) != 0 {
		return nil, fmt.Errorf("%s: want one value", shortName)
	}
	s, ok := args[0].(starlark.String)
	return starlark.Bool(ok && len(s) <= maxStateText), nil
}

// A def whose specialised body is kept also gets a twin: a copy of the
// def whose test is the literal 1 instead of the call of __stepviz_short__,
// which a search calls directly when it asks about a state that is a
// short string (sandbox.twin checks the argument), saving the builtin
// call of the test on every question. The twin has the def's name,
// parameter, positions and statements, so it answers as the def does,
// and its errors and backtraces read as the def's own. It is defined in
// the script, inside a maker def
//
//	def __stepviz_twin_NAME__():
//	    def NAME(s):
//	        if 1: ... (the def's body)
//	    return NAME
//
// so that the script's globals are its globals (a predeclared name costs a
// map lookup each time it is read); a script may not name a maker
// (reservedNames), and Load takes the makers out of the globals once it
// has called them (twinFunctions). Its steps are the def's to within a
// step or two per jump taken: the sandbox charges it the test it skips
// (twinTestSteps), but go.starlark.net pads a jump's argument with NOPs
// that count as steps, and the twin's code lies at other offsets. Every
// budget counts the twin's steps as the def's.

// twinPrefix begins the name of a twin's maker.
const twinPrefix = hiddenPrefix + "twin_"

// twinTestSteps is the steps the def's test takes (the builtin, the
// argument, the call and the jump) less the twin's (the constant and the
// jump).
const twinTestSteps = 2

// twinMakers returns the maker of the twin of each def whose specialised
// body is kept; none for a def whose body names the def itself (in the
// twin the name would be the twin). Call it after unspecialise, and
// append the makers to the file before it is resolved.
func twinMakers(specialised []specialBody) []syntax.Stmt {
	var out []syntax.Stmt
	for _, sb := range specialised {
		ifs, ok := sb.def.Body[0].(*syntax.IfStmt)
		if !ok || len(sb.def.Body) != 1 || len(ifs.True) == 0 || &ifs.True[0] != &sb.body[0] || namesItself(sb.def) {
			continue
		}
		d := clone(reflect.ValueOf(sb.def)).Interface().(*syntax.DefStmt)
		pos := d.Def
		d.Body[0].(*syntax.IfStmt).Cond = &syntax.Literal{Token: syntax.INT, TokenPos: pos, Raw: "1", Value: int64(1)}
		out = append(out, &syntax.DefStmt{
			Def:    pos,
			Name:   &syntax.Ident{NamePos: pos, Name: twinPrefix + d.Name.Name + "__"},
			Lparen: pos, Rparen: pos,
			Body: []syntax.Stmt{d, &syntax.ReturnStmt{Return: pos, Result: &syntax.Ident{NamePos: pos, Name: d.Name.Name}}},
		})
	}
	return out
}

// namesItself reports whether d's body uses d's own name.
func namesItself(d *syntax.DefStmt) bool {
	found := false
	for _, s := range d.Body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if id, ok := n.(*syntax.Ident); ok && id.Name == d.Name.Name {
				found = true
			}
			return !found
		})
	}
	return found
}

// twinFunctions calls every twin maker among the loaded script's globals
// g, takes the makers out of g, and returns the twins by the def they
// are the twin of. th runs the makers, a few steps each, beyond what the
// top level took; a maker that fails leaves its def without a twin.
func twinFunctions(g starlark.StringDict, th *starlark.Thread) map[*starlark.Function]*starlark.Function {
	out := map[*starlark.Function]*starlark.Function{}
	for name, maker := range g {
		if !strings.HasPrefix(name, twinPrefix) {
			continue
		}
		delete(g, name)
		orig, ok := g[strings.TrimSuffix(strings.TrimPrefix(name, twinPrefix), "__")].(*starlark.Function)
		if !ok {
			continue
		}
		th.Uncancel()
		th.SetMaxExecutionSteps(th.ExecutionSteps() + 100)
		v, err := starlark.Call(th, maker, nil, nil)
		if tw, ok := v.(*starlark.Function); err == nil && ok {
			tw.Freeze()
			out[orig] = tw
		}
	}
	return out
}
