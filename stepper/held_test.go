package stepper_test

import (
	"slices"
	"testing"

	"stepviz/stepper"
)

// TestHeldIDs: a checkpointed depth-first search's HeldIDs are, at every
// step sought, exactly the ids below NodeCount that Node does not report
// dropped, ascending; a journaled search reports none (it holds them all).
func TestHeldIDs(t *testing.T) {
	for _, tc := range checkpointCases[:12] {
		cp := newCheckpointed(t, tc.problem, tc.options, true)
		for _, k := range []int{0, 1, 7, 300, 2000, 150, 4000} {
			cp.Seek(k)
			ids, ok := cp.HeldIDs(nil)
			if !ok || !slices.IsSorted(ids) {
				t.Fatalf("%s / %s at step %d: HeldIDs %v, %v", tc.problem, tc.options, cp.StepCount(), ids, ok)
			}
			var want []int
			for id := 0; id < cp.NodeCount(); id++ {
				if cp.Node(id).Status != stepper.NodeDropped {
					want = append(want, id)
				}
			}
			if !slices.Equal(ids, want) {
				t.Fatalf("%s / %s at step %d: HeldIDs %v, the nodes not dropped %v", tc.problem, tc.options, cp.StepCount(), ids, want)
			}
		}
		if ids, ok := newCheckpointed(t, tc.problem, tc.options, false).HeldIDs(nil); ok || ids != nil {
			t.Fatalf("%s / %s journaled: HeldIDs %v, %v", tc.problem, tc.options, ids, ok)
		}
	}
}
