package usererr

import "unicode/utf8"

// Clip cuts s to at most n bytes, at a rune boundary, and marks the cut
// with "…", for a user's input quoted back in a message or a close reason.
// s is returned as it is when it fits. O(n).
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n < 0 {
		n = 0
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
