package export

import (
	"crypto/sha256"
	"hash"
	"runtime"
	"testing"
)

// heapWatch is a writer that hashes what it is given and, every step
// bytes, collects the garbage and notes the live heap: what a streaming
// writer holds while it writes, as against what it has written.
type heapWatch struct {
	h          hash.Hash
	n, next    int64
	step       int64
	base, peak uint64
}

func newHeapWatch(step int64) *heapWatch {
	w := &heapWatch{h: sha256.New(), step: step, next: step}
	w.base = liveHeap()
	return w
}

func (w *heapWatch) Write(p []byte) (int, error) {
	w.h.Write(p)
	w.n += int64(len(p))
	if w.n >= w.next {
		w.next += w.step
		if h := liveHeap(); h > w.base {
			w.peak = max(w.peak, h-w.base)
		}
	}
	return len(p), nil
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestStreamedExportsHoldOneEvent: the json, jsonl and csv exports stream
// their events as the steps are taken, so the heap they hold while they
// write stays under a few MB however long the trace (an export that kept
// every event before writing held more than the 12 MB of JSON Lines the
// events make here). IDA* on the hard 8-puzzle, to its end; the search
// forgets its earlier iterations (Options.Forget).
func TestStreamedExportsHoldOneEvent(t *testing.T) {
	const held = 3 << 20 // the most the heap may grow while an export writes
	s := newSearch(t, bigProblem, "idastar h=manhattan")
	for _, format := range []string{"jsonl", "json", "csv"} {
		t.Run(format, func(t *testing.T) {
			w := newHeapWatch(1 << 20)
			if err := Write(w, format, s, ToEnd); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes written, live heap at most %d bytes more than before", format, w.n, w.peak)
			if format == "jsonl" && w.n < 3*held {
				t.Fatalf("the events are only %d bytes of JSON Lines: too few to tell streaming from holding", w.n)
			}
			if w.peak > held {
				t.Errorf("%s: the heap grew by %d bytes while %d were written: the export holds its events", format, w.peak, w.n)
			}
			// the same bytes as the trace held whole, written by Trace.WriteJSON
			if format == "json" {
				tr, err := NewTrace(s, ToEnd)
				if err != nil {
					t.Fatal(err)
				}
				whole := sha256.New()
				if err := tr.WriteJSON(whole); err != nil {
					t.Fatal(err)
				}
				if string(whole.Sum(nil)) != string(w.h.Sum(nil)) {
					t.Errorf("the streamed json differs from the trace written whole")
				}
			}
		})
	}
}
