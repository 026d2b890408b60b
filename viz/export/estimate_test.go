package export

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
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
				fx, err := sess.facts()
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
