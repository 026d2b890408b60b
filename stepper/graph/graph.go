package graph

import (
	"container/heap"
	"fmt"
	"math"
	"slices"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// Node is one node of a weighted graph. X and Y are its drawing
// coordinates when HasXY is set (the Romania map uses aima-python's
// romania_map.locations, y growing upwards).
type Node struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	HasXY bool    `json:"hasXY"`
}

// Edge is one edge of a weighted graph: a road both ways, or only
// From → To when Directed. Cost > 0.
type Edge struct {
	From     string  `json:"from"`
	To       string  `json:"to"`
	Cost     float64 `json:"cost"`
	Directed bool    `json:"directed,omitempty"`
}

// graphArc is one way out of a node: the node it leads to and its cost.
type graphArc struct {
	to   int
	cost float64
}

// Graph is a weighted graph problem: go from the start node to the goal
// node along edges of positive cost. A state is a node; an action is named
// after the node it moves to ("Sibiu"). A node's successors, in their
// natural order, follow the order its edges are written in (see
// docs/graph-format.md; the Romania map follows aima-python's romania_map).
//
// A Graph is immutable once parsed and safe to share between searches.
type Graph struct {
	extra  *stepper.Extra // heuristics added by stepper.WithExtra
	source string         // "romania", a file path, or "" for a graph given as text
	nodes  []Node
	edges  []Edge
	index  map[string]int
	adj    [][]graphArc
	start  int
	goal   int
	// defStart and defGoal are the start and goal the source names (-1: none).
	defStart, defGoal int

	// table is the heuristic table (nil if none), named tableName, an
	// estimate of the distance to node tableGoal (-1: to whatever goal is
	// chosen).
	table     []float64
	tableName string
	tableGoal int

	// dist is the exact cost from every node to the goal (+Inf if the goal
	// cannot be reached), computed once to judge admissibility.
	dist []float64
}

// Heuristic names of graphs.
const (
	// HeuristicTable is the h table of a graph file.
	HeuristicTable = "table"
	// HeuristicSLD is the Romania map's straight-line distance to Bucharest
	// (AIMA figure 3.22).
	HeuristicSLD = "sld"
	// HeuristicEuclidean is the straight-line distance over the nodes'
	// coordinates.
	HeuristicEuclidean = "euclidean"
	// HeuristicZero is h = 0.
	HeuristicZero = "zero"
)

// Kind is "graph".
func (g *Graph) Kind() string { return "graph" }

// Spec is the problem line that rebuilds the graph: "graph romania
// goal=Craiova", "graph maps/tiny.txt start=B", or for a graph given as
// text "graph text:node,A;node,B;edge,A,B,3;start,A;goal,B". start= and
// goal= are written only when they differ from what the source says.
func (g *Graph) Spec() string {
	var b strings.Builder
	b.WriteString("graph ")
	switch g.source {
	case "":
		b.WriteString(textPrefix + g.compactText())
	default:
		b.WriteString(g.source)
	}
	if g.start != g.defStart {
		fmt.Fprintf(&b, " start=%s", g.nodes[g.start].Name)
	}
	if g.goal != g.defGoal {
		fmt.Fprintf(&b, " goal=%s", g.nodes[g.goal].Name)
	}
	return b.String()
}

// Nodes returns the nodes in the order they were declared. The caller may
// modify the copy. O(nodes).
func (g *Graph) Nodes() []Node { return append([]Node(nil), g.nodes...) }

// Edges returns the edges in the order they were written. O(edges).
func (g *Graph) Edges() []Edge { return append([]Edge(nil), g.edges...) }

// StartName is the start node's name.
func (g *Graph) StartName() string { return g.nodes[g.start].Name }

// GoalName is the goal node's name.
func (g *Graph) GoalName() string { return g.nodes[g.goal].Name }

// Source is "romania", the file the graph was read from, or "" for a graph
// given as text.
func (g *Graph) Source() string { return g.source }

// ActionNames lists every action: one per node, named after it, in
// declaration order.
func (g *Graph) ActionNames() []string {
	out := make([]string, len(g.nodes))
	for i, n := range g.nodes {
		out[i] = n.Name
	}
	return out
}

// Neighbors returns the nodes reachable from name in one move, with their
// costs, in successor (natural) order. ok is false if name is not a node.
func (g *Graph) Neighbors(name string) (out []Edge, ok bool) {
	i, ok := g.index[name]
	if !ok {
		return nil, false
	}
	for _, a := range g.adj[i] {
		out = append(out, Edge{From: name, To: g.nodes[a.to].Name, Cost: a.cost, Directed: true})
	}
	return out, true
}

// tableApplies reports whether the h table estimates the distance to the
// chosen goal.
func (g *Graph) tableApplies() bool {
	return g.table != nil && (g.tableGoal < 0 || g.tableGoal == g.goal)
}

// allXY reports whether every node has coordinates.
func (g *Graph) allXY() bool {
	for _, n := range g.nodes {
		if !n.HasXY {
			return false
		}
	}
	return true
}

// Heuristics names the heuristics, the default first: the h table (sld for
// Romania, table for a file) when it estimates the distance to the chosen
// goal, euclidean when every node has coordinates, and zero.
func (g *Graph) Heuristics() []string {
	var out []string
	if g.tableApplies() {
		out = append(out, g.tableName)
	}
	if g.allXY() {
		out = append(out, HeuristicEuclidean)
	}
	return append(append(out, HeuristicZero), g.extra.List()...)
}

// HeuristicValue returns h(node) for a heuristic of this graph. ok is false
// if the heuristic or node is unknown. O(1).
func (g *Graph) HeuristicValue(h, node string) (v float64, ok bool) {
	i, ok := g.index[node]
	if !ok {
		return 0, false
	}
	for _, hh := range g.heuristics() {
		if hh.Name == h {
			return hh.Estimate(i), true
		}
	}
	return 0, false
}

func (g *Graph) euclid(i int) float64 {
	a, b := g.nodes[i], g.nodes[g.goal]
	return math.Hypot(a.X-b.X, a.Y-b.Y)
}

// heuristics builds the heuristics in the order Heuristics names them, each
// with its admissibility judged exactly against the true costs to the goal.
func (g *Graph) heuristics() []stepper.Heuristic[int] {
	var hs []stepper.Heuristic[int]
	if g.tableApplies() {
		t := g.table
		hs = append(hs, stepper.Heuristic[int]{Name: g.tableName, Estimate: func(s int) float64 { return t[s] }})
	}
	if g.allXY() {
		hs = append(hs, stepper.Heuristic[int]{Name: HeuristicEuclidean, Estimate: g.euclid})
	}
	hs = append(hs, stepper.Heuristic[int]{Name: HeuristicZero, Estimate: func(int) float64 { return 0 }})
	for i := range hs {
		hs[i].Admissible = g.admissible(hs[i].Estimate)
	}
	return hs
}

// admissible reports whether h(n) <= h*(n) for every node n, h* the cheapest
// cost from n to the goal. O(nodes).
func (g *Graph) admissible(h func(int) float64) bool {
	for i := range g.nodes {
		if d := g.dist[i]; !math.IsInf(d, 1) && h(i) > d+1e-9*math.Max(1, d) {
			return false
		}
	}
	return true
}

// inconsistency returns an edge n → m with h(n) > c(n,m) + h(m), as a
// sentence, or "" if h is consistent. O(edges).
func (g *Graph) inconsistency(h func(int) float64) string {
	for n := range g.adj {
		for _, a := range g.adj[n] {
			if hn, hm := h(n), h(a.to); hn > a.cost+hm+1e-9*math.Max(1, hn) {
				return fmt.Sprintf("h(%s) = %s > c(%s, %s) + h(%s) = %s + %s",
					g.nodes[n].Name, stepper.FormatNumber(hn), g.nodes[n].Name, g.nodes[a.to].Name, g.nodes[a.to].Name, stepper.FormatNumber(a.cost), stepper.FormatNumber(hm))
			}
		}
	}
	return ""
}

// Engine starts a search on the graph. It explains a heuristic that does
// not apply to the chosen goal, and warns when h is admissible but not
// consistent and A* would ignore a cheaper path to a closed node.
func (g *Graph) Engine(o stepper.Options) (stepper.Engine, error) {
	if o.Algorithm.UsesHeuristic() && o.Heuristic != "" && !slices.Contains(g.Heuristics(), o.Heuristic) {
		switch {
		case g.table != nil && o.Heuristic == g.tableName:
			return nil, usererr.Errorf("stepper", "heuristic %s estimates the distance to %s and does not apply to goal %s; use %s",
				o.Heuristic, g.nodes[g.tableGoal].Name, g.GoalName(), strings.Join(g.Heuristics(), " or ")).For("h")
		case o.Heuristic == HeuristicEuclidean:
			return nil, usererr.Errorf("stepper", "heuristic euclidean needs coordinates on every node (%s has none); give them as node NAME X Y, or use %s",
				g.firstWithoutXY(), strings.Join(g.Heuristics(), " or ")).For("h")
		}
	}
	hs := stepper.AddExtra(g, g.extra, stepper.Problem[int](graphSpace{g: g}), g.heuristics())
	if o.Algorithm == stepper.BiAStar {
		return g.newBiAStar(o, hs)
	}
	if o.Algorithm.Bidirectional() {
		return stepper.Start[int](g.reversed(), hs, o, g.Kind())
	}
	e, err := stepper.Start[int](graphSpace{g: g}, hs, o, g.Kind())
	if err != nil || o.RunsDepthFirst() {
		return e, err
	}
	return stepper.WithWarnings(e, g.warnings(o, stepper.PickedHeuristic(hs, o))...), nil
}

// warnings are the notes on best-first search o with heuristic h (nil for
// none): a table of distances to another goal, or an admissible h that is
// not consistent where A* ignores a cheaper path to a closed node.
func (g *Graph) warnings(o stepper.Options, h *stepper.Heuristic[int]) []string {
	if h == nil {
		return nil
	}
	var w []string
	if g.table != nil && !g.tableApplies() && o.Heuristic == "" {
		w = append(w, fmt.Sprintf("the %s table estimates the distance to %s, not to goal %s: h is %s",
			g.tableName, g.nodes[g.tableGoal].Name, g.GoalName(), h.Name))
	}
	// A heuristic that can fail (a student's script, h.Err set) is not
	// evaluated here on every state: a failure would belong to no node of
	// the search, which marks the node whose estimate fails (NodeInfo.HFailed).
	if h.Admissible && h.Err == nil && (o.Algorithm == stepper.AStar || o.Algorithm == stepper.WAStar) && !o.Tree && o.Closed != stepper.Reopen {
		if why := g.inconsistency(h.Estimate); why != "" {
			w = append(w, fmt.Sprintf("heuristic %s is admissible but not consistent (%s): with closed=ignore, %s may return a path that is not the cheapest; closed=reopen finds it",
				h.Name, why, o.Algorithm))
		}
	}
	return w
}

func (g *Graph) firstWithoutXY() string {
	for _, n := range g.nodes {
		if !n.HasXY {
			return n.Name
		}
	}
	return ""
}

// lookup finds a node by name: exactly, else ignoring case (and reading a
// space as an underscore), else by a unique prefix ignoring case ("rimnicu"
// and "Rimnicu Vilcea" find Rimnicu_Vilcea).
func (g *Graph) lookup(name string) (int, error) {
	if i, ok := g.index[name]; ok {
		return i, nil
	}
	// Ignoring case, a space matches an underscore.
	fold := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), " ", "_") }
	low := fold(name)
	found := -1
	for _, exact := range []bool{true, false} {
		count := 0
		for i, n := range g.nodes {
			ln := fold(n.Name)
			if (exact && ln == low) || (!exact && low != "" && strings.HasPrefix(ln, low)) {
				found, count = i, count+1
			}
		}
		if count == 1 {
			return found, nil
		}
		if count > 1 && !exact {
			return -1, usererr.Errorf("stepper", "graph: %q could be any of %d nodes; write the whole name", name, count)
		}
	}
	hint := ""
	lowNames := make([]string, len(g.nodes))
	for i, n := range g.nodes {
		lowNames[i] = strings.ToLower(n.Name)
	}
	if s := stepper.Suggest(low, lowNames); s != "" && len(name) >= 4 {
		for _, n := range g.nodes {
			if strings.ToLower(n.Name) == s {
				hint = fmt.Sprintf(" (did you mean %s?)", n.Name)
			}
		}
	}
	return -1, usererr.Errorf("stepper", "graph has no node %q%s; nodes are %s", name, hint, strings.Join(g.ActionNames(), ", "))
}

// finish builds the adjacency lists when adj is nil (edge order), checks
// start and goal, and computes the exact costs to the goal.
func (g *Graph) finish() error {
	if g.adj == nil {
		g.adj = make([][]graphArc, len(g.nodes))
		for _, e := range g.edges {
			a, b := g.index[e.From], g.index[e.To]
			g.adj[a] = append(g.adj[a], graphArc{b, e.Cost})
			if !e.Directed {
				g.adj[b] = append(g.adj[b], graphArc{a, e.Cost})
			}
		}
	}
	if g.start < 0 {
		return usererr.Errorf("stepper", "graph has no start node: add a line \"start NAME\" or write start=NAME after the graph")
	}
	if g.goal < 0 {
		return usererr.Errorf("stepper", "graph has no goal node: add a line \"goal NAME\" or write goal=NAME after the graph")
	}
	g.dist = g.costsTo(g.goal)
	return nil
}

// costsTo runs Dijkstra's algorithm backwards from goal: the cheapest cost
// from every node to goal. O((nodes + edges) log nodes).
func (g *Graph) costsTo(goal int) []float64 {
	rev := make([][]graphArc, len(g.nodes))
	for n := range g.adj {
		for _, a := range g.adj[n] {
			rev[a.to] = append(rev[a.to], graphArc{n, a.cost})
		}
	}
	dist := make([]float64, len(g.nodes))
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[goal] = 0
	q := &distQueue{{goal, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(graphArc)
		if it.cost > dist[it.to] {
			continue
		}
		for _, a := range rev[it.to] {
			if d := it.cost + a.cost; d < dist[a.to] {
				dist[a.to] = d
				heap.Push(q, graphArc{a.to, d})
			}
		}
	}
	return dist
}

// distQueue is a container/heap of (node, distance) pairs, nearest first.
type distQueue []graphArc

func (q distQueue) Len() int           { return len(q) }
func (q distQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q distQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *distQueue) Push(x any)        { *q = append(*q, x.(graphArc)) }
func (q *distQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// graphSpace is the graph seen as a search problem: a state is a node index
// and so is an action (the node moved to).
type graphSpace struct {
	g     *Graph
	rev   [][]graphArc // the arcs into each node, for bidirectional search only
	least float64      // the cheapest edge's cost (0 without edges), with rev
}

// reversed is the graph's space with its reverse adjacency and its
// cheapest edge: O(edges).
func (g *Graph) reversed() graphSpace {
	rev := make([][]graphArc, len(g.adj))
	least := math.Inf(1)
	for n, arcs := range g.adj {
		for _, a := range arcs {
			rev[a.to] = append(rev[a.to], graphArc{to: n, cost: a.cost})
			least = min(least, a.cost)
		}
	}
	if math.IsInf(least, 1) {
		least = 0
	}
	return graphSpace{g: g, rev: rev, least: least}
}

// LeastStepCost is the cost of the graph's cheapest edge or arc, over the
// whole graph (not only the edges a search has seen); reversed computes it.
func (p graphSpace) LeastStepCost() float64 { return p.least }

var (
	_ stepper.Problem[int]                = graphSpace{}
	_ interface{ ActionNames() []string } = graphSpace{}
	_ stepper.Instance                    = (*Graph)(nil)
)

func (p graphSpace) Start() int            { return p.g.start }
func (p graphSpace) IsGoal(s int) bool     { return s == p.g.goal }
func (p graphSpace) Format(s int) string   { return p.g.nodes[s].Name }
func (p graphSpace) ActionNames() []string { return p.g.ActionNames() }

func (p graphSpace) ActionName(a int) string {
	if a < 0 || a >= len(p.g.nodes) {
		return ""
	}
	return p.g.nodes[a].Name
}

// GoalState is the goal node.
func (p graphSpace) GoalState() int { return p.g.goal }

// Predecessors appends the nodes with an edge or arc into s, in node
// order: each road followed backwards. O(in-degree); the reverse adjacency
// is built when a bidirectional search starts (reversed).
func (p graphSpace) Predecessors(s int, buf []stepper.Successor[int]) []stepper.Successor[int] {
	for _, a := range p.rev[s] {
		buf = append(buf, stepper.Successor[int]{State: a.to, Action: s, Cost: a.cost})
	}
	return buf
}

// Successors appends the nodes one edge away, in edge order. O(degree).
func (p graphSpace) Successors(s int, buf []stepper.Successor[int]) []stepper.Successor[int] {
	for _, a := range p.g.adj[s] {
		buf = append(buf, stepper.Successor[int]{State: a.to, Action: a.to, Cost: a.cost})
	}
	return buf
}

// newBiAStar: a graph's backward heuristics are euclidean to the start,
// zero, and max(0, h(start) − h(n)) for a consistent h table.
func (g *Graph) newBiAStar(o stepper.Options, hs []stepper.Heuristic[int]) (stepper.Engine, error) {
	if err := stepper.RefuseExtraBackward(g.extra, o.Heuristic, g.Heuristics()[:len(g.Heuristics())-len(g.extra.List())]); err != nil {
		return nil, err
	}
	back := func(h *stepper.Heuristic[int]) (func(int) float64, error) {
		switch h.Name {
		case HeuristicZero:
			return func(int) float64 { return 0 }, nil
		case HeuristicEuclidean:
			s := g.nodes[g.start]
			return func(i int) float64 { return math.Hypot(g.nodes[i].X-s.X, g.nodes[i].Y-s.Y) }, nil
		}
		if why := g.inconsistency(h.Estimate); why != "" {
			return nil, usererr.Errorf("stepper", "biastar needs heuristic %s toward the start too; from a table toward the goal that is max(0, h(start) − h(n)), which is admissible only when h is consistent, and it is not (%s): use %s",
				h.Name, why, strings.Join(others(g.Heuristics(), h.Name, g.extra.List()), " or "))
		}
		hStart := h.Estimate(g.start)
		return func(i int) float64 { return max(0, hStart-h.Estimate(i)) }, nil
	}
	return stepper.StartBiAStar[int](g.reversed(), hs, back, o)
}

// others lists names without skip and without the extra ones.
func others(names []string, skip string, extra []string) []string {
	var out []string
	for _, n := range names {
		if n != skip && !slices.Contains(extra, n) {
			out = append(out, n)
		}
	}
	return out
}

// Cell is a graph state's node index.
func (p graphSpace) Cell(s int) int { return s }

var (
	_ stepper.Celled[int]     = graphSpace{}
	_ stepper.Reversible[int] = graphSpace{}
)

var _ stepper.ExtraHolder = (*Graph)(nil)

// ExtraHeuristics returns the heuristics added to the graph, or nil.
func (g *Graph) ExtraHeuristics() *stepper.Extra { return g.extra }

// WithExtraHeuristics returns a copy of g with the heuristics x added.
func (g *Graph) WithExtraHeuristics(x *stepper.Extra) stepper.Instance {
	c := *g
	c.extra = x
	return &c
}
