package testenv

import "strings"

// NotInOrder is the first of want that text does not hold after the pieces
// before it ("" when text holds them all, in order), and the offset the
// search for it began at. Tests of pictures, tables and rules check words
// in order with it and report a miss in their own terms. O(len(text)·len(want)).
func NotInOrder(text string, want []string) (missing string, at int) {
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			return w, at
		}
		at += i + len(w)
	}
	return "", at
}
