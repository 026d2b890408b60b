package script

import (
	"fmt"
	"math/rand/v2"

	"go.starlark.net/starlark"
)

// rngValue is the random source a local-search script's initial(rng) and
// random_neighbour(state, rng) draw from: the search's own generator,
// seeded from the problem line (or the search's seed), so a script stays
// deterministic. Its methods are Go's: rng.randrange(n) is r.IntN(n),
// rng.random() is r.Float64(), rng.choice(seq) an element at
// r.IntN(len(seq)).
type rngValue struct{ r *rand.Rand }

var _ starlark.HasAttrs = rngValue{}

func (v rngValue) String() string        { return "<rng>" }
func (v rngValue) Type() string          { return "rng" }
func (v rngValue) Freeze()               {}
func (v rngValue) Truth() starlark.Bool  { return true }
func (v rngValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: rng") }
func (v rngValue) AttrNames() []string   { return []string{"choice", "randrange", "random"} }

// maxRandrange bounds randrange's argument.
const maxRandrange = 1 << 31

func (v rngValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "randrange":
		return starlark.NewBuiltin("rng.randrange", func(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			var n int
			if err := starlark.UnpackPositionalArgs(b.Name(), args, kw, 1, &n); err != nil {
				return nil, err
			}
			if n < 1 || n > maxRandrange {
				return nil, fmt.Errorf("rng.randrange(%d): give n from 1 to %d; the result is from 0 to n-1", n, maxRandrange)
			}
			return starlark.MakeInt(v.r.IntN(n)), nil
		}), nil
	case "random":
		return starlark.NewBuiltin("rng.random", func(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			if err := starlark.UnpackPositionalArgs(b.Name(), args, kw, 0); err != nil {
				return nil, err
			}
			return starlark.Float(v.r.Float64()), nil
		}), nil
	case "choice":
		return starlark.NewBuiltin("rng.choice", func(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			var seq starlark.Indexable
			if err := starlark.UnpackPositionalArgs(b.Name(), args, kw, 1, &seq); err != nil {
				return nil, err
			}
			if seq.Len() == 0 {
				return nil, fmt.Errorf("rng.choice of an empty sequence")
			}
			return seq.Index(v.r.IntN(seq.Len())), nil
		}), nil
	}
	return nil, nil
}
