package script

import (
	"math/big"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A twin (specialise.go) whose body uses only plain statements and
// expressions is also compiled into Go closures, which a search runs in
// place of go.starlark.net's interpreter: no bytecode dispatch, no operand
// stack, no frame, no string allocated for a short string's s[i], a sum
// of strings made at once. Every operation is the one the interpreter
// performs (starlark.Binary, starlark.Compare, Mapping.Get,
// Indexable.Index, Sliceable.Slice, Iterate, starlark.Call of the same
// builtins and methods), or its plain equivalent for strings and ints
// (a sum, Int.Add, strings.Index for index and find, List.Append), on the
// same rewritten body, so it computes the same value. Whatever else happens (an error, a
// value of a kind the closures do not handle, a local read before it is
// set, the call's step budget reached, the watchdog's cancel) abandons the
// closures, and the interpreter runs the twin from the start: the twin is
// pure (its argument and the globals are frozen, and it names no
// function), so it answers as if the closures had never run, with the
// interpreter's own message. The closures count a step per statement,
// expression and loop turn, about the interpreter's count, and the
// sandbox charges them; they give up at half the call's budget (tick).

// closureFunc is a twin's compiled body.
type closureFunc struct {
	nlocals int
	body    cstmt
}

// cframe is one run of a closureFunc.
type cframe struct {
	locals []starlark.Value
	th     *starlark.Thread
	steps  uint64 // counted so far
	max    uint64 // abandon when the thread's steps and these reach it
	w      *watched
}

// tick counts n steps and reports whether the run may go on: while
// twice the steps counted stay within the call's budget. The count is
// about the interpreter's (within a quarter on the tests'
// defs), so a call that the interpreter would stop for its steps is
// always given up here and decided by the interpreter.
func (fr *cframe) tick(n uint64) bool {
	fr.steps += n
	return fr.th.Steps+2*fr.steps < fr.max
}

// turn is tick for a loop's turn, which also looks for the watchdog's
// cancel: every run that goes on long turns a loop.
func (fr *cframe) turn(n uint64) bool {
	return fr.tick(n) && fr.w.reason.Load() == nil
}

// A cexpr evaluates an expression; ok false abandons the run.
type cexpr func(fr *cframe) (v starlark.Value, ok bool)

// control is what a statement did.
type control int

const (
	next control = iota
	brk
	cont
	ret
	abandon
)

type cstmt func(fr *cframe) (control, starlark.Value)

// run runs f with arg on fr, a sandbox's frame, which it leaves holding
// nothing; ok false: abandoned, nothing charged. A panic abandons too (a
// builtin's panics again in the interpreter, as it always did).
func (f *closureFunc) run(fr *cframe, th *starlark.Thread, arg starlark.Value, max uint64, w *watched) (v starlark.Value, ok bool) {
	if cap(fr.locals) < f.nlocals {
		fr.locals = make([]starlark.Value, f.nlocals)
	}
	fr.locals = fr.locals[:f.nlocals]
	fr.locals[0] = arg
	fr.th, fr.steps, fr.max, fr.w = th, 0, max, w
	defer func() {
		clear(fr.locals)
		fr.th, fr.w = nil, nil
		if recover() != nil {
			closurePanics.Add(1)
			v, ok = nil, false
		}
	}()
	c, v := f.body(fr)
	switch c {
	case ret:
	case next:
		v = starlark.None
	default:
		return nil, false
	}
	th.Steps += fr.steps
	return v, true
}

// closurePanics counts the runs a panic abandoned: a bug of the closures
// (or a builtin's panic), which the tests look for.
var closurePanics atomic.Int64

// compileTwin compiles the specialised branch of twin def d (resolved),
// whose globals are g and predeclared names pre; nil if it uses anything
// the closures do not handle.
func compileTwin(d *syntax.DefStmt, g, pre starlark.StringDict) *closureFunc {
	fn, ok := d.Function.(*resolve.Function)
	if !ok || len(fn.FreeVars) > 0 || len(d.Body) != 1 {
		return nil
	}
	ifs, ok := d.Body[0].(*syntax.IfStmt)
	if !ok {
		return nil
	}
	c := &compiler{g: g, pre: pre, ok: true}
	body := c.stmts(ifs.True)
	if !c.ok {
		return nil
	}
	return &closureFunc{nlocals: len(fn.Locals), body: body}
}

type compiler struct {
	g, pre starlark.StringDict
	ok     bool
}

func (c *compiler) fail() { c.ok = false }

func (c *compiler) stmts(list []syntax.Stmt) cstmt {
	parts := make([]cstmt, 0, len(list))
	for _, s := range list {
		parts = append(parts, c.stmt(s))
	}
	return func(fr *cframe) (control, starlark.Value) {
		for _, p := range parts {
			if ctl, v := p(fr); ctl != next {
				return ctl, v
			}
		}
		return next, nil
	}
}

func (c *compiler) stmt(s syntax.Stmt) cstmt {
	switch s := s.(type) {
	case *syntax.ExprStmt:
		x := c.expr(s.X)
		return func(fr *cframe) (control, starlark.Value) {
			if _, ok := x(fr); !ok || !fr.tick(1) {
				return abandon, nil
			}
			return next, nil
		}
	case *syntax.AssignStmt:
		return c.assign(s)
	case *syntax.ReturnStmt:
		if s.Result == nil {
			return func(*cframe) (control, starlark.Value) { return ret, starlark.None }
		}
		x := c.expr(s.Result)
		return func(fr *cframe) (control, starlark.Value) {
			v, ok := x(fr)
			if !ok || !fr.tick(1) {
				return abandon, nil
			}
			return ret, v
		}
	case *syntax.BranchStmt:
		ctl := map[syntax.Token]control{syntax.PASS: next, syntax.BREAK: brk, syntax.CONTINUE: cont}[s.Token]
		n := uint64(0)
		if ctl != next {
			n = 2 // the jump
		}
		return func(fr *cframe) (control, starlark.Value) {
			if !fr.tick(n) {
				return abandon, nil
			}
			return ctl, nil
		}
	case *syntax.IfStmt:
		cond, t, f := c.expr(s.Cond), c.stmts(s.True), c.stmts(s.False)
		return func(fr *cframe) (control, starlark.Value) {
			v, ok := cond(fr)
			if !ok || !fr.tick(3) {
				return abandon, nil
			}
			if v.Truth() {
				return t(fr)
			}
			return f(fr)
		}
	case *syntax.ForStmt:
		set, body := c.target(s.Vars), c.stmts(s.Body)
		if r := c.rangeLoop(s.X, set, body); r != nil {
			return r
		}
		x := c.expr(s.X)
		return func(fr *cframe) (control, starlark.Value) {
			v, ok := x(fr)
			if !ok {
				return abandon, nil
			}
			iter := starlark.Iterate(v)
			if iter == nil || !fr.tick(2) {
				return abandon, nil
			}
			defer iter.Done()
			var e starlark.Value
			for iter.Next(&e) {
				if ctl, r, over := loopTurn(fr, set, body, e); over {
					return ctl, r
				}
			}
			return next, nil
		}
	}
	c.fail()
	return nil
}

// loopTurn runs one turn of a loop over e: it counts the turn, binds e
// with set and runs body. over reports that the loop ends here, with
// ctl and v what the loop statement gives (next after a break); a turn
// that goes on gives over false.
func loopTurn(fr *cframe, set func(*cframe, starlark.Value) bool, body cstmt, e starlark.Value) (ctl control, v starlark.Value, over bool) {
	if !fr.turn(4) || !set(fr, e) {
		return abandon, nil, true
	}
	switch ctl, v := body(fr); ctl {
	case brk:
		return next, nil, true
	case ret, abandon:
		return ctl, v, true
	}
	return next, nil, false
}

// rangeLoop compiles for x in range(n) or range(a, b) of Starlark's own
// range (a literal range, rewrite.go) as a loop over ints, which allocates
// no range and no iterator; nil for any other loop.
func (c *compiler) rangeLoop(x syntax.Expr, set func(*cframe, starlark.Value) bool, body cstmt) cstmt {
	call, ok := x.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Args) > 2 {
		return nil
	}
	id, ok := call.Fn.(*syntax.Ident)
	if !ok || id.Name != rangeName || c.pre[rangeName] != starlark.Universe["range"] {
		return nil
	}
	var bounds [2]int64
	for i, a := range call.Args {
		l, ok := a.(*syntax.Literal)
		if !ok {
			return nil
		}
		n, isInt := l.Value.(int64)
		if !isInt || n > maxSequence {
			return nil
		}
		bounds[i] = n
	}
	lo, hi := int64(0), bounds[0]
	if len(call.Args) == 2 {
		lo, hi = bounds[0], bounds[1]
	}
	// the steps of the call: the name, the arguments, the call, the iterator
	setup := uint64(2 + len(call.Args) + 2)
	return func(fr *cframe) (control, starlark.Value) {
		if !fr.tick(setup) {
			return abandon, nil
		}
		for i := lo; i < hi; i++ {
			if ctl, r, over := loopTurn(fr, set, body, starlark.MakeInt64(i)); over {
				return ctl, r
			}
		}
		return next, nil
	}
}

func (c *compiler) assign(s *syntax.AssignStmt) cstmt {
	rhs := c.expr(s.RHS)
	if s.Op == syntax.EQ {
		set := c.target(s.LHS)
		return func(fr *cframe) (control, starlark.Value) {
			v, ok := rhs(fr)
			if !ok || !set(fr, v) {
				return abandon, nil
			}
			return next, nil
		}
	}
	op, known := map[syntax.Token]syntax.Token{
		syntax.PLUS_EQ: syntax.PLUS, syntax.MINUS_EQ: syntax.MINUS, syntax.STAR_EQ: syntax.STAR,
		syntax.SLASH_EQ: syntax.SLASH, syntax.SLASHSLASH_EQ: syntax.SLASHSLASH, syntax.PERCENT_EQ: syntax.PERCENT,
	}[s.Op]
	id, isIdent := s.LHS.(*syntax.Ident)
	if !known || !isIdent {
		c.fail()
		return nil
	}
	get, set := c.ident(id), c.target(id)
	return func(fr *cframe) (control, starlark.Value) {
		x, ok := get(fr)
		if !ok {
			return abandon, nil
		}
		y, ok := rhs(fr)
		if !ok {
			return abandon, nil
		}
		var z starlark.Value
		if l, isList := x.(*starlark.List); isList && op == syntax.PLUS {
			// the interpreter's +=: a list is extended in place
			iter := starlark.Iterate(y)
			if iter == nil {
				return abandon, nil
			}
			defer iter.Done()
			var e starlark.Value
			for iter.Next(&e) {
				if l.Append(e) != nil {
					return abandon, nil
				}
			}
			z = l
		} else {
			var err error
			if z, err = starlark.Binary(op, x, y); err != nil {
				return abandon, nil
			}
		}
		if !fr.tick(1) || !set(fr, z) {
			return abandon, nil
		}
		return next, nil
	}
}

// target compiles an assignment's left side: a local, or a tuple or
// list of locals, unpacked from a tuple or list of as many values.
func (c *compiler) target(x syntax.Expr) func(fr *cframe, v starlark.Value) bool {
	switch x := x.(type) {
	case *syntax.ParenExpr:
		return c.target(x.X)
	case *syntax.Ident:
		b, ok := x.Binding.(*resolve.Binding)
		if !ok || b.Scope != resolve.Local {
			c.fail()
			return nil
		}
		i := b.Index
		return func(fr *cframe, v starlark.Value) bool {
			fr.locals[i] = v
			return fr.tick(1)
		}
	case *syntax.TupleExpr, *syntax.ListExpr:
		var list []syntax.Expr
		if t, ok := x.(*syntax.TupleExpr); ok {
			list = t.List
		} else {
			list = x.(*syntax.ListExpr).List
		}
		sets := make([]func(*cframe, starlark.Value) bool, len(list))
		for i, e := range list {
			sets[i] = c.target(e)
		}
		return func(fr *cframe, v starlark.Value) bool {
			var elems []starlark.Value
			switch v := v.(type) {
			case starlark.Tuple:
				elems = v
			case *starlark.List:
				if v.Len() != len(sets) {
					return false
				}
				elems = make([]starlark.Value, v.Len())
				for i := range elems {
					elems[i] = v.Index(i)
				}
			default:
				return false
			}
			if len(elems) != len(sets) {
				return false
			}
			for i, set := range sets {
				if !set(fr, elems[i]) {
					return false
				}
			}
			return fr.tick(1)
		}
	}
	c.fail()
	return nil
}

// ident compiles a name: a local read from the frame, anything else
// (frozen, never reassigned) taken once.
func (c *compiler) ident(id *syntax.Ident) cexpr {
	b, ok := id.Binding.(*resolve.Binding)
	if !ok {
		c.fail()
		return nil
	}
	var v starlark.Value
	switch b.Scope {
	case resolve.Local:
		i := b.Index
		return func(fr *cframe) (starlark.Value, bool) {
			v := fr.locals[i]
			return v, v != nil && fr.tick(1)
		}
	case resolve.Global:
		v = c.g[id.Name]
	case resolve.Predeclared:
		v = c.pre[id.Name]
	case resolve.Universal:
		v = starlark.Universe[id.Name]
	}
	if v == nil {
		c.fail()
		return nil
	}
	return func(fr *cframe) (starlark.Value, bool) { return v, fr.tick(1) }
}

// oneByte holds the strings of one byte, which s[i] of a string returns,
// made on the first such index.
var oneByte = sync.OnceValue(func() *[256]starlark.Value {
	var t [256]starlark.Value
	for i := range t {
		t[i] = starlark.String([]byte{byte(i)})
	}
	return &t
})

func (c *compiler) expr(e syntax.Expr) cexpr {
	switch e := e.(type) {
	case *syntax.Ident:
		return c.ident(e)
	case *syntax.ParenExpr:
		return c.expr(e.X)
	case *syntax.Literal:
		var v starlark.Value
		switch x := e.Value.(type) {
		case int64:
			v = starlark.MakeInt64(x)
		case *big.Int:
			v = starlark.MakeBigInt(x)
		case string:
			if e.Token != syntax.STRING {
				break
			}
			v = starlark.String(x)
		case float64:
			v = starlark.Float(x)
		}
		if v == nil {
			break
		}
		return func(fr *cframe) (starlark.Value, bool) { return v, fr.tick(1) }
	case *syntax.UnaryExpr:
		x := c.expr(e.X)
		op := e.Op
		return func(fr *cframe) (starlark.Value, bool) {
			v, ok := x(fr)
			if !ok || !fr.tick(1) {
				return nil, false
			}
			if op == syntax.NOT {
				return !v.Truth(), true
			}
			z, err := starlark.Unary(op, v)
			return z, err == nil
		}
	case *syntax.BinaryExpr:
		return c.binary(e)
	case *syntax.IndexExpr:
		return c.index(e)
	case *syntax.SliceExpr:
		return c.slice(e)
	case *syntax.CallExpr:
		return c.call(e)
	case *syntax.TupleExpr:
		tuple := tupleOf(c.exprs(e.List))
		return func(fr *cframe) (starlark.Value, bool) {
			t, ok := tuple(fr)
			if !ok {
				return nil, false
			}
			return t, true
		}
	case *syntax.ListExpr:
		elems := c.exprs(e.List)
		return func(fr *cframe) (starlark.Value, bool) {
			l, ok := values(fr, elems)
			if !ok {
				return nil, false
			}
			return starlark.NewList(l), fr.tick(1)
		}
	}
	c.fail()
	return nil
}

func (c *compiler) exprs(list []syntax.Expr) []cexpr {
	out := make([]cexpr, len(list))
	for i, e := range list {
		out[i] = c.expr(e)
	}
	return out
}

// values evaluates elems left to right into a new slice.
func values(fr *cframe, elems []cexpr) ([]starlark.Value, bool) {
	vs := make([]starlark.Value, len(elems))
	for i, x := range elems {
		v, ok := x(fr)
		if !ok {
			return nil, false
		}
		vs[i] = v
	}
	return vs, true
}

// tupleOf makes the tuple of elems, a tuple expression's or a call's
// arguments: the elements evaluated left to right and a step for the
// tuple.
func tupleOf(elems []cexpr) func(fr *cframe) (starlark.Tuple, bool) {
	return func(fr *cframe) (starlark.Tuple, bool) {
		t, ok := values(fr, elems)
		if !ok {
			return nil, false
		}
		return t, fr.tick(1)
	}
}

// operands evaluates x then y (y only if x went on) and counts n steps
// for the operation on them; ok false abandons the run, and a and b
// mean nothing then. Small enough to be inlined in every closure that
// calls it.
func operands(fr *cframe, x, y cexpr, n uint64) (a, b starlark.Value, ok bool) {
	if a, ok = x(fr); ok {
		b, ok = y(fr)
	}
	return a, b, ok && fr.tick(n)
}

var compareOp = sync.OnceValue(func() map[syntax.Token]bool {
	return map[syntax.Token]bool{syntax.EQL: true, syntax.NEQ: true, syntax.LT: true, syntax.GT: true, syntax.LE: true, syntax.GE: true}
})

func (c *compiler) binary(e *syntax.BinaryExpr) cexpr {
	if e.Op == syntax.PLUS {
		if cat := c.concat(e); cat != nil {
			return cat
		}
	}
	x, y, op := c.expr(e.X), c.expr(e.Y), e.Op
	switch {
	case op == syntax.AND || op == syntax.OR:
		return func(fr *cframe) (starlark.Value, bool) {
			v, ok := x(fr)
			if !ok || !fr.tick(1) {
				return nil, false
			}
			if v.Truth() == (op == syntax.OR) {
				return v, true
			}
			return y(fr)
		}
	case compareOp()[op]:
		return func(fr *cframe) (starlark.Value, bool) {
			a, b, ok := operands(fr, x, y, 1)
			if !ok {
				return nil, false
			}
			z, err := starlark.Compare(op, a, b)
			return starlark.Bool(z), err == nil
		}
	}
	return func(fr *cframe) (starlark.Value, bool) {
		a, b, ok := operands(fr, x, y, 1)
		if !ok {
			return nil, false
		}
		if op == syntax.PLUS {
			switch a := a.(type) {
			case starlark.String:
				if b, ok := b.(starlark.String); ok {
					return a + b, true
				}
			case starlark.Int:
				if b, ok := b.(starlark.Int); ok {
					return a.Add(b), true
				}
			}
		}
		z, err := starlark.Binary(op, a, b)
		return z, err == nil
	}
}

// index is x[y] as the interpreter's getIndex does it.
func (c *compiler) index(e *syntax.IndexExpr) cexpr {
	x, y := c.expr(e.X), c.expr(e.Y)
	return func(fr *cframe) (starlark.Value, bool) {
		a, b, ok := operands(fr, x, y, 1)
		if !ok {
			return nil, false
		}
		switch a := a.(type) {
		case starlark.Mapping:
			z, found, err := a.Get(b)
			return z, found && err == nil
		case starlark.Indexable:
			i, err := starlark.AsInt32(b)
			if err != nil {
				return nil, false
			}
			n := a.Len()
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil, false
			}
			if s, isString := a.(starlark.String); isString {
				return oneByte()[s[i]], true
			}
			return a.Index(i), true
		}
		return nil, false
	}
}

// slice is x[lo:hi] as the interpreter's slice does it for a step of 1.
func (c *compiler) slice(e *syntax.SliceExpr) cexpr {
	bounds := c.sliceBounds(e)
	return func(fr *cframe) (starlark.Value, bool) {
		s, start, end, ok := bounds(fr)
		if !ok {
			return nil, false
		}
		return s.Slice(start, end, 1), true
	}
}

// sliceBounds compiles the operands of x[lo:hi] (a step of 1; any other
// fails): run, it evaluates x, lo and hi left to right, counts the
// slice's step and gives x and the bounds the interpreter's slice takes,
// clamped to x, with start <= end.
func (c *compiler) sliceBounds(e *syntax.SliceExpr) func(fr *cframe) (s starlark.Sliceable, start, end int, ok bool) {
	if e.Step != nil {
		c.fail()
		return nil
	}
	x := c.expr(e.X)
	none := func(fr *cframe) (starlark.Value, bool) { return starlark.None, fr.tick(1) }
	lo, hi := none, none
	if e.Lo != nil {
		lo = c.expr(e.Lo)
	}
	if e.Hi != nil {
		hi = c.expr(e.Hi)
	}
	return func(fr *cframe) (starlark.Sliceable, int, int, bool) {
		a, ok := x(fr)
		if !ok {
			return nil, 0, 0, false
		}
		l, h, ok := operands(fr, lo, hi, 1)
		if !ok {
			return nil, 0, 0, false
		}
		s, ok := a.(starlark.Sliceable)
		if !ok {
			return nil, 0, 0, false
		}
		n := s.Len()
		start, end := 0, n
		if !sliceIndex(l, n, &start) || !sliceIndex(h, n, &end) {
			return nil, 0, 0, false
		}
		return s, start, max(start, end), true
	}
}

// sliceIndex sets *i to v, an index into n elements clamped to [0, n],
// unless v is None.
func sliceIndex(v starlark.Value, n int, i *int) bool {
	if v != starlark.None {
		x, err := starlark.AsInt32(v)
		if err != nil {
			return false
		}
		if x < 0 {
			x += n
		}
		*i = x
	}
	*i = max(0, min(*i, n))
	return true
}

// call is f(args) of a name or a method, positional arguments only.
func (c *compiler) call(e *syntax.CallExpr) cexpr {
	for _, a := range e.Args {
		if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			c.fail() // name=value
			return nil
		}
		if u, ok := a.(*syntax.UnaryExpr); ok && (u.Op == syntax.STAR || u.Op == syntax.STARSTAR) {
			c.fail()
			return nil
		}
	}
	args := c.exprs(e.Args)
	eval := tupleOf(args)
	if dot, ok := e.Fn.(*syntax.DotExpr); ok {
		recv, name := c.expr(dot.X), dot.Name.Name
		if len(args) == 1 {
			if m := c.method1(recv, name, args[0]); m != nil {
				return m
			}
		}
		return func(fr *cframe) (starlark.Value, bool) {
			r, ok := recv(fr)
			if !ok {
				return nil, false
			}
			t, ok := eval(fr)
			if !ok || !fr.tick(1) {
				return nil, false
			}
			return callAttr(fr, r, name, t)
		}
	}
	fn := c.expr(e.Fn)
	return func(fr *cframe) (starlark.Value, bool) {
		f, ok := fn(fr)
		if !ok {
			return nil, false
		}
		if _, isFunc := f.(*starlark.Function); isFunc {
			return nil, false // the script's own functions run in the interpreter
		}
		t, ok := eval(fr)
		if !ok {
			return nil, false
		}
		z, err := starlark.Call(fr.th, f, t, nil)
		return z, err == nil
	}
}

// callAttr calls r's method name with args as the interpreter does; ok
// false (abandon) if r has no such method or the call fails.
func callAttr(fr *cframe, r starlark.Value, name string, args starlark.Tuple) (starlark.Value, bool) {
	h, ok := r.(starlark.HasAttrs)
	if !ok {
		return nil, false
	}
	m, err := h.Attr(name)
	if err != nil || m == nil {
		return nil, false
	}
	z, err := starlark.Call(fr.th, m, args, nil)
	return z, err == nil
}

// method1 compiles x.name(arg) for the methods the closures do
// themselves: a list's append, a string's index and find of a string (as
// go.starlark.net's string_find_impl does them); for any other receiver
// or argument it calls the method as the interpreter does.
func (c *compiler) method1(recv cexpr, name string, arg cexpr) cexpr {
	if name != "append" && name != "index" && name != "find" {
		return nil
	}
	return func(fr *cframe) (starlark.Value, bool) {
		r, a, ok := operands(fr, recv, arg, 2)
		if !ok {
			return nil, false
		}
		switch r := r.(type) {
		case *starlark.List:
			if name == "append" {
				return starlark.None, r.Append(a) == nil
			}
		case starlark.String:
			if sub, ok := a.(starlark.String); ok && name != "append" {
				i := strings.Index(string(r), string(sub))
				if i < 0 && name == "index" {
					return nil, false // substring not found
				}
				return starlark.MakeInt(i), true
			}
		}
		return callAttr(fr, r, name, starlark.Tuple{a})
	}
}

// strPart evaluates one operand of a sum: a string's text (a slice of a
// string taken without making a value of it), or any other value.
type strPart func(fr *cframe) (text string, v starlark.Value, ok bool)

// concat compiles a sum of three operands or more, x1 + x2 + ... + xn
// (left to right, as written): when every operand is a string, the text
// is made at once, with no string made for the sums in between nor for
// the slices among the operands; otherwise the operands are added left to
// right as the interpreter does. nil for a sum of two.
func (c *compiler) concat(e *syntax.BinaryExpr) cexpr {
	var operands []syntax.Expr
	for x := syntax.Expr(e); ; {
		b, ok := x.(*syntax.BinaryExpr)
		if !ok || b.Op != syntax.PLUS {
			operands = append(operands, x)
			break
		}
		operands = append(operands, b.Y)
		x = b.X
	}
	if len(operands) < 3 || len(operands) > maxConcat {
		return nil
	}
	slices.Reverse(operands)
	parts := make([]strPart, len(operands))
	for i, x := range operands {
		parts[i] = c.strPart(x)
	}
	return func(fr *cframe) (starlark.Value, bool) {
		var texts [maxConcat]string
		var vals []starlark.Value // made once an operand is not a string
		for i, p := range parts {
			text, v, ok := p(fr)
			if !ok {
				return nil, false
			}
			if v != nil && vals == nil {
				vals = make([]starlark.Value, i, len(parts))
				for j := range i {
					vals[j] = starlark.String(texts[j])
				}
			}
			if vals == nil {
				texts[i] = text
				continue
			}
			if v == nil {
				v = starlark.String(text)
			}
			vals = append(vals, v)
		}
		if !fr.tick(uint64(len(parts) - 1)) {
			return nil, false
		}
		if vals == nil {
			return starlark.String(strings.Join(texts[:len(parts)], "")), true
		}
		z := vals[0]
		for _, v := range vals[1:] {
			var err error
			if z, err = starlark.Binary(syntax.PLUS, z, v); err != nil {
				return nil, false
			}
		}
		return z, true
	}
}

// maxConcat bounds the operands of a sum concat compiles.
const maxConcat = 8

// strPart compiles an operand of a sum.
func (c *compiler) strPart(x syntax.Expr) strPart {
	if sl, ok := x.(*syntax.SliceExpr); ok {
		bounds := c.sliceBounds(sl)
		return func(fr *cframe) (string, starlark.Value, bool) {
			sv, start, end, ok := bounds(fr)
			if !ok {
				return "", nil, false
			}
			if s, isString := sv.(starlark.String); isString {
				return string(s[start:end]), nil, true
			}
			return "", sv.Slice(start, end, 1), true
		}
	}
	ev := c.expr(x)
	return func(fr *cframe) (string, starlark.Value, bool) {
		v, ok := ev(fr)
		if !ok {
			return "", nil, false
		}
		if s, isString := v.(starlark.String); isString {
			return string(s), nil, true
		}
		return "", v, true
	}
}
