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

// TestTextPicture: the text/plain of a view reads well alone: a puzzle's
// board at the node expanded last, a small grid's map with the search on
// it, and the problem's start when it is set.
func TestTextPicture(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []string
		want  []string
	}{
		{"puzzle start", []string{"puzzle 283164705 goal=123804765"}, []string{"  2 8 3\n  1 6 4\n  7 _ 5"}},
		{"puzzle after a step", []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan", "step"},
			[]string{"expanded", "  2 8 3\n  1 6 4\n  7 _ 5"}},
		{"puzzle after two steps", []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan", "step 2"},
			[]string{"  2 8 3\n  1 _ 4\n  7 6 5"}},
		{"fifteen", []string{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15"}, []string{"   1  2  3  4\n   5  6  7  8\n   9 10 11 12\n  13  _ 14 15"}},
		{"grid solved", []string{"grid S.#./..#./...G", "search astar", "run to goal"}, []string{"S", "G", "#", "*", "o open, c closed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Config{})
			outs := run(t, s, tc.cells...)
			text := outs[len(outs)-1].Text
			if tc.name == "puzzle start" || tc.name == "fifteen" {
				text = outs[0].Text
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("text/plain does not contain %q:\n%s", w, text)
				}
			}
		})
	}
}
