package session

import "testing"

// TestChartHistory: however many steps are added, the history keeps at
// most maxKeptHistory points, and upTo(k) gives at most maxHistory points,
// point i the sizes after step i·stride, the last less than a stride
// before step k.
func TestChartHistory(t *testing.T) {
	at := func(k int) sizes { return sizes{k, 2 * k} }
	for _, tc := range []struct{ steps, k, truncate int }{
		{10, 9, 0},
		{600, 599, 0},
		{5000, 4321, 0},
		{maxKeptHistory * 3, maxKeptHistory*3 - 1, 0},
		{maxKeptHistory*5 + 17, 12345, 0},
		{maxKeptHistory * 5, maxKeptHistory*2 + 3, maxKeptHistory*2 + 4},
	} {
		c := newChartHistory(at(0))
		for k := 1; k < tc.steps; k++ {
			c.add(k, at(k))
			c.add(k, sizes{-1, -1}) // a step recorded twice keeps its first
		}
		if tc.truncate > 0 {
			c.truncate(tc.truncate)
			if c.steps != tc.truncate {
				t.Fatalf("truncate(%d): %d steps kept", tc.truncate, c.steps)
			}
		}
		if len(c.pts) > maxKeptHistory {
			t.Fatalf("%d steps: %d points kept", tc.steps, len(c.pts))
		}
		pts, stride := c.upTo(tc.k)
		if len(pts) > maxHistory+1 || len(pts) == 0 || stride < 1 {
			t.Fatalf("%d steps, up to %d: %d points, stride %d", tc.steps, tc.k, len(pts), stride)
		}
		for i, p := range pts {
			if p != at(i*stride) || i*stride > tc.k {
				t.Fatalf("%d steps, up to %d: point %d (stride %d) is %v, want the sizes after step %d", tc.steps, tc.k, i, stride, p, i*stride)
			}
		}
		if last := (len(pts) - 1) * stride; tc.k-last >= stride {
			t.Fatalf("%d steps, up to %d: the last point stands for step %d, stride %d", tc.steps, tc.k, last, stride)
		}
	}
}
