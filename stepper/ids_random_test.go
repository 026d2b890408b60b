package stepper_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// longIDS runs TestIDSRandomPuzzles on every instance, not only the CI
// sample:
//
//	go test -run IDSRandomPuzzles -long-ids -timeout 2h ./stepper/
var longIDS = flag.Bool("long-ids", false, "TestIDSRandomPuzzles: solve all the random instances, not the CI sample")

// randomPuzzle is one random 8-puzzle with its optimal length.
type randomPuzzle struct {
	spec  string
	depth int
}

// randomPuzzles draws uniformly random solvable 8-puzzles (goal
// 123456780) from seed and keeps the first n whose optimal length, found
// by A* with Manhattan distance, is at most maxDepth.
func randomPuzzles(t testing.TB, seed uint64, n, maxDepth int) []randomPuzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x8b))
	var out []randomPuzzle
	for len(out) < n {
		tiles := rng.Perm(9)
		inv := 0
		for i := range tiles {
			for j := i + 1; j < len(tiles); j++ {
				if tiles[i] != 0 && tiles[j] != 0 && tiles[i] > tiles[j] {
					inv++
				}
			}
		}
		if inv%2 != 0 {
			continue // the other half of the permutations: unsolvable
		}
		var b strings.Builder
		for _, x := range tiles {
			fmt.Fprint(&b, x)
		}
		spec := "puzzle " + b.String()
		s, err := problems.New(spec, "astar h=manhattan")
		if err != nil {
			t.Fatal(err)
		}
		if st := s.Run(0); st != stepper.Solved {
			t.Fatalf("%s: A* %s", spec, st)
		}
		if d := int(s.Cost()); d <= maxDepth {
			out = append(out, randomPuzzle{spec, d})
		}
	}
	return out
}

// TestIDSRandomPuzzles solves random 8-puzzles of optimal length up to 20
// with ids, its defaults (parent=keep: no cycle check) in the linear mode
// stepviz solve uses, and checks each is solved at its optimal length. In
// CI it takes every instance up to 15 moves, the first two of 17 moves and
// the first of 18; with -long-ids all 94, logging the total time.
func TestIDSRandomPuzzles(t *testing.T) {
	all := randomPuzzles(t, 20, 94, 20)
	var run []randomPuzzle
	per := map[int]int{}
	for _, p := range all {
		if *longIDS || p.depth <= 15 || p.depth == 17 && per[17] < 2 || p.depth == 18 && per[18] < 1 {
			run = append(run, p)
			per[p.depth]++
		}
	}
	if !*longIDS && (per[18] != 1 || per[17] != 2) {
		t.Fatalf("the CI sample has %d instances of 17 moves and %d of 18: want 2 and 1", per[17], per[18])
	}
	t0 := time.Now()
	solved, steps := 0, 0
	for _, p := range run {
		s := newLinear(t, p.spec, "ids")
		if st := s.Run(0); st != stepper.Solved || int(s.Cost()) != p.depth {
			t.Errorf("%s: ids %s at cost %v, want solved at %d", p.spec, st, s.Cost(), p.depth)
			continue
		}
		solved++
		steps += s.StepCount()
	}
	t.Logf("ids solved %d of %d random 8-puzzles of up to 20 moves, %d goal tests, in %v", solved, len(run), steps, time.Since(t0).Round(time.Millisecond))
}
