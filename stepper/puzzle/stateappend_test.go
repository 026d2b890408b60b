package puzzle

import (
	"testing"

	"stepviz/stepper/internal/problemtest"
)

func TestAppendStateIsFormat(t *testing.T) {
	for _, line := range []string{"puzzle 867254301", "puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24"} {
		t.Run(line, func(t *testing.T) {
			p := mustPuzzle(t, line)
			if p.n <= 4 {
				problemtest.CheckAppendState[uint64](t, newPacked(p), 500)
			} else {
				problemtest.CheckAppendState[board25](t, newBytesPuzzle(p), 500)
			}
		})
	}
}
