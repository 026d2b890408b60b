package script

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Text made in one operation is bounded, like sequences (rewrite.go).
//
// A value can be small in memory and huge as text: [[0] * 1000000] *
// 1000000 holds one inner list a million times, and str of it is 2·10^12
// bytes, written by one builtin that no step budget or watchdog can
// interrupt (it crashed the process with "out of memory"). So every
// operation that turns values into text (str, repr, print, fail, %,
// str.format, str.join, str.replace) first measures the text it would
// make, giving up as soon as the measure passes the bound, and refuses
// more than maxText; a state, kept and hashed by the search, is bounded
// by maxStateText; and a value written into a message is measured first.
const (
	maxText      = 1 << 20
	maxStateText = 1 << 16
	// methodName is the builtin every x.join(...), x.format(...) and
	// x.replace(...) of a script calls instead (rewriteTextCalls), and
	// modName every x % y.
	methodName = "__stepviz_method__"
	modName    = "__stepviz_mod__"
)

// textSize is about the length of v written as Starlark writes it, counted
// until it passes limit (the result is then limit+1 or a little more), so
// it costs O(min(size, limit)) whatever v's sharing.
func textSize(v starlark.Value, limit int) int {
	switch x := v.(type) { // the common states, without the walk's closure
	case starlark.String:
		return len(x) + 2
	case starlark.Int:
		if _, ok := x.Int64(); ok {
			return 20
		}
	}
	n := 0
	var walk func(v starlark.Value)
	walk = func(v starlark.Value) {
		if n > limit {
			return
		}
		switch x := v.(type) {
		case starlark.String:
			n += len(x) + 2
		case starlark.Bytes:
			n += len(x) + 3
		case starlark.Int:
			if _, ok := x.Int64(); ok {
				n += 20
			} else {
				n += x.BigInt().BitLen()/3 + 2
			}
		case *starlark.List:
			n += 2
			for i := 0; i < x.Len() && n <= limit; i++ {
				walk(x.Index(i))
				n += 2
			}
		case starlark.Tuple:
			n += 2
			for _, e := range x {
				if n > limit {
					return
				}
				walk(e)
				n += 2
			}
		case *starlark.Dict:
			n += 2
			for _, kv := range x.Items() {
				if n > limit {
					return
				}
				walk(kv[0])
				walk(kv[1])
				n += 4
			}
		case *starlark.Set:
			n += 5
			iter := x.Iterate()
			defer iter.Done()
			var e starlark.Value
			for n <= limit && iter.Next(&e) {
				walk(e)
				n += 2
			}
		default:
			n += 24 // a float, bool, None, function or module: short
		}
	}
	walk(v)
	return n
}

// tooMuchText is the error of an operation that would write more than
// maxText bytes.
func tooMuchText(what string) error {
	return fmt.Errorf("%s would write more than %d bytes of text, the sandbox's bound on one value", what, maxText)
}

// checkText refuses values whose text together passes maxText.
func checkText(what string, vs ...starlark.Value) error {
	if textOver(maxText, vs) {
		return tooMuchText(what)
	}
	return nil
}

// textOver reports whether the text of vs (textSize) together passes
// limit; it stops walking once it has. O(limit) at the most.
func textOver(limit int, vs []starlark.Value) bool {
	n := 0
	for _, v := range vs {
		n += textSize(v, limit-n)
		if n > limit {
			return true
		}
	}
	return false
}

// boundedText writes v for a message or an action's name: as Starlark
// writes it when that is at most limit bytes, else its type and a measure.
// textSize errs high (an int counts 20 digits, so an 8-puzzle's tuple of 9
// counts 200), so v is written whenever its text, measured up to 32·limit,
// turns out short. Cost: O(limit), whatever v's size.
func boundedText(v starlark.Value, limit int) string {
	if textSize(v, 32*limit) <= 32*limit {
		if s := v.String(); len(s) <= limit {
			return s
		}
	}
	return fmt.Sprintf("<a %s of more than %d characters as text>", v.Type(), limit)
}

// textBuiltin wraps a universe builtin (str, repr, print, fail) so that it
// first checks the text of its arguments.
func textBuiltin(name string) *starlark.Builtin {
	inner := starlark.Universe[name].(*starlark.Builtin)
	return starlark.NewBuiltin(name, func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		vs := append([]starlark.Value(nil), args...)
		for _, kv := range kwargs {
			vs = append(vs, kv[1])
		}
		if name == "str" && len(args) == 1 {
			if s, ok := args[0].(starlark.String); ok {
				return s, nil // str of a string is itself: no new text
			}
		}
		if err := checkText(name+"()", vs...); err != nil {
			return nil, err
		}
		return starlark.Call(thread, inner, args, kwargs)
	})
}

// boundedMod is x % y, refusing string formatting that would pass maxText:
// each % directive writes at most the text of y.
func boundedMod(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 || len(kwargs) != 0 {
		return nil, fmt.Errorf("%%: want two operands")
	}
	if f, ok := args[0].(starlark.String); ok {
		k := strings.Count(string(f), "%")
		if k > 0 {
			size := textSize(args[1], maxText/k+1)
			if len(f)+k*size > maxText {
				return nil, tooMuchText("string % formatting")
			}
		}
	}
	return starlark.Binary(syntax.PERCENT, args[0], args[1])
}

// boundedMethod is recv.name(args...) for the string methods that can
// write much more text than they are given (join, format, replace), each
// checked against maxText before it runs; other receivers call through.
func boundedMethod(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	recv, name, rest, err := methodArgs(args)
	if err != nil {
		return nil, err
	}
	if s, ok := recv.(starlark.String); ok {
		if err := checkMethod(string(s), name, rest, kwargs); err != nil {
			return nil, err
		}
	}
	m, err := getAttr(recv, name)
	if err != nil {
		return nil, err
	}
	return starlark.Call(thread, m, rest, kwargs)
}

func getAttr(recv starlark.Value, name string) (starlark.Value, error) {
	if h, ok := recv.(starlark.HasAttrs); ok {
		m, err := h.Attr(name)
		if err != nil {
			return nil, err
		}
		if m != nil {
			return m, nil
		}
	}
	if _, ok := recv.(starlark.Tuple); ok && (name == "index" || name == "count") {
		// a puzzle's goal is a tuple: goal.index(tile) is the slip
		return nil, fmt.Errorf("tuple has no .%s field or method (a list has: list(t).%s(x))", name, name)
	}
	return nil, fmt.Errorf("%s has no .%s field or method", recv.Type(), name)
}

func checkMethod(s, name string, args starlark.Tuple, kwargs []starlark.Tuple) error {
	switch name {
	case "join":
		if len(args) != 1 {
			return nil // join reports its own usage error
		}
		iter := starlark.Iterate(args[0])
		if iter == nil {
			return nil
		}
		defer iter.Done()
		n, k := 0, 0
		var e starlark.Value
		for iter.Next(&e) {
			if es, ok := e.(starlark.String); ok {
				n += len(es)
			}
			if k > 0 {
				n += len(s)
			}
			k++
			if n > maxText {
				return tooMuchText("str.join")
			}
		}
	case "format":
		k := strings.Count(s, "{")
		if k == 0 {
			return nil
		}
		vs := append([]starlark.Value(nil), args...)
		for _, kv := range kwargs {
			vs = append(vs, kv[1])
		}
		size := 0
		for _, v := range vs {
			size += textSize(v, maxText/k+1)
		}
		if len(s)+k*size > maxText {
			return tooMuchText("str.format")
		}
	case "replace":
		if len(args) < 2 {
			return nil
		}
		old, ok1 := args[0].(starlark.String)
		nw, ok2 := args[1].(starlark.String)
		if !ok1 || !ok2 || len(nw) <= len(old) {
			return nil
		}
		count := strings.Count(s, string(old))
		if len(args) == 3 {
			if c, ok := args[2].(starlark.Int); ok {
				if c64, ok := c.Int64(); ok && c64 >= 0 && c64 < int64(count) {
					count = int(c64)
				}
			}
		}
		if int64(len(s))+int64(count)*int64(len(nw)-len(old)) > maxText {
			return tooMuchText("str.replace")
		}
	}
	return nil
}
