package zmq4

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// FuzzToTitle (stepviz patch): on ASCII, toTitle is x/text's
// cases.Title(language.Und, cases.NoLower), which it replaces.
func FuzzToTitle(f *testing.F) {
	for _, s := range []string{"socket-type", "identity", "x_y", "don't", "a1b", "A.b", "a:b c", "Socket-Type", "resource", "a--b", "1abc", "a'b'c", "a.b", "é-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return
			}
		}
		want := cases.Title(language.Und, cases.NoLower).String(s)
		if got := toTitle(s); got != want || !utf8.ValidString(got) {
			t.Errorf("toTitle(%q) = %q, x/text %q", s, got, want)
		}
	})
}
