package script

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// maxSequence bounds the length of a string, bytes, list or tuple made by
// repetition (x * n) and of a range: go.starlark.net allows 2^30 elements
// in one instruction, which no step budget can interrupt.
const maxSequence = 1 << 20

// mulName and addName are the builtins every x * y and x + y of a script
// call instead of the operators (and x *= y, x += y, rewritten x = x * y,
// x = x + y); they are not names a script can write by accident.
const (
	mulName = "__stepviz_mul__"
	addName = "__stepviz_add__"
)

var exprType = reflect.TypeOf((*syntax.Expr)(nil)).Elem()

// boundSequences rewrites every x * y and x + y of f into a call of the
// bounded operation (the error keeps the operator's position), and every
// x *= y into x = x * y and x += y into x += __stepviz_addend__(x, y)
// (inplace.go; the target is evaluated twice, which only matters if it
// calls a function). A value made by one
// operation can then hold at most maxSequence elements: go.starlark.net
// allows 2^30 in one instruction, which no step budget interrupts. The
// walk uses reflection, so it covers every node type the parser has.
// Comparisons, keys and indexes are wrapped the same way (compare.go),
// except where a literal or a scalar operand (scalar.go) bounds them.
// It appends to f, and returns, the makers of the twins of the defs whose
// specialised body it kept (specialise.go). Cost: linear in f's size,
// plus scalarExprs.
func boundSequences(f *syntax.File) []*syntax.DefStmt {
	augmented := map[syntax.Token]syntax.Token{syntax.STAR_EQ: syntax.STAR, syntax.PLUS_EQ: syntax.PLUS, syntax.PERCENT_EQ: syntax.PERCENT}
	syntax.Walk(f, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.AssignStmt); ok && augmented[a.Op] != 0 {
			a.RHS = &syntax.BinaryExpr{OpPos: a.OpPos, Op: augmented[a.Op], X: clone(reflect.ValueOf(a.LHS)).Interface().(syntax.Expr), Y: a.RHS}
			a.Op = syntax.EQ
		}
		return true
	})
	specialised := specialise(f)     // specialise.go
	k := scalarExprs(f, specialised) // scalar.go
	scalar, short := k.scalar, k.short
	ops := map[syntax.Token]string{syntax.STAR: mulName, syntax.PLUS: addName, syntax.PERCENT: modName}
	var walk func(v reflect.Value)
	// replace puts e in field, a scalar if the expression it replaces was
	set := func(field reflect.Value, e syntax.Expr) {
		old := field.Interface().(syntax.Expr)
		if scalar[old] {
			scalar[e] = true
		}
		if l, ok := short[old]; ok {
			short[e] = l
		}
		field.Set(reflect.ValueOf(e))
	}
	fix := func(field reflect.Value) {
		if call, ok := field.Interface().(*syntax.CallExpr); ok {
			if id, ok := call.Fn.(*syntax.Ident); ok && id.Name == "range" && !k.bound["range"] && smallRange(call) {
				id.Name = rangeName // bounded by its literals
			}
			if dot, ok := call.Fn.(*syntax.DotExpr); !ok || !keyMethods()[dot.Name.Name] || !hasKey(short, dot.X) {
				boundMethodCall(call) // a short string's methods hash nothing
			}
			return
		}
		bin, ok := field.Interface().(*syntax.BinaryExpr)
		if ok && compareOps()[bin.Op] {
			if !literalCompare(bin) && !scalarCompare(bin, scalar) && !shortCompare(bin, short) {
				set(field, compareCall(bin))
			}
			return
		}
		if !ok || ops[bin.Op] == "" || keepsOperator(bin, scalar) || bin.Op == syntax.PLUS && hasKey(short, syntax.Expr(bin)) {
			return
		}
		set(field, &syntax.CallExpr{
			Fn:     &syntax.Ident{NamePos: bin.OpPos, Name: ops[bin.Op]},
			Lparen: bin.OpPos, Args: []syntax.Expr{bin.X, bin.Y}, Rparen: bin.OpPos,
		})
	}
	key := func(k syntax.Expr) syntax.Expr {
		if isLiteral(k) || scalar[k] || hasKey(short, k) {
			return k
		}
		return keyCall(k) // compare.go
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
			switch n := v.Addr().Interface().(type) {
			case *syntax.IndexExpr:
				if !hasKey(short, n.X) { // a string's index hashes nothing
					n.Y = key(n.Y)
				}
			case *syntax.DictEntry:
				n.Key = key(n.Key)
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
	unspecialise(specialised)
	inPlace(f) // inplace.go
	makers := twinMakers(specialised)
	for _, m := range makers {
		f.Stmts = append(f.Stmts, m)
	}
	return makers
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

// shortCompare reports whether bin is an order or equality comparison
// with a short string operand (scalar.go): it walks at most its bytes.
func shortCompare(bin *syntax.BinaryExpr, short map[syntax.Expr]int) bool {
	return bin.Op != syntax.IN && bin.Op != syntax.NOT_IN && (hasKey(short, bin.X) || hasKey(short, bin.Y))
}

// keepsOperator reports whether bin (a +, * or %) is bounded by its
// operands' kinds: + with a number (a literal or a scalar, scalar.go)
// makes no sequence, nor does * of two scalars or % of a scalar.
func keepsOperator(bin *syntax.BinaryExpr, scalar map[syntax.Expr]bool) bool {
	switch bin.Op {
	case syntax.PLUS:
		return isNumberLiteral(bin.X) || isNumberLiteral(bin.Y) || scalar[bin.X] || scalar[bin.Y]
	case syntax.STAR:
		return scalar[bin.X] && scalar[bin.Y]
	case syntax.PERCENT:
		return scalar[bin.X]
	}
	return false
}

// scalarCompare reports whether bin is an order or equality comparison
// with a scalar operand: like a literal, it walks nothing.
func scalarCompare(bin *syntax.BinaryExpr, scalar map[syntax.Expr]bool) bool {
	return bin.Op != syntax.IN && bin.Op != syntax.NOT_IN && (scalar[bin.X] || scalar[bin.Y])
}

// A literal operand bounds what an operation can make or walk, so the
// operations below keep their operators: x + 1 (or 1.5) makes no sequence
// (a sequence plus a number is an error); x == "s", x < 3 and the other
// order comparisons with a literal walk at most the literal (values of
// two types compare at once, strings stop at the shorter); x["k"], x[2]
// and {"k": v} hash and compare only the literal. in and not in are
// always rewritten: they walk the container. An operand that is
// certainly a number or a bool (scalar.go) counts as a number literal.

// isLiteral reports whether x is a number, string or bytes literal.
func isLiteral(x syntax.Expr) bool {
	_, ok := x.(*syntax.Literal)
	return ok
}

// isNumberLiteral reports whether x is an int or float literal.
func isNumberLiteral(x syntax.Expr) bool {
	l, ok := x.(*syntax.Literal)
	return ok && (l.Token == syntax.INT || l.Token == syntax.FLOAT)
}

// literalCompare reports whether bin is an order or equality comparison
// with a literal operand.
func literalCompare(bin *syntax.BinaryExpr) bool {
	return bin.Op != syntax.IN && bin.Op != syntax.NOT_IN && (isLiteral(bin.X) || isLiteral(bin.Y))
}

// textMethods are the string methods that can write much more text than
// they are given; boundMethodCall rewrites x.m(args) for each into
// __stepviz_method__(x, "m", args) (text.go).
var textMethods = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"join": true, "format": true, "replace": true}
})

func boundMethodCall(call *syntax.CallExpr) {
	dot, ok := call.Fn.(*syntax.DotExpr)
	if !ok || (!textMethods()[dot.Name.Name] && !keyMethods()[dot.Name.Name]) {
		return
	}
	builtin := methodName
	if keyMethods()[dot.Name.Name] {
		builtin = keyMethodName // compare.go
	}
	pos := dot.Dot
	name := &syntax.Literal{Token: syntax.STRING, TokenPos: pos, Raw: strconv.Quote(dot.Name.Name), Value: dot.Name.Name}
	call.Fn = &syntax.Ident{NamePos: pos, Name: builtin}
	call.Args = append([]syntax.Expr{dot.X, name}, call.Args...)
}

// clone deep-copies a syntax tree (an assignment's target, used twice).
func clone(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(clone(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(clone(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(clone(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v) // unexported fields as they are
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				c.Field(i).Set(clone(v.Field(i)))
			}
		}
		return c
	}
	return v
}

// boundedAdd is x + y with a concatenation bounded to maxSequence elements.
func boundedAdd(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 || len(kwargs) != 0 {
		return nil, fmt.Errorf("+: want two operands")
	}
	x, y := args[0], args[1]
	if err := addBound(x, y); err != nil {
		return nil, err
	}
	return starlark.Binary(syntax.PLUS, x, y)
}

// addBound is the error of an x + y that would make more than
// maxSequence elements, else nil.
func addBound(x, y starlark.Value) error {
	if _, isInt := x.(starlark.Int); !isInt {
		if n := seqLen(x) + seqLen(y); n > maxSequence {
			return fmt.Errorf("%s + %s would make %d elements, more than the sandbox's bound of %d on one value", x.Type(), y.Type(), n, maxSequence)
		}
	}
	return nil
}

// seqLen is the length of a string, bytes, list or tuple, else 0.
func seqLen(v starlark.Value) int {
	switch s := v.(type) {
	case starlark.String:
		return len(s)
	case starlark.Bytes:
		return len(s)
	case *starlark.List:
		return s.Len()
	case starlark.Tuple:
		return len(s)
	}
	return 0
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

// rangeName is Starlark's own range, which range(...) calls where its
// arguments are int literals that bound it to maxSequence elements.
const rangeName = "__stepviz_range__"

// smallRange reports whether call's arguments are one to three int
// literals that make at most maxSequence elements whatever the step.
func smallRange(call *syntax.CallExpr) bool {
	if len(call.Args) == 0 || len(call.Args) > 3 {
		return false
	}
	var v [2]int64
	for i, a := range call.Args {
		l, ok := a.(*syntax.Literal)
		if !ok || l.Token != syntax.INT {
			return false
		}
		n, ok := l.Value.(int64)
		if !ok || n > maxSequence {
			return false // literals are never negative: -1 is a unary minus
		}
		if i < 2 {
			v[i] = n
		}
	}
	if len(call.Args) == 1 {
		return true // range(n): n elements
	}
	return v[1]-v[0] <= maxSequence // at most b - a elements
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

// hiddenPrefix begins the names of the sandbox's own builtins, which
// every bounded operation calls (mulName, cmpName, ...).
const hiddenPrefix = "__stepviz_"

// reservedNames refuses a script that binds a name beginning with
// hiddenPrefix: a global of that name would shadow the sandbox's builtin,
// and the rewritten operations would call the script's function instead
// of the bound. Calling the builtins by hand is harmless and allowed.
func reservedNames(name string, f *syntax.File) error {
	var err error
	syntax.Walk(f, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.Ident); ok && err == nil && strings.HasPrefix(id.Name, twinPrefix) {
			// a twin takes only a short string: the script may not reach one
			err = &Error{Where: name, Pos: id.NamePos.String(), Msg: fmt.Sprintf("the name %s is the sandbox's own: choose a name that does not begin with %s", id.Name, hiddenPrefix)}
		}
		for _, id := range bindings(n) {
			if err == nil && strings.HasPrefix(id.Name, hiddenPrefix) {
				err = &Error{Where: name, Pos: id.NamePos.String(), Msg: fmt.Sprintf("the name %s is the sandbox's own: choose a name that does not begin with %s", id.Name, hiddenPrefix)}
			}
		}
		return err == nil
	})
	return err
}
