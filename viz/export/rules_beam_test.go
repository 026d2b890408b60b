package export

import (
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestRulesBeamAndBiAStar: a sheet states beam search's width and f, local
// beam's layers and bidirectional A*'s stopping rule.
func TestRulesBeamAndBiAStar(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"beam width=2 h=sld", "f = g + h (sld); after each expansion only the 2 best open nodes are kept, the others are pruned;"},
		{"beam width=3 local=true f=h h=sld", "local beam search, layer by layer: the next layer is the 3 best children of the whole layer by f = h (sld)"},
		{"beam width=4 w=2 h=sld", "f = g + 2·h (sld); after each expansion only the 4 best"},
		{"biastar h=sld", "bidirectional A*: two frontiers, forward from the start and backward from the goal (moves followed in reverse), each a priority queue on f = g + h (sld), h estimating toward the goal on the forward side and toward the start on the backward side"},
	} {
		o, err := stepper.ParseOptions(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		if got := rulesText(o); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: rules %q, want them to begin %q", tc.line, got, tc.want)
		}
	}
}
