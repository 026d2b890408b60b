package graph

import (
	"math"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
)

// solveLine parses a problem line and search line and runs the search to
// its end.
func solveLine(t *testing.T, problem, search string) *stepper.Search {
	t.Helper()
	inst, err := parseProblem(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", problem, err)
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q, %q): %v", problem, search, err)
	}
	s.Run(0)
	return s
}

func TestRomaniaMap(t *testing.T) {
	g := Romania()
	if n := len(g.Nodes()); n != 20 {
		t.Errorf("cities = %d, want 20", n)
	}
	edges := g.Edges()
	if len(edges) != 23 {
		t.Errorf("roads = %d, want 23", len(edges))
	}
	km := 0.0
	for _, e := range edges {
		km += e.Cost
		if e.Directed {
			t.Errorf("road %v is one-way; every Romanian road goes both ways", e)
		}
	}
	// The sum of the 23 road lengths of AIMA figure 3.1.
	if want := 75 + 140 + 118 + 85 + 101 + 90 + 211 + 120 + 146 + 138 + 75 + 86 + 99 + 98 + 92 + 87 + 111 + 70 + 71 + 151 + 97 + 80 + 142.0; km != want {
		t.Errorf("total km = %v, want %v", km, want)
	}
	for _, n := range g.Nodes() {
		if !n.HasXY {
			t.Errorf("%s has no coordinates", n.Name)
		}
	}
	if g.StartName() != "Arad" || g.GoalName() != "Bucharest" {
		t.Errorf("start, goal = %s, %s; want Arad, Bucharest", g.StartName(), g.GoalName())
	}
	// Neighbour order is aima-python's: own dict entries, then reverse roads.
	for city, want := range map[string]string{
		"Arad":           "Zerind Sibiu Timisoara",
		"Sibiu":          "Arad Fagaras Oradea Rimnicu_Vilcea",
		"Pitesti":        "Rimnicu_Vilcea Bucharest Craiova",
		"Bucharest":      "Urziceni Pitesti Giurgiu Fagaras",
		"Rimnicu_Vilcea": "Sibiu Craiova Pitesti",
		"Urziceni":       "Vaslui Bucharest Hirsova",
	} {
		nb, ok := g.Neighbors(city)
		if !ok {
			t.Fatalf("Neighbors(%s): no such city", city)
		}
		var got []string
		for _, e := range nb {
			got = append(got, e.To)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("neighbours of %s = %v, want %s", city, got, want)
		}
	}
	if got, want := g.Heuristics(), []string{"sld", "euclidean", "zero"}; !slices.Equal(got, want) {
		t.Errorf("Heuristics() = %v, want %v", got, want)
	}
}

func TestRomaniaSolutions(t *testing.T) {
	tests := []struct {
		search string
		cost   float64
		path   string
	}{
		{"ucs", 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest"},
		{"astar", 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest"},
		{"astar h=euclidean", 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest"},
		{"astar h=zero", 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest"},
		{"greedy", 450, "Arad Sibiu Fagaras Bucharest"},
		// Three roads is the fewest: no neighbour of Arad (Zerind, Sibiu,
		// Timisoara) is a neighbour of Bucharest, and only Sibiu reaches one
		// of Bucharest's (Fagaras).
		{"bfs", 450, "Arad Sibiu Fagaras Bucharest"},
		{"bfs goaltest=expand", 450, "Arad Sibiu Fagaras Bucharest"},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			s := solveLine(t, "graph romania", tt.search)
			if s.Status() != stepper.Solved {
				t.Fatalf("status %s", s.Status())
			}
			if s.Cost() != tt.cost {
				t.Errorf("cost %v, want %v", s.Cost(), tt.cost)
			}
			if got := strings.Join(pathStates(s), " "); got != tt.path {
				t.Errorf("path %s, want %s", got, tt.path)
			}
			if len(s.Warnings()) != 0 {
				t.Errorf("warnings %q, want none", s.Warnings())
			}
		})
	}
}

// TestRomaniaAStarTrace is AIMA figure 3.24, worked out by hand from the
// roads and the straight-line distances:
//
//	Arad           0+366 = 366 → Sibiu 393, Timisoara 447, Zerind 449
//	Sibiu        140+253 = 393 → Fagaras 415, Oradea 671, Rimnicu Vilcea 413
//	Rimnicu V.   220+193 = 413 → Craiova 526, Pitesti 417
//	Fagaras      239+176 = 415 → Bucharest 450
//	Pitesti      317+100 = 417 → Bucharest 418 (was 450); Craiova 455+160 = 615
//	                             is worse than its 366+160 = 526 and is ignored
//	Bucharest    418+0   = 418   goal
func TestRomaniaAStarTrace(t *testing.T) {
	inst, err := parseProblem("graph romania start=Arad goal=Bucharest", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "sld"})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		state string
		f     float64
	}{{"Arad", 366}, {"Sibiu", 393}, {"Rimnicu_Vilcea", 413}, {"Fagaras", 415}, {"Pitesti", 417}, {"Bucharest", 418}}
	var events []stepper.Event
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		events = append(events, ev)
	}
	if len(events) != len(want) {
		t.Fatalf("%d steps, want %d", len(events), len(want))
	}
	for i, w := range want {
		if got := events[i].Expanded; got.State.String() != w.state || got.F != w.f {
			t.Errorf("step %d expanded %s f=%v, want %s f=%v", i+1, got.State, got.F, w.state, w.f)
		}
	}
	// Step 5 (Pitesti) lowers Bucharest's g from 450 to 418, and only that.
	re := map[string][2]float64{}
	for _, c := range events[4].Children {
		if c.Fate == stepper.FateReparented {
			re[c.State.String()] = [2]float64{c.OldG, c.G}
			if c.Parent != events[4].Expanded.ID {
				t.Errorf("%s re-parented to %d, want Pitesti (%d)", c.State, c.Parent, events[4].Expanded.ID)
			}
		}
	}
	if got := childFates(events[4]); got != "Rimnicu_Vilcea:ignored-closed Bucharest:reparented Craiova:ignored-open" {
		t.Errorf("step 5 children %s", got)
	}
	wantRe := map[string][2]float64{"Bucharest": {450, 418}}
	if len(re) != len(wantRe) || re["Bucharest"] != wantRe["Bucharest"] {
		t.Errorf("re-parented (old g, new g) = %v, want %v", re, wantRe)
	}
	c := s.Counters()
	if c.Expanded != 5 || c.Generated != 3+4+3+2+3 || c.Reparented != 1 {
		t.Errorf("counters %+v, want expanded 5, generated 15, reparented 1", c)
	}
	if events[5].Status != stepper.Solved || len(events[5].Children) != 0 {
		t.Errorf("last step: status %s with %d children, want solved with none", events[5].Status, len(events[5].Children))
	}
}

// TestRomaniaOtherGoals checks, for every goal, that the heuristics offered
// never overestimate the cost UCS finds, that A* with them finds UCS's cost,
// and that a goal other than Bucharest drops sld and says so.
func TestRomaniaOtherGoals(t *testing.T) {
	g := Romania()
	for _, goal := range g.ActionNames() {
		line := "graph romania goal=" + goal
		inst, err := parseProblem(line, stepper.LocalFiles)
		if err != nil {
			t.Fatal(err)
		}
		wantH := []string{"euclidean", "zero"}
		if goal == "Bucharest" {
			wantH = []string{"sld", "euclidean", "zero"}
		}
		if got := inst.Heuristics(); !slices.Equal(got, wantH) {
			t.Errorf("%s: heuristics %v, want %v", line, got, wantH)
		}
		ucs := solveLine(t, line, "ucs").Cost()
		for _, h := range wantH {
			a := solveLine(t, line, "astar h="+h)
			if a.Cost() != ucs {
				t.Errorf("%s: A* h=%s cost %v, UCS %v", line, h, a.Cost(), ucs)
			}
		}
		def := solveLine(t, line, "astar")
		if goal != "Bucharest" {
			if w := def.Warnings(); len(w) != 1 || !strings.Contains(w[0], "distance to Bucharest, not to goal "+goal) || !strings.Contains(w[0], "euclidean") {
				t.Errorf("%s: warnings %q, want one saying sld is to Bucharest and h is euclidean", line, w)
			}
			if _, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "sld"}); err == nil || !strings.Contains(err.Error(), "does not apply to goal "+goal) {
				t.Errorf("%s: h=sld error %v, want one saying it does not apply", line, err)
			}
		}
	}
	// Every city's straight-line distance is at most its road distance to
	// Bucharest, as UCS from that city measures it.
	for _, n := range g.Nodes() {
		ucs := solveLine(t, "graph romania start="+n.Name, "ucs").Cost()
		if sld, _ := g.HeuristicValue("sld", n.Name); sld > ucs {
			t.Errorf("sld(%s) = %v > road distance %v", n.Name, sld, ucs)
		}
		if eu, _ := g.HeuristicValue("euclidean", n.Name); eu > ucs || math.IsNaN(eu) {
			t.Errorf("euclidean(%s) = %v > road distance %v", n.Name, eu, ucs)
		}
	}
}

func TestRomaniaSpecRoundTrip(t *testing.T) {
	tests := []struct{ line, spec string }{
		{"graph romania", "graph romania"},
		{"graph ROMANIA start=Arad goal=Bucharest", "graph romania"},
		{"graph romania goal=craiova", "graph romania goal=Craiova"},
		{"graph romania start=rimnicu goal=Iasi", "graph romania start=Rimnicu_Vilcea goal=Iasi"},
		{"graph romania start=Rimnicu Vilcea", "graph romania start=Rimnicu_Vilcea"},
		{"graph romania goal=rimnicu vilcea start=Zerind", "graph romania start=Zerind goal=Rimnicu_Vilcea"},
	}
	for _, tt := range tests {
		inst, err := parseProblem(tt.line, stepper.LocalFiles)
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if got := inst.Spec(); got != tt.spec {
			t.Errorf("Spec(%q) = %q, want %q", tt.line, got, tt.spec)
		}
		again, err := parseProblem(inst.Spec(), stepper.LocalFiles)
		if err != nil || again.Spec() != inst.Spec() {
			t.Errorf("ParseProblem(Spec()) = %v, %v", again, err)
		}
	}
}
