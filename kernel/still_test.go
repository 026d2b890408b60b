package kernel

import (
	"strings"
	"testing"
)

// TestStepPictures: with StepPictures a step cell updates the live view
// and also keeps a still of its own step, with no display id; a big tree
// is left out of the still; without StepPictures there is no still.
func TestStepPictures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pics    bool
		cells   []string
		step    string
		stills  int
		hasTree bool
	}{
		{"still with tree", true, []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan"}, "step 2", 1, true},
		{"still without a big tree", true, []string{"puzzle 867254301 goal=123456780", "search bfs"}, "step 40", 1, false},
		{"run keeps a still too", true, []string{"graph romania", "search astar"}, "run to goal", 1, true},
		{"no stills by default", false, []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan"}, "step 2", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Config{StepPictures: tc.pics})
			run(t, s, tc.cells...)
			outs := run(t, s, tc.step)
			var stills []Output
			updated := false
			for _, o := range outs {
				if o.Update && o.DisplayID != "" {
					updated = true
				}
				if o.DisplayID == "" && strings.Contains(o.HTML, "stepviz-view") {
					stills = append(stills, o)
				}
			}
			if !updated {
				t.Errorf("the live view was not updated")
			}
			if len(stills) != tc.stills {
				t.Fatalf("%d stills, want %d", len(stills), tc.stills)
			}
			if tc.stills == 0 {
				return
			}
			st := stills[0]
			if !strings.Contains(st.HTML, "<svg") || !strings.Contains(st.Text, "step ") {
				t.Errorf("still without a drawing or a text: %q", st.Text)
			}
			if got := strings.Contains(st.HTML, `class="stepviz-tree"`); got != tc.hasTree {
				t.Errorf("still draws the tree: %v, want %v", got, tc.hasTree)
			}
		})
	}
}
