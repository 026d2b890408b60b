package usererr

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"", 0, ""},
		{"ab", 0, "…"},
		{"ab", -1, "…"},
		{"aé", 2, "a…"}, // é is two bytes: never cut in half
		{"aéb", 3, "aé…"},
		{"日本語", 4, "日…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func FuzzClip(f *testing.F) {
	f.Add("aé日b", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		got := Clip(s, n)
		if len(s) <= n {
			if got != s {
				t.Fatalf("Clip(%q, %d) = %q, want s unchanged", s, n, got)
			}
			return
		}
		body := strings.TrimSuffix(got, "…")
		if len(body) > max(n, 0) || !strings.HasPrefix(s, body) {
			t.Fatalf("Clip(%q, %d) = %q: not a prefix of at most n bytes", s, n, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Clip(%q, %d) = %q cuts a rune", s, n, got)
		}
	})
}

func TestJSONKind(t *testing.T) {
	var n *int
	for _, c := range []struct {
		v    any
		want string
	}{
		{1.5, "a number"}, {7, "a whole number"}, {uint8(1), "a whole number"}, {"s", "a string"},
		{true, "true or false"}, {[]int{}, "a list"}, {[2]int{}, "a list"}, {map[string]int{}, "an object"},
		{struct{}{}, "an object"}, {n, "a whole number"}, {func() {}, "another value"},
	} {
		if got := JSONKind(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("JSONKind(%T) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := JSONKind(nil); got != "another value" {
		t.Errorf("JSONKind(nil) = %q", got)
	}
}
