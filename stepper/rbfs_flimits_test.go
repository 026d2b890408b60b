package stepper_test

import (
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestRBFSFLimitsAlongThePath checks that an RBFS step gives every node of
// its current path the f-limit AIMA's RBFS (Fig. 3.26) passed down to it,
// the step's own node included when the step unwound its frame (Figure
// 3.27's (a) and (b): Rimnicu Vilcea under 415, Fagaras under 417) or
// selected the goal, and that each backup's f exceeds the limit it names:
// the strip and the narration read these numbers. The same after seeking
// back to the step.
func TestRBFSFLimitsAlongThePath(t *testing.T) {
	s, evs := runToEnd(t, "graph romania", "rbfs h=sld")
	want := []string{
		"∞",
		"∞ 447",
		"∞ 447 415", // Rimnicu_Vilcea, unwound: 417 > 415
		"∞ 447 417", // Fagaras, unwound: 450 > 417
		"∞ 447 447",
		"∞ 447 447 447",
		"∞ 447 447 447 447", // Bucharest, selected: the goal
	}
	if len(evs) != len(want) {
		t.Fatalf("%d steps, want %d", len(evs), len(want))
	}
	for i, ev := range evs {
		checkFLimits(t, fmt.Sprintf("step %d", i+1), ev.Deepening, want[i])
	}
	for _, k := range []int{4, 3} {
		s.Seek(k)
		checkFLimits(t, fmt.Sprintf("snapshot at step %d after seeking back", k), s.Snapshot().Deepening, want[k-1])
	}
}

// checkFLimits asserts d's f-limits, one per node of its current path, and
// that every backup's f is over its limit.
func checkFLimits(t *testing.T, at string, d *stepper.Deepening, want string) {
	t.Helper()
	if d == nil {
		t.Fatalf("%s: no deepening", at)
	}
	var got []string
	for _, l := range d.FLimits {
		got = append(got, l.String())
	}
	if len(d.FLimits) != len(d.Current) || strings.Join(got, " ") != want {
		t.Errorf("%s: f-limits %v along path %v, want %s, one per node", at, got, d.Current, want)
	}
	for _, b := range d.Backups {
		if !(b.F > b.Limit) {
			t.Errorf("%s: backup of %s: f %s not over its limit %s", at, b.State, b.F, b.Limit)
		}
	}
}
