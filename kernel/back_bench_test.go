package kernel

import (
	"math"
	"testing"
)

// BenchmarkBackCell is one notebook `back` cell (the seek and the live
// view it prints) on ids parent=keep on the 18-move 8-puzzle 286703145
// after `run 1000000`: bounded, as a notebook runs it past boundedAfter
// nodes, and journaled. Each op is a `back` at step 1,000,000, timed, and
// a `step` forward again, not timed; ns/op is the back cell's.
//
//	go test -run '^$' -bench BackCell -benchtime 20x ./kernel/
func BenchmarkBackCell(b *testing.B) {
	for _, mode := range []string{"bounded", "journaled"} {
		b.Run(mode, func(b *testing.B) {
			after := boundedAfter
			if mode == "journaled" {
				boundedAfter = math.MaxInt
			}
			defer func() { boundedAfter = after }()
			s := NewSession(Config{})
			cell(b, s, "puzzle 286703145")
			cell(b, s, "a = search ids parent=keep")
			cell(b, s, "run 1000000")
			for b.Loop() {
				cell(b, s, "back")
				b.StopTimer()
				cell(b, s, "step")
				b.StartTimer()
			}
			if k := s.Search("a").StepCount(); k != 1_000_000 {
				b.Fatalf("at step %d, want 1000000", k)
			}
		})
	}
}
