package hcheck_test

import (
	"math"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/hcheck"
	"stepviz/stepper/problems"
)

// TestCheckHeuristic: the built-in heuristics' known properties, found by
// exploring the whole space: Manhattan is admissible and consistent on the
// 8-puzzle and on a 4-move grid; on an 8-move grid it overestimates.
func TestCheckHeuristic(t *testing.T) {
	cases := []struct {
		problem, h           string
		complete, admissible bool
		consistent           bool
		worst                string // in the text report, "" for none
	}{
		{"puzzle 283164705 goal=123804765", "manhattan", true, true, true, ""},
		{"grid S...../.##.../....G. moves=4", "manhattan", true, true, true, ""},
		{"grid S...../.##.../....G. moves=8", "manhattan", true, false, false, "0,0  h = 6 > h* = 5.414"},
		{"graph romania", "sld", true, true, true, ""},
	}
	for _, c := range cases {
		t.Run(c.problem+" "+c.h, func(t *testing.T) {
			inst, err := problems.Parse(c.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := hcheck.CheckHeuristic(inst, c.h, 0)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Complete != c.complete || rep.Admissible() != c.admissible || rep.Consistent() != c.consistent {
				t.Errorf("complete %v admissible %v consistent %v, want %v %v %v", rep.Complete, rep.Admissible(), rep.Consistent(), c.complete, c.admissible, c.consistent)
			}
			var b strings.Builder
			rep.WriteText(&b)
			if c.worst != "" && !strings.Contains(b.String(), c.worst) {
				t.Errorf("report\n%s\nlacks %q", b.String(), c.worst)
			}
		})
	}
}

// TestCheckHeuristicCap: past the cap the report says it saw part of the space.
func TestCheckHeuristicCap(t *testing.T) {
	inst, err := problems.Parse("puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := hcheck.CheckHeuristic(inst, "manhattan", 1000)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.States != 1000 || !rep.Admissible() {
		t.Errorf("complete %v states %d admissible %v, want false 1000 true", rep.Complete, rep.States, rep.Admissible())
	}
}

func TestCheckHeuristicFacts(t *testing.T) {
	inst, err := problems.Parse("grid S..../...../....G moves=8", nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, f, err := hcheck.CheckHeuristicFacts(inst, "manhattan", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Complete || f.States() != rep.States || rep.States != 15 {
		t.Fatalf("complete %v, %d states, report %d; want all 15", f.Complete, f.States(), rep.States)
	}
	st, ok := f.Find("3,0", nil)
	if !ok || st.H != 3 || math.Abs(st.HStar-(1+math.Sqrt2)) > 1e-9 || !st.Reaches() {
		t.Fatalf("3,0: %+v %v; want h 3, h* 1+√2", st, ok)
	}
	if _, ok := f.Find("(3, 0)", nil); ok {
		t.Errorf("found (3, 0) without a comparison that knows the notation")
	}
	if _, ok := f.Find("(3, 0)", func(w, s string) bool { return s == "3,0" && w == "(3, 0)" }); !ok {
		t.Errorf("(3, 0) not found with a comparison")
	}
	var to []string
	for _, e := range f.Edges(st) {
		to = append(to, e.Action+">"+e.To.State)
	}
	if got := strings.Join(to, " "); got != "E>4,0 S>3,1 W>2,0 SE>4,1 SW>2,1" {
		t.Errorf("edges of 3,0: %s", got)
	}
}

// TestWriteTextCounts: the report's first line makes each count agree with
// its noun, one as one and every other number as many.
func TestWriteTextCounts(t *testing.T) {
	for _, c := range []struct {
		check hcheck.HeuristicCheck
		want  string
	}{
		{hcheck.HeuristicCheck{Heuristic: "h", States: 2, Complete: true, Edges: 1, Goals: 1, ToGoal: 1},
			"1 edge, 1 goal state, 1 state that reaches a goal\n"},
		{hcheck.HeuristicCheck{Heuristic: "h", States: 2, Complete: true, Edges: 2, Goals: 0, ToGoal: 3},
			"2 edges, 0 goal states, 3 states that reach a goal\n"},
	} {
		var b strings.Builder
		c.check.WriteText(&b)
		if first, _, _ := strings.Cut(b.String(), "\n"); !strings.HasSuffix(first+"\n", c.want) {
			t.Errorf("first line %q, want it to end %q", first, c.want)
		}
	}
}
