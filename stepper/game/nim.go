package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Nim limits: at most MaxNimHeaps heaps of at most MaxNimHeap objects.
const (
	MaxNimHeaps = 8
	MaxNimHeap  = 15
)

// Nim is normal-play Nim: a move takes one or more objects from one heap,
// and the player who takes the last object wins (+1 for MAX, who moves
// first). A State holds heap i in bits 4i..4i+3 and, in bit 63, whether
// MIN is to move.
type Nim struct {
	heaps []int
}

const nimMinToMove = State(1) << 63

// ParseNim parses the heaps, a comma list such as 3,4,5.
func ParseNim(args []string) (*Nim, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("nim takes the heaps as one comma list, such as nim 3,4,5")
	}
	parts := strings.Split(args[0], ",")
	if len(parts) > MaxNimHeaps {
		return nil, fmt.Errorf("nim takes at most %d heaps, not %d", MaxNimHeaps, len(parts))
	}
	g := &Nim{}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > MaxNimHeap {
			return nil, fmt.Errorf("heap %d is %q: a heap holds 0 to %d objects", i+1, p, MaxNimHeap)
		}
		g.heaps = append(g.heaps, n)
	}
	return g, nil
}

// Kind is "nim".
func (g *Nim) Kind() string { return "nim" }

// Spec is the problem line.
func (g *Nim) Spec() string {
	s := make([]string, len(g.heaps))
	for i, h := range g.heaps {
		s[i] = strconv.Itoa(h)
	}
	return "nim " + strings.Join(s, ",")
}

// Root is the heaps given, MAX to move.
func (g *Nim) Root() State {
	var s State
	for i, h := range g.heaps {
		s |= State(h) << (4 * i)
	}
	return s
}

// Turn is bit 63.
func (g *Nim) Turn(s State) Turn {
	if s&nimMinToMove != 0 {
		return Min
	}
	return Max
}

// Terminal: no object left; the player to move has lost.
func (g *Nim) Terminal(s State) (float64, bool) {
	if s&^nimMinToMove != 0 {
		return 0, false
	}
	if s&nimMinToMove != 0 {
		return 1, true
	}
	return -1, true
}

// Moves take k = 1..n from heap i, heap by heap: Move = i<<8 | k.
func (g *Nim) Moves(s State, buf []Move) []Move {
	for i := range g.heaps {
		n := int(s >> (4 * i) & 15)
		for k := 1; k <= n; k++ {
			buf = append(buf, Move(i<<8|k))
		}
	}
	return buf
}

// Result takes the objects and passes the turn.
func (g *Nim) Result(s State, m Move) State {
	i, k := int(m>>8), State(m&255)
	return (s - k<<(4*i)) ^ nimMinToMove
}

// Prob is 0: Nim has no chance nodes.
func (g *Nim) Prob(State, Move) float64 { return 0 }

// Eval is 0 before the end: no estimate is offered (the nim-sum would
// solve the game outright).
func (g *Nim) Eval(s State) float64 {
	u, _ := g.Terminal(s)
	return u
}

// MoveName is "take k from heap i" written hi-k (heaps from 1).
func (g *Nim) MoveName(_ State, m Move) string {
	return fmt.Sprintf("h%d-%d", m>>8+1, m&255)
}

// StateName is the heaps and who is to move: 3,4,5 MAX.
func (g *Nim) StateName(s State) string {
	p := make([]string, len(g.heaps))
	for i := range g.heaps {
		p[i] = strconv.Itoa(int(s >> (4 * i) & 15))
	}
	return strings.Join(p, ",") + " " + g.Turn(s).String()
}

// HasChance is false.
func (g *Nim) HasChance() bool { return false }
