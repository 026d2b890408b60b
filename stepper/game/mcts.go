package game

import (
	"math"
	"math/rand/v2"
)

// mcts is Monte Carlo tree search (AIMA 4e Fig. 5.11) with UCB1: each
// iteration selects a path from the root by UCB1 among fully expanded
// nodes, expands one untried move (chosen at random), plays the game out
// at random to the end and backs the utility up the path. A node's wins
// are counted for the player who moved into it: utility u for MAX counts
// as (1+u)/2 for MAX and (1−u)/2 for MIN, so a draw of tic-tac-toe is half
// a win. Everything random comes from one PCG seeded by Options.Seed.
type mcts struct {
	g          Game
	c          float64
	rng        *rand.Rand
	nodes      []mnode
	iterations int
	playouts   int
	buf        []Move
	path       []int32
}

type mnode struct {
	s        State
	parent   int32
	move     Move
	kids     []int32
	untried  []Move
	n        float64
	wins     float64 // for the player who moved into the node
	over     bool
	utility  float64
	turn     Turn
	expanded bool
}

func newMCTS(g Game, o Options) *mcts {
	m := &mcts{g: g, c: o.C, rng: rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))}
	m.add(g.Root(), -1, 0)
	return m
}

func (m *mcts) add(s State, parent int32, mv Move) int32 {
	n := mnode{s: s, parent: parent, move: mv, turn: m.g.Turn(s)}
	n.utility, n.over = m.g.Terminal(s)
	if !n.over {
		n.untried = m.g.Moves(s, nil)
	}
	m.nodes = append(m.nodes, n)
	return int32(len(m.nodes) - 1)
}

func (m *mcts) nodeCount() int { return len(m.nodes) }

// solved reports a root that is already over: there is nothing to search.
func (m *mcts) solved() bool { return m.nodes[0].over }

// ucb1 is the child's exploitation plus exploration term.
func (m *mcts) ucb1(k, parentN float64, wins float64) float64 {
	if k == 0 {
		return math.Inf(1)
	}
	return wins/k + m.c*math.Sqrt(math.Log(parentN)/k)
}

func (m *mcts) iterate(ev *Event) {
	m.iterations++
	var it *Iteration
	if ev != nil {
		it = &Iteration{}
		ev.What, ev.MCTS, ev.Parent = Iterate, it, -1
	}
	// Selection.
	cur := int32(0)
	m.path = append(m.path[:0], 0)
	for !m.nodes[cur].over && len(m.nodes[cur].untried) == 0 {
		n := &m.nodes[cur]
		best, bestU := n.kids[0], math.Inf(-1)
		for _, k := range n.kids {
			kn := &m.nodes[k]
			if u := m.ucb1(kn.n, n.n, kn.wins); u > bestU {
				best, bestU = k, u
			}
		}
		if it != nil {
			it.Selected = append(it.Selected, m.g.MoveName(n.s, m.nodes[best].move))
		}
		cur = best
		m.path = append(m.path, cur)
	}
	// Expansion.
	if n := &m.nodes[cur]; !n.over {
		i := m.rng.IntN(len(n.untried))
		mv := n.untried[i]
		n.untried[i] = n.untried[len(n.untried)-1]
		n.untried = n.untried[:len(n.untried)-1]
		s := n.s
		k := m.add(m.g.Result(s, mv), cur, mv)
		m.nodes[cur].kids = append(m.nodes[cur].kids, k)
		if it != nil {
			it.Expanded = m.g.MoveName(s, mv)
		}
		cur = k
		m.path = append(m.path, cur)
	}
	// Simulation.
	s := m.nodes[cur].s
	u, over := m.g.Terminal(s)
	for !over {
		m.buf = m.g.Moves(s, m.buf[:0])
		mv := m.buf[m.rng.IntN(len(m.buf))]
		if it != nil {
			it.Playout = append(it.Playout, m.g.MoveName(s, mv))
		}
		s = m.g.Result(s, mv)
		u, over = m.g.Terminal(s)
	}
	m.playouts++
	// Back-propagation.
	maxWin := (1 + u) / 2
	for _, id := range m.path {
		n := &m.nodes[id]
		n.n++
		if n.parent >= 0 && m.nodes[n.parent].turn == Min {
			n.wins += 1 - maxWin
		} else {
			n.wins += maxWin
		}
	}
	if it != nil {
		it.Utility, it.RootVisit = u, int(m.nodes[0].n)
		ev.Node, ev.State, ev.Turn = int(cur), m.g.StateName(m.nodes[cur].s), m.nodes[cur].turn
		ev.Value = Bound(u)
	}
}

// decision is the root's most visited move and its mean utility for MAX
// (2·wins/visits − 1 from MAX's side).
func (m *mcts) decision() (float64, string) {
	root := &m.nodes[0]
	if len(root.kids) == 0 {
		return root.utility, ""
	}
	best := root.kids[0]
	for _, k := range root.kids[1:] {
		if m.nodes[k].n > m.nodes[best].n {
			best = k
		}
	}
	b := &m.nodes[best]
	w := b.wins / b.n
	if root.turn == Min {
		w = 1 - w
	}
	return 2*w - 1, m.g.MoveName(root.s, b.move)
}
