package server

import (
	"math"
	"testing"

	"stepviz/stepper"
)

// TestExtRecordsRoundTrip packs records of every base fate, pop flag,
// direction and F (∞ and 0 included) with and without cells, and checks
// the decoder that mirrors static/model.js reads each one back.
func TestExtRecordsRoundTrip(t *testing.T) {
	recs := sliceSource{
		{Parent: -1, G: 0, Depth: 0, Seq: 0, Born: 0, Order: 1, Fate: stepper.BaseOpen, Cell: 3, F: 366},
		{Parent: -1, G: 0, Depth: 0, Seq: -1, Born: 0, Fate: stepper.BaseOpen, Cell: 9, Backward: true},
		{Parent: 0, G: 1, Depth: 1, Seq: 2, Born: 1, Order: 4, Fate: stepper.BaseOpen, CutoffPop: true, Cell: 4},
		{Parent: 0, G: 1.5, Depth: 1, Seq: -1, Born: 1, Fate: stepper.BaseCutoff, Cell: 5},
		{Parent: 0, G: 2, Depth: 1, Seq: -1, Born: 1, Fate: stepper.BaseForgotten, Cell: 6, F: math.Inf(1)},
		{Parent: 1, G: 3, Depth: 1, Seq: -1, Born: 2, Fate: stepper.BasePruned, Cell: 7, Backward: true},
		{Parent: 1, G: 4, Depth: 1, Seq: 5, Born: 2, Order: 3, Fate: stepper.BaseOpen, StalePop: true, Cell: 8, Backward: true},
		{Parent: 2, G: 1.25, Depth: 7, Seq: -1, Born: 4, Fate: stepper.BaseGoalBorn, Cell: 2, F: -0.5},
		{Parent: 2, G: 2, Depth: 2, Seq: -1, Born: 4, Order: 5, Fate: stepper.BaseDupClosed, GoalPop: true, Cell: 1},
	}
	for _, cells := range []bool{false, true} {
		format := recFormat{cells: cells, ext: true}
		buf, costs := encodeState(recs, format)
		ds, err := decodeRecords(buf, format)
		if err != nil {
			t.Fatal(err)
		}
		m := &model{info: ProblemInfo{Kind: map[bool]string{false: "puzzle", true: "grid"}[cells], Ext: true}}
		m.applyRecords(t, buf, costs)
		if len(ds) != len(recs) {
			t.Fatalf("cells %v: %d records decoded, want %d", cells, len(ds), len(recs))
		}
		for id, w := range recs {
			got := m.recs[id]
			want := crec{parent: w.Parent, depth: w.Depth, seq: w.Seq, born: w.Born, order: w.Order, cell: -1, g: w.G, f: w.F,
				fate: w.Fate, goalPop: w.GoalPop, cutoffPop: w.CutoffPop, stalePop: w.StalePop, backward: w.Backward}
			if cells {
				want.cell = w.Cell
			}
			if got != want {
				t.Errorf("cells %v: record %d = %+v, want %+v", cells, id, got, want)
			}
		}
	}
}

// TestExtRecordsOnlyWhereNeeded checks which searches' hello asks for the
// ext byte and names the frontier's family.
func TestExtRecordsOnlyWhereNeeded(t *testing.T) {
	for _, tc := range []struct {
		options  string
		ext      bool
		frontier string
	}{
		{"astar", false, "priority"},
		{"bfs", false, "fifo"},
		{"dls depth=3", false, "lifo"},
		{"ucs lazy=true", true, "priority"},
	} {
		info := problemInfo(newSearch(t, "graph romania", tc.options))
		if info.Ext != tc.ext || info.Frontier != tc.frontier {
			t.Errorf("%s: ext %v frontier %q, want %v %q", tc.options, info.Ext, info.Frontier, tc.ext, tc.frontier)
		}
	}
	for a, want := range map[stepper.Algorithm]string{stepper.IDS: "stack", stepper.IDAStar: "stack", stepper.RBFS: "rbfs", stepper.BiBFS: "bidirectional", stepper.BiUCS: "bidirectional", stepper.AStar: ""} {
		if got := family(a); got != want {
			t.Errorf("family(%s) = %q, want %q", a, got, want)
		}
		if got := extRecords(stepper.Options{Algorithm: a}); got != (want != "") {
			t.Errorf("extRecords(%s) = %v", a, got)
		}
	}
}
