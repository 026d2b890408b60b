package stepper_test

import (
	"reflect"
	"slices"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestEventSlicesOwned: the slices and strings of an event taken from the
// slabs are the caller's: appending to one event's Children and Ties, or
// writing its elements, changes no other event's.
func TestEventSlicesOwned(t *testing.T) {
	s, err := problems.New(hardEight, "astar h=manhattan")
	if err != nil {
		t.Fatal(err)
	}
	var evs, copies []stepper.Event
	for i := 0; i < 300; i++ {
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("done after %d steps", i)
		}
		evs = append(evs, ev)
		c := ev
		c.Children, c.Ties = slices.Clone(ev.Children), slices.Clone(ev.Ties)
		copies = append(copies, c)
	}
	for i := range evs {
		evs[i].Children = append(evs[i].Children, stepper.Child{NodeInfo: stepper.NodeInfo{ID: -7, State: stepper.TextOf("x")}})
		evs[i].Ties = append(evs[i].Ties, -7)
		if len(evs[i].Children) > 1 {
			evs[i].Children[0].ID = -9
		}
	}
	for i := range copies {
		want := copies[i]
		got := evs[i]
		got.Children = got.Children[:len(want.Children)]
		got.Ties = got.Ties[:len(want.Ties)]
		if want.Ties == nil {
			got.Ties = nil // the append above made it
		}
		if len(got.Children) > 1 {
			got.Children[0].ID = want.Children[0].ID // written above, by this event's owner
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("step %d changed by another event's appends:\nwant %+v\ngot  %+v", want.Step, want, got)
		}
	}
	if copies[len(copies)-1].TieCount == 0 || copies[len(copies)-1].TieReason.IsZero() {
		t.Fatalf("the last step has no ties to check: %+v", copies[len(copies)-1])
	}
}
