package session

// chartHistory is the open and closed sizes after each step the live
// search has reached, for the chart: the sizes after steps 0, stride,
// 2·stride, … up to steps-1. It keeps at most maxKeptHistory points: past
// that the stride doubles and every other point goes, so a session that
// runs for millions of steps (a depth-first search in bounded mode) holds
// 16 bytes · maxKeptHistory, not 16 a step. A search is deterministic, so
// going back never invalidates it. add is O(1) amortised.
type chartHistory struct {
	pts    []sizes
	stride int
	steps  int // the steps recorded: 0..steps-1
}

// maxKeptHistory bounds a session's history points; a power of two times
// maxHistory would do as well, it only needs to be well above maxHistory.
const maxKeptHistory = 1 << 14

func newChartHistory(at0 sizes) chartHistory {
	return chartHistory{pts: []sizes{at0}, stride: 1, steps: 1}
}

// add records the sizes after step k, if k is the next step not recorded.
func (c *chartHistory) add(k int, s sizes) {
	if k != c.steps {
		return
	}
	c.steps++
	if k%c.stride != 0 {
		return
	}
	c.pts = append(c.pts, s)
	if len(c.pts) > maxKeptHistory {
		c.stride *= 2
		n := 0
		for i := 0; i < len(c.pts); i += 2 {
			c.pts[n] = c.pts[i]
			n++
		}
		c.pts = c.pts[:n]
	}
}

// truncate forgets the steps from n on (n ≥ 1).
func (c *chartHistory) truncate(n int) {
	if n >= c.steps {
		return
	}
	c.steps = n
	c.pts = c.pts[:(n-1)/c.stride+1]
}

// upTo is at most maxHistory points standing for steps 0..k, step i·stride
// each, and that stride.
func (c *chartHistory) upTo(k int) ([]sizes, int) {
	n := min(k/c.stride+1, len(c.pts))
	pts, s := sample(c.pts[:n], maxHistory)
	return pts, s * c.stride
}
