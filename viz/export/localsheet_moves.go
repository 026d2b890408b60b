package export

import (
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper/local"
)

// noneWord is what the key writes in the h column of a listed move that
// is no neighbour of the state a step starts from (a problem other than
// the built-in queens), and one of the words check takes there.
const noneWord = "none"

// maxSheetMoves bounds the moves a worksheet lists at each step.
const maxSheetMoves = 2 * local.MaxListed

// maxSheetStates bounds the states whose moves a worksheet's list is
// drawn from: the start, its neighbours and the states hill climbing
// may start a later step of the sheet from.
const maxSheetStates = 4 * local.MaxListed

// sheetMoves is the moves a worksheet lists at every one of its steps,
// the same list whatever state a step starts from, so that a later
// step's rows say nothing of where the earlier steps went. For the
// built-in queens it is every square, column by column and row by row
// (a queen's own square is a row of no move). For any other problem it
// is every move of every state within steps−1 moves of the start (the
// states a step of the sheet may start from, on any path); when those
// are more than maxSheetStates, every move of
//
//   - the start,
//   - each neighbour of the start, and
//   - each state hill climbing may start a step of the sheet from, on
//     any of its tied choices: from a state, its neighbours of lowest h
//     when that h is lower than the state's (or as low, with sideways
//     moves allowed).
//
// Either depends on the start alone (which the sheet gives), not on
// where the search went, and covers every step of any path a student
// may take. The moves are in the problem's own order, merged from the
// order each of those states lists them (mergeOrders). A problem whose
// moves do not depend on the state (a tour's 2-opt) lists exactly its
// start's moves. Cost: O(states · neighbours) calls of Neighbours' visit,
// states at most 1 + 2·maxSheetStates.
func sheetMoves(p local.Problem, o local.Options, start []int, steps int) ([]string, error) {
	if q, ok := p.(*local.Queens); ok {
		moves := make([]string, 0, q.N()*q.N())
		for c := range start {
			for r := range q.N() {
				moves = append(moves, q.MoveName(local.Move{A: c, B: r}))
			}
		}
		return moves, nil
	}
	x := sheetExplorer{p: p, seen: map[string]bool{}}
	near, err := x.near(start, steps-1)
	if err != nil {
		return nil, err
	}
	if !near {
		x = sheetExplorer{p: p, seen: map[string]bool{}}
		if err := x.climbs(start, o, steps); err != nil {
			return nil, err
		}
	}
	moves := mergeOrders(x.orders)
	if len(moves) > maxSheetMoves {
		return nil, usererr.Errorf("export", "a worksheet lists the same moves at every step, all those of the states near the start, and here they are %d, more than %d: use a smaller problem", len(moves), maxSheetMoves)
	}
	return moves, nil
}

// sheetNeighbour is a move at a state, the state it leads to and its h.
type sheetNeighbour struct {
	move string
	to   []int
	h    float64
}

// sheetExplorer lists the moves of states, each state once, and keeps
// the order each lists its moves in, first listed first.
type sheetExplorer struct {
	p      local.Problem
	seen   map[string]bool
	orders [][]string
}

// near lists every state within d moves of start, breadth first; false
// (and stops) once it finds more than maxSheetStates of them.
func (x *sheetExplorer) near(start []int, d int) (bool, error) {
	level := [][]int{start}
	found := map[string]bool{stateKey(start): true}
	for k := 0; ; k++ {
		var next [][]int
		for _, s := range level {
			nbrs, err := x.list(s)
			if err != nil {
				return false, err
			}
			for _, n := range nbrs {
				if key := stateKey(n.to); k < d && !found[key] {
					if len(found) >= maxSheetStates {
						return false, nil
					}
					found[key] = true
					next = append(next, n.to)
				}
			}
		}
		if len(next) == 0 {
			return true, nil
		}
		level = next
	}
}

// climbs lists the start, its neighbours and every state hill climbing
// may start one of steps steps from, on any tied choice; an error when
// those are more than maxSheetStates.
func (x *sheetExplorer) climbs(start []int, o local.Options, steps int) error {
	first, err := x.list(start)
	if err != nil {
		return err
	}
	for _, n := range first {
		if _, err := x.list(n.to); err != nil {
			return err
		}
	}
	level := [][]int{start}
	queued := map[string]bool{stateKey(start): true}
	for k := 1; k < steps && len(level) > 0; k++ {
		var next [][]int
		for _, s := range level {
			nbrs, err := x.list(s)
			if err != nil {
				return err
			}
			h, best := x.p.H(s), 0.0
			for i, n := range nbrs {
				if i == 0 || n.h < best {
					best = n.h
				}
			}
			if len(nbrs) == 0 || best > h+1e-9 || best > h-1e-9 && o.Sideways == 0 {
				continue
			}
			for _, n := range nbrs {
				if key := stateKey(n.to); n.h <= best+1e-9 && !queued[key] {
					queued[key] = true
					next = append(next, n.to)
				}
			}
		}
		for _, s := range next {
			if _, err := x.list(s); err != nil {
				return err
			}
		}
		if len(x.seen) > 2*maxSheetStates {
			return usererr.Errorf("export", "hill climbing may step from more than %d states in a worksheet's %d steps from this start (many ties): a worksheet cannot list all their moves; pick another seed", maxSheetStates, steps)
		}
		level = next
	}
	return nil
}

// list is s's neighbours, in the problem's order, and records the order
// of their moves the first time s is listed. O(neighbours).
func (x *sheetExplorer) list(s []int) ([]sheetNeighbour, error) {
	var nbrs []sheetNeighbour
	x.p.Neighbours(s, x.p.H(s), func(m local.Move, h float64) {
		if len(nbrs) > local.MaxListed {
			return
		}
		to := append([]int(nil), s...)
		x.p.Apply(to, m)
		nbrs = append(nbrs, sheetNeighbour{move: x.p.MoveName(m), to: to, h: h})
	})
	if f, ok := x.p.(local.Failer); ok && f.Err() != nil {
		return nil, f.Err()
	}
	if len(nbrs) > local.MaxListed {
		return nil, usererr.Errorf("export", "a worksheet lists every neighbour, at most %d a step, and %s has more: use a smaller problem", local.MaxListed, x.p.StateName(s))
	}
	if k := stateKey(s); !x.seen[k] {
		x.seen[k] = true
		order := make([]string, len(nbrs))
		for i, n := range nbrs {
			order[i] = n.move
		}
		x.orders = append(x.orders, order)
	}
	return nbrs, nil
}

// stateKey identifies a state among those of one problem.
func stateKey(s []int) string {
	var b strings.Builder
	for i, v := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

// mergeOrders is every name of orders once, in an order that keeps each
// list's: a name goes after the names any list puts before it; among the
// names free to go next (or, where the lists disagree, among all left)
// the first in natural order (naturalLess) goes first. O(names² + pairs).
func mergeOrders(orders [][]string) []string {
	index := map[string]int{}
	var names []string
	for _, o := range orders {
		for _, n := range o {
			if _, ok := index[n]; !ok {
				index[n] = len(names)
				names = append(names, n)
			}
		}
	}
	after := make([]map[int]bool, len(names))
	before := make([]int, len(names))
	for _, o := range orders {
		for i := 1; i < len(o); i++ {
			a, b := index[o[i-1]], index[o[i]]
			if after[a] == nil {
				after[a] = map[int]bool{}
			}
			if a != b && !after[a][b] {
				after[a][b] = true
				before[b]++
			}
		}
	}
	done := make([]bool, len(names))
	out := make([]string, 0, len(names))
	// first reports whether name i goes before name j: free first, then
	// in natural order.
	first := func(i, j int) bool {
		if fi, fj := before[i] == 0, before[j] == 0; fi != fj {
			return fi
		}
		return naturalLess(names[i], names[j])
	}
	for len(out) < len(names) {
		pick := -1
		for i := range names {
			if !done[i] && (pick < 0 || first(i, pick)) {
				pick = i
			}
		}
		done[pick] = true
		out = append(out, names[pick])
		for b := range after[pick] {
			before[b]--
		}
	}
	return out
}

// naturalLess orders names as text, runs of digits by their value
// ("c2→r10" after "c2→r9"). O(len).
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		switch {
		case da > 0 && db > 0:
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
		case a[0] != b[0]:
			return a[0] < b[0]
		default:
			a, b = a[1:], b[1:]
		}
	}
	return len(a) < len(b)
}

// digitRun is the length of the ASCII digits s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// sheetMoveMissing is the error of a step whose state has a move the
// sheet does not list (a random restart's, out of the sheet's reach).
func sheetMoveMissing(step int, move, state string) error {
	return usererr.Errorf("export", "step %d starts from %s, whose move %s the worksheet does not list (a random restart?): a worksheet's steps must not restart: drop restarts= from the search", step, state, move)
}
