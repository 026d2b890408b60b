package stepper_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// eagerNode is NodeInfo as JSON wrote it when its state was a plain
// string: the reference the lazily written Text must match byte for byte.
type eagerNode struct {
	ID     int                `json:"id"`
	State  string             `json:"state"`
	Parent int                `json:"parent"`
	Action string             `json:"action,omitempty"`
	G      float64            `json:"g"`
	H      float64            `json:"h"`
	F      float64            `json:"f"`
	Depth  int                `json:"depth"`
	Status stepper.NodeStatus `json:"status"`
	Dir    string             `json:"dir,omitempty"`
	Order  int                `json:"order,omitempty"`
	Seq    int                `json:"seq"`
	Step   int                `json:"step"`
}

// eagerOf is node id as the search's node records tell it (Search.Node,
// whose state is written by Format, not by the events' appender).
func eagerOf(s *stepper.Search, id int) eagerNode {
	n := s.Node(id)
	return eagerNode{n.ID, n.State.String(), n.Parent, n.Action, n.G, n.H, n.F, n.Depth, n.Status, n.Dir.String(), n.Order, n.Seq, n.Step}
}

// eagerTieReason writes the tie reason of ev from its key, its listed
// ties and the search's node records, as the tie rule says.
func eagerTieReason(s *stepper.Search, ev stepper.Event) string {
	if ev.TieCount == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "priority %s tied with %d open node", stepper.FormatNumber(ev.Key.Priority), len(ev.Ties))
	if len(ev.Ties) != 1 {
		b.WriteByte('s')
	}
	b.WriteString("; ")
	decided := false
	for _, id := range ev.Ties {
		n := s.Node(id)
		switch s.Options().Tie {
		case stepper.TieHighG:
			decided = decided || -n.G != ev.Key.Tie
		case stepper.TieLowH:
			decided = decided || n.H != ev.Key.Tie
		}
	}
	switch rule := s.Options().Tie; {
	case rule == stepper.TieHighG && decided:
		fmt.Fprintf(&b, "tie rule high-g: its g %s is the largest", stepper.FormatNumber(ev.Expanded.G))
	case rule == stepper.TieLowH && decided:
		fmt.Fprintf(&b, "tie rule low-h: its h %s is the smallest", stepper.FormatNumber(ev.Key.Tie))
	case rule == stepper.TieLIFO:
		fmt.Fprintf(&b, "tie rule lifo: inserted last (seq %d)", ev.Key.Seq)
	case rule == stepper.TieFIFO:
		fmt.Fprintf(&b, "tie rule fifo: inserted first (seq %d)", ev.Key.Seq)
	default:
		fmt.Fprintf(&b, "tie rule %s left a tie, broken by insertion order: inserted first (seq %d)", rule, ev.Key.Seq)
	}
	return b.String()
}

// eagerChild is Child as JSON wrote it, its node an eagerNode.
type eagerChild struct {
	eagerNode
	Fate       stepper.Fate `json:"fate"`
	OldG       float64      `json:"oldG,omitempty"`
	OldParent  int          `json:"oldParent"`
	ExistingID int          `json:"existing"`
}

// eagerEvent is ev's JSON (its top-level keys sorted) with every text
// written eagerly from the search's records: each node replaced by
// eagerOf (children keep their fate fields), the tie reason by
// eagerTieReason. A node without an id (a dropped duplicate) keeps its
// own text.
func eagerEvent(t *testing.T, s *stepper.Search, ev stepper.Event) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	roundTrip(t, ev, &m)
	m["expanded"] = marshal(t, eagerOf(s, ev.Expanded.ID))
	if r := eagerTieReason(s, ev); r != "" {
		m["tieReason"] = marshal(t, r)
	}
	if ev.Children != nil {
		kids := make([]eagerChild, len(ev.Children))
		for i, c := range ev.Children {
			n := eagerNode{c.ID, c.State.String(), c.Parent, c.Action, c.G, c.H, c.F, c.Depth, c.Status, c.Dir.String(), c.Order, c.Seq, c.Step}
			if c.ID >= 0 {
				n = eagerOf(s, c.ID)
			}
			kids[i] = eagerChild{n, c.Fate, c.OldG, c.OldParent, c.ExistingID}
		}
		m["children"] = marshal(t, kids)
	}
	return marshal(t, m)
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// roundTrip round-trips v through JSON into out (a map keeps the keys the
// encoder wrote, sorted when written again).
func roundTrip(t *testing.T, v, out any) {
	t.Helper()
	if err := json.Unmarshal(marshal(t, v), out); err != nil {
		t.Fatal(err)
	}
}

// TestLazyEventJSONMatchesEager: the JSON of every event, its state texts
// and tie reason written on demand, is byte for byte the JSON of the same
// event built eagerly from the search's node records (Format, not the
// appender; the tie reason from the key and the listed ties); and an
// event held while the search goes on (more steps, Seek back, steps
// again) still writes the same JSON.
func TestLazyEventJSONMatchesEager(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{hardEight, "astar h=manhattan"},
		{hardEight, "astar h=manhattan tie=lifo"},
		{hardEight, "astar h=manhattan tie=high-g"},
		{hardEight, "astar h=misplaced tie=low-h"},
		{"puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "astar h=manhattan"},
		{"grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8 cost=10-14", "astar h=octile"},
		{"grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8 cost=10-14", "astar h=octile duplicates=drop"},
		{"graph romania", "ucs"},
		{"graph romania", "beam width=2 f=h"},
		{"puzzle 283164705 goal=123804765", "astar h=misplaced closed=reopen"},
	} {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			s, err := problems.New(tc.problem, tc.options)
			if err != nil {
				t.Fatal(err)
			}
			var held []stepper.Event
			var heldJSON [][]byte
			for i := 0; i < 400; i++ {
				ev, ok := s.Step()
				if !ok {
					break
				}
				got := marshal(t, ev)
				var norm map[string]json.RawMessage
				roundTrip(t, ev, &norm)
				if want := eagerEvent(t, s, ev); !bytes.Equal(marshal(t, norm), want) {
					t.Fatalf("step %d:\nlazy  %s\neager %s", ev.Step, marshal(t, norm), want)
				}
				held, heldJSON = append(held, ev), append(heldJSON, got)
			}
			s.Seek(1)
			for range 50 {
				s.Step()
			}
			for i, ev := range held {
				if got := marshal(t, ev); !bytes.Equal(got, heldJSON[i]) {
					t.Fatalf("step %d held: %s, at its step %s", ev.Step, got, heldJSON[i])
				}
			}
		})
	}
}

// TestTextJSONAsString: a Text writes the JSON of its text as a string,
// escapes and all, whether written on demand or made by TextOf, and reads
// back from it (null leaves it as it is).
func TestTextJSONAsString(t *testing.T) {
	s, err := problems.New(hardEight, "astar")
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := s.Step()
	for _, tx := range []stepper.Text{stepper.TextOf(""), stepper.TextOf("Arad"), stepper.TextOf("<a & b>\u2028\"\\\x01\xff"), ev.Expanded.State, ev.Children[0].State} {
		got, want := marshal(t, tx), marshal(t, tx.String())
		if !bytes.Equal(got, want) {
			t.Errorf("Text %q: JSON %s, want %s", tx.String(), got, want)
		}
		if !utf8.ValidString(tx.String()) {
			continue // JSON writes U+FFFD for the bad byte, as it does in a string
		}
		var back stepper.Text
		if err := json.Unmarshal(got, &back); err != nil || back.String() != tx.String() {
			t.Errorf("Text %q read back as %q (%v)", tx.String(), back.String(), err)
		}
		if err := json.Unmarshal([]byte("null"), &back); err != nil || back.String() != tx.String() {
			t.Errorf("null over %q: %q (%v), want it unchanged", tx.String(), back.String(), err)
		}
		if got := string(tx.AppendTo([]byte("x"))); got != "x"+tx.String() {
			t.Errorf("AppendTo: %q, want %q", got, "x"+tx.String())
		}
	}
	if ev.Expanded.State.String() != "867254301" || ev.Expanded.State.IsZero() {
		t.Errorf("root state %q (zero %v), want 867254301", ev.Expanded.State.String(), ev.Expanded.State.IsZero())
	}
}
