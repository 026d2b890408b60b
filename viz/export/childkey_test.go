package export

import "testing"

// TestSplitChildKey: a child's entry is read with its key written as any
// sheet writes it (f=, depth, g, with or without '='), a blank key is no
// value, and an entry with no key is the state alone, spaces and all.
func TestSplitChildKey(t *testing.T) {
	for _, tc := range []struct {
		in, state, val string
		ok             bool
	}{
		{"Zerind f=75", "Zerind", "75", true},
		{"Zerind f=_____", "Zerind", "", true},
		{"Zerind depth 1", "Zerind", "1", true},
		{"Zerind depth=1", "Zerind", "1", true},
		{"Rimnicu Vilcea g 220", "Rimnicu Vilcea", "220", true},
		{"Rimnicu Vilcea g = 220", "Rimnicu Vilcea", "220", true},
		{"Zerind depth _____", "Zerind", "", true},
		{"Zerind depth", "Zerind", "", true},
		{"2 8 3 1 6 4 7 0 5 depth 3", "2 8 3 1 6 4 7 0 5", "3", true},
		{"Rimnicu Vilcea", "Rimnicu Vilcea", "", false},
		{"depth 3", "depth 3", "", false},
		{"G", "G", "", false},
	} {
		state, val, ok := splitChildKey(tc.in)
		if state != tc.state || val != tc.val || ok != tc.ok {
			t.Errorf("splitChildKey(%q) = %q, %q, %v; want %q, %q, %v", tc.in, state, val, ok, tc.state, tc.val, tc.ok)
		}
	}
}
