package jupyter

import (
	"regexp"
	"strings"
	"testing"
)

// FuzzHasText: hasText is true exactly when the HTML, with every <...>
// removed, holds something other than white space.
func FuzzHasText(f *testing.F) {
	for _, s := range []string{"", " <b> </b> ", "<div>x</div>", "a < b", "<div", " <x>\n", "<a><b>c", ">", "<>\u00a0<>"} {
		f.Add(s)
	}
	tags := regexp.MustCompile(`<[^>]*>`)
	f.Fuzz(func(t *testing.T, h string) {
		want := strings.TrimSpace(tags.ReplaceAllString(h, "")) != ""
		if got := hasText(h); got != want {
			t.Errorf("hasText(%q) = %v, want %v", h, got, want)
		}
	})
}
