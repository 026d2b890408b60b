package script

import (
	"fmt"
	"reflect"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// maxSequence bounds the length of a string, bytes, list or tuple made by
// repetition (x * n) and of a range: go.starlark.net allows 2^30 elements
// in one instruction, which no step budget can interrupt.
const maxSequence = 1 << 20

// mulName is the builtin every x * y and x *= y of a script calls instead
// of the operator; it is not a name a script can write by accident.
const mulName = "__stepviz_mul__"

var exprType = reflect.TypeOf((*syntax.Expr)(nil)).Elem()

// boundRepetition rewrites every x * y of f into a call of the bounded
// multiplication (the error keeps the operator's position) and x *= y into
// x = x * y. A *= whose target is not a plain name is refused: it would be
// evaluated twice. It walks the tree by reflection, so it covers every
// node type the parser has, now or later.
func boundRepetition(f *syntax.File) error {
	var err error
	var walk func(v reflect.Value)
	fix := func(field reflect.Value) {
		bin, ok := field.Interface().(*syntax.BinaryExpr)
		if !ok || bin.Op != syntax.STAR {
			return
		}
		field.Set(reflect.ValueOf(&syntax.CallExpr{
			Fn:     &syntax.Ident{NamePos: bin.OpPos, Name: mulName},
			Lparen: bin.OpPos, Args: []syntax.Expr{bin.X, bin.Y}, Rparen: bin.OpPos,
		}))
	}
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
				if v.Type().Elem() == exprType && !v.Index(i).IsNil() {
					fix(v.Index(i))
				}
			}
		case reflect.Struct:
			if a, ok := v.Addr().Interface().(*syntax.AssignStmt); ok && a.Op == syntax.STAR_EQ {
				id, isName := a.LHS.(*syntax.Ident)
				if !isName {
					start, _ := a.Span()
					if err == nil {
						err = fmt.Errorf("%s: write x = x * n instead of *= on %s (the sandbox checks every repetition)", start, "an element or field")
					}
					return
				}
				a.Op = syntax.EQ
				a.RHS = &syntax.BinaryExpr{OpPos: a.OpPos, Op: syntax.STAR, X: &syntax.Ident{NamePos: id.NamePos, Name: id.Name}, Y: a.RHS}
			}
			for i := 0; i < v.NumField(); i++ {
				fv := v.Field(i)
				if !v.Type().Field(i).IsExported() {
					continue
				}
				walk(fv)
				if fv.Type() == exprType && !fv.IsNil() {
					fix(fv)
				}
			}
		}
	}
	walk(reflect.ValueOf(f))
	return err
}

// boundedMul is x * y with repetition bounded to maxSequence elements.
func boundedMul(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 || len(kwargs) != 0 {
		return nil, fmt.Errorf("*: want two operands")
	}
	x, y := args[0], args[1]
	if err := checkRepeat(x, y); err != nil {
		return nil, err
	}
	if err := checkRepeat(y, x); err != nil {
		return nil, err
	}
	return starlark.Binary(syntax.STAR, x, y)
}

func checkRepeat(seq, count starlark.Value) error {
	n, ok := count.(starlark.Int)
	if !ok {
		return nil
	}
	var l int
	switch s := seq.(type) {
	case starlark.String:
		l = len(s)
	case starlark.Bytes:
		l = len(s)
	case *starlark.List:
		l = s.Len()
	case starlark.Tuple:
		l = len(s)
	default:
		return nil
	}
	k, ok := n.Int64()
	if l == 0 || (ok && k <= 0) {
		return nil
	}
	if !ok || k > maxSequence || int64(l)*k > maxSequence {
		return fmt.Errorf("%s * %s would make more than %d elements, the sandbox's bound on one value", seq.Type(), n, maxSequence)
	}
	return nil
}

// boundedRange is Starlark's range, refusing more than maxSequence
// elements (list(range(10**9)) runs in one builtin call, uninterruptible).
func boundedRange(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	r, err := starlark.Call(thread, starlark.Universe["range"], args, kwargs)
	if err != nil {
		return nil, err
	}
	if n := r.(starlark.Sequence).Len(); n > maxSequence {
		return nil, fmt.Errorf("range of %d elements: the sandbox allows at most %d", n, maxSequence)
	}
	return r, nil
}
