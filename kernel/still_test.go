package kernel

import (
	"fmt"
	"strings"
	"testing"
)

// TestStepPictures: with StepPictures every cell that moves a search
// shows it in a view of its own (a new display, never an update of an
// earlier cell's), which later moves in the same cell update; without it
// the cell updates the view of the cell that started the search.
func TestStepPictures(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pics  bool
		cells []string
		cell  string
		views []string // per view output of cell: "new", "own" (update of the cell's new view) or "old"
		step  int      // the step of the cell's last view
	}{
		{"a step cell's own view", true, []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan"}, "step 2", []string{"new"}, 2},
		{"two moves, one view", true, []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan"}, "step 2\nstep 3", []string{"new", "own"}, 5},
		{"search and step in one cell", true, []string{"graph romania"}, "a = search astar\nstep a 4", []string{"new", "own"}, 4},
		{"run to goal", true, []string{"graph romania", "search astar"}, "run to goal", []string{"new"}, 6},
		{"one live view by default", false, []string{"puzzle 283164705 goal=123804765", "search astar h=manhattan"}, "step 2", []string{"old"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Config{StepPictures: tc.pics})
			before := map[string]bool{}
			for _, o := range run(t, s, tc.cells...) {
				before[o.DisplayID] = o.DisplayID != ""
			}
			var got []string
			var last Output
			own := map[string]bool{}
			for _, o := range run(t, s, tc.cell) {
				if !strings.Contains(o.HTML, "stepviz-view") {
					continue
				}
				last = o
				switch {
				case o.DisplayID == "":
					got = append(got, "no id")
				case !o.Update && !before[o.DisplayID]:
					own[o.DisplayID] = true
					got = append(got, "new")
				case o.Update && own[o.DisplayID]:
					got = append(got, "own")
				case o.Update && before[o.DisplayID]:
					got = append(got, "old")
				default:
					got = append(got, "other")
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.views, " ") {
				t.Errorf("views %v, want %v", got, tc.views)
			}
			if want := fmt.Sprintf(`data-step="%d"`, tc.step); !strings.Contains(last.HTML, want) {
				t.Errorf("the cell's last view is not at step %d: %.200s", tc.step, last.HTML)
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
