package game

import (
	"fmt"
	"math"
	"strings"

	"stepviz/stepper"
)

// mctsView fills out with MCTS's tree: every node with its wins, visits
// and UCB1 as its parent sees it now; the last iteration's path marked
// selected and its new node expanded; the four phases in words. O(nodes).
func (v *Viewer) mctsView(out *View) {
	m := v.s.mcts
	out.Nodes = make([]ViewNode, len(m.nodes))
	depth := make([]int, len(m.nodes))
	for i := range m.nodes {
		n := &m.nodes[i]
		vn := ViewNode{ID: i, Parent: int(n.parent), Turn: n.turn, State: v.s.g.StateName(n.s), Status: InTree,
			Leaf: n.over, Best: -1, Kids: len(n.kids) + len(n.untried), Wins: n.wins, Visits: n.n}
		vn.Name = nameOf(v.s.g, n.s, vn.State)
		if n.parent >= 0 {
			p := &m.nodes[n.parent]
			depth[i] = depth[n.parent] + 1
			vn.Move = v.s.g.MoveName(p.s, n.move)
			vn.UCB1 = Bound(m.ucb1(n.n, p.n, n.wins))
		}
		vn.Depth = depth[i]
		if n.over {
			vn.Valued, vn.Value = true, Bound(n.utility)
		}
		out.Nodes[i] = vn
	}
	if v.ev.Step > 0 {
		for _, id := range m.path {
			out.Nodes[id].Status = Select
			out.Path = append(out.Path, int(id))
		}
		if v.ev.MCTS.Expanded != "" {
			out.Nodes[m.path[len(m.path)-1]].Status = Expand
		}
	}
	if len(m.nodes[0].kids) > 0 {
		best := m.nodes[0].kids[0]
		for _, k := range m.nodes[0].kids[1:] {
			if m.nodes[k].n > m.nodes[best].n {
				best = k
			}
		}
		out.Nodes[0].Best = int(best)
		if v.s.status != Running {
			out.PV = []int{0, int(best)}
			out.PVMoves = []string{out.Nodes[best].Move}
			out.Nodes[0].OnPV, out.Nodes[best].OnPV = true, true
		}
	}
	for i := range out.Nodes {
		out.Nodes[i].Low, out.Nodes[i].High = Bound(math.Inf(-1)), Bound(math.Inf(1))
		if out.Nodes[i].Valued {
			out.Nodes[i].Low, out.Nodes[i].High = out.Nodes[i].Value, out.Nodes[i].Value
		}
		out.Nodes[i].Text = nodeText(&out.Nodes[i])
		out.Nodes[i].Text.Range = ""
	}
	out.Phases = v.phases()
	out.Says = v.says()
}

// phases are the last iteration's four phases in words (nil at step 0).
func (v *Viewer) phases() []string {
	if v.ev.Step == 0 {
		return nil
	}
	it := v.ev.MCTS
	sel := "the root"
	if len(it.Selected) > 0 {
		sel = strings.Join(it.Selected, " ")
	}
	return []string{
		"selection: " + sel + " (by UCB1)",
		"expansion: " + orNone(it.Expanded, "none, the node selected is over"),
		"simulation: " + orNone(strings.Join(it.Playout, " "), "none, the game is over") + ", utility " + stepper.FormatNumber(it.Utility) + " for MAX",
		fmt.Sprintf("back-propagation: %d nodes updated, the root visited %d times", len(v.s.mcts.path), it.RootVisit),
	}
}

func (v *Viewer) mctsSays() string {
	if v.ev.Step == 0 {
		return "start: the root alone, no iteration yet; step 1 runs the first: selection by UCB1, expansion of one move, a random playout, back-propagation of its utility"
	}
	return fmt.Sprintf("iteration %d: %s", v.ev.Step, strings.Join(v.phases(), "; "))
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
