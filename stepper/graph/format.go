package graph

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// The graph text format (docs/graph-format.md), one statement a line, '#'
// starting a comment:
//
//	node NAME [X Y]          a node, optionally with drawing coordinates
//	nodes NAME NAME ...      several nodes without coordinates
//	edge FROM TO COST        a road both ways (COST > 0)
//	arc FROM TO COST         a one-way road FROM → TO
//	h NAME VALUE             the h table (heuristic "table"), VALUE >= 0
//	start NAME
//	goal NAME
//
// Nodes are declared before the edges that use them. A node's successors
// come in the order of the edge and arc lines that leave it.

// textPrefix marks a graph given inline on a problem line, its lines joined
// by ';' and its fields by ','.
const textPrefix = "text:"

// maxGraphFile caps the size of a graph file read from disk.
const maxGraphFile = 16 << 20

// MaxNodes caps a graph's nodes: the engine stores an action code (here
// the node moved to) in 16 bits.
const MaxNodes = 65535

// Parse parses the arguments of a graph problem line:
//
//	romania [start=Arad] [goal=Bucharest]
//	<file> [start=NAME] [goal=NAME]
//	text:<lines joined by ';', fields by ','> [start=NAME] [goal=NAME]
//
// start= and goal= override what the file says. Names are matched exactly,
// else ignoring case, else by a unique prefix. A graph file is read
// through files (nil: none is read, and the line is refused).
func Parse(args []string, files stepper.Files) (*Graph, error) {
	if len(args) == 0 {
		return nil, usererr.Errorf("stepper", "graph: missing map: write graph romania or graph <file> (see docs/graph-format.md)")
	}
	src := args[0]
	var (
		g   *Graph
		err error
	)
	switch {
	case strings.EqualFold(src, "romania"):
		g = Romania()
	case strings.HasPrefix(src, textPrefix):
		text := strings.NewReplacer(";", "\n", ",", " ").Replace(strings.TrimPrefix(src, textPrefix))
		g, err = parseText("", text)
	case strings.Contains(src, "="):
		return nil, usererr.Errorf("stepper", "graph: %q comes before the map: write graph romania %s or graph <file> %s", src, src, src)
	default:
		g, err = readGraphFile(files, src)
	}
	if err != nil {
		return nil, err
	}
	if err := g.applyArgs(args[1:]); err != nil {
		return nil, err
	}
	return g, nil
}

// ParseText parses a graph in the text format. name labels error
// messages (a file name, or "" for none); args are start=/goal= overrides.
// The graph's Spec writes it inline ("graph text:...").
func ParseText(name, text string, args []string) (*Graph, error) {
	g, err := parseText(name, text)
	if err != nil {
		return nil, err
	}
	g.source = ""
	if err := g.applyArgs(args); err != nil {
		return nil, err
	}
	return g, nil
}

func readGraphFile(files stepper.Files, path string) (*Graph, error) {
	if files == nil {
		return nil, stepper.NoFiles(path, "use graph romania, or give the graph inline (graph text:...)")
	}
	// Only a regular file is read, its size checked first: /dev/zero or
	// a FIFO is refused at once.
	data, err := stepper.ReadFile(files, path, maxGraphFile, "")
	if err != nil {
		return nil, usererr.Errorf("stepper", "graph: cannot read %q: %v; give romania or a graph file (see docs/graph-format.md)", path, unwrapPathErr(err))
	}
	if strings.ContainsAny(path, " \t\n") {
		return nil, usererr.Errorf("stepper", "graph: file name %q has white space, which a problem line cannot hold; rename the file", path)
	}
	g, err := parseText(path, string(data))
	if err != nil {
		return nil, err
	}
	g.source = path
	return g, nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// applyArgs applies start= and goal= and finishes the graph.
func (g *Graph) applyArgs(args []string) error {
	g.start, g.goal = g.defStart, g.defGoal
	// A word without '=' continues the name before it, so that the book's
	// "goal=Rimnicu Vilcea" finds Rimnicu_Vilcea.
	var pairs [][2]string
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		k = strings.ToLower(k)
		if !ok && len(pairs) > 0 {
			pairs[len(pairs)-1][1] += " " + a
			continue
		}
		if !ok || (k != "start" && k != "goal") {
			return usererr.Errorf("stepper", "graph: unknown argument %q; a graph takes start=NAME and goal=NAME", a)
		}
		pairs = append(pairs, [2]string{k, v})
	}
	seen := map[string]bool{}
	for _, kv := range pairs {
		k, v := kv[0], kv[1]
		if seen[k] {
			return usererr.Errorf("stepper", "graph: %s= given twice; give it once", k)
		}
		seen[k] = true
		i, err := g.lookup(v)
		if err != nil {
			return usererr.Errorf("", "%w (in %s=)", err, k)
		}
		if k == "start" {
			g.start = i
		} else {
			g.goal = i
		}
	}
	return g.finish()
}

// graphParser holds what a parse has read so far.
type graphParser struct {
	name   string
	g      *Graph
	line   int
	nodeAt map[string]int // node -> line declared
	edgeAt map[[2]int]int // (from, to) -> line of the edge or arc
	hAt    map[int]int    // node -> line of its h
	firstH int
	startL int
	goalL  int
}

func (p *graphParser) errf(format string, args ...any) error {
	where := fmt.Sprintf("line %d", p.line)
	if p.name != "" {
		where = fmt.Sprintf("%s:%d", p.name, p.line)
	}
	return usererr.Errorf("stepper", "graph %s: %w", where, usererr.Errorf("", format, args...).AtLine(p.line))
}

var graphKeywords = []string{"node", "nodes", "edge", "arc", "h", "start", "goal"}

var graphUsage = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"node":  "node NAME or node NAME X Y",
		"nodes": "nodes NAME NAME ...",
		"edge":  "edge FROM TO COST",
		"arc":   "arc FROM TO COST",
		"h":     "h NAME VALUE",
		"start": "start NAME",
		"goal":  "goal NAME",
	}
})

// parseText parses the text format; it does not apply start/goal
// overrides or finish the graph.
func parseText(name, text string) (*Graph, error) {
	g := &Graph{index: map[string]int{}, defStart: -1, defGoal: -1, tableName: HeuristicTable, tableGoal: -1}
	p := &graphParser{name: name, g: g, nodeAt: map[string]int{}, edgeAt: map[[2]int]int{}, hAt: map[int]int{}}
	for i, raw := range strings.Split(text, "\n") {
		p.line = i + 1
		if c := strings.IndexByte(raw, '#'); c >= 0 {
			raw = raw[:c]
		}
		f := strings.Fields(raw)
		if len(f) == 0 {
			continue
		}
		if err := p.statement(f); err != nil {
			return nil, err
		}
	}
	if len(g.nodes) == 0 {
		where := "the text"
		if name != "" {
			where = name
		}
		return nil, usererr.Errorf("stepper", "graph: %s declares no nodes; start with lines such as \"node A\" (see docs/graph-format.md)", where)
	}
	if g.table != nil && len(p.hAt) < len(g.nodes) {
		var missing []string
		for i, n := range g.nodes {
			if _, ok := p.hAt[i]; !ok {
				missing = append(missing, n.Name)
			}
		}
		p.line = p.firstH
		return nil, p.errf("the h table has no value for %s; give every node an h line", listSome(missing, 5))
	}
	if g.table != nil && g.defGoal >= 0 {
		g.tableGoal = g.defGoal
	}
	return g, nil
}

func listSome(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:max], ", "), len(names)-max)
}

func (p *graphParser) statement(f []string) error {
	kw := strings.ToLower(f[0])
	want := map[string]int{"edge": 4, "arc": 4, "h": 3, "start": 2, "goal": 2}
	switch kw {
	case "node":
		if len(f) != 2 && len(f) != 4 {
			return p.errf("%q: want %s", strings.Join(f, " "), graphUsage()[kw])
		}
		x, y, hasXY := 0.0, 0.0, len(f) == 4
		if hasXY {
			var err error
			if x, err = p.number(f[2], "x coordinate"); err != nil {
				return err
			}
			if y, err = p.number(f[3], "y coordinate"); err != nil {
				return err
			}
		}
		return p.addNode(f[1], x, y, hasXY)
	case "nodes":
		if len(f) < 2 {
			return p.errf("%q: want %s", strings.Join(f, " "), graphUsage()[kw])
		}
		for _, n := range f[1:] {
			if err := p.addNode(n, 0, 0, false); err != nil {
				return err
			}
		}
		return nil
	case "edge", "arc", "h", "start", "goal":
		if len(f) != want[kw] {
			return p.errf("%q: want %s", strings.Join(f, " "), graphUsage()[kw])
		}
	default:
		return p.errf("unknown statement %q%s; a line is one of: %s", f[0], stepper.DidYouMean(kw, graphKeywords), strings.Join(graphKeywords, ", "))
	}
	a, err := p.node(f[1], kw)
	if err != nil {
		return err
	}
	switch kw {
	case "edge", "arc":
		b, err := p.node(f[2], kw)
		if err != nil {
			return err
		}
		if a == b {
			return p.errf("%s from %s to itself: a loop never helps a search; remove it", kw, f[1])
		}
		cost, err := p.number(f[3], "cost")
		if err != nil {
			return err
		}
		if cost <= 0 {
			return p.errf("%s %s %s has cost %s: costs must be > 0", kw, f[1], f[2], f[3])
		}
		if l, ok := p.edgeAt[[2]int{a, b}]; ok {
			return p.errf("%s %s %s: there is already a road %s → %s (line %d); give each road once", kw, f[1], f[2], f[1], f[2], l)
		}
		if l, ok := p.edgeAt[[2]int{b, a}]; ok && kw == "edge" {
			return p.errf("edge %s %s: there is already a road %s → %s (line %d); give each road once, or use arc for one-way roads", f[1], f[2], f[2], f[1], l)
		}
		p.edgeAt[[2]int{a, b}] = p.line
		if kw == "edge" {
			p.edgeAt[[2]int{b, a}] = p.line
		}
		p.g.edges = append(p.g.edges, Edge{From: p.g.nodes[a].Name, To: p.g.nodes[b].Name, Cost: cost, Directed: kw == "arc"})
	case "h":
		v, err := p.number(f[2], "h value")
		if err != nil {
			return err
		}
		if v < 0 {
			return p.errf("h %s %s: h must be >= 0", f[1], f[2])
		}
		if l, ok := p.hAt[a]; ok {
			return p.errf("h %s given twice (first on line %d); give it once", f[1], l)
		}
		if p.g.table == nil {
			p.firstH = p.line
		}
		p.hAt[a] = p.line
		for len(p.g.table) < len(p.g.nodes) {
			p.g.table = append(p.g.table, 0)
		}
		p.g.table[a] = v
	case "start":
		if p.startL > 0 {
			return p.errf("start given twice (first on line %d); give it once", p.startL)
		}
		p.startL, p.g.defStart = p.line, a
	case "goal":
		if p.goalL > 0 {
			return p.errf("goal given twice (first on line %d); give it once", p.goalL)
		}
		p.goalL, p.g.defGoal = p.line, a
	}
	return nil
}

func (p *graphParser) addNode(name string, x, y float64, hasXY bool) error {
	if l, ok := p.nodeAt[name]; ok {
		return p.errf("node %s declared twice (first on line %d); declare each node once", name, l)
	}
	if strings.ContainsAny(name, "=,;#") {
		return p.errf("node name %q has one of = , ; # in it; use letters, digits, _ or -", name)
	}
	if p.g.table != nil {
		return p.errf("node %s declared after the h table began; declare every node before the h lines", name)
	}
	if len(p.g.nodes) >= MaxNodes {
		return p.errf("node %s is one more than the %d nodes a graph may have; split the graph or drop nodes no search reaches", name, MaxNodes)
	}
	p.nodeAt[name] = p.line
	p.g.index[name] = len(p.g.nodes)
	p.g.nodes = append(p.g.nodes, Node{Name: name, X: x, Y: y, HasXY: hasXY})
	return nil
}

func (p *graphParser) node(name, in string) (int, error) {
	if i, ok := p.g.index[name]; ok {
		return i, nil
	}
	hint := ""
	if len(name) >= 4 { // a one-letter name is a distance 1 from every other
		hint = stepper.DidYouMean(name, p.g.ActionNames())
	}
	return 0, p.errf("%s names unknown node %q%s; declare it first with \"node %s\"", in, name, hint, name)
}

func (p *graphParser) number(s, what string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, p.errf("bad number %q for the %s; write a decimal number such as 12 or 2.5", s, what)
	}
	return v, nil
}

// Text writes the graph in the text format, start and goal as chosen. It
// parses back to the same nodes, edges, h table, start and goal; for a
// graph read from text the successor order is the same too (the built-in
// Romania map's aima-python order becomes edge order, and its sld table a
// table named "table"). O(nodes + edges).
func (g *Graph) Text() string {
	var b strings.Builder
	for _, line := range g.textLines() {
		b.WriteString(strings.Join(line, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// compactText is Text with fields joined by ',' and lines by ';', the
// source's own start and goal kept so that Spec's overrides apply on top.
func (g *Graph) compactText() string {
	lines := g.textLines()
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		switch l[0] {
		case "start", "goal":
			continue
		}
		out = append(out, strings.Join(l, ","))
	}
	if g.defStart >= 0 {
		out = append(out, "start,"+g.nodes[g.defStart].Name)
	}
	if g.defGoal >= 0 {
		out = append(out, "goal,"+g.nodes[g.defGoal].Name)
	}
	return strings.Join(out, ";")
}

func (g *Graph) textLines() [][]string {
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	var out [][]string
	for _, n := range g.nodes {
		if n.HasXY {
			out = append(out, []string{"node", n.Name, num(n.X), num(n.Y)})
		} else {
			out = append(out, []string{"node", n.Name})
		}
	}
	for _, e := range g.edges {
		kw := "edge"
		if e.Directed {
			kw = "arc"
		}
		out = append(out, []string{kw, e.From, e.To, num(e.Cost)})
	}
	if g.table != nil {
		for i, n := range g.nodes {
			out = append(out, []string{"h", n.Name, num(g.table[i])})
		}
	}
	if g.start >= 0 {
		out = append(out, []string{"start", g.nodes[g.start].Name})
	}
	if g.goal >= 0 {
		out = append(out, []string{"goal", g.nodes[g.goal].Name})
	}
	return out
}
