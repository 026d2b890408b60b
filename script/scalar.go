package script

import (
	"go.starlark.net/syntax"
	"sync"
)

// Operations whose operand is a number or a bool keep their operators.
//
// An int, float or bool is hashed and compared without walking anything
// (a big int walks its own words, never a shared part), and + or - with
// one makes a number or fails: it never makes a sequence. So an operand
// that is certainly a number or a bool bounds an operation exactly as a
// number literal does (rewrite.go): x[i], {i: v}, i < x and x + i need no
// measure when i is one. scalarExprs finds such operands by a small,
// conservative type inference inside each def: a local is a scalar when
// every assignment to it in its own function gives one (a number or bool
// literal, a loop over range, len(...), a comparison, arithmetic on a
// scalar, s.index(...) and the like); anything it cannot prove is an
// unknown value, which is measured. A name a comprehension binds, or a
// nested function binds or uses, is never a scalar, so a use always means
// the function's own local. Globals and parameters are unknown.
//
// In a body specialised for a string parameter of at most maxStateText
// bytes (specialise.go) the same inference also proves short strings: the
// parameter while no assignment rebinds it, its elements (one byte) and
// slices, string literals, and sums of those up to maxSequence bytes. A
// short string is hashed and compared in at most its bytes, its index
// hashes nothing, and a sum of short strings within maxSequence bytes
// needs no measure. A local's bound is refined a few rounds from nothing,
// each round proved from the last, so a string that grows in a loop never
// gets one.

// scalarResults are the builtins that return an int, float or bool (or
// fail) whatever they are given, when the script binds none of their names.
var scalarResults = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"len": true, "int": true, "float": true, "bool": true, "abs": true, "hash": true, "ord": true}
})

// scalarMethods are the methods that return an int (or fail) on every
// type that has them (string, bytes, list).
var scalarMethods = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"index": true, "rindex": true, "find": true, "rfind": true, "count": true}
})

// kinds are what the analysis proved of f's expressions: scalar holds
// those that are certainly an int, a float or a bool (or fail); short
// those that are certainly a string of at most the given bytes (or fail).
type kinds struct {
	scalar map[syntax.Expr]bool
	short  map[syntax.Expr]int
	bound  map[string]bool // every name the file binds anywhere
}

// scalarExprs analyses every def of f, and each body specialised for a
// short string (specialise), whose parameter it takes as one. Cost: linear
// in f's size times the number of locals of its largest function (the
// fixed point drops at least one local a round).
func scalarExprs(f *syntax.File, specialised []specialBody) kinds {
	a := &scalarAnalysis{kinds: kinds{scalar: map[syntax.Expr]bool{}, short: map[syntax.Expr]int{}, bound: map[string]bool{}}}
	syntax.Walk(f, func(n syntax.Node) bool {
		for _, id := range bindings(n) {
			a.bound[id.Name] = true
		}
		return true
	})
	syntax.Walk(f, func(n syntax.Node) bool {
		if d, ok := n.(*syntax.DefStmt); ok {
			a.analyse(d.Params, d.Body, "")
		}
		return true
	})
	for _, sb := range specialised {
		a.analyse(nil, sb.body, sb.param)
	}
	return a.kinds
}

type scalarAnalysis struct {
	kinds
}

// bindings are the identifiers n binds: an assignment's or a loop's
// targets, a def's name and parameters, a lambda's parameters.
func bindings(n syntax.Node) []*syntax.Ident {
	var ids []*syntax.Ident
	switch n := n.(type) {
	case *syntax.AssignStmt:
		ids = targets(n.LHS, ids)
	case *syntax.ForStmt:
		ids = targets(n.Vars, ids)
	case *syntax.ForClause:
		ids = targets(n.Vars, ids)
	case *syntax.DefStmt:
		ids = append(ids, n.Name)
		ids = params(n.Params, ids)
	case *syntax.LambdaExpr:
		ids = params(n.Params, ids)
	case *syntax.LoadStmt:
		ids = append(ids, n.To...)
	}
	return ids
}

// targets appends the names an assignment target binds (x, (x, y), [x, y]);
// x[i] and x.f bind none.
func targets(e syntax.Expr, ids []*syntax.Ident) []*syntax.Ident {
	switch e := e.(type) {
	case *syntax.Ident:
		ids = append(ids, e)
	case *syntax.ParenExpr:
		ids = targets(e.X, ids)
	case *syntax.TupleExpr:
		for _, x := range e.List {
			ids = targets(x, ids)
		}
	case *syntax.ListExpr:
		for _, x := range e.List {
			ids = targets(x, ids)
		}
	}
	return ids
}

func params(ps []syntax.Expr, ids []*syntax.Ident) []*syntax.Ident {
	for _, p := range ps {
		switch p := p.(type) {
		case *syntax.Ident:
			ids = append(ids, p)
		case *syntax.BinaryExpr: // name=default
			if id, ok := p.X.(*syntax.Ident); ok {
				ids = append(ids, id)
			}
		case *syntax.UnaryExpr: // *args, **kwargs
			if id, ok := p.X.(*syntax.Ident); ok {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// binding is one assignment to a local: name op= rhs (op EQ for =), or a
// loop variable (rhs the loop's sequence, loop set).
type binding struct {
	op   syntax.Token
	rhs  syntax.Expr
	loop bool
}

// analyse infers the scalar and short-string locals of the function
// whose parameters and body are given and records the kinds of its
// expressions (not those of functions nested in it: they have their own
// scope and are analysed on their own). shortParam, if not "", names a
// parameter known to be a string of at most maxStateText bytes (it is
// then not in params).
func (a *scalarAnalysis) analyse(ps []syntax.Expr, body []syntax.Stmt, shortParam string) {
	own := map[string][]binding{}
	unknown := map[string]bool{}
	for _, id := range params(ps, nil) {
		unknown[id.Name] = true
	}
	var stmts func([]syntax.Stmt)
	stmts = func(list []syntax.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *syntax.AssignStmt:
				if id, ok := s.LHS.(*syntax.Ident); ok {
					own[id.Name] = append(own[id.Name], binding{op: s.Op, rhs: s.RHS})
				} else {
					for _, id := range targets(s.LHS, nil) {
						unknown[id.Name] = true
					}
				}
			case *syntax.ForStmt:
				if id, ok := s.Vars.(*syntax.Ident); ok {
					own[id.Name] = append(own[id.Name], binding{rhs: s.X, loop: true})
				} else {
					for _, id := range targets(s.Vars, nil) {
						unknown[id.Name] = true
					}
				}
				stmts(s.Body)
			case *syntax.IfStmt:
				stmts(s.True)
				stmts(s.False)
			case *syntax.DefStmt:
				unknown[s.Name.Name] = true
			}
		}
	}
	stmts(body)
	// a name a comprehension or a nested function binds (or, in a nested
	// function, even uses) may mean another variable there: never a scalar
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ForClause:
				for _, id := range targets(n.Vars, nil) {
					unknown[id.Name] = true
				}
			case *syntax.DefStmt, *syntax.LambdaExpr:
				syntax.Walk(n, func(m syntax.Node) bool {
					if id, ok := m.(*syntax.Ident); ok {
						unknown[id.Name] = true
					}
					return true
				})
				return false
			}
			return true
		})
	}
	// the greatest fixed point: assume every candidate a scalar, drop those
	// with an assignment that does not give one, until none is dropped
	env := map[string]bool{}
	for name := range own {
		if !unknown[name] {
			env[name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for name := range env {
			for _, b := range own[name] {
				if !a.bindingScalar(name, b, env) {
					delete(env, name)
					changed = true
					break
				}
			}
		}
	}
	strs := a.shortLocals(own, unknown, shortParam)
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.DefStmt, *syntax.LambdaExpr:
				return false
			}
			if e, ok := n.(syntax.Expr); ok {
				if a.scalar(e, env) {
					a.kinds.scalar[e] = true
				}
				if l := shortLen(e, strs); l >= 0 {
					a.kinds.short[e] = l
				}
			}
			return true
		})
	}
}

// shortLocals are the locals (and shortParam) that are certainly strings
// of at most the given bytes. It starts knowing only shortParam and
// refines a few rounds, each computing every local's bound from the
// bounds the round before proved, so every round's answer holds (a local
// that grows in a loop, x = x + "a", never gets a bound).
func (a *scalarAnalysis) shortLocals(own map[string][]binding, unknown map[string]bool, shortParam string) map[string]int {
	strs := map[string]int{}
	if shortParam == "" || unknown[shortParam] || own[shortParam] != nil {
		return strs
	}
	strs[shortParam] = maxStateText
	for round := 0; round < 4; round++ {
		next := map[string]int{shortParam: maxStateText}
		for name, bs := range own {
			if unknown[name] {
				continue
			}
			most := 0
			for _, b := range bs {
				l := -1
				if !b.loop && b.op == syntax.EQ {
					l = shortLen(b.rhs, strs)
				}
				if l < 0 {
					most = -1
					break
				}
				most = max(most, l)
			}
			if most >= 0 {
				next[name] = most
			}
		}
		strs = next
	}
	return strs
}

// shortLen is the most bytes e can hold when it is certainly a string of
// at most maxSequence bytes (or fails), else -1; strs holds the locals
// known to be such strings.
func shortLen(e syntax.Expr, strs map[string]int) int {
	switch e := e.(type) {
	case *syntax.Literal:
		if s, ok := e.Value.(string); ok && e.Token == syntax.STRING {
			return len(s)
		}
	case *syntax.Ident:
		if l, ok := strs[e.Name]; ok {
			return l
		}
	case *syntax.ParenExpr:
		return shortLen(e.X, strs)
	case *syntax.IndexExpr:
		if shortLen(e.X, strs) >= 0 {
			return 1 // a string's element is a string of one byte
		}
	case *syntax.SliceExpr:
		return shortLen(e.X, strs)
	case *syntax.BinaryExpr:
		if e.Op == syntax.PLUS {
			x, y := shortLen(e.X, strs), shortLen(e.Y, strs)
			if x >= 0 && y >= 0 && x+y <= maxSequence {
				return x + y
			}
		}
	case *syntax.CondExpr:
		x, y := shortLen(e.True, strs), shortLen(e.False, strs)
		if x >= 0 && y >= 0 {
			return max(x, y)
		}
	}
	return -1
}

func (a *scalarAnalysis) bindingScalar(name string, b binding, env map[string]bool) bool {
	switch {
	case b.loop:
		return a.rangeCall(b.rhs)
	case b.op == syntax.EQ:
		return a.scalar(b.rhs, env)
	}
	// name op= rhs, op one of the augmented assignments
	return a.binaryScalar(augmentedOps()[b.op], env[name], a.scalar(b.rhs, env))
}

var augmentedOps = sync.OnceValue(func() map[syntax.Token]syntax.Token {
	return map[syntax.Token]syntax.Token{
		syntax.PLUS_EQ: syntax.PLUS, syntax.MINUS_EQ: syntax.MINUS, syntax.STAR_EQ: syntax.STAR,
		syntax.SLASH_EQ: syntax.SLASH, syntax.SLASHSLASH_EQ: syntax.SLASHSLASH, syntax.PERCENT_EQ: syntax.PERCENT,
		syntax.AMP_EQ: syntax.AMP, syntax.PIPE_EQ: syntax.PIPE, syntax.CIRCUMFLEX_EQ: syntax.CIRCUMFLEX,
		syntax.LTLT_EQ: syntax.LTLT, syntax.GTGT_EQ: syntax.GTGT,
	}
})

// rangeCall reports whether e is range(...) of the script's range (its
// elements are ints).
func (a *scalarAnalysis) rangeCall(e syntax.Expr) bool {
	c, ok := e.(*syntax.CallExpr)
	if !ok {
		return false
	}
	id, ok := c.Fn.(*syntax.Ident)
	return ok && id.Name == "range" && !a.bound["range"]
}

// scalar reports whether e is certainly an int, a float or a bool (or
// fails), env holding the scalar locals.
func (a *scalarAnalysis) scalar(e syntax.Expr, env map[string]bool) bool {
	switch e := e.(type) {
	case *syntax.Literal:
		return e.Token == syntax.INT || e.Token == syntax.FLOAT
	case *syntax.Ident:
		switch e.Name {
		case "True", "False":
			return !a.bound[e.Name]
		}
		return env[e.Name]
	case *syntax.ParenExpr:
		return a.scalar(e.X, env)
	case *syntax.UnaryExpr:
		// -x, +x and ~x take only numbers; not x is a bool
		return e.Op == syntax.MINUS || e.Op == syntax.PLUS || e.Op == syntax.TILDE || e.Op == syntax.NOT
	case *syntax.BinaryExpr:
		if e.Op == syntax.AND || e.Op == syntax.OR { // the value of one operand
			return a.scalar(e.X, env) && a.scalar(e.Y, env)
		}
		return a.binaryScalar(e.Op, a.scalar(e.X, env), a.scalar(e.Y, env))
	case *syntax.CondExpr:
		return a.scalar(e.True, env) && a.scalar(e.False, env)
	case *syntax.CallExpr:
		switch fn := e.Fn.(type) {
		case *syntax.Ident:
			return scalarResults()[fn.Name] && !a.bound[fn.Name]
		case *syntax.DotExpr:
			return scalarMethods()[fn.Name.Name]
		}
	}
	return false
}

// binaryScalar reports whether x op y is certainly a scalar (or fails)
// given whether x and y are.
func (a *scalarAnalysis) binaryScalar(op syntax.Token, x, y bool) bool {
	switch op {
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.IN, syntax.NOT_IN:
		return true
	case syntax.SLASH, syntax.SLASHSLASH, syntax.LTLT, syntax.GTGT:
		return true // numbers only
	case syntax.PLUS, syntax.MINUS, syntax.AMP, syntax.PIPE, syntax.CIRCUMFLEX:
		// a scalar with anything: a number or an error (int | set fails)
		return x || y
	case syntax.PERCENT:
		return x // a number's remainder; "..." % x formats
	case syntax.STAR:
		return x && y // 3 * "ab" repeats
	}
	return false
}
