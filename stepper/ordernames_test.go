package stepper

import (
	"slices"
	"testing"
)

// TestOrderNames: each successor order of Options.Order applied to a
// puzzle's moves, the input left as it was.
func TestOrderNames(t *testing.T) {
	natural := []string{"up", "down", "left", "right"}
	tests := []struct {
		order string
		want  []string
	}{
		{"natural", natural},
		{"", natural},
		{"reverse", []string{"right", "left", "down", "up"}},
		{"alpha", []string{"down", "left", "right", "up"}},
		{"left,up", []string{"left", "up", "down", "right"}},
		{"right", []string{"right", "up", "down", "left"}},
	}
	for _, tt := range tests {
		if got := OrderNames(tt.order, natural); !slices.Equal(got, tt.want) {
			t.Errorf("OrderNames(%q) = %v, want %v", tt.order, got, tt.want)
		}
	}
	if !slices.Equal(natural, []string{"up", "down", "left", "right"}) {
		t.Errorf("OrderNames changed its input: %v", natural)
	}
}
