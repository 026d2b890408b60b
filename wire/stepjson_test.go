package wire

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"stepviz/internal/searchtest"
	"stepviz/stepper"
)

// oddNames is a graph whose node names hold what a JSON string must
// escape or may mangle: quotes, backslashes, HTML's <, > and &, control
// characters, U+2028, non-ASCII letters and a byte that is not UTF-8.
const oddNames = "nodes \"S\" a\\b <&> tab\x01x Zürich\u2028 \xffG ok\x7f\n" +
	"edge \"S\" a\\b 1.5\nedge \"S\" <&> 2\nedge a\\b tab\x01x 0.25\nedge <&> Zürich\u2028 1e-7\n" +
	"edge tab\x01x \xffG 3\nedge Zürich\u2028 \xffG 1\nedge <&> ok\x7f 1\n" +
	"start \"S\"\ngoal \xffG"

// narrations are the narrations the searches' messages take in turn.
var narrations = []string{"", "plain", "quote \" backslash \\ <b>&amp;</b>", "line\nfeed\ttab\r\x00\x1f\b\f", "naïve ✓ \u2028\u2029 \xff\xfe end"}

// TestAppendStepIsMarshal: the step messages of searches of every family
// (best-first with each tie rule, depth-first with deepening, bounded
// depth-first, bidirectional, beam), with their head keys, play state and
// narrations that need escapes, are written by AppendStep byte for byte
// as encoding/json writes them.
func TestAppendStepIsMarshal(t *testing.T) {
	const puzzle = "puzzle 867254301 goal=123456780"
	cases := []struct{ problem, options string }{
		{puzzle, "astar h=manhattan"},
		{puzzle, "astar h=misplaced tie=lifo"},
		{puzzle, "astar h=manhattan tie=high-g"},
		{puzzle, "greedy h=manhattan tie=low-h"},
		{"graph romania", "bfs"},
		{"graph romania", "dfs"},
		{"graph romania", "ucs"},
		{"graph romania", "ids"},
		{"graph romania", "rbfs"},
		{"puzzle 283164705 goal=123804765", "idastar h=manhattan"},
		{"graph romania", "bibfs"},
		{"puzzle 283164705 goal=123804765", "biastar h=manhattan"},
		{"graph romania", "biucs"},
		{puzzle, "beam h=manhattan width=3"},
		{"graphtext:" + oddNames, "astar"},
		{"graphtext:" + oddNames, "ucs"},
		{"graphtext:" + oddNames, "ids"},
		{"graphtext:" + oddNames, "bibfs"},
	}
	for _, c := range cases {
		t.Run(c.options+" "+strings.Fields(c.problem)[0], func(t *testing.T) {
			s := testSearch(t, c.problem, c.options)
			for k := 1; k <= 400; k++ {
				ev, ok := s.Step()
				if !ok {
					break
				}
				m := NewStep(s, ev, s, Format{}, narrations[k%len(narrations)])
				m.Playing = k%2 == 0
				keys := HeadKeys(s, m.Head)
				for i, id := range m.Head {
					if (i+k)%3 == 0 {
						if m.HeadKeys == nil {
							m.HeadKeys = map[int]HeadKey{}
						}
						m.HeadKeys[id] = keys[i]
					}
				}
				checkAppendStep(t, &m)
			}
		})
	}
}

// TestAppendStepValues: messages that hold every field a step message
// may, every kind of string escape, floats at encoding/json's format
// boundaries, and the values it refuses (NaN and ±∞ where JSON has no
// null for them, for which AppendStep must report that it could not).
func TestAppendStepValues(t *testing.T) {
	inf := stepper.Bound(math.Inf(1))
	three, two := 3, 2
	full := func() StepMsg {
		return StepMsg{
			Type: MsgStep,
			Event: stepper.Event{
				Step:     7,
				Expanded: stepper.NodeInfo{ID: 5, State: stepper.TextOf("a\"b\\c<d>&e\u2028f\x01g\xffé"), Parent: 2, Action: "up <&> \"x\"", G: 1e-7, H: 1e21, F: 1e21 + 1e-7, Depth: 3, Status: stepper.NodeClosed, Dir: stepper.Backward, Order: 4, Seq: 9, Step: 2},
				Key:      stepper.Key{Priority: 123456789.125, Tie: -0.5, Seq: 9},
				Ties:     []int{6, 10, 100},
				TieCount: 3,
				Children: []stepper.Child{
					{NodeInfo: stepper.NodeInfo{ID: 11, State: stepper.TextOf("ok"), Parent: 5, G: math.MaxFloat64, H: 5e-324, F: -1.5e300, Status: stepper.NodeOpen, HFailed: true, Seq: 11, Step: 7}, Fate: stepper.FateAdded, OldParent: -1, ExistingID: -1},
					{NodeInfo: stepper.NodeInfo{ID: 3, Parent: 5, G: 2, H: 0.1, F: 2.1, Status: stepper.NodeOpen, Seq: 3, Step: 1}, Fate: stepper.FateReparented, OldG: 4.5, OldParent: 1, ExistingID: -1},
					{NodeInfo: stepper.NodeInfo{ID: -1, Parent: 5, G: 1e-6, H: 999999999999999999999, Status: stepper.NodeDiscarded}, Fate: stepper.FateClosed, OldG: math.Copysign(0, -1), OldParent: -1, ExistingID: 0},
				},
				Status:   stepper.Solved,
				Counters: stepper.Counters{Steps: 7, Expanded: 7, Generated: 20, Duplicates: 3, Reparented: 1, MaxOpen: 12, Open: 10, Closed: 7, Nodes: 18, Cutoffs: 2, Pruned: 1},
				Path:     []int{0, 2, 5},
				Deepening: &stepper.Deepening{Iteration: 2, Began: true, Limit: &three, Threshold: &inf, Current: []int{0, 2, 5},
					FLimits: []stepper.Bound{inf, 4.5}, Backups: []stepper.Backup{{Node: 4, State: "<x>", F: inf}}, NextNode: &two, NextState: "s\"", NextLimit: &inf},
				Bidirectional: &stepper.Bidirectional{Direction: stepper.Forward, Mu: inf, PathCost: 3, MeetForward: -1, MeetBackward: 4, TopForward: 1.5, TopBackward: inf, Epsilon: 1, Rule: "μ ≤ top & <"},
				Beam:          &stepper.BeamStep{Width: 3, Local: true, Layer: 2, LayerDone: true, Pruned: []stepper.PrunedNode{{ID: 8, State: stepper.TextOf("p\tq"), F: 2.5}}, PrunedCount: 4, Kept: 3},
			},
			Narration: narrations[4],
			Keys:      []*stepper.Key{{Priority: 1e-7, Tie: 0, Seq: 11}, nil, nil},
			Playing:   true,
			Recs:      "AAEC/+8=",
			Costs:     []float64{1, 0.25, 1e-300},
			Held:      true,
			Earlier:   []EarlierIteration{{Iteration: 1, Nodes: 4, LastStep: 3}},
			NodeEnd:   19,
			Head:      []int{11, 3},
			HeadKeys:  map[int]HeadKey{11: {2.1, inf}, 3: {1, 0}, 100: {inf, inf}, 9: {0, -2}, 1_000_000: {1e22, 1e-9}, 10: {5, 5}},
			IterStart: 4,
		}
	}
	cases := []struct {
		name    string
		edit    func(m *StepMsg)
		refused bool
	}{
		{"every field", func(*StepMsg) {}, false},
		{"the empty message", func(m *StepMsg) { *m = StepMsg{} }, false},
		{"empty, not nil, lists", func(m *StepMsg) {
			*m = StepMsg{Keys: []*stepper.Key{}, Costs: []float64{}, Head: []int{}, HeadKeys: map[int]HeadKey{}, Earlier: []EarlierIteration{}}
			m.Event.Children, m.Event.Ties, m.Event.Path = []stepper.Child{}, []int{}, []int{}
		}, false},
		{"a tie reason", func(m *StepMsg) { m.Event.TieReason = stepper.TextOf("f ties; h <4> & \"g\"") }, false},
		{"an out-of-range status code", func(m *StepMsg) { m.Event.Expanded.Status, m.Event.Children[0].Fate = 200, 201 }, false},
		{"NaN g", func(m *StepMsg) { m.Event.Expanded.G = math.NaN() }, true},
		{"+∞ h", func(m *StepMsg) { m.Event.Children[1].H = math.Inf(1) }, true},
		{"-∞ old g", func(m *StepMsg) { m.Event.Children[1].OldG = math.Inf(-1) }, true},
		{"NaN cost", func(m *StepMsg) { m.Costs[1] = math.NaN() }, true},
		{"+∞ key", func(m *StepMsg) { m.Keys[0].Priority = math.Inf(1) }, true},
		{"-∞ head key", func(m *StepMsg) { m.HeadKeys[3] = HeadKey{stepper.Bound(math.Inf(-1)), 0} }, true},
		{"NaN bound in deepening", func(m *StepMsg) { m.Event.Deepening.FLimits[1] = stepper.Bound(math.NaN()) }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := full()
			c.edit(&m)
			if _, err := json.Marshal(&m); (err != nil) != c.refused {
				t.Fatalf("encoding/json's error %v, want one: %v", err, c.refused)
			}
			checkAppendStep(t, &m)
		})
	}
}

// FuzzAppendStep: whatever the names, narration and numbers of a step,
// AppendStep writes what encoding/json writes, or says it could not
// exactly when encoding/json refuses the message.
func FuzzAppendStep(f *testing.F) {
	f.Add("Arad", "go <Sibiu>", "a \"b\" \\ c", 140.0, 1e21, 0.5)
	f.Add("\xff\xfe\u2028\x00", "\t", "é✓", 1e-7, 5e-324, math.Inf(1))
	f.Add("", "", "", math.NaN(), -0.0, -1e-300)
	f.Fuzz(func(t *testing.T, state, action, narration string, g, h, bound float64) {
		m := StepMsg{Type: MsgStep, Narration: narration, Head: []int{1},
			HeadKeys: map[int]HeadKey{1: {stepper.Bound(bound), stepper.Bound(g)}},
			Event: stepper.Event{Expanded: stepper.NodeInfo{State: stepper.TextOf(state), Action: action, G: g, H: h, F: g + h},
				TieReason: stepper.TextOf(action + state),
				Children:  []stepper.Child{{NodeInfo: stepper.NodeInfo{ID: 1, State: stepper.TextOf(action), G: h, H: g}, OldG: g}}}}
		checkAppendStep(t, &m)
	})
}

// checkAppendStep checks that AppendStep writes m, after a prefix it
// must keep, as encoding/json's Marshal does, or reports that it could
// not exactly when Marshal refuses m.
func checkAppendStep(t *testing.T, m *StepMsg) {
	t.Helper()
	want, err := json.Marshal(m)
	got, ok := AppendStep([]byte("prefix"), m)
	if ok != (err == nil) {
		t.Fatalf("step %d: AppendStep reports %v, encoding/json's error %v", m.Event.Step, ok, err)
	}
	if !strings.HasPrefix(string(got), "prefix") {
		t.Fatalf("step %d: AppendStep lost the buffer's prefix: %.80q", m.Event.Step, got)
	}
	if ok && string(got[len("prefix"):]) != string(want) {
		t.Fatalf("step %d: AppendStep writes\n %q\nencoding/json\n %q", m.Event.Step, got[len("prefix"):], want)
	}
}

// testSearch builds a search from a problem line ("graphtext:" and a
// graph's text for a graph given inline) and a search line.
func testSearch(t *testing.T, problem, options string) *stepper.Search {
	t.Helper()
	return searchtest.New(t, problem, options)
}
