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
