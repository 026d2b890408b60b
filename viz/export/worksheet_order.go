package export

import (
	"fmt"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// actionNamer is a problem whose moves are the same few names at every
// state (a puzzle's up, down, left, right; a grid's N, E, S, W ...).
type actionNamer interface{ ActionNames() []string }

// successorRule is the rules' clause on the successor order in words a
// student can apply by hand: a puzzle's or a grid's moves in the order
// taken; for a graph, where the order is a node's own, a pointer to the
// nodes table, which lists every node's successors in order
// (graphSuccessors). Any other problem keeps the order's name. O(moves).
func successorRule(inst stepper.Instance, o stepper.Options) string {
	name := fmt.Sprintf("successors in %s order", o.Order)
	switch p := inst.(type) {
	case *graph.Graph:
		return name + ": each node's successors are listed in that order in the table of nodes"
	case actionNamer:
		moves := strings.Join(stepper.OrderNames(o.Order, p.ActionNames()), ", ")
		switch inst.Kind() {
		case "puzzle":
			return name + ": the blank moves " + moves + " (those it can make)"
		case "grid":
			return name + ": moves " + moves + " (those that can be made)"
		}
	}
	return name
}

// withSuccessorRule replaces rules' clause "successors in O order"
// (rulesText's) with successorRule's.
func withSuccessorRule(rules string, inst stepper.Instance, o stepper.Options) string {
	return strings.Replace(rules, fmt.Sprintf("successors in %s order", o.Order), successorRule(inst, o), 1)
}

// graphSuccessors is each node's successors in the order the search takes
// them, by node name: the column a graph sheet's table of nodes gives.
// O(edges · log degree).
func graphSuccessors(g *graph.Graph, order string) map[string]string {
	out := make(map[string]string)
	for _, n := range g.Nodes() {
		arcs, _ := g.Neighbors(n.Name)
		names := make([]string, len(arcs))
		for i, a := range arcs {
			names[i] = a.To
		}
		out[n.Name] = strings.Join(stepper.OrderNames(order, names), ", ")
	}
	return out
}
