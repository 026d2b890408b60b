package local

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func viewer(t *testing.T, problem, search string) *Viewer {
	t.Helper()
	p, err := ParseProblem(problem)
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewViewer(p, o)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pairs counts attacking queens with a loop of its own.
func pairs(rows []int) int {
	n := 0
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			d := rows[j] - rows[i]
			if d == 0 || d == j-i || d == i-j {
				n++
			}
		}
	}
	return n
}

// TestQueensView: at every hill-climbing step on 8-queens the view lists
// all 56 neighbours with the h a hand count gives, the move taken is one
// of the best, h over the steps is what each step's view says, and the
// view at the end says why the search stopped, in the result's words.
func TestQueensView(t *testing.T) {
	v := viewer(t, "queens 8 seed=3", "hillclimb sideways=5")
	prev := v.View()
	for {
		if _, ok := v.Step(); !ok {
			break
		}
		cur := v.View()
		if cur.Event.What == Uphill || cur.Event.What == Sideways || cur.Event.What == StuckHere {
			if cur.Considered != 56 || len(cur.Neighbours) != 56 {
				t.Fatalf("step %d: %d neighbours (%d listed), want 56", cur.Step, cur.Considered, len(cur.Neighbours))
			}
			best, taken := 1e9, -1.0
			for _, n := range cur.Neighbours {
				var c, r int
				if _, err := fmtSscan(n.Move, &c, &r); err != nil {
					t.Fatal(err)
				}
				rows := append([]int(nil), prev.State...)
				rows[c-1] = r - 1
				if float64(pairs(rows)) != n.H || n.HText != strconv.Itoa(pairs(rows)) {
					t.Errorf("step %d: %s has h %g (%s), a hand count %d", cur.Step, n.Move, n.H, n.HText, pairs(rows))
				}
				best = min(best, n.H)
				if n.Taken {
					taken = n.H
				}
			}
			if cur.Event.What != StuckHere && (taken != best || taken != cur.H) {
				t.Errorf("step %d: took h %g, best %g, now %g", cur.Step, taken, best, cur.H)
			}
		}
		if len(cur.History) != cur.Step+1 || cur.History[cur.Step] != cur.H || !reflect.DeepEqual(cur.History[:cur.Step], prev.History) {
			t.Errorf("step %d: history %v", cur.Step, cur.History)
		}
		prev = cur
	}
	r := v.Search().Result()
	if prev.Why == "" || prev.Why != r.Why || prev.Status != r.Status || prev.Says == "" || prev.Step < 2 {
		t.Errorf("end: why %q status %s, result %q %s", prev.Why, prev.Status, r.Why, r.Status)
	}
}

func fmtSscan(move string, c, r *int) (int, error) {
	move = strings.NewReplacer("c", "", "r", "", "→", " ").Replace(move)
	f := strings.Fields(move)
	var err error
	if *c, err = strconv.Atoi(f[0]); err != nil {
		return 0, err
	}
	*r, err = strconv.Atoi(f[1])
	return 2, err
}

// TestLocalViewSeekable: stepping a viewer and replaying to step k give
// the same view, for every algorithm and both problems.
func TestLocalViewSeekable(t *testing.T) {
	for _, tc := range []struct{ problem, search string }{
		{"queens 8 seed=2", "hillclimb restarts=3"}, {"queens 8 seed=2", "stochastic seed=4"},
		{"queens 8 seed=2", "anneal seed=5"}, {"queens 8 seed=2", "genetic seed=1 population=20"},
		{"tsp 12 seed=3", "hillclimb"},
	} {
		v := viewer(t, tc.problem, tc.search)
		p, _ := ParseProblem(tc.problem)
		o, _ := ParseOptions(tc.search)
		for k := 1; k <= 60; k++ {
			if _, ok := v.Step(); !ok {
				break
			}
			if k%6 != 0 {
				continue
			}
			again, err := ViewAt(p, o, k)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.View(); !reflect.DeepEqual(got, again) {
				t.Fatalf("%s %s step %d: stepping and replaying differ", tc.problem, tc.search, k)
			}
		}
		if tc.problem[:3] == "tsp" && len(v.View().Cities) != 12 {
			t.Errorf("tsp view has %d cities", len(v.View().Cities))
		}
	}
}
