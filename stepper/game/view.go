package game

import (
	"fmt"
	"math"
	"strings"

	"stepviz/stepper"
)

// NodeStatus is where a node of the game tree stands at a step.
type NodeStatus string

// The statuses of a node.
const (
	OnPath NodeStatus = "path"     // on the current path from the root
	Closed NodeStatus = "done"     // visited and its value backed up
	Pruned NodeStatus = "pruned"   // never generated: alpha-beta cut it off
	InTree NodeStatus = "tree"     // an MCTS node off the last iteration's path
	Select NodeStatus = "selected" // on the last MCTS iteration's path
	Expand NodeStatus = "expanded" // the node the last MCTS iteration added
	Start  NodeStatus = "start"    // the root before the first step visits it (View.Start)
)

// ViewNode is one node of the game tree at a step, every number also
// written under the rounding rule (stepper.FormatNumber; ±∞ as "+∞", "−∞")
// in Text, so that every renderer prints the same characters.
type ViewNode struct {
	// ID numbers the generated nodes in generation order, the root 0; a
	// pruned branch, never generated, has ID −1.
	ID     int    `json:"id"`
	Parent int    `json:"parent"` // −1 for the root
	Move   string `json:"move,omitempty"`
	Depth  int    `json:"depth"`
	Turn   Turn   `json:"turn"`
	// State is the game's StateName, the cells a drawing lays out as a
	// board (View.Board); Name the position as narrations and tables
	// name it (PositionName: "the empty board", "X.O/.X./..O").
	State  string     `json:"state"`
	Name   string     `json:"name"`
	Status NodeStatus `json:"status"`
	Leaf   bool       `json:"leaf,omitempty"`
	Cutoff bool       `json:"cutoff,omitempty"`
	// Valued reports a value so far: a leaf's, or an inner node's once a
	// child's value was backed up into it.
	Valued bool  `json:"valued"`
	Value  Bound `json:"value"`
	// Alpha and Beta are the node's α/β window now (alpha-beta only:
	// Window); Low and High the range of values the node can still take
	// given the leaves valued so far, as AIMA Fig. 5.5 writes above each
	// node ([−∞, 3] for B after its first leaf).
	Window bool  `json:"window,omitempty"`
	Alpha  Bound `json:"alpha"`
	Beta   Bound `json:"beta"`
	Low    Bound `json:"low"`
	High   Bound `json:"high"`
	// Best is the best child so far (its ID, −1 none); Kids the moves at
	// the node (0 for a leaf or before it is visited).
	Best int `json:"best"`
	Kids int `json:"kids"`
	// Why is the cut: for a pruned branch and for the node whose children
	// were pruned, "β ≤ α: 2 ≤ 3".
	Why  string `json:"why,omitempty"`
	OnPV bool   `json:"pv,omitempty"`
	// Wins, Visits and UCB1 are MCTS's: wins for the player who moved
	// into the node, visits, and UCB1 as its parent sees it now.
	Wins   float64 `json:"wins,omitempty"`
	Visits float64 `json:"visits,omitempty"`
	UCB1   Bound   `json:"ucb1,omitempty"`
	Text   Text    `json:"text"`
}

// Text is a node's numbers as every renderer prints them.
type Text struct {
	Value  string `json:"value,omitempty"`  // "" when not Valued
	Window string `json:"window,omitempty"` // "[α=3, β=+∞]", alpha-beta only
	Range  string `json:"range"`            // "[−∞, 3]"
	Wins   string `json:"wins,omitempty"`   // MCTS: "3.5/7"
	UCB1   string `json:"ucb1,omitempty"`
}

// View is a game search at one step, derived once from the engine: the
// tree generated so far, what the step did and, once the search is over,
// the principal variation. Every renderer (exports, worksheets, notebook)
// prints a View and computes nothing of its own.
type View struct {
	Problem   string    `json:"problem"`
	Options   string    `json:"options"`
	Algorithm Algorithm `json:"algorithm"`
	Step      int       `json:"step"`
	Status    Status    `json:"status"`
	// Event is what step Step did (zero at step 0); Says says it in words.
	Event Event  `json:"event"`
	Says  string `json:"says"`
	// Nodes holds every node generated so far, indexed by ID; Cut the
	// branches pruned so far, in the order they were cut.
	Nodes []ViewNode `json:"nodes"`
	Cut   []ViewNode `json:"cut,omitempty"`
	// Start is the root as the search starts from it, status Start, while
	// no node is visited (step 0 of minimax, alpha-beta and
	// expectiminimax; nil after, and for MCTS, whose Nodes hold the root
	// from the start): what a drawing of step 0 shows.
	Start *ViewNode `json:"start,omitempty"`
	// Board is the number of columns of the board a node's State writes
	// row after row (tic-tac-toe: 3; connect four: 7, its rows joined by
	// '/'), 0 when a State is plain text: a
	// drawing may lay it out as a board.
	Board int `json:"board,omitempty"`
	// Path is the current path (IDs from the root); PV the principal
	// variation once the search is over (IDs from the root), PVMoves its
	// moves.
	Path    []int    `json:"path"`
	PV      []int    `json:"pv,omitempty"`
	PVMoves []string `json:"pvMoves,omitempty"`
	Result  Result   `json:"result"`
	Value   string   `json:"value"` // the result's value, written
	// Phases are the last MCTS iteration's four phases in words.
	Phases []string `json:"phases,omitempty"`
}

// Viewer steps a game search and keeps what its View needs: O(1) per
// step beyond the search's own work (O(depth) for the path's windows),
// O(nodes) memory. Not safe for concurrent use.
type Viewer struct {
	s     *Search
	nodes []ViewNode
	kids  [][]int32
	cut   []ViewNode
	ev    Event
}

// NewViewer starts a search of g with o, at step 0.
func NewViewer(g Game, o Options) (*Viewer, error) {
	s, err := New(g, o)
	if err != nil {
		return nil, err
	}
	return &Viewer{s: s}, nil
}

// ViewAt is the view at step k (k ≤ 0: the start; past the end: the end),
// replayed from step 0: the same k gives the same view. O(k) steps.
func ViewAt(g Game, o Options, k int) (*View, error) {
	v, err := NewViewer(g, o)
	if err != nil {
		return nil, err
	}
	for v.Steps() < k {
		if _, ok := v.Step(); !ok {
			break
		}
	}
	return v.View(), nil
}

// Search is the search stepped; the caller must not step it.
func (v *Viewer) Search() *Search { return v.s }

// Steps is the number of steps taken.
func (v *Viewer) Steps() int { return v.s.steps }

// Step takes one step and folds it into the view; false when the search
// was already over.
func (v *Viewer) Step() (Event, bool) {
	ev, ok := v.s.Step()
	if !ok {
		return ev, false
	}
	v.ev = ev
	if v.s.mcts != nil {
		return ev, true
	}
	switch ev.What {
	case Visit, Down:
		f := &v.s.stack[len(v.s.stack)-1]
		n := ViewNode{ID: ev.Node, Parent: ev.Parent, Move: ev.Move, Depth: ev.Depth, Turn: ev.Turn, State: ev.State,
			Name: nameOf(v.s.g, f.s, ev.State), Leaf: ev.Leaf, Cutoff: ev.Cutoff, Best: -1, Kids: len(f.moves), Window: v.s.o.Algorithm == AlphaBeta}
		if ev.Leaf {
			n.Valued, n.Value, n.Kids = true, ev.Value, 0
		}
		v.nodes = append(v.nodes, n)
		v.kids = append(v.kids, nil)
		if ev.Parent >= 0 {
			v.kids[ev.Parent] = append(v.kids[ev.Parent], int32(ev.Node))
		}
	case Up:
		c := &v.nodes[ev.Node]
		c.Value, c.Valued = ev.Value, true
		if ev.Parent >= 0 {
			p := &v.nodes[ev.Parent]
			p.Value, p.Valued = ev.ParentValue, true
			if ev.BestChanged {
				p.Best = ev.Node
			}
			if ev.Why != "" {
				p.Why = v.why(ev.Beta, ev.Alpha)
				if len(ev.Pruned) > 0 {
					pf := &v.s.stack[len(v.s.stack)-1]
					for _, m := range pf.moves[pf.next:] {
						st := v.s.g.Result(pf.s, m)
						_, over := v.s.g.Terminal(st)
						v.cut = append(v.cut, ViewNode{ID: -1, Parent: ev.Parent, Move: v.s.g.MoveName(pf.s, m),
							Depth: p.Depth + 1, Turn: v.s.g.Turn(st), State: v.s.g.StateName(st), Status: Pruned, Leaf: over,
							Best: -1, Why: p.Why})
						c := &v.cut[len(v.cut)-1]
						c.Name = nameOf(v.s.g, st, c.State)
					}
				}
			}
		}
	}
	// The windows of the nodes on the path are the engine's own.
	for i := range v.s.stack {
		f := &v.s.stack[i]
		n := &v.nodes[f.id]
		n.Alpha, n.Beta = Bound(f.alpha), Bound(f.beta)
	}
	return ev, true
}

func (v *Viewer) why(beta, alpha Bound) string {
	return "β ≤ α: " + FormatBound(beta) + " ≤ " + FormatBound(alpha)
}

// View is the view at the current step: a copy the caller owns. O(nodes).
func (v *Viewer) View() *View {
	s := v.s
	r := s.Result()
	out := &View{Problem: r.Problem, Options: r.Options, Algorithm: s.o.Algorithm, Step: s.steps, Status: s.status,
		Event: v.ev, Result: r, Value: FormatBound(Bound(r.Value))}
	if b, ok := s.g.(Boarded); ok {
		out.Board = b.BoardColumns()
	}
	if s.mcts != nil {
		v.mctsView(out)
		return out
	}
	out.Nodes = append([]ViewNode(nil), v.nodes...)
	out.Cut = append([]ViewNode(nil), v.cut...)
	if len(out.Nodes) == 0 {
		out.Start = v.start()
	}
	for i := range out.Nodes {
		out.Nodes[i].Status = Closed
	}
	for _, f := range s.stack {
		out.Path = append(out.Path, f.id)
		out.Nodes[f.id].Status = OnPath
	}
	if len(out.Nodes) > 0 {
		v.ranges(out.Nodes, 0)
	}
	if s.status != Running && len(out.Nodes) > 0 {
		for id := 0; id >= 0; id = out.Nodes[id].Best {
			out.PV = append(out.PV, id)
			out.Nodes[id].OnPV = true
			if id > 0 {
				out.PVMoves = append(out.PVMoves, out.Nodes[id].Move)
			}
		}
	}
	for i := range out.Nodes {
		out.Nodes[i].Text = nodeText(&out.Nodes[i])
	}
	for i := range out.Cut {
		out.Cut[i].Low, out.Cut[i].High = Bound(math.Inf(-1)), Bound(math.Inf(1))
		out.Cut[i].Text = nodeText(&out.Cut[i])
	}
	out.Says = v.says()
	return out
}

// Boarded is a game whose StateName writes a board row after row, in
// BoardColumns columns, the rows one after another (tic-tac-toe's
// "X...O....") or joined by '/' (connect four's "......./.......").
type Boarded interface {
	BoardColumns() int
}

// start is the root before the first step visits it. O(moves).
func (v *Viewer) start() *ViewNode {
	g := v.s.g
	root := g.Root()
	_, over := g.Terminal(root)
	n := &ViewNode{Parent: -1, Turn: g.Turn(root), State: g.StateName(root), Status: Start, Leaf: over, Best: -1,
		Low: Bound(math.Inf(-1)), High: Bound(math.Inf(1))}
	n.Name = nameOf(g, root, n.State)
	n.Text = nodeText(n)
	return n
}

// ranges sets Low and High of id's subtree bottom up (AIMA Fig. 5.5's
// range of possible values): a leaf is [v, v]; a MAX node the max of its
// children's lows and of their highs, a MIN node the min of each, where a
// child not generated (yet, or pruned) ranges over [−∞, +∞]; a chance
// node is its value once every outcome is backed up, else [−∞, +∞].
func (v *Viewer) ranges(nodes []ViewNode, id int) {
	n := &nodes[id]
	if n.Leaf {
		n.Low, n.High = n.Value, n.Value
		return
	}
	kids := v.kids[id]
	for _, k := range kids {
		v.ranges(nodes, int(k))
	}
	inf := Bound(math.Inf(1))
	if n.Turn == Chance {
		n.Low, n.High = -inf, inf
		if len(kids) == n.Kids && n.Status == Closed {
			n.Low, n.High = n.Value, n.Value
		}
		return
	}
	lo, hi := -inf, -inf // MAX
	if n.Turn == Min {
		lo, hi = inf, inf
	}
	fold := func(l, h Bound) {
		if n.Turn == Max {
			lo, hi = max(lo, l), max(hi, h)
		} else {
			lo, hi = min(lo, l), min(hi, h)
		}
	}
	for _, k := range kids {
		fold(nodes[k].Low, nodes[k].High)
	}
	if len(kids) < n.Kids || n.Kids == 0 {
		fold(-inf, inf)
	}
	n.Low, n.High = lo, hi
}

// FormatBound writes a value or bound under the rounding rule, the
// infinities as "+∞" and "−∞".
func FormatBound(b Bound) string {
	switch {
	case math.IsInf(float64(b), 1):
		return "+∞"
	case math.IsInf(float64(b), -1):
		return "−∞"
	}
	return stepper.FormatNumber(float64(b))
}

func nodeText(n *ViewNode) Text {
	t := Text{Range: "[" + FormatBound(n.Low) + ", " + FormatBound(n.High) + "]"}
	if n.Valued {
		t.Value = FormatBound(n.Value)
	}
	if n.Window && n.ID >= 0 {
		t.Window = "[α=" + FormatBound(n.Alpha) + ", β=" + FormatBound(n.Beta) + "]"
	}
	if n.Visits > 0 {
		t.Wins = stepper.FormatNumber(n.Wins) + "/" + stepper.FormatNumber(n.Visits)
		t.UCB1 = FormatBound(n.UCB1)
	}
	return t
}

// says is the step in words, from the event and the nodes so far.
// O(depth) (the principal variation, at the last step).
func (v *Viewer) says() string {
	ev := v.ev
	if v.s.mcts != nil {
		return v.mctsSays()
	}
	if ev.Step == 0 {
		root := v.s.g.Root()
		who := v.s.g.Turn(root).String() + " to move"
		if v.s.g.Turn(root) == Chance {
			who = "a chance node"
		}
		start := fmt.Sprintf("start: %s (%s) is not visited yet; step 1 visits it", theRoot(PositionName(v.s.g, root)), who)
		if v.s.o.Algorithm == AlphaBeta {
			start += " with [α=−∞, β=+∞]"
		}
		if _, over := v.s.g.Terminal(root); over {
			return start + ": the game is already over there"
		}
		return start + ", then each step goes down one move or backs a value up"
	}
	n := &v.nodes[ev.Node]
	name := n.Name
	if n.Leaf {
		name = "leaf " + n.Name
	}
	window := func(a, b Bound) string { return "[α=" + FormatBound(a) + ", β=" + FormatBound(b) + "]" }
	var b strings.Builder
	switch ev.What {
	case Visit:
		fmt.Fprintf(&b, "visit %s (%s)", theRoot(n.Name), n.Turn)
		if n.Window {
			b.WriteString(" with " + window(ev.Alpha, ev.Beta))
		}
	case Down:
		fmt.Fprintf(&b, "visit %s by %s", name, n.Move)
		if n.Window {
			b.WriteString(" with " + window(ev.Alpha, ev.Beta))
		}
		switch {
		case n.Cutoff:
			fmt.Fprintf(&b, ": cut off at depth %d, evaluation %s", n.Depth, FormatBound(ev.Value))
		case n.Leaf:
			fmt.Fprintf(&b, ": utility %s", FormatBound(ev.Value))
		}
	case Up:
		if ev.Parent < 0 {
			fmt.Fprintf(&b, "%s's value is %s: the search is over", name, FormatBound(ev.Value))
			if pv := v.pvMoves(); len(pv) > 0 {
				fmt.Fprintf(&b, "; best move %s, principal variation %s", pv[0], strings.Join(pv, " "))
			}
			break
		}
		p := &v.nodes[ev.Parent]
		fmt.Fprintf(&b, "back up %s from %s into %s (%s): %s's value so far %s", FormatBound(ev.Value), name, p.Name, p.Turn, p.Name, FormatBound(ev.ParentValue))
		if ev.BestChanged {
			fmt.Fprintf(&b, ", best move %s", n.Move)
		}
		if p.Window {
			b.WriteString(", " + window(ev.Alpha, ev.Beta))
		}
		if ev.Why != "" {
			w := v.why(ev.Beta, ev.Alpha)
			if len(ev.Pruned) > 0 {
				fmt.Fprintf(&b, "; prune %s: %s", strings.Join(ev.Pruned, ", "), w)
			} else {
				fmt.Fprintf(&b, "; %s, but no move is left to prune", w)
			}
		}
	}
	return b.String()
}

// pvMoves follows the best children from the root. O(depth).
func (v *Viewer) pvMoves() []string {
	var pv []string
	for id := 0; len(v.nodes) > 0 && v.nodes[id].Best >= 0; {
		id = v.nodes[id].Best
		pv = append(pv, v.nodes[id].Move)
	}
	return pv
}
