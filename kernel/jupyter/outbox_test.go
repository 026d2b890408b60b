package jupyter

import (
	"fmt"
	"testing"
	"time"

	"stepviz/kernel"
)

// TestOutbox: outputs are published in order; while a slow publication is
// under way, the updates of a display that pile up are replaced by the
// newest (its last frame always arrives); add never waits; close returns
// once everything added is out.
func TestOutbox(t *testing.T) {
	var got []string
	ob := startOutbox(func(o kernel.Output) {
		time.Sleep(20 * time.Millisecond) // a PNG being made
		got = append(got, o.Text)
	})
	start := time.Now()
	ob.add(kernel.Output{Text: "view", DisplayID: "d"})
	for i := 1; i <= 50; i++ {
		ob.add(kernel.Output{Text: fmt.Sprintf("frame %d", i), DisplayID: "d", Update: true})
	}
	ob.add(kernel.Output{Text: "summary"})
	ob.add(kernel.Output{Text: "final", DisplayID: "d", Update: true})
	ob.add(kernel.Output{Text: "other display", DisplayID: "e", Update: true})
	if d := time.Since(start); d > 15*time.Millisecond {
		t.Errorf("adding 54 outputs took %v: add waited for a publication", d)
	}
	ob.close()
	if len(got) < 5 || len(got) > 6 || got[0] != "view" || got[len(got)-4] != "frame 50" || got[len(got)-3] != "summary" || got[len(got)-2] != "final" || got[len(got)-1] != "other display" {
		t.Fatalf("published %q; want view, at most one early frame, frame 50, summary, final, other display", got)
	}
}
