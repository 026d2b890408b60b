package optline

import "strings"

// Registry is the problem kinds other packages add to a family's parser
// (package script adds "script FILE.star" to the game and local-search
// families). The zero value is empty and ready. Add is called from init
// functions, before any parsing; Find is then safe for concurrent use.
type Registry[T any] struct {
	kinds []registered[T]
}

type registered[T any] struct {
	kind  string
	is    func(line string) bool
	parse func(line string) (T, error)
}

// Add adds kind: is reports whether a line whose first word is kind
// belongs to the family (a script may be of another family), parse
// parses it.
func (r *Registry[T]) Add(kind string, is func(line string) bool, parse func(line string) (T, error)) {
	r.kinds = append(r.kinds, registered[T]{kind, is, parse})
}

// Find is the parser of the kind that claims line, if one does. Cost: one
// is call per kind with line's first word.
func (r *Registry[T]) Find(line string) (func(line string) (T, error), bool) {
	f := strings.Fields(line)
	for _, k := range r.kinds {
		if len(f) > 0 && strings.EqualFold(f[0], k.kind) && k.is(line) {
			return k.parse, true
		}
	}
	return nil, false
}
