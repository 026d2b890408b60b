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
// call of the test on every question; a twin of plain statements also
// runs compiled (closure.go). A def whose body names a global function
// gets none (twinFunctions). The twin has the def's name,
// parameter, positions and statements, so it answers as the def does,
// and its errors and backtraces read as the def's own. It is defined in
// the script, inside a maker def
//
//	def __stepviz_twin_NAME__():
//	    def NAME(s):
//	        if 1:
//	            body, specialised
//	        else:
//	            body (never run; it keeps the def's layout)
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
// body is kept. Call it after unspecialise, and append the makers to the
// file before it is resolved.
func twinMakers(specialised []specialBody) []*syntax.DefStmt {
	var out []*syntax.DefStmt
	for _, sb := range specialised {
		ifs, ok := sb.def.Body[0].(*syntax.IfStmt)
		if !ok || len(sb.def.Body) != 1 || len(ifs.True) == 0 || &ifs.True[0] != &sb.body[0] {
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

// twinFunctions calls the twin makers (twinMakers) among the loaded
// script's globals g, takes them out of g, and returns the twins by the
// def they are the twin of. A def gets no twin if its body names a global
// that holds anything but data (numbers, strings, and lists, tuples,
// dicts and sets of data): a function could lead back to the def, which
// go.starlark.net refuses as recursion, and its twin is another function,
// whose call of the def would pass. th runs the makers, a few steps each,
// beyond what the top level took; a maker that fails leaves its def
// without a twin.
func twinFunctions(makers []*syntax.DefStmt, g, pre starlark.StringDict, th *starlark.Thread) (map[*starlark.Function]*starlark.Function, map[*starlark.Function]*closureFunc) {
	out := map[*starlark.Function]*starlark.Function{}
	compiled := map[*starlark.Function]*closureFunc{}
	for _, mk := range makers {
		maker := g[mk.Name.Name]
		delete(g, mk.Name.Name)
		def := mk.Body[0].(*syntax.DefStmt)
		orig, ok := g[def.Name.Name].(*starlark.Function)
		if !ok || maker == nil || !namesOnlyData(def, g) {
			continue
		}
		th.Uncancel()
		th.SetMaxExecutionSteps(th.ExecutionSteps() + 100)
		v, err := starlark.Call(th, maker, nil, nil)
		if tw, ok := v.(*starlark.Function); err == nil && ok {
			tw.Freeze()
			out[orig] = tw
			if cf := compileTwin(def, g, pre); cf != nil {
				compiled[orig] = cf // closure.go
			}
		}
	}
	return out, compiled
}

// namesOnlyData reports whether every global of g that d's body names
// holds data (isData), within a walk of maxDataWalk values in all.
func namesOnlyData(d *syntax.DefStmt, g starlark.StringDict) bool {
	budget := maxDataWalk
	ok := true
	for _, s := range d.Body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if id, isIdent := n.(*syntax.Ident); isIdent && ok {
				if v, global := g[id.Name]; global && !isData(v, &budget) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// maxDataWalk bounds the values namesOnlyData looks at for one def.
const maxDataWalk = 1 << 16

// isData reports whether v is None, a bool, a number, a string or bytes,
// or a list, tuple, dict or set of those, spending *budget a value.
func isData(v starlark.Value, budget *int) bool {
	if *budget--; *budget < 0 {
		return false
	}
	switch x := v.(type) {
	case starlark.NoneType, starlark.Bool, starlark.Int, starlark.Float, starlark.String, starlark.Bytes:
		return true
	case starlark.Tuple:
		for _, e := range x {
			if !isData(e, budget) {
				return false
			}
		}
		return true
	case *starlark.List:
		for i := range x.Len() {
			if !isData(x.Index(i), budget) {
				return false
			}
		}
		return true
	case *starlark.Dict:
		for _, kv := range x.Items() {
			if !isData(kv[0], budget) || !isData(kv[1], budget) {
				return false
			}
		}
		return true
	case *starlark.Set:
		iter := x.Iterate()
		defer iter.Done()
		var e starlark.Value
		for iter.Next(&e) {
			if !isData(e, budget) {
				return false
			}
		}
		return true
	}
	return false
}
