package usertext

import "testing"

// TestText: package prefixes are removed at the start and from wrapped
// causes, and nothing else of the message changes.
func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"server: no such session", "no such session"},
		{"server: stepper: puzzle 1234: type 9 tiles", "puzzle 1234: type 9 tiles"},
		{"server: the form is malformed: stepper: bad", "the form is malformed: bad"},
		{"busy: your previous view answer is still on its way", "busy: your previous view answer is still on its way"},
		{"make it with\n\n    stepviz trace", "make it with\n\n    stepviz trace"},
		{"a server: in the middle stays", "a server: in the middle stays"},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
