package words

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {100000, "100,000"},
		{1234567, "1,234,567"}, {-1234, "-1,234"}, {-100, "-100"},
		{math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Number(c.n); got != c.want {
			t.Errorf("Number(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// FuzzNumber: removing the commas gives strconv's digits back, and the
// groups after the first are three digits each.
func FuzzNumber(f *testing.F) {
	f.Add(0)
	f.Add(-1000)
	f.Fuzz(func(t *testing.T, n int) {
		got := Number(n)
		if strings.ReplaceAll(got, ",", "") != strconv.Itoa(n) {
			t.Fatalf("Number(%d) = %q", n, got)
		}
		groups := strings.Split(strings.TrimPrefix(got, "-"), ",")
		for i, g := range groups {
			if len(g) == 0 || len(g) > 3 || (i > 0 && len(g) != 3) {
				t.Fatalf("Number(%d) = %q: group %q", n, got, g)
			}
		}
	})
}
