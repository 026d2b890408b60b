package wire

import (
	"math"
	"slices"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestEveryAlgorithmIsDescribed: each algorithm stepper offers has a
// family description with its title, formula, key, box numbers and strip,
// as the textbook states its evaluation function.
func TestEveryAlgorithmIsDescribed(t *testing.T) {
	want := map[stepper.Algorithm]struct {
		options, family, panel, formula, priority, compact string
		heuristic                                          bool
	}{
		stepper.BFS:     {"bfs", FamilyBestFirst, "", "priority = depth", KeyF, BoxDepth, false},
		stepper.DFS:     {"dfs", FamilyDepthFirst, "", "priority = depth", KeyF, BoxDepth, false},
		stepper.DLS:     {"dls", FamilyDepthFirst, "", "priority = depth", KeyF, BoxDepth, false},
		stepper.IDS:     {"ids", FamilyDepthFirst, PanelStack, "priority = depth", KeyF, BoxDepth, false},
		stepper.UCS:     {"ucs", FamilyBestFirst, "", "f = g", KeyF, BoxG, false},
		stepper.Greedy:  {"greedy", FamilyBestFirst, "", "f = h", KeyF, BoxF, true},
		stepper.AStar:   {"astar", FamilyBestFirst, "", "f = g + h", KeyF, BoxF, true},
		stepper.WAStar:  {"wastar", FamilyBestFirst, "", "f = g + w·h", KeyF, BoxF, true},
		stepper.Beam:    {"beam width=2", FamilyBestFirst, PanelBeam, "f = g + h", KeyF, BoxF, true},
		stepper.IDAStar: {"idastar", FamilyDepthFirst, PanelStack, "f = g + h", KeyF, BoxF, true},
		stepper.RBFS:    {"rbfs", FamilyRBFS, PanelRBFS, "f = g + h", KeyStoredF, BoxF, true},
		stepper.BiBFS:   {"bibfs", FamilyBidirectional, PanelBidirectional, "priority = depth", KeyF, BoxDepth, false},
		stepper.BiUCS:   {"biucs", FamilyBidirectional, PanelBidirectional, "f = g", KeyF, BoxG, false},
		stepper.BiAStar: {"biastar", FamilyBidirectional, PanelBidirectional, "f = g + h", KeyF, BoxF, true},
	}
	for _, a := range stepper.Algorithms {
		w, ok := want[a]
		if !ok {
			t.Errorf("%s: no expected description in this test: add one", a)
			continue
		}
		o, err := stepper.ParseOptions(w.options)
		if err == nil {
			o, err = o.Normalize()
		}
		if err != nil {
			t.Fatalf("%s: %v", w.options, err)
		}
		f := Describe(o)
		checkDescription(t, f)
		got := [...]string{f.Algorithm, f.Family, f.Panel, f.Formula, f.Key.Priority, f.Compact}
		exp := [...]string{string(a), w.family, w.panel, w.formula, w.priority, w.compact}
		if got != exp {
			t.Errorf("%s: described as %q, want %q", a, got, exp)
		}
		if f.Heuristic != w.heuristic {
			t.Errorf("%s: heuristic %v, want %v", a, f.Heuristic, w.heuristic)
		}
	}
}

// checkDescription checks what every description must hold.
func checkDescription(t *testing.T, f Family) {
	t.Helper()
	if f.Title == "" || f.Formula == "" || f.OpenTitle == "" || f.OpenOrder == "" || f.Key.PriorityLabel == "" || f.Key.TieLabel == "" {
		t.Errorf("%s: a label is empty: %+v", f.Algorithm, f)
	}
	if len(f.Box) == 0 || !slices.Contains(append(f.Box, BoxF), f.Compact) {
		t.Errorf("%s: the box shows %q, the small box %q", f.Algorithm, f.Box, f.Compact)
	}
	if !f.Heuristic && (slices.Contains(f.Box, BoxH) || slices.Contains(f.Box, BoxF) || f.Compact == BoxF) {
		t.Errorf("%s uses no heuristic, yet its box shows %q (small box %q): a student reads h 0 as a heuristic of zero", f.Algorithm, f.Box, f.Compact)
	}
	if f.Eval == EvalGWH && !(f.Weight >= 1) {
		t.Errorf("%s: f = g + w·h with w %v", f.Algorithm, f.Weight)
	}
	for _, v := range f.Values {
		if v.Name == "" || v.Label == "" {
			t.Errorf("%s: a family value without a name or label: %+v", f.Algorithm, v)
		}
	}
}

// TestDescriptionIsTheEngines: on real searches, f from the description's
// coefficients is the engine's f of every node, and each open node's sort
// key is the one its key rule names (f, the stored F or the layer, then
// the tie key), for each variant of the options the description reads.
func TestDescriptionIsTheEngines(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"graph romania", "astar"}, {"graph romania", "astar tie=high-g"}, {"graph romania", "astar tie=low-h"},
		{"graph romania", "greedy"}, {"graph romania", "ucs"}, {"graph romania", "bfs"}, {"graph romania", "dfs"},
		{"graph romania", "dls depth=3"}, {"graph romania", "ids"}, {"graph romania", "idastar"}, {"graph romania", "rbfs"},
		{"puzzle 867254301 goal=123456780", "wastar w=1.5"}, {"graph romania", "beam width=2"},
		{"graph romania", "beam width=2 f=h local=true"}, {"puzzle 867254301 goal=123456780", "beam width=4 w=2"},
		{"graph romania", "bibfs"}, {"graph romania", "biucs"}, {"graph romania", "biastar"},
	} {
		s, err := problems.New(tc.problem, tc.options)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.problem, tc.options, err)
		}
		f := Describe(s.Options())
		cg, ch, cd := f.Coefficients()
		for step := 0; step < 12 && s.Status() == stepper.Running; step++ {
			sn := s.Snapshot()
			for _, n := range sn.Tree {
				got := cg*n.G + ch*n.H + cd*float64(n.Depth)
				if f.Key.Priority == KeyStoredF && got < n.F { // RBFS's F: g + h, or the larger f backed up to it
					got = n.F
				}
				if math.Abs(got-n.F) > 1e-9 {
					t.Fatalf("%s %s step %d node %d: %s gives %v, the engine's f is %v", tc.problem, tc.options, step, n.ID, f.Formula, got, n.F)
				}
			}
			for _, e := range sn.Open {
				if got := keyOf(f, e.NodeInfo); got != e.Key {
					t.Fatalf("%s %s step %d node %d: the key rule %+v gives %+v, the engine's key is %+v", tc.problem, tc.options, step, e.ID, f.Key, got, e.Key)
				}
			}
			s.Step()
		}
	}
}

// keyOf is an open node's key as its description's rule names it.
func keyOf(f Family, n stepper.NodeInfo) stepper.Key {
	r := func(x float64) float64 { return math.Round(x*1e9) / 1e9 }
	k := stepper.Key{Seq: n.Seq}
	switch f.Key.Priority {
	case KeyLayer:
		k.Priority = float64(n.Depth)
	default: // f, or RBFS's stored F, which NodeInfo.F is for an RBFS node
		k.Priority = r(n.F)
	}
	switch f.Key.Tie {
	case TieNegG:
		k.Tie = r(-n.G)
	case TieH:
		k.Tie = r(n.H)
	case TieF:
		k.Tie = r(n.F)
	}
	return k
}
