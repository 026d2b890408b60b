package script

import (
	"fmt"
	"strconv"
	"sync"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Comparisons and hashes are bounded, like sequences and text.
//
// go.starlark.net compares and hashes a tuple or list element by element,
// in one instruction that neither the step budget nor a thread's Cancel
// interrupts. Values that share one big part many times are small in
// memory but huge to walk: t == u, where each holds a million-element
// tuple a thousand times, is 10^9 comparisons in one step (tens of
// seconds; a watchdog cancel waits for it). So every place a script
// compares or hashes values first measures them with textSize, which
// counts a shared part each time it appears and stops at the bound, and
// refuses values over maxCompareText:
//
//   - the operators ==, !=, <, <=, >, >=, in and not in (rewritten into
//     __stepviz_cmp__; for in over a dict or set only the left side is
//     measured, since a lookup hashes and compares only it);
//   - every index x[k] and dict key {k: v}, loads and stores alike
//     (k is wrapped in __stepviz_key__);
//   - the methods that hash or compare their arguments (keyMethods), and,
//     for a list or tuple, its elements too;
//   - the builtins sorted, min, max, hash, set and dict.
//
// A measure costs O(min(size, maxCompareText)), about what the operation
// costs on values without sharing, so the bound is within the 5 s backstop
// whatever the sharing.
const (
	// maxCompareText bounds the values one comparison or hash may walk,
	// measured as text (textSize): 64 MiB, about three million numbers.
	maxCompareText = 64 << 20
	cmpName        = "__stepviz_cmp__"
	keyName        = "__stepviz_key__"
	keyMethodName  = "__stepviz_keymethod__"
)

// compareOps are the operators rewritten into cmpName calls.
var compareOps = sync.OnceValue(func() map[syntax.Token]bool {
	return map[syntax.Token]bool{
		syntax.EQL: true, syntax.NEQ: true, syntax.LT: true, syntax.LE: true,
		syntax.GT: true, syntax.GE: true, syntax.IN: true, syntax.NOT_IN: true,
	}
})

// keyMethods are the methods of list, dict and set that hash or compare
// their arguments (or, for a list, its elements with them).
var keyMethods = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"get": true, "pop": true, "setdefault": true, "update": true,
		"index": true, "remove": true, "count": true,
		"add": true, "discard": true, "union": true, "difference": true, "intersection": true,
		"symmetric_difference": true, "issubset": true, "issuperset": true,
	}
})

// compareBuiltins are the universe builtins that compare or hash their
// arguments' elements.
var compareBuiltins = []string{"sorted", "min", "max", "hash", "set", "dict"}

// tooBigToCompare is the refusal of a comparison or hash over the bound.
func tooBigToCompare(what string) error {
	return fmt.Errorf("%s would walk more than %d bytes of values (a part shared many times counts each time): compare and hash smaller values", what, maxCompareText)
}

// checkCompare refuses values that together pass maxCompareText.
func checkCompare(what string, vs ...starlark.Value) error {
	if textOver(maxCompareText, vs) {
		return tooBigToCompare(what)
	}
	return nil
}

// compareCall is the call of cmpName that replaces bin.
func compareCall(bin *syntax.BinaryExpr) *syntax.CallExpr {
	op := bin.Op.String()
	return &syntax.CallExpr{
		Fn:     &syntax.Ident{NamePos: bin.OpPos, Name: cmpName},
		Lparen: bin.OpPos,
		Args:   []syntax.Expr{&syntax.Literal{Token: syntax.STRING, TokenPos: bin.OpPos, Raw: strconv.Quote(op), Value: op}, bin.X, bin.Y},
		Rparen: bin.OpPos,
	}
}

// keyCall wraps a key or index expression in keyName.
func keyCall(x syntax.Expr) syntax.Expr {
	pos, _ := x.Span()
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: keyName}, Lparen: pos, Args: []syntax.Expr{x}, Rparen: pos}
}

var opTokens = sync.OnceValue(func() map[string]syntax.Token {
	m := map[string]syntax.Token{}
	for op := range compareOps() {
		m[op.String()] = op
	}
	return m
})

// boundedCompare is __stepviz_cmp__(op, x, y): x op y once the values it
// walks are measured.
func boundedCompare(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var opName string
	var x, y starlark.Value
	if err := starlark.UnpackPositionalArgs(cmpName, args, kwargs, 3, &opName, &x, &y); err != nil {
		return nil, err
	}
	op, ok := opTokens()[opName]
	if !ok {
		return nil, fmt.Errorf("%s: unknown comparison %q", cmpName, opName)
	}
	what := "x " + op.String() + " y"
	switch y.(type) {
	case *starlark.Dict, *starlark.Set:
		if op == syntax.IN || op == syntax.NOT_IN {
			if err := checkCompare(what, x); err != nil {
				return nil, err
			}
			return starlark.Binary(op, x, y)
		}
	}
	if err := checkCompare(what, x, y); err != nil {
		return nil, err
	}
	if op == syntax.IN || op == syntax.NOT_IN {
		return starlark.Binary(op, x, y)
	}
	ok, err := starlark.Compare(op, x, y)
	if err != nil {
		return nil, err
	}
	return starlark.Bool(ok), nil
}

// boundedKey is __stepviz_key__(k): k, once measured.
func boundedKey(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 || len(kwargs) != 0 {
		return nil, fmt.Errorf("%s: want one key", keyName)
	}
	switch args[0].(type) {
	case starlark.Int, starlark.String, starlark.Bool, starlark.Float, starlark.NoneType:
		return args[0], nil // hashed in O(1) or O(its length)
	}
	if err := checkCompare("a key", args[0]); err != nil {
		return nil, err
	}
	return args[0], nil
}

// boundedKeyMethod is __stepviz_keymethod__(x, "m", args...): x.m(args...)
// once its arguments, and a list's or tuple's elements, are measured.
func boundedKeyMethod(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	recv, name, rest, err := methodArgs(args)
	if err != nil {
		return nil, err
	}
	vs := append([]starlark.Value(nil), rest...)
	switch recv.(type) {
	case *starlark.List, starlark.Tuple:
		vs = append(vs, recv)
	}
	if err := checkCompare("."+name+"()", vs...); err != nil {
		return nil, err
	}
	m, err := getAttr(recv, name)
	if err != nil {
		return nil, err
	}
	return starlark.Call(thread, m, rest, kwargs)
}

// compareBuiltin wraps a universe builtin that compares or hashes its
// arguments' elements so that it first measures them.
func compareBuiltin(name string) *starlark.Builtin {
	inner := starlark.Universe[name].(*starlark.Builtin)
	return starlark.NewBuiltin(name, func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := checkCompare(name+"()", args...); err != nil {
			return nil, err
		}
		return starlark.Call(thread, inner, args, kwargs)
	})
}

// methodArgs splits the arguments of a rewritten method call,
// (receiver, "name", args...), refusing any other shape (a script may
// call the hidden builtins by name on purpose).
func methodArgs(args starlark.Tuple) (starlark.Value, string, starlark.Tuple, error) {
	if len(args) < 2 {
		return nil, "", nil, fmt.Errorf("a method call needs a receiver and a name")
	}
	name, ok := args[1].(starlark.String)
	if !ok {
		return nil, "", nil, fmt.Errorf("a method's name is a string, not a %s", args[1].Type())
	}
	return args[0], string(name), args[2:], nil
}
