package local

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func newSearch(t testing.TB, problem, search string) *Search {
	t.Helper()
	p, err := ParseProblem(problem)
	if err != nil {
		t.Fatalf("ParseProblem(%q): %v", problem, err)
	}
	o, err := ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := New(p, o)
	if err != nil {
		t.Fatalf("New(%q, %q): %v", problem, search, err)
	}
	return s
}

func events(t testing.TB, problem, search string) ([]Event, Result) {
	t.Helper()
	s := newSearch(t, problem, search)
	var evs []Event
	for {
		ev, ok := s.Step()
		if !ok {
			return evs, s.Result()
		}
		evs = append(evs, ev)
	}
}

// TestQueensHillClimbRates reproduces AIMA 4e §4.1.1 (3e §4.1.1): steepest-
// ascent hill climbing from a random 8-queens board succeeds about 14% of
// the time, in about 4 steps, and is stuck after about 3 otherwise; with up
// to 100 consecutive sideways moves it succeeds about 94% of the time (about
// 21 steps to succeed, 64 to fail). Over 2,000 random boards the rates must
// fall within ±3 points (three standard errors and a little more).
func TestQueensHillClimbRates(t *testing.T) {
	const boards = 2000
	for _, tc := range []struct {
		search string
		rate   float64
	}{
		{"hillclimb", 0.14},
		{"hillclimb sideways=100", 0.94},
	} {
		solved := 0
		for seed := 1; seed <= boards; seed++ {
			s := newSearch(t, fmt.Sprintf("queens 8 seed=%d", seed), fmt.Sprintf("%s seed=%d", tc.search, seed))
			switch s.Run(0) {
			case Solved:
				solved++
			case Stuck:
			default:
				t.Fatalf("seed %d: %s", seed, s.Status())
			}
		}
		rate := float64(solved) / boards
		t.Logf("%s: %d of %d solved (%.1f%%)", tc.search, solved, boards, 100*rate)
		if rate < tc.rate-0.03 || rate > tc.rate+0.03 {
			t.Errorf("%s solves %.1f%% of random 8-queens boards; AIMA reports about %.0f%%", tc.search, 100*rate, 100*tc.rate)
		}
	}
}

// TestRestartsSolve: with random restarts hill climbing is complete in the
// limit; 8-queens falls within 50 restarts on every seed tried.
func TestRestartsSolve(t *testing.T) {
	for seed := 1; seed <= 50; seed++ {
		_, r := events(t, fmt.Sprintf("queens 8 seed=%d", seed), fmt.Sprintf("hillclimb restarts=50 seed=%d", seed))
		if r.Status != Solved || r.H != 0 {
			t.Errorf("seed %d: %+v", seed, r)
		}
	}
}

// TestSeeded: annealing, the genetic algorithm and stochastic hill climbing
// repeat themselves exactly from a seed, and change with it; and they solve
// 8-queens (annealing with a slow enough schedule, the genetic algorithm
// within its generations) on most seeds.
func TestSeeded(t *testing.T) {
	for _, tc := range []struct {
		search string
		min    int // of 20 seeds, at least this many solved
	}{
		{"anneal schedule=exp:20,0.005,20000", 19},
		{"genetic population=100 mutation=0.2 generations=2000", 18},
		{"stochastic restarts=100", 20},
	} {
		solved := 0
		for seed := 1; seed <= 20; seed++ {
			problem := fmt.Sprintf("queens 8 seed=%d", seed)
			search := fmt.Sprintf("%s seed=%d", tc.search, seed)
			a, ra := events(t, problem, search)
			b, rb := events(t, problem, search)
			if !reflect.DeepEqual(a, b) || ra != rb {
				t.Fatalf("%s on %s: two runs differ", search, problem)
			}
			if seed == 1 {
				c, _ := events(t, problem, fmt.Sprintf("%s seed=%d", tc.search, 1000))
				if reflect.DeepEqual(a, c) {
					t.Errorf("%s: seeds 1 and 1000 give the same run", tc.search)
				}
			}
			if ra.Status == Solved {
				solved++
				if ra.H != 0 {
					t.Errorf("%s: solved with h = %g", search, ra.H)
				}
			}
		}
		t.Logf("%s: %d of 20 solved", tc.search, solved)
		if solved < tc.min {
			t.Errorf("%s solves %d of 20 random 8-queens boards, want at least %d", tc.search, solved, tc.min)
		}
	}
}

// TestTSP: 2-opt hill climbing ends stuck at a local optimum whose every
// 2-opt neighbour is no shorter, and the tour is a permutation.
func TestTSP(t *testing.T) {
	s := newSearch(t, "tsp 30 seed=4", "hillclimb seed=1")
	p := s.Problem()
	h0 := s.Result().H
	if s.Run(0) != Stuck {
		t.Fatalf("status %s", s.Status())
	}
	r := s.Result()
	if r.H >= h0 || r.H != p.H(s.State()) && (r.H-p.H(s.State()))*(r.H-p.H(s.State())) > 1e-12 {
		t.Errorf("tour %g from %g (recomputed %g)", r.H, h0, p.H(s.State()))
	}
	p.Neighbours(s.State(), r.H, func(m Move, h float64) {
		if h < r.H-1e-9 {
			t.Errorf("neighbour %v is shorter: %g < %g", m, h, r.H)
		}
	})
	seen := map[int]bool{}
	for _, c := range s.State() {
		seen[c] = true
	}
	if len(seen) != 30 || s.State()[0] != 0 {
		t.Errorf("not a tour from city 0: %v", s.State())
	}
	_, ra := events(t, "tsp 30 seed=4", "anneal seed=3 schedule=exp:10,0.001,20000")
	if ra.Status != LimitReached || ra.H >= h0 {
		t.Errorf("anneal on a tour: %+v (start %g)", ra, h0)
	}
}

func TestEvents(t *testing.T) {
	evs, r := events(t, "queens 8 seed=3", "hillclimb seed=3")
	last := evs[len(evs)-1]
	if r.Status == Stuck && (last.What != StuckHere || !strings.Contains(last.Why, "local minimum") && !strings.Contains(last.Why, "plateau")) {
		t.Errorf("last event %+v", last)
	}
	for _, e := range evs {
		if e.Considered != 56 {
			t.Errorf("step %d priced %d neighbours, want 8·7", e.Step, e.Considered)
		}
		if e.What == Uphill && !(e.H < e.From && e.H == e.BestH) {
			t.Errorf("uphill step %+v", e)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ problem, search, want string }{
		{"queens 3", "hillclimb", "from 4 to"},
		{"queens x", "hillclimb", "whole number"},
		{"queens 8 seed=-1", "hillclimb", "seed=-1"},
		{"tsp 10 n=3", "hillclimb", "only seed=S"},
		{"sudoku 9", "hillclimb", "unknown local-search problem"},
		{"queens 8", "anneal sideways=3", "hillclimb and stochastic"},
		{"queens 8", "anneal schedule=exp:1,2", "exp:K,LAMBDA,LIMIT"},
		{"queens 8", "hillclimb population=3", "options of genetic"},
		{"tsp 8", "genetic", "runs on queens"},
		{"queens 8", "genetic mutation=2", "from 0 to 1"},
		{"queens 8", "tabu", "unknown local search"},
	} {
		p, err := ParseProblem(tc.problem)
		if err == nil {
			var o Options
			o, err = ParseOptions(tc.search)
			if err == nil {
				_, err = New(p, o)
			}
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s / %s: error %v, want one saying %q", tc.problem, tc.search, err, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("queens 8 seed=3", "hillclimb sideways=10 restarts=2")
	f.Add("tsp 12 seed=1", "anneal schedule=linear:5,300")
	f.Add("queens 5", "genetic population=4 generations=3")
	f.Fuzz(func(t *testing.T, problem, search string) {
		p, err := ParseProblem(problem)
		if err != nil {
			return
		}
		if again, err := ParseProblem(p.Spec()); err != nil || again.Spec() != p.Spec() {
			t.Fatalf("%q → %q does not rebuild: %v", problem, p.Spec(), err)
		}
		o, err := ParseOptions(search)
		if err != nil {
			return
		}
		if again, err := ParseOptions(o.String()); err != nil || again.String() != o.String() {
			t.Fatalf("%q → %q does not rebuild: %v", search, o.String(), err)
		}
		if len(p.Start()) > 40 {
			return
		}
		if s, err := New(p, o); err == nil {
			s.Run(50)
		}
	})
}

func TestEventsMarshal(t *testing.T) {
	for _, c := range [][2]string{{"queens 8 seed=2", "hillclimb restarts=3"}, {"tsp 10 seed=1", "anneal schedule=linear:5,200"}, {"queens 6 seed=1", "genetic generations=5"}, {"queens 8 seed=9", "stochastic"}} {
		evs, _ := events(t, c[0], c[1])
		for _, e := range evs {
			if _, err := json.Marshal(e); err != nil {
				t.Fatalf("%s / %s step %d: %v", c[0], c[1], e.Step, err)
			}
		}
	}
}
