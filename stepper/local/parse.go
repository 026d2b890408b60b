package local

import (
	"fmt"
	"stepviz/stepper/internal/optline"
	"strconv"
	"strings"
)

// MaxLine is the longest problem or search line read.
const MaxLine = 4096

// Kinds are the problem lines' first words this package parses.
var Kinds = []string{"queens", "tsp"}

// IsKind reports whether a problem line starts with one of Kinds, or is
// one of a kind registered with [RegisterKind].
func IsKind(line string) bool {
	if optline.HasKind(line, Kinds) {
		return true
	}
	_, ok := extraKinds.Find(line)
	return ok
}

// extraKinds are the problem kinds other packages add ([RegisterKind]).
var extraKinds optline.Registry[Problem]

// RegisterKind adds a problem kind: is reports whether a line of that
// kind is a local-search problem (a script may be something else), parse parses it.
// Called from init functions, before any parsing. Package script adds
// "script FILE.star", whose is and parse read the file from the local file
// system: a front end that reads no files refuses such lines before it
// asks IsKind.
func RegisterKind(kind string, is func(line string) bool, parse func(line string) (Problem, error)) {
	extraKinds.Add(kind, is, parse)
}

// ParseProblem parses a problem line:
//
//	queens N [seed=S]   (a random start from the seed; default seed 1)
//	tsp N [seed=S]      (N random cities from the seed; default seed 1)
func ParseProblem(line string) (Problem, error) {
	if len(line) > MaxLine {
		return nil, fmt.Errorf("the problem line is %d characters long; at most %d are read", len(line), MaxLine)
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty problem: write queens 8 seed=1 or tsp 20 seed=1")
	}
	kind := strings.ToLower(f[0])
	lo, hi := 4, MaxQueens
	switch kind {
	case "queens":
	case "tsp":
		hi = MaxCities
	default:
		if parse, ok := extraKinds.Find(line); ok {
			return parse(line)
		}
		return nil, fmt.Errorf("unknown local-search problem %q: write queens N or tsp N", f[0])
	}
	if len(f) < 2 {
		return nil, fmt.Errorf("%s needs a size, such as %s 8 seed=1", kind, kind)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < lo || n > hi {
		return nil, fmt.Errorf("%s %s: the size is a whole number from %d to %d", kind, f[1], lo, hi)
	}
	seed := uint64(1)
	for _, kv := range f[2:] {
		k, v, _ := strings.Cut(kv, "=")
		if strings.ToLower(k) != "seed" {
			return nil, fmt.Errorf("%s takes only seed=S, not %q", kind, kv)
		}
		if seed, err = optline.Seed("seed", v); err != nil {
			return nil, err
		}
	}
	if kind == "queens" {
		return &Queens{n: n, seed: seed}, nil
	}
	return newTSP(n, seed), nil
}
