package viz

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

func TestOpenRows(t *testing.T) {
	s, _ := search(t, romania, "astar", 2)
	snap := s.Snapshot()
	rows := OpenRows(snap)
	if len(rows) != len(snap.Open) {
		t.Fatalf("%d rows, want %d", len(rows), len(snap.Open))
	}
	// After Arad and Sibiu: Rimnicu_Vilcea 413, Fagaras 415, Timisoara 447, Zerind 449, Oradea 671.
	var order []string
	for i, r := range rows {
		order = append(order, r.State+" "+r.F)
		if r.Rank != i+1 || r.Next != (i == 0) {
			t.Errorf("row %d: rank %d next %v", i, r.Rank, r.Next)
		}
		e := snap.Open[i]
		if r.ID != e.ID || r.G != stepper.FormatNumber(e.G) || r.Seq != e.Key.Seq || r.ParentID != e.Parent {
			t.Errorf("row %d = %+v, open entry %+v", i, r, e)
		}
		if len(r.Cells()) != len(OpenHeader()) {
			t.Errorf("row %d has %d cells for %d columns", i, len(r.Cells()), len(OpenHeader()))
		}
	}
	want := []string{"Rimnicu_Vilcea 413", "Fagaras 415", "Timisoara 447", "Zerind 449", "Oradea 671"}
	if !slices.Equal(order, want) {
		t.Errorf("open list %v, want %v", order, want)
	}
	if rows[0].Parent != "Sibiu" || rows[2].Parent != "Arad" {
		t.Errorf("parents %q %q, want Sibiu Arad", rows[0].Parent, rows[2].Parent)
	}
}

func TestOpenRowsTied(t *testing.T) {
	// On a blank grid, uniform cost after one step has two open cells at
	// g 1; on the 8-puzzle the tied flag follows equal f.
	s, _ := search(t, "grid ..../..../..../.... start=0,0 goal=3,3", "ucs", 1)
	rows := OpenRows(s.Snapshot())
	if len(rows) != 2 || !rows[0].Next || !rows[1].Tied {
		t.Errorf("rows %+v: want the second tied with the first (both g 1)", rows)
	}
	s, _ = search(t, puzzle8, "astar", 1)
	for _, r := range OpenRows(s.Snapshot())[1:] {
		if r.Tied != (r.F == OpenRows(s.Snapshot())[0].F) {
			t.Errorf("row %+v: tied flag disagrees with f", r)
		}
	}
}

func TestClosedRowsAndPath(t *testing.T) {
	s, _ := search(t, romania, "astar", -1)
	snap := s.Snapshot()
	rows := ClosedRows(snap)
	var got []string
	for i, r := range rows {
		got = append(got, r.State)
		if r.Order != snap.Closed[i].Order || r.Current != (i == len(rows)-1) {
			t.Errorf("row %d: order %d current %v", i, r.Order, r.Current)
		}
		if len(r.Cells()) != len(ClosedHeader()) {
			t.Errorf("row %d has %d cells for %d columns", i, len(r.Cells()), len(ClosedHeader()))
		}
	}
	if want := []string{"Arad", "Sibiu", "Rimnicu_Vilcea", "Fagaras", "Pitesti"}; !slices.Equal(got, want) {
		t.Errorf("closed %v, want %v", got, want)
	}
	goal := snap.Path[len(snap.Path)-1]
	if p := PathTo(snap.Tree, goal); !slices.Equal(p, snap.Path) {
		t.Errorf("PathTo(goal) = %v, want %v", p, snap.Path)
	}
	if want := []string{"Arad", "Sibiu", "Rimnicu_Vilcea", "Pitesti", "Bucharest"}; !slices.Equal(PathStates(snap.Tree, goal), want) {
		t.Errorf("path states %v", PathStates(snap.Tree, goal))
	}
}

func TestPathToBadInput(t *testing.T) {
	cycle := []stepper.NodeInfo{{ID: 0, Parent: 1}, {ID: 1, Parent: 0}}
	tests := []struct {
		name string
		tree []stepper.NodeInfo
		id   int
		want int // length
	}{
		{"out of range", cycle, 5, 0},
		{"negative", cycle, -1, 0},
		{"cycle stops", cycle, 0, 2},
		{"parent out of range", []stepper.NodeInfo{{ID: 0, Parent: 7}}, 0, 1},
	}
	for _, tc := range tests {
		if got := PathTo(tc.tree, tc.id); len(got) != tc.want {
			t.Errorf("%s: %v, want length %d", tc.name, got, tc.want)
		}
	}
}

func TestLegendBlackAndWhite(t *testing.T) {
	okabeIto := map[string]bool{"#E69F00": true, "#56B4E9": true, "#009E73": true, "#F0E442": true,
		"#0072B2": true, "#D55E00": true, "#CC79A7": true, "#000000": true}
	hex := regexp.MustCompile(`^#[0-9A-F]{6}$`)
	for i, a := range StatusLegend {
		if a.Status != StatusDiscarded && !okabeIto[a.Stroke] {
			t.Errorf("%s: stroke %s is not an Okabe–Ito colour", a.Status, a.Stroke)
		}
		if !hex.MatchString(a.Stroke) || !hex.MatchString(a.Fill) || a.Label == "" || len(a.Letter) != 1 {
			t.Errorf("%s: malformed entry %+v", a.Status, a)
		}
		for _, b := range StatusLegend[i+1:] {
			// Without colour, two statuses must still differ in their
			// badge letter and in their outline.
			if a.Letter == b.Letter {
				t.Errorf("%s and %s share the letter %s", a.Status, b.Status, a.Letter)
			}
			if a.Dash == b.Dash && a.Width == b.Width && a.Double == b.Double {
				t.Errorf("%s and %s have the same outline", a.Status, b.Status)
			}
		}
	}
	l := Legend()
	l[0].Label = "changed"
	if StatusLegend[0].Label == "changed" {
		t.Error("Legend returned the shared slice")
	}
	if LegendFor(StatusPath).Letter != "P" || LegendFor("nonsense").Status != StatusOpen {
		t.Error("LegendFor")
	}
}

func TestStatuses(t *testing.T) {
	s, _ := search(t, romania, "astar", 3)
	st := Statuses(s.Snapshot())
	snap := s.Snapshot()
	current := 0
	for i, n := range snap.Tree {
		switch st[i] {
		case StatusCurrent:
			current++
			if n.State.String() != "Rimnicu_Vilcea" {
				t.Errorf("current is %s, want Rimnicu_Vilcea (expanded at step 3)", n.State)
			}
		case StatusOpen, StatusDiscarded:
			if string(st[i]) != n.Status.String() {
				t.Errorf("node %d: %s, engine says %s", i, st[i], n.Status)
			}
		}
	}
	if current != 1 {
		t.Errorf("%d current nodes", current)
	}
}

func ExampleOpenRows() {
	inst, _ := problems.Parse("graph romania", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	s.Run(2)
	fmt.Println(strings.Join(OpenHeader()[:7], " | "))
	for _, r := range OpenRows(s.Snapshot()) {
		fmt.Println(strings.Join(r.Cells()[:7], " | "))
	}
	// Output:
	// # | node | state | g | h | f | tie key
	// 1 | 7 | Rimnicu_Vilcea | 220 | 193 | 413 | 0
	// 2 | 5 | Fagaras | 239 | 176 | 415 | 0
	// 3 | 3 | Timisoara | 118 | 329 | 447 | 0
	// 4 | 1 | Zerind | 75 | 374 | 449 | 0
	// 5 | 6 | Oradea | 291 | 380 | 671 | 0
}

func ExamplePathStates() {
	inst, _ := problems.Parse("graph romania", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	s.Run(0)
	snap := s.Snapshot()
	fmt.Println(strings.Join(PathStates(snap.Tree, snap.Path[len(snap.Path)-1]), " → "))
	// Output:
	// Arad → Sibiu → Rimnicu_Vilcea → Pitesti → Bucharest
}

func TestNumMatchesFormatNumber(t *testing.T) {
	for _, x := range []float64{0, -0.0, 5, -5, 1e14, 1e15, 1e20, 2.5, 1.4142, 1.0005, -3.0001, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got, want := num(x), stepper.FormatNumber(x); got != want {
			t.Errorf("num(%g) = %q, FormatNumber %q", x, got, want)
		}
	}
}
