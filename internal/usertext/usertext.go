// Package usertext turns a Go error's text into what a user reads. Go
// errors carry the package they come from ("server: ", "stepper: ") for the
// log; a page, a browser or a notebook shows the message without them.
package usertext

import "strings"

// Prefixes are the package prefixes Text removes.
var Prefixes = []string{"server: ", "stepper: ", "store: ", "viz: ", "export: ", "script: ", "kernel: ", "cluster: ", "notebook: "}

// Text is msg as a user reads it: without the package prefixes at its
// start, nor at the start of a wrapped cause ("...: stepper: ...") or of a
// line. A prefix-like word elsewhere is left alone. O(len(msg)).
func Text(msg string) string {
	for changed := true; changed; {
		changed = false
		for _, p := range Prefixes {
			if rest, ok := strings.CutPrefix(msg, p); ok {
				msg, changed = rest, true
			}
		}
	}
	for _, p := range Prefixes {
		msg = strings.ReplaceAll(msg, ": "+p, ": ")
		msg = strings.ReplaceAll(msg, "\n"+p, "\n")
	}
	return msg
}
