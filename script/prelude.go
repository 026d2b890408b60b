package script

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// The prelude is the Python builtins a script author reaches for first
// that Starlark lacks (it has abs, all, any, min and max): sum, registered
// in predeclared. Each is deterministic and bounded by its argument, which
// is itself bounded (boundedRange, the list and string limits).

// sumBuiltin is Python's sum(iterable, start=0) for numbers: the ints and
// floats of iterable added to start, left to right (an int while every
// term is an int). A term that is not a number is an error that names it,
// as Python refuses sum(["a", "b"]). O(len(iterable)).
func sumBuiltin(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var iterable starlark.Iterable
	var start starlark.Value = starlark.MakeInt(0)
	if err := starlark.UnpackArgs(b.Name(), args, kwargs, "iterable", &iterable, "start?", &start); err != nil {
		return nil, err
	}
	if !isNumber(start) {
		return nil, fmt.Errorf("sum: start is %s, not a number: sum adds ints and floats (join strings with \"\".join(...))", start.Type())
	}
	it := iterable.Iterate()
	defer it.Done()
	acc := start
	var x starlark.Value
	for i := 0; it.Next(&x); i++ {
		if !isNumber(x) {
			return nil, fmt.Errorf("sum: element %d is %s %s, not a number: sum adds ints and floats", i, article(x.Type()), x.Type())
		}
		v, err := starlark.Binary(syntax.PLUS, acc, x)
		if err != nil {
			return nil, fmt.Errorf("sum: element %d: %v", i, err)
		}
		acc = v
	}
	return acc, nil
}

func isNumber(v starlark.Value) bool {
	switch v.(type) {
	case starlark.Int, starlark.Float:
		return true
	}
	return false
}

// article is "an" before a vowel, else "a".
func article(word string) string {
	if word != "" && (word[0] == 'a' || word[0] == 'e' || word[0] == 'i' || word[0] == 'o' || word[0] == 'u') {
		return "an"
	}
	return "a"
}
