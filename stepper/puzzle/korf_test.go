package puzzle

import (
	"os"
	"sort"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

func readKorf(t testing.TB) []KorfInstance {
	t.Helper()
	f, err := os.Open(testenv.Data(t, "korf100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ks, err := ParseKorf(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 100 {
		t.Fatalf("%d instances, want 100", len(ks))
	}
	return ks
}

// korfSmallest is how many of Korf's instances, those with the fewest
// nodes, a test solves: together about 170 million nodes, a few seconds on
// the fast path. The whole table is stepviz korf and BenchmarkKorf100.
const korfSmallest = 25

// TestKorf100Smallest: IDA* with Korf's conventions reproduces the
// reproduced node count (root plus every generated child, every iteration)
// and the optimal length of the smallest instances of Korf's table.
func TestKorf100Smallest(t *testing.T) {
	ks := readKorf(t)
	sort.SliceStable(ks, func(i, j int) bool { return ks[i].ReproNodes < ks[j].ReproNodes })
	for _, k := range ks[:korfSmallest] {
		s, err := newSearch(k.Problem(), KorfSearch)
		if err != nil {
			t.Fatal(err)
		}
		if st := s.Run(0); st != stepper.Solved {
			t.Fatalf("#%d: %s", k.ID, st)
		}
		one, _ := s.GeneratedOneByOne()
		if got := int64(1 + one); got != k.ReproNodes || int(s.Cost()) != k.OptLen {
			t.Errorf("#%d: %d nodes, length %v; want %d nodes, length %d", k.ID, got, s.Cost(), k.ReproNodes, k.OptLen)
		}
	}
}

// TestAStarKorfStopsAtCap: A* on a Korf instance stops at its node cap with
// status limit reached, which is the lecture's point: IDA* needs no memory.
func TestAStarKorfStopsAtCap(t *testing.T) {
	k := readKorf(t)[0]
	s, err := newSearch(k.Problem(), "astar maxnodes=200000")
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Run(0); st != stepper.LimitReached || s.NodeCount() < 200000 {
		t.Fatalf("A* on Korf #1: %s with %d nodes, want limit reached at 200000", st, s.NodeCount())
	}
}

func FuzzParseKorf(f *testing.F) {
	f.Add("# comment\n1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 57 41 276361933 276361933\n")
	f.Add("1 2 3\n")
	f.Add("1 0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 1 1 1 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		ks, err := ParseKorf(strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: korf table line ") {
				t.Fatalf("error %q does not name the line", err)
			}
			return
		}
		for _, k := range ks {
			if _, err := newSearch(k.Problem(), KorfSearch); err != nil {
				t.Fatalf("parsed instance does not start: %v", err)
			}
		}
	})
}
