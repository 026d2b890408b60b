package script_test

import (
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"stepviz/script"
)

// hoard is a script whose top level keeps ever more memory alive: each
// element 100 KB, 100 GB if it were let run.
const hoard = "def grow():\n    out = []\n    for i in range(1000000):\n        out.append(\"x\" * 100000 + str(i))\n    return out\nx = grow()\n"

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestRefusedScriptsDoNotRatchet: the same hoarding script loaded again
// and again is refused each time for what it allocates, and the heap never
// holds much more than one call's limit: the limit counts what a call
// allocates, not how big the heap happens to be when it starts (garbage
// of the previous refusal included), and a refusal leaves nothing behind.
func TestRefusedScriptsDoNotRatchet(t *testing.T) {
	runtime.GC()
	base := heapObjects()
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			if h := heapObjects(); h > peak.Load() {
				peak.Store(h)
			}
		}
	}()
	for i := range 6 {
		_, err := script.New("cell", hoard, nil)
		if err == nil || !strings.Contains(err.Error(), "allocated more than 256 MiB") {
			close(stop)
			t.Fatalf("load %d: %v; want it refused for allocating more than 256 MiB", i+1, err)
		}
	}
	close(stop)
	<-done
	// One call's own 256 MiB, what the watchdog's 5 ms tick lets through
	// and the garbage the collector has not reached: well under two calls'.
	const bound = script.CallHeap + 160<<20
	t.Logf("peak heap growth over 6 refused loads: %d MiB", (peak.Load()-base)>>20)
	if grew := peak.Load() - base; peak.Load() > base && grew > bound {
		t.Errorf("the heap grew by %d MiB at its peak over 6 refused loads; want at most %d MiB", grew>>20, bound>>20)
	}
	runtime.GC()
	if after := heapObjects(); after > base+16<<20 {
		t.Errorf("after 6 refused loads the live heap is %d MiB over its start; want them to leave nothing", (after-base)>>20)
	}
}

// TestCallLimitCountsAllocations: a call that allocates and drops 100 KB
// strings, so that the heap never holds much of it, is still stopped once
// it has allocated CallHeap.
func TestCallLimitCountsAllocations(t *testing.T) {
	churn := strings.Replace(base, `return [("inc", s + 1)]`, "for i in range(1000000):\n        x = \"y\" * 100000 + str(i)\n    return []", 1)
	err, _ := runScript(t, "cell", churn)
	if err == nil || !strings.Contains(err.Error(), "allocated more than 256 MiB") {
		t.Fatalf("a call allocating 100 GB in all: %v; want it refused for allocating more than 256 MiB", err)
	}
}
