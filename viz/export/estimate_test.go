package export

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestEstimateNearActual: for every format whose size grows with the
// search, the estimate an export is refused by is within a factor of 2.5
// of the size written (and errs high rather than low where it errs).
func TestEstimateNearActual(t *testing.T) {
	for _, c := range []struct {
		name, problem, opts string
		upTo                int
	}{
		{"15-puzzle-bfs", puzzle15, "bfs", 500},
		{"8-puzzle-astar", "puzzle 867254301 goal=123456780", "astar h=manhattan", 800},
		{"8-puzzle-idastar", "puzzle 867254301 goal=123456780", "idastar", 800},
	} {
		for _, f := range []string{"json", "jsonl", "csv", "md", "tex", "dot", "svg", "tree-svg", "html", "posthoc"} {
			t.Run(c.name+"/"+f, func(t *testing.T) {
				s := newSearch(t, c.problem, c.opts)
				actual := len(export(t, s, f, c.upTo))
				sess, err := newSession(s, c.upTo)
				if err != nil {
					t.Fatal(err)
				}
				fx, err := sess.facts(f == "md")
				if err != nil {
					t.Fatal(err)
				}
				if r := float64(estimate(f, fx)) / float64(actual); r < 0.6 || r > 2.5 {
					t.Errorf("estimate %d bytes, written %d: ratio %.2f, want 0.6 to 2.5", estimate(f, fx), actual, r)
				}
			})
		}
	}
}

// TestTooLargeRefusedBeforeWriting: an export whose estimate is over
// MaxBytes is refused with its size and nothing written; without a
// ceiling the same export is written.
func TestTooLargeRefusedBeforeWriting(t *testing.T) {
	s := newSearch(t, puzzle15, "bfs")
	all := FullLists{All: true}
	var b bytes.Buffer
	err := WriteOptions(context.Background(), &b, "md", s, 300, Options{Full: &all, MaxBytes: 1 << 20})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Steps != 300 || tl.Estimate <= 1<<20 || !strings.Contains(err.Error(), "would be about") || !strings.Contains(err.Error(), "MB") {
		t.Fatalf("md with every list at every step under a 1 MB ceiling: %v, want a TooLargeError of 300 steps saying its size", err)
	}
	if b.Len() > 0 {
		t.Fatalf("refused, yet %d bytes written", b.Len())
	}
	if err := WriteOptions(context.Background(), &b, "md", s, 300, Options{Full: &all}); err != nil || b.Len() <= 1<<20 {
		t.Fatalf("the same export with no ceiling: %v, %d bytes", err, b.Len())
	}
	b.Reset()
	if err := WriteOptions(context.Background(), &b, "md", s, 300, Options{MaxBytes: 1 << 20}); err != nil {
		t.Fatalf("the default md of 300 steps under 1 MB: %v", err)
	}
}

func TestBytes(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0 bytes"}, {999, "999 bytes"}, {1500, "1.5 kB"}, {2_400_000, "2.4 MB"}, {15e9, "15 GB"}} {
		if got := Bytes(c.n); got != c.want {
			t.Errorf("Bytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// TestPuzzleFactsAsTheEvents: the facts of a puzzle's steps taken without
// events are those the events give (steps, children generated, the mean
// state length, the counters at the end), for every family of search.
func TestPuzzleFactsAsTheEvents(t *testing.T) {
	for _, c := range []struct {
		problem, opts string
		upTo          int
	}{
		{"puzzle 867254301 goal=123456780", "astar h=manhattan", 800},
		{"puzzle 867254301 goal=123456780", "astar h=manhattan", ToEnd},
		{"puzzle 123456708", "bfs", ToEnd},
		{puzzle15, "bfs", 500},
		{"puzzle 867254301 goal=123456780", "idastar", 800},
		{"puzzle 123457860", "ids", ToEnd},
		{"puzzle 867254301 goal=123456780", "rbfs", 300},
		{"puzzle 867254301 goal=123456780", "bibfs", 300},
		{"puzzle 867254301 goal=123456780", "beam width=3", ToEnd},
		{"puzzle 123456780 goal=123456708", "dfs depth=4", ToEnd},
	} {
		t.Run(c.opts, func(t *testing.T) {
			sess, err := newSession(newSearch(t, c.problem, c.opts), c.upTo)
			if err != nil {
				t.Fatal(err)
			}
			fast, err := sess.puzzleFacts()
			if err != nil {
				t.Fatal(err)
			}
			var slow sizeFacts
			stateChars := 0
			n, err := sess.walk(func(ev *stepper.Event) error {
				slow.generated += len(ev.Children)
				stateChars += len(ev.Expanded.State.String())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			slow.steps, slow.last, slow.puzzle = n, sess.s.Counters(), true
			slow.stateLen = max(stateChars/max(n, 1), 1)
			if fast != slow {
				t.Errorf("facts without events %+v, from the events %+v", fast, slow)
			}
		})
	}
}
