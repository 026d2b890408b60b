package export

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestHTMLStepLimit: an HTML replay of more steps than a page holds is
// refused before any event is kept, with how to export fewer; up to the
// limit it is written. (A whole IDA* trace of puzzle 867254301 made a
// 326 MB page.)
func TestHTMLStepLimit(t *testing.T) {
	defer func(n int) { maxHTMLSteps = n }(maxHTMLSteps)
	maxHTMLSteps = 40
	s := newSearch(t, "puzzle 867254301 goal=123456780", "bfs")
	for _, tc := range []struct {
		upTo int
		ok   bool
	}{{ToEnd, false}, {41, false}, {40, true}, {Current, true}} {
		var b bytes.Buffer
		err := Write(&b, "html", s, tc.upTo)
		switch {
		case tc.ok && err != nil:
			t.Errorf("up to %d: %v", tc.upTo, err)
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), "up to step 40 or fewer") || !strings.Contains(err.Error(), "-steps N")):
			t.Errorf("up to %d: err %v, want a refusal that says how to export fewer steps", tc.upTo, err)
		case !tc.ok && b.Len() > 0:
			t.Errorf("up to %d: refused, yet %d bytes written", tc.upTo, b.Len())
		}
	}
}

// TestHTMLStepLimitHonoursStop: counting the steps of a search with no
// last step given stops when the export is stopped.
func TestHTMLStepLimitHonoursStop(t *testing.T) {
	s := newSearch(t, "puzzle 867254301 goal=123456780", "bfs")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b bytes.Buffer
	if err := WriteContext(ctx, &b, "html", s, ToEnd); !errors.Is(err, context.Canceled) {
		t.Fatalf("a stopped html export: %v, want context.Canceled", err)
	}
}
