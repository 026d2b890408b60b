package stepper_test

import (
	"regexp"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// TestBidiSnapshotOpenPopOrder: a bidirectional snapshot lists its open
// nodes in the order the engine pops them, both sides merged (smaller key
// first, forward on a tie, then insertion): its first entry is the node
// the next step expands, it is OpenOrder, and every entry says its side.
func TestBidiSnapshotOpenPopOrder(t *testing.T) {
	for _, c := range []struct {
		name string
		inst stepper.Instance
		line string
	}{
		{"bibfs romania", graph.Romania(), "bibfs"},
		{"biucs romania", graph.Romania(), "biucs"},
		{"biastar romania", graph.Romania(), "biastar"},
		{"biucs puzzle", mustPuzzle(t, "puzzle 283164705 goal=123804765"), "biucs"},
		{"biucs romania backward ties", graph.Romania(), "biucs ontie=backward"},
		{"biastar romania backward ties", graph.Romania(), "biastar ontie=backward"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, err := stepper.ParseOptions(c.line)
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(c.inst, o)
			if err != nil {
				t.Fatal(err)
			}
			backwardFirst := 0 // steps whose next node is a backward one while a forward one is open
			for !s.Status().Done() {
				sn := s.Snapshot()
				checkBidiOpen(t, s, sn)
				if sn.Open[0].Dir == stepper.Backward && sn.Open[len(sn.Open)-1].Dir == stepper.Forward {
					backwardFirst++
				}
				ev, ok := s.Step()
				if !ok {
					break
				}
				if sn.Open[0].ID != ev.Expanded.ID {
					t.Fatalf("step %d expanded #%d (%s), but the snapshot before it listed #%d (%s) first", ev.Step, ev.Expanded.ID, ev.Expanded.Dir, sn.Open[0].ID, sn.Open[0].Dir)
				}
			}
			if backwardFirst == 0 {
				t.Errorf("no step had a backward node first with forward ones open: the test shows nothing")
			}
		})
	}
}

func checkBidiOpen(t *testing.T, s *stepper.Search, sn stepper.Snapshot) {
	t.Helper()
	order := s.OpenOrder(nil)
	if len(order) != len(sn.Open) {
		t.Fatalf("step %d: snapshot lists %d open nodes, OpenOrder %d", sn.Step, len(sn.Open), len(order))
	}
	for i, e := range sn.Open {
		if e.ID != order[i] {
			t.Fatalf("step %d: open entry %d is #%d, OpenOrder has #%d", sn.Step, i, e.ID, order[i])
		}
		if e.Dir != stepper.Forward && e.Dir != stepper.Backward {
			t.Fatalf("step %d: open entry #%d has direction %q", sn.Step, e.ID, e.Dir)
		}
		if i == 0 {
			continue
		}
		p := sn.Open[i-1]
		later := stepper.Backward // the side listed after the other on equal keys
		if s.Options().TieSide == stepper.TieSideBackward {
			later = stepper.Forward
		}
		if p.Key.Priority > e.Key.Priority || p.Key.Priority == e.Key.Priority && p.Dir == later && e.Dir != later {
			t.Fatalf("step %d: #%d (%s, key %v) listed before #%d (%s, key %v)", sn.Step, p.ID, p.Dir, p.Key.Priority, e.ID, e.Dir, e.Key.Priority)
		}
	}
}

// TestBidiOptionsAndRules: a bidirectional search's options line and its
// rules in words say what its engine does, not a one-directional search's
// policies; a search without a heuristic names the number it orders by as
// every view does (the depth, g), never an f.
func TestBidiOptionsAndRules(t *testing.T) {
	for _, c := range []struct {
		line, options string
		rules         []string
		noF           bool // the rules name no f
	}{
		{"bibfs", "bibfs order=natural", []string{"bidirectional breadth-first search: two frontiers", "a priority queue on depth (moves from its root)", "whose least depth is smaller", "forward on a tie", "the fewest moves", "unless its depth is smaller", "bidirectional Dijkstra's", "μ <= topF + topB + ε", "the least depth of the forward and the backward open list"}, true},
		{"bibfs ontie=backward", "bibfs ontie=backward order=natural", []string{"a priority queue on depth", "backward on a tie", "forward least depth is strictly smaller"}, true},
		{"biucs", "biucs order=natural", []string{"bidirectional uniform-cost search: two frontiers", "a priority queue on g (cost from its root)", "whose least g is smaller", "the cheapest cost", "bidirectional Dijkstra's", "μ <= topF + topB + ε", "the least g of the forward and the backward open list"}, true},
		{"biastar", "biastar h=sld order=natural", []string{"bidirectional A*: two frontiers", "f = g + h (sld)", "toward the goal on the forward side and toward the start on the backward side", "whose least f is smaller", "front-to-end bidirectional A*", "μ <= max(fminF, fminB)"}, false},
		{"astar", "astar h=sld tie=fifo goaltest=expand open=reparent closed=ignore order=natural", nil, false},
	} {
		t.Run(c.line, func(t *testing.T) {
			o, err := stepper.ParseOptions(c.line)
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(graph.Romania(), o)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Options().String(); got != c.options {
				t.Errorf("options %q, want %q", got, c.options)
			}
			rules := stepper.BidiRules(s.Options())
			if c.rules == nil && rules != "" {
				t.Errorf("BidiRules of %s = %q, want none", c.line, rules)
			}
			if w, at := testenv.NotInOrder(rules, c.rules); w != "" {
				t.Fatalf("rules lack %q after offset %d: %s", w, at, rules)
			}
			if f := regexp.MustCompile(`\bf\b`).FindString(rules); c.noF && f != "" {
				t.Errorf("the rules of %s, a search without a heuristic, name an f: %s", c.line, rules)
			}
		})
	}
}
