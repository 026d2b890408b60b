package script

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

func ints(n int) starlark.Tuple {
	t := make(starlark.Tuple, n)
	for i := range t {
		t[i] = starlark.MakeInt(i % 10)
	}
	return t
}

// TestBoundedText: a value whose text is short is written as Starlark
// writes it, even when textSize's estimate (20 digits an int) is over the
// limit; a long one is its type and the limit.
func TestBoundedText(t *testing.T) {
	tests := []struct {
		name string
		v    starlark.Value
		want string
	}{
		{"an 8-puzzle state", starlark.Tuple{starlark.MakeInt(2), starlark.MakeInt(8), starlark.MakeInt(3), starlark.MakeInt(1), starlark.MakeInt(6), starlark.MakeInt(4), starlark.MakeInt(7), starlark.MakeInt(0), starlark.MakeInt(5)}, "(2, 8, 3, 1, 6, 4, 7, 0, 5)"},
		{"an action of three ints", ints(3), "(0, 1, 2)"},
		{"a string", starlark.String("pour 5>3"), `"pour 5>3"`},
		{"exactly 60 bytes", ints(20), "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)"},
		{"one byte over", ints(21), "<a tuple of more than 60 characters as text>"},
		{"a 15-puzzle state", ints(16), "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5)"},
		{"a huge tuple", ints(1 << 20), "<a tuple of more than 60 characters as text>"},
		{"a long string", starlark.String(strings.Repeat("x", 100)), "<a string of more than 60 characters as text>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := boundedText(tt.v, 60); got != tt.want {
				t.Errorf("boundedText = %q, want %q", got, tt.want)
			}
		})
	}
}
