package stepper_test

import (
	"reflect"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestOmitTiesChangesOnlyTies steps each search twice, once with every
// event part and once after OmitTies, and checks that the events differ
// only in their ties, which the first search does list.
func TestOmitTiesChangesOnlyTies(t *testing.T) {
	for _, tc := range []struct{ problem, search string }{
		{hardEight, "astar h=manhattan"},
		{hardEight, "astar h=manhattan tie=high-g"},
		{"grid 11111111/11111111/11111111/11111111/11111111 start=0,0 goal=7,4 moves=4", "astar"},
		{"graph romania", "ucs"},
	} {
		t.Run(tc.problem+"/"+tc.search, func(t *testing.T) {
			inst, err := problems.Parse(tc.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			full, lean := mustSearch(t, inst, tc.search), mustSearch(t, inst, tc.search)
			lean.OmitTies()
			tied := 0
			for {
				a, okA := full.Step()
				b, okB := lean.Step()
				if okA != okB {
					t.Fatalf("step %d: one search ended, the other did not", a.Step)
				}
				if !okA {
					break
				}
				if a.TieCount > 0 {
					tied++
				}
				if b.Ties != nil || b.TieCount != 0 || !b.TieReason.IsZero() {
					t.Fatalf("step %d: OmitTies left ties %v, count %d, reason %q", b.Step, b.Ties, b.TieCount, b.TieReason)
				}
				a.Ties, a.TieCount, a.TieReason = nil, 0, stepper.TextOf("")
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("step %d: events differ beyond their ties:\n%+v\n%+v", a.Step, a, b)
				}
			}
			if tied == 0 && tc.search != "ucs" {
				t.Fatalf("no step listed ties: the test checks nothing")
			}
		})
	}
}
