package stepper

// groupCounts counts open heap entries per tie group (frontier_ties.go).
// A best-first search's open list holds few distinct priorities at a time
// on unit-cost problems (A* on a puzzle: a handful of f values), so the
// counts are a short list searched from the front, the groups most
// recently touched first; past smallGroups distinct groups (irrational
// step costs: thousands of priorities) they move to a map for good.
// Groups whose count falls to 0 are removed, so either form is bounded by
// the open list.
type groupCounts struct {
	small []groupCount
	big   map[groupBits]int32 // non-nil once the list outgrew smallGroups
}

type groupCount struct {
	g groupBits
	n int32
}

// smallGroups is how many groups the list holds before the map takes over.
const smallGroups = 16

// add changes group g's count by d (+1 or -1). O(smallGroups) or one map
// update.
func (c *groupCounts) add(g groupBits, d int32) {
	if c.big != nil {
		if n := c.big[g] + d; n > 0 {
			c.big[g] = n
		} else {
			delete(c.big, g)
		}
		return
	}
	for i := range c.small {
		if c.small[i].g == g {
			n := c.small[i].n + d
			if n <= 0 {
				c.small = append(c.small[:i], c.small[i+1:]...)
				return
			}
			c.small[i].n = n
			if i > 0 { // the most recently touched first
				c.small[0], c.small[i] = c.small[i], c.small[0]
			}
			return
		}
	}
	if d <= 0 {
		return
	}
	if len(c.small) == smallGroups {
		c.big = make(map[groupBits]int32, 2*smallGroups)
		for _, x := range c.small {
			c.big[x.g] = x.n
		}
		c.small = nil
		c.big[g] = d
		return
	}
	c.small = append(c.small, groupCount{g, d})
}

// get is group g's count.
func (c *groupCounts) get(g groupBits) int32 {
	if c.big != nil {
		return c.big[g]
	}
	for i := range c.small {
		if c.small[i].g == g {
			return c.small[i].n
		}
	}
	return 0
}

// reset forgets every count.
func (c *groupCounts) reset() { c.small, c.big = c.small[:0], nil }
