package stepper

import (
	"fmt"
	"strings"

	"stepviz/internal/usererr"
)

// Bidirectional A* (biastar) is bidi.go's engine with a heuristic on each
// side: the forward search orders its open list by f = g + h(n, goal), the
// backward one by f = g + h(n, start), the same heuristic with start and
// goal swapped. One expansion a step on the side whose least f is smaller
// (on a tie forward, or backward with ontie=backward); a state reached again more cheaply on its side gets a
// new node (closed or not), as in bibfs and biucs.
//
// Stopping rule: front-to-end bidirectional A* (Pohl 1971; Goldberg and
// Harrelson 2005): stop when μ <= max(fminF, fminB), μ the cheapest
// start-to-goal path found through a state reached from both sides and
// fminF, fminB the least f of the two open lists. It is correct for
// admissible heuristics: while μ is more than the optimal cost C*, each open
// list holds a node of an optimal path with its optimal g (A*'s lemma;
// nodes reached more cheaply are re-added), whose f is at most C*, so both
// least f are below μ and the search goes on; it stops only with μ = C*.
//
// The heuristic toward the start exists for
//   - puzzles: every built-in heuristic of the puzzle whose start and goal
//     are swapped (manhattan, misplaced, linear-conflict, zero);
//   - grids: every built-in heuristic of the grid whose S and G are swapped
//     (manhattan, octile, euclidean, chebyshev, zero): they bound the cost of
//     a path by its length times the cheapest move, either way;
//   - graphs: euclidean (distance to the start's coordinates), zero, and
//     an h table toward the goal (Romania's sld) when it is consistent, as
//     h_B(n) = max(0, h(start) − h(n)): consistency gives h(start) <=
//     c(start, n) + h(n), so it never overestimates the cost from the start
//     to n, and it is itself consistent.
//
// A heuristic from a script (h_NAME, a notebook's heuristic cell) is
// written toward the goal only, and an inconsistent table has no such
// bound: biastar refuses both with the reason. So every estimate biastar
// makes is a built-in one, which cannot fail: unlike engine.go's
// (hChecked), biEngine has no failing heuristic to check or mark
// ([NodeInfo.HFailed]); TestHFailedMarksTheChild's biastar row keeps the
// refusal.

// hOf is side d's heuristic of s (0 without one).
func (e *biEngine[S]) hOf(d int, s S) float64 {
	if e.h[d] == nil {
		return 0
	}
	return e.h[d](s)
}

// muPart is what node id adds to a meeting's μ: its g, or its key for
// bibfs (the depth) and biucs (g).
func (e *biEngine[S]) muPart(id int32) float64 {
	if e.h[0] != nil {
		return e.nodes[id].g
	}
	return e.nodes[id].key
}

// stops reports whether μ is proven optimal by the open lists' least keys
// tf and tb: μ <= max(tf, tb) for biastar, μ <= tf + tb + ε for bibfs and
// biucs (ε a lower bound on every move's cost, newBiEngine; the proofs are
// in docs/bidirectional.md).
func (e *biEngine[S]) stops(tf, tb float64) bool {
	tol := costTolerance * max(1, e.mu)
	if e.h[0] != nil {
		return e.mu <= max(tf, tb)+tol
	}
	return e.mu <= tf+tb+e.eps+tol
}

// rule is the stopping rule in words, for Event.Bidirectional.Rule.
func (e *biEngine[S]) rule() string { return bidiStopRule(e.o.Algorithm) }

// bidiStopRule is the stopping rule of a bidirectional algorithm, as
// stops applies it.
func bidiStopRule(a Algorithm) string {
	if a == BiAStar {
		return "stop when μ <= max(fminF, fminB): front-to-end bidirectional A*, h admissible toward each end"
	}
	return "stop when μ <= topF + topB + ε"
}

// bidiEpsilon says what ε is for bibfs and biucs, in words.
func bidiEpsilon(a Algorithm) string {
	if a == BiBFS {
		return "ε = 1, the depth each move adds"
	}
	return "ε the least cost any move can have, which the problem guarantees (a graph's cheapest edge, a grid's cheapest move on its cheapest terrain, 1 on a puzzle; 0 when the problem does not say, then the rule is μ <= topF + topB)"
}

// BidiRules states in words how bibfs, biucs or biastar (o normalized)
// searches, as biEngine does it: its two frontiers and what each orders
// by, which side a step expands, how the sides meet, what a state reached
// again does and the stopping rule with its name. The number each side
// orders by is named as every view names it for the search (viz.KeyName):
// the depth for bibfs and g for biucs, which use no heuristic and so have
// no f to speak of, f = g + h for biastar. "" for every other algorithm.
func BidiRules(o Options) string {
	var name, key, order, mu, stop string
	switch o.Algorithm {
	case BiBFS:
		name, key, order, mu = "bidirectional breadth-first search", "depth", "depth (moves from its root)", "the fewest moves"
	case BiUCS:
		name, key, order, mu = "bidirectional uniform-cost search", "g", "g (cost from its root)", "the cheapest cost"
	case BiAStar:
		name, key = "bidirectional A*", "f"
		order, mu = fmt.Sprintf("f = g + h (%s), h estimating toward the goal on the forward side and toward the start on the backward side", o.Heuristic), "the cheapest cost"
	default:
		return ""
	}
	if o.Algorithm == BiAStar {
		stop = "front-to-end bidirectional A*'s (Pohl 1971): stop when μ <= max(fminF, fminB), fminF and fminB the least f of the two open lists (h admissible toward each end)"
	} else {
		stop = "bidirectional Dijkstra's (Nicholson 1966; Goldberg and Harrelson 2005): " + bidiStopRule(o.Algorithm) + ", topF and topB the least " + key + " of the forward and the backward open list, " + bidiEpsilon(o.Algorithm)
	}
	tie := "forward on a tie"
	if o.TieSide == TieSideBackward {
		tie = "backward on a tie, as AIMA 4th ed.'s BIBF-SEARCH (Figure 3.14), which proceeds forward only when the forward least " + key + " is strictly smaller"
	}
	return fmt.Sprintf("%s: two frontiers, forward from the start and backward from the goal (moves followed in reverse), each a priority queue on %s, the node added first on a tie; "+
		"each step expands one node, on the side whose least %s is smaller (%s), so the sides alternate only while their least %s stay level; "+
		"a child whose state the other side has reached makes a start-to-goal path, μ being %s of those found; "+
		"a state reached again on its own side is ignored unless its %s is smaller, then a new node replaces the old one; "+
		"no goal test; the stopping rule is %s", name, order, key, tie, key, mu, key, stop)
}

// newBiAStar starts biastar: hs are the heuristics toward the goal, back
// returns the one of the same name toward the start.
func newBiAStar[S comparable](p Problem[S], hs []Heuristic[S], back func(h *Heuristic[S]) (func(S) float64, error), o Options) (searchEngine, error) {
	h, warn, err := pickHeuristic(hs, &o)
	if err != nil {
		return nil, err
	}
	hb, err := back(h)
	if err != nil {
		return nil, err
	}
	e, err := newBiEngine(p, o, [2]func(S) float64{h.Estimate, hb})
	if err != nil {
		return nil, err
	}
	e.warnings = append(e.warnings, warn...)
	return e, nil
}

// noScriptHeuristic refuses a heuristic added from a script: it is written
// toward the goal only.
func noScriptHeuristic(x *Extra, name string, builtIn []string) error {
	if x != nil && contains(x.Names, name) {
		return usererr.Errorf("stepper", "biastar needs heuristic %s toward the start as well as toward the goal, and a script's heuristic is written toward the goal only: use %s", name, strings.Join(builtIn, ", ")).For("h")
	}
	return nil
}

// sameName returns the heuristic named like h among hs, estimating toward
// the start.
func sameName[S comparable](hs []Heuristic[S], h *Heuristic[S]) (func(S) float64, error) {
	for i := range hs {
		if hs[i].Name == h.Name {
			return hs[i].Estimate, nil
		}
	}
	return nil, usererr.Errorf("stepper", "biastar: heuristic %s has no counterpart toward the start", h.Name).For("h")
}
