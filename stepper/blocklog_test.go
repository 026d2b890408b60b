package stepper

import "testing"

// TestBlockLogMatchesSlice pushes, reads and resets a blockLog against a
// plain slice, across block boundaries, and checks that an entry's address
// does not move when the log grows.
func TestBlockLogMatchesSlice(t *testing.T) {
	for _, n := range []int{0, 1, blockLogLen - 1, blockLogLen, blockLogLen + 1, 3*blockLogLen + 7} {
		var l blockLog[stepIndex]
		var want []stepIndex
		for round := 0; round < 2; round++ {
			var first *stepIndex
			for i := 0; i < n; i++ {
				v := stepIndex{int32(i + round), int32(-i)}
				l.push(v)
				want = append(want, v)
				if i == 0 {
					first = l.at(0)
				}
			}
			checkBlockLog(t, &l, want)
			if n > 0 && first != l.at(0) {
				t.Errorf("n=%d: entry 0 moved when the log grew", n)
			}
			l.reset()
			want = want[:0]
			checkBlockLog(t, &l, want)
			if len(l.blocks) > 1 {
				t.Errorf("n=%d: reset kept %d blocks, want at most 1", n, len(l.blocks))
			}
		}
	}
}

func checkBlockLog(t *testing.T, l *blockLog[stepIndex], want []stepIndex) {
	t.Helper()
	if l.len() != len(want) {
		t.Fatalf("len = %d, want %d", l.len(), len(want))
	}
	for i, w := range want {
		if got := *l.at(i); got != w {
			t.Fatalf("at(%d) = %v, want %v", i, got, w)
		}
	}
}

// TestBlockLogAtOutOfRangePanics checks that an entry past the end is
// refused, as a slice's would be, even inside a block already allocated.
func TestBlockLogAtOutOfRangePanics(t *testing.T) {
	var l blockLog[stepIndex]
	l.push(stepIndex{1, 2})
	for _, k := range []int{-1, 1, blockLogLen - 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("at(%d) of a log of 1 did not panic", k)
				}
			}()
			l.at(k)
		}()
	}
}

// TestBlockLogEmptyKeepsBlocks: after empty, the log reads as empty,
// pushes read back as a fresh log's would, and they fill the blocks it
// kept before any new one is made.
func TestBlockLogEmptyKeepsBlocks(t *testing.T) {
	var l blockLog[stepIndex]
	for i := 0; i < 3*blockLogLen+5; i++ {
		l.push(stepIndex{int32(i), 1})
	}
	kept := append([]*[blockLogLen]stepIndex(nil), l.blocks...)
	for _, n := range []int{0, 1, blockLogLen + 1, 5*blockLogLen + 3} {
		l.empty()
		checkBlockLog(t, &l, nil)
		var want []stepIndex
		for i := 0; i < n; i++ {
			v := stepIndex{int32(-i), int32(n)}
			l.push(v)
			want = append(want, v)
		}
		checkBlockLog(t, &l, want)
		for b := 0; b < min(len(kept), len(l.blocks)); b++ {
			if l.blocks[b] != kept[b] {
				t.Errorf("n=%d: block %d is new, want the one kept", n, b)
			}
		}
		if len(l.blocks) > len(kept) {
			kept = append(kept[:0], l.blocks...)
		}
	}
}
