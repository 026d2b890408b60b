// Package optline reads the lines the game and local-search packages
// take: a search line ("alphabeta depth=4", "hillclimb sideways=100") and
// the first word of a problem line. Errors are in the user's words.
package optline

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a search line of at most maxLen bytes: the algorithm, then
// name=value options, each handed to set in order ("algo" first). noAlgo
// is the error text for an empty line; example is an option shown when
// one lacks its "=" ("depth=4"). O(len(line)).
func Parse(line string, maxLen int, noAlgo, example string, set func(name, value string) error) error {
	if len(line) > maxLen {
		return fmt.Errorf("the search line is too long")
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return fmt.Errorf("%s", noAlgo)
	}
	if err := set("algo", f[0]); err != nil {
		return err
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q: write name=value, such as %s", kv, example)
		}
		if err := set(k, v); err != nil {
			return err
		}
	}
	return nil
}

// Int reads option name's value as a whole number from lo to hi.
func Int(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s=%s: write a whole number from %d to %d", name, value, lo, hi)
	}
	return n, nil
}

// HasKind reports whether line's first word is one of kinds, in any case.
func HasKind(line string, kinds []string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	for _, k := range kinds {
		if strings.EqualFold(f[0], k) {
			return true
		}
	}
	return false
}

// OneOf is value, in any case, as one of all (an algorithm name); ok is
// false when it is none of them. O(len(all)).
func OneOf[T ~string](value string, all []T) (v T, ok bool) {
	want := T(strings.ToLower(value))
	for _, a := range all {
		if a == want {
			return a, true
		}
	}
	return "", false
}

// Algorithm is value, in any case, as one of all, a family's algorithm
// names ("game", "local"); an error names them all. O(len(all)).
func Algorithm[T ~string](value string, all []T, family string) (T, error) {
	if a, ok := OneOf(value, all); ok {
		return a, nil
	}
	return "", fmt.Errorf("unknown %s search %q: write %s", family, value, Names(all))
}

// Names lists all as the errors write them: "a, b, c or d".
func Names[T ~string](all []T) string {
	s := make([]string, len(all))
	for i, a := range all {
		s[i] = string(a)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Float reads option name's value as a number from lo to hi (never NaN
// nor an infinity outside them); what names the number in the error
// ("the exploration constant").
func Float(name, value string, lo, hi float64, what string) (float64, error) {
	x, err := strconv.ParseFloat(value, 64)
	if err != nil || !(x >= lo && x <= hi) {
		return 0, fmt.Errorf("%s=%s: %s is a number from %g to %g", name, value, what, lo, hi)
	}
	return x, nil
}

// Seed reads option name's value as a random seed: a whole number from 0.
func Seed(name, value string) (uint64, error) {
	s, err := strconv.ParseUint(value, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s=%s: write a whole number from 0", name, value)
	}
	return s, nil
}
