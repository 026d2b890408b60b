package script

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// x += y keeps Starlark's meaning: on a list it extends that list in
// place (a name bound to the same list sees the new elements, and a loop
// appending with += costs the elements it adds, not a copy of the list).
// boundSequences first writes it x = x + y, so that the analyses and the
// bound of + see one form; where that + became a call of the bounded add,
// inPlace turns the statement back into
//
//	x += __stepviz_addend__(x, y)
//
// whose builtin checks the bound of + (x's elements and y's, at most
// maxSequence) and returns y, and the interpreter's += does the rest. The
// target is evaluated twice, as in x = x + y. Where the + kept its
// operator its operands are numbers or short strings, for which x = x + y
// is x += y.
const addendName = "__stepviz_addend__"

// inPlace rewrites every assignment written x += y whose + became a call
// of the bounded add (its name at the = of the assignment, where
// boundSequences puts it) as x += __stepviz_addend__(x, y).
func inPlace(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		a, ok := n.(*syntax.AssignStmt)
		if !ok || a.Op != syntax.EQ {
			return true
		}
		call, ok := a.RHS.(*syntax.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if id, ok := call.Fn.(*syntax.Ident); ok && id.Name == addName && id.NamePos == a.OpPos {
			a.Op = syntax.PLUS_EQ
			id.Name = addendName
		}
		return true
	})
}

// boundedAddend is __stepviz_addend__(x, y): y, if x + y (or x += y) makes
// at most maxSequence elements.
func boundedAddend(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 || len(kwargs) != 0 {
		return nil, fmt.Errorf("+=: want two operands")
	}
	x, y := args[0], args[1]
	if _, isList := x.(*starlark.List); isList {
		if _, iterable := y.(starlark.Iterable); iterable {
			// += extends the list by any iterable: count what it adds
			n := starlark.Len(y)
			if n < 0 {
				return nil, fmt.Errorf("+= of a list and a %s: give a list or a tuple", y.Type())
			}
			if n += seqLen(x); n > maxSequence {
				return nil, fmt.Errorf("%s += %s would make %d elements, more than the sandbox's bound of %d on one value", x.Type(), y.Type(), n, maxSequence)
			}
			return y, nil
		}
	}
	if err := addBound(x, y); err != nil {
		return nil, err
	}
	return y, nil
}
