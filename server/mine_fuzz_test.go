package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzHeldKeys: whatever cookie a browser sends, heldKeys returns at most
// maxKeptKeys well-formed entries, and writing them back reads the same.
func FuzzHeldKeys(f *testing.F) {
	for _, s := range []string{"", "s.abc.key", "s.abc.key|r.xyz23a.k2", "s..x|r.a.b.c|q.a.b", strings.Repeat("s.a.b|", 100), "s.a b.c", "s.a.\u00e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		r := httptest.NewRequest("GET", "/mine", nil)
		r.Header.Set("Cookie", keysCookie+"="+v)
		keys := heldKeys(r)
		if len(keys) > maxKeptKeys {
			t.Fatalf("%d keys", len(keys))
		}
		for _, k := range keys {
			if (k.kind != "s" && k.kind != "r") || !tokenChars(k.id) || !tokenChars(k.key) {
				t.Fatalf("malformed entry %+v from %q", k, v)
			}
		}
		w := httptest.NewRecorder()
		setHeldKeys(w, r, keys)
		r2 := httptest.NewRequest("GET", "/mine", nil)
		for _, c := range w.Result().Cookies() {
			if c.MaxAge >= 0 {
				r2.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
			}
		}
		again := heldKeys(r2)
		if len(again) != len(keys) {
			t.Fatalf("written %d keys, read back %d", len(keys), len(again))
		}
		for i := range keys {
			if again[i] != keys[i] {
				t.Fatalf("entry %d: %+v became %+v", i, keys[i], again[i])
			}
		}
	})
}

// FuzzParsePublicURL: an accepted -public-url is an http(s) origin with no
// path, and parsing it again gives itself.
func FuzzParsePublicURL(f *testing.F) {
	for _, s := range []string{"https://lecture.example", "http://192.168.1.5:8080/", "lecture.example", "https://x/y", "http://[fd00::2]:80", "https://u@h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParsePublicURL(s)
		if err != nil {
			return
		}
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") || strings.Count(u, "/") != 2 {
			t.Fatalf("ParsePublicURL(%q) = %q", s, u)
		}
		if again, err := ParsePublicURL(u); err != nil || again != u {
			t.Fatalf("ParsePublicURL(%q) = %q, %v; want itself", u, again, err)
		}
	})
}
