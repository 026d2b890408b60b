package ipynb

import "testing"

func TestValidIDAndKeyForm(t *testing.T) {
	key := NewKey()
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{NewID(), true}, {"0123456789abcdef", true}, {"0123456789ABCDEF", false}, {"0123456789abcde", false},
		{"0123456789abcdef0", false}, {"0123456789abcdeg", false}, {"", false}, {"0123456789abcde\n", false},
	} {
		if got := ValidID(tc.id); got != tc.want {
			t.Errorf("ValidID(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
	if !KeyMatches(key, KeyHash(key)) {
		t.Errorf("KeyMatches(%q, its own hash) = false", key)
	}
	for _, bad := range []string{key[:31], key + "0", "G" + key[1:], "A" + key[1:]} {
		if KeyMatches(bad, KeyHash(bad)) {
			t.Errorf("KeyMatches(%q, its own hash) = true: not a key's form", bad)
		}
	}
}
