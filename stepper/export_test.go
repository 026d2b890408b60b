package stepper

import (
	"fmt"
	"strings"
	"testing"
)

// What the tests outside the package (package stepper_test, which run the
// engines on puzzles, grids and graphs) may see of its inside.

// LessCost and CmpF are the engine's comparisons of costs and f values.
var (
	LessCost = lessCost
	CmpF     = cmpF
)

// ParseTiny is the small test graph of engine_test.go as an Instance.
func ParseTiny(t testing.TB, edges, hs, goal string) Instance { return parseTiny(t, edges, hs, goal) }

// EngineName names the engine a search runs in: "engine" (best-first),
// "dfEngine" (depth-first) or "biEngine" (bidirectional).
func EngineName(s *Search) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(fmt.Sprintf("%T", s.eng), "*stepper."), "[")
	return name
}

// HeldCount is how many nodes a depth-first search stores; ok is false for
// another engine.
func HeldCount(s *Search) (n int, ok bool) {
	h, ok := s.eng.(interface{ heldCount() int })
	if !ok {
		return 0, false
	}
	return h.heldCount(), true
}

// JournalLen is how many step records and mods a best-first search's
// journal holds; ok is false for another engine.
func JournalLen(s *Search) (records, mods int, ok bool) {
	j, ok := s.eng.(interface{ journalLen() (int, int) })
	if !ok {
		return 0, 0, false
	}
	records, mods = j.journalLen()
	return records, mods, true
}

// RanFast reports whether a depth-first search stands where a fast run
// left it.
func RanFast(s *Search) bool {
	f, ok := s.eng.(interface{ ranFast() bool })
	return ok && f.ranFast()
}

func (e *dfEngine[S]) ranFast() bool { return e.fast }

// SetMaxBytes changes a depth-first search's byte cap after it started.
func SetMaxBytes(s *Search, n int64) {
	s.eng.(interface{ setMaxBytes(int64) }).setMaxBytes(n)
}

func (e *dfEngine[S]) setMaxBytes(n int64) { e.o.MaxBytes = n }

// Epsilon is a bidirectional search's ε, the least step cost its stopping
// rule adds.
func Epsilon(s *Search) float64 { return s.eng.(interface{ epsilon() float64 }).epsilon() }

func (e *biEngine[S]) epsilon() float64 { return e.eps }

// ProblemOf is the problem a started engine searches.
func ProblemOf[S comparable](e Engine) Problem[S] {
	switch e := e.(type) {
	case *engine[S]:
		return e.p
	case *dfEngine[S]:
		return e.p
	case *biEngine[S]:
		return e.p
	}
	panic(fmt.Sprintf("ProblemOf: %T", e))
}

// HeuristicOf is the heuristic a started best-first engine uses, or nil.
func HeuristicOf[S comparable](e Engine) *Heuristic[S] { return e.(*engine[S]).h }

// MaxCheckpoints and CheckpointFirst are a checkpointed search's bounds
// (dfengine_checkpoint.go).
const (
	MaxCheckpoints  = maxCheckpoints
	CheckpointFirst = checkpointFirst
)

// CheckpointCount is how many checkpoints a checkpointed depth-first
// search holds.
func CheckpointCount(s *Search) int {
	return s.eng.(interface{ checkpointCount() int }).checkpointCount()
}
