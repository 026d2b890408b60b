package export

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/hcheck"
	"stepviz/stepper/puzzle"
	"stepviz/viz"
	"stepviz/wire"
)

// Blanks chooses what a worksheet leaves for the student to fill in.
type Blanks struct {
	Open  bool // the open list after the last step
	F     bool // the f values (a search's key: the depth, uniform cost's g) of the expanded and generated nodes
	Order bool // the order of expansion: which node each step expands, with its g, h, f and children
	// Heuristic adds the question "is h admissible? consistent?" with a
	// counterexample table (hquestion.go); not part of "all".
	Heuristic bool
}

// ParseBlanks parses the -blank flag: a comma list of open, f, order and
// heuristic ("all" for the first three). An empty list means all three.
func ParseBlanks(s string) (Blanks, error) {
	var b Blanks
	s = strings.TrimSpace(s)
	if s == "" || s == "all" {
		return Blanks{Open: true, F: true, Order: true}, nil
	}
	for _, part := range strings.Split(s, ",") {
		switch p := strings.ToLower(strings.TrimSpace(part)); p {
		case "open":
			b.Open = true
		case "f":
			b.F = true
		case "order":
			b.Order = true
		case "heuristic":
			b.Heuristic = true
		case "":
		default:
			hint := ""
			if sug := stepper.Suggest(p, []string{"open", "f", "order", "heuristic"}); sug != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", sug)
			}
			return b, usererr.Errorf("export", "-blank %q: unknown part %q%s; parts are open, f, order, heuristic", s, p, hint)
		}
	}
	return b, nil
}

// String writes the blanks as ParseBlanks reads them.
func (b Blanks) String() string {
	var parts []string
	if b.Open {
		parts = append(parts, "open")
	}
	if b.F {
		parts = append(parts, "f")
	}
	if b.Order {
		parts = append(parts, "order")
	}
	if b.Heuristic {
		parts = append(parts, "heuristic")
	}
	return strings.Join(parts, ",")
}

// MaxWorksheetSteps is the most steps a worksheet covers: a sheet is
// filled in by hand, and a longer one is a typo (-steps 1000 for 10) that
// would write megabytes of rows.
const MaxWorksheetSteps = 500

// WorksheetFormats are the formats WriteWorksheet accepts.
var WorksheetFormats = []string{"md", "tex", "html"}

// sheet is a worksheet's content, the same for every format.
type sheet struct {
	key     bool
	blanks  Blanks
	title   string
	problem string
	options string
	algo    string
	family  viz.Family // how the open list is named: a stack for the depth-first family
	// usesH: the search orders by h (A*, greedy ...; wire.Family's
	// Heuristic). Without it no node has an h: the sheet has no h column
	// (sheetColumns).
	usesH bool
	// fam is the search's family: its number columns (sheetColumns) and
	// the name of its key (viz.KeyName), f for a search with a heuristic.
	fam       wire.Family
	keyName   string
	threshold bool // IDA*: a cut-off node's f is over the threshold (not at a depth limit)
	rules     string
	kind      string
	inst      stepper.Instance
	k         int
	status    stepper.Status
	cost      float64
	path      []string
	steps     []sheetStep
	open      []stepper.OpenEntry
	openRows  int               // rows given for the open list when it is blank
	hTable    [][2]string       // graph: every node by name, with its h if givesH
	givesH    bool              // graph: the sheet gives h of the nodes
	succ      map[string]string // graph: each node's successors in order (graphSuccessors)
	edges     []graph.Edge
	rootState string
	script    *Source                // a script problem: the source that defines it
	hq        *hcheck.HeuristicCheck // the heuristic question's answer, when blanks.Heuristic
}

type sheetStep struct {
	step           int
	state, g, h, f string
	goal           bool
	cutoff         bool // at the depth limit or over the threshold: tested, not expanded
	children       []sheetChild
}

type sheetChild struct{ state, f, fate string }

// cell is one answer cell: its value, and whether it is left blank on the
// student's sheet (and so highlighted on the key).
type cell struct {
	v     string
	blank bool
}

// WriteWorksheet writes an exercise for steps 1..upTo of s (a step number,
// Current or ToEnd) in format md, tex or html: the problem drawn, the rules
// that make the answer unique (evaluation function, tie rule, goal-test
// moment, duplicate handling, successor order), a steps table and the open
// list after the last step, with the parts chosen by blanks left empty.
// With key set it writes the answer key instead: the same sheet, every
// blank filled in and marked. A search past MaxWorksheetSteps steps at
// upTo is refused. The same inputs always give the same bytes; s is not
// moved. Cost: a replay of upTo steps.
func WriteWorksheet(w io.Writer, format string, s *stepper.Search, upTo int, blanks Blanks, key bool) error {
	if format == "markdown" {
		format = "md"
	}
	if format == "latex" {
		format = "tex"
	}
	var write func(io.Writer, *sheet) error
	switch format {
	case "md":
		write = sheetMarkdown
	case "tex":
		write = sheetTeX
	case "html":
		write = sheetHTML
	default:
		return usererr.Errorf("export", "worksheet format %q: want one of %s", format, strings.Join(WorksheetFormats, ", "))
	}
	sess, err := newSession(s, upTo)
	if err != nil {
		return err
	}
	if sess.k < 0 || sess.k > MaxWorksheetSteps {
		// the search may end first: a probe of its own finds out
		probe, err := stepper.NewSearch(sess.inst, sess.opts)
		if err != nil {
			return usererr.Errorf("export", "cannot rebuild the search: %w", err)
		}
		if probe.Seek(MaxWorksheetSteps+1) > MaxWorksheetSteps {
			return usererr.Errorf("export", "a worksheet of more than %d steps is too long to fill in by hand: give -steps %d or fewer, or export the whole trace (stepviz trace -format md)", MaxWorksheetSteps, MaxWorksheetSteps)
		}
	}
	sh, err := sess.sheet(blanks, key)
	if err != nil {
		return err
	}
	return write(w, sh)
}

func (sess *session) sheet(blanks Blanks, key bool) (*sheet, error) {
	t, err := sess.trace()
	if err != nil {
		return nil, err
	}
	sh := &sheet{
		key: key, blanks: blanks, problem: t.Problem, options: t.Options, algo: algoTitle(sess.opts), family: viz.FamilyOf(sess.opts.Algorithm),
		rules: withSuccessorRule(rulesText(sess.opts), sess.inst, sess.opts), kind: t.Kind, inst: sess.inst, k: t.Steps, status: t.Status, usesH: viz.DescribeFamily(sess.opts).Heuristic,
		fam: viz.DescribeFamily(sess.opts), keyName: viz.KeyName(viz.DescribeFamily(sess.opts)),
		cost: t.Result.Cost, path: t.Result.Path, rootState: t.Root.State.String(), threshold: sess.opts.Algorithm == stepper.IDAStar,
	}
	sh.title = fmt.Sprintf("Exercise: %s, %d steps", sh.algo, sh.k)
	if key {
		sh.title = fmt.Sprintf("Answer key: %s, %d steps", sh.algo, sh.k)
	}
	for _, ev := range t.Events {
		x := asSelected(ev)
		st := sheetStep{step: ev.Step, state: x.State.String(), g: num(x.G), h: num(x.H), f: x.Shown().F, goal: x.Status == stepper.NodeGoal, cutoff: x.Status == stepper.NodeCutoff}
		for _, c := range ev.Children {
			st.children = append(st.children, sheetChild{state: c.State.String(), f: c.Shown().F, fate: shortFate(c.Fate)})
		}
		sh.steps = append(sh.steps, st)
	}
	sh.script = sourceOf(sess.inst)
	sh.open = sess.s.Snapshot().Open
	sh.openRows = max(len(sh.open)+3, 5)
	if g, ok := sess.inst.(*graph.Graph); ok {
		sh.edges = g.Edges()
		sh.succ = graphSuccessors(g, sess.opts.Order)
		for _, n := range g.Nodes() {
			h := ""
			if v, ok := g.HeuristicValue(sess.opts.Heuristic, n.Name); ok && sess.opts.Heuristic != "" {
				h, sh.givesH = num(v), true
			}
			sh.hTable = append(sh.hTable, [2]string{n.Name, h})
		}
		sort.Slice(sh.hTable, func(i, j int) bool { return sh.hTable[i][0] < sh.hTable[j][0] })
	}
	if blanks.Heuristic {
		if sh.hq, err = heuristicKey(sess.inst, sess.opts); err != nil {
			return nil, err
		}
	}
	return sh, nil
}

// asSelected is the node ev expanded with the f it was selected with:
// RBFS may back a larger f up to it in the same step (AIMA Figure 3.27:
// Rimnicu Vilcea is expanded at 413, then stores 417), and a sheet, its
// key, check, the Markdown trace and the page's narration all give the
// f of the selection. O(1).
func asSelected(ev stepper.Event) stepper.NodeInfo {
	x := ev.Expanded
	if d := ev.Deepening; d != nil && d.SelectedF != nil {
		x.F = float64(*d.SelectedF)
	}
	return x
}

// shortFate is a child's fate in a few words for a sheet.
func shortFate(f stepper.Fate) string {
	switch f {
	case stepper.FateAdded:
		return ""
	case stepper.FateClosed:
		return "already closed"
	case stepper.FateOpen:
		return "already open"
	case stepper.FateReparented:
		return "cheaper: re-parented"
	case stepper.FateReopened:
		return "cheaper: reopened"
	case stepper.FateGoal:
		return "goal"
	case stepper.FateDepthLimited:
		return "too deep"
	}
	return f.String()
}

// row returns the cells of one step: node, the numbers of sheetColumns,
// children.
func (sh *sheet) row(st sheetStep) []cell {
	o, f := sh.blanks.Order, sh.blanks.Order || sh.blanks.F
	state := st.state
	if st.goal {
		state += " (goal)"
	}
	kids := make([]string, len(st.children))
	for i, c := range st.children {
		kids[i] = c.state + " " + keyWords(sh.keyName, c.f)
		if c.fate != "" {
			kids[i] += " (" + c.fate + ")"
		}
	}
	kidsText := strings.Join(kids, "; ")
	if len(kids) == 0 || st.goal {
		kidsText = sh.noChildren(st)
	}
	// A blank f blanks the node's g and h too: a later step's g and h are
	// an earlier child's, whose f the sheet asks for (f = g + h). Only a
	// search that orders by h has an h column (sheetColumns).
	cells := []cell{{state, o}}
	for _, v := range sheetNumbers(sh.fam, st.g, st.h, st.f) {
		cells = append(cells, cell{v, f})
	}
	return append(cells, cell{kidsText, o})
}

// childrenBlankF writes the children with their keys (f, depth or g)
// blank, for a sheet that blanks f but not the order.
func (sh *sheet) childrenBlankF(st sheetStep, blank string) string {
	if len(st.children) == 0 || st.goal {
		return sh.noChildren(st)
	}
	kids := make([]string, len(st.children))
	for i, c := range st.children {
		kids[i] = c.state + " " + keyWords(sh.keyName, blank)
		if c.fate != "" {
			kids[i] += " (" + c.fate + ")"
		}
	}
	return strings.Join(kids, "; ")
}

// inSentence is an algorithm's title inside a sentence: its first letter
// lower case unless the second is upper case too (A*, IDA* stay).
func inSentence(title string) string {
	if len(title) > 1 && unicode.IsUpper(rune(title[0])) && !unicode.IsUpper(rune(title[1])) && title[1] != '*' {
		return strings.ToLower(title[:1]) + title[1:]
	}
	return title
}

// noChildren is the children cell of a step that generates none, saying
// why, so that the key's cell is never empty.
func (sh *sheet) noChildren(st sheetStep) string {
	switch {
	case st.goal:
		return "none: the goal test succeeds"
	case st.cutoff && sh.threshold:
		return "none: cut off (f over the threshold)"
	case st.cutoff:
		return "none: cut off at the depth limit"
	}
	return "none"
}

// instructions are the sentences that say what to fill in.
func (sh *sheet) instructions() []string {
	var out []string
	out = append(out, fmt.Sprintf("Run %s on the problem below for %d steps, following the rules exactly. A step selects one node from the open list, tests it if the rules say so, and expands it.", inSentence(sh.algo), sh.k))
	values, keys := "g, h and f", "f values"
	switch sh.keyName {
	case "g":
		values, keys = "g", "g values"
	case "depth":
		values, keys = "g and depth", "depths"
	}
	if sh.blanks.Order {
		out = append(out, fmt.Sprintf("Fill in, for each step, the node expanded, its %s, and the children it generates with their %s.", values, keys))
		out = append(out, "List every child a step generates, in the order generated, also one the rules do not add to the open list, with what becomes of it in parentheses (already closed, already open, cheaper: re-parented, ...); a step that generates none says none and why.")
	} else if sh.blanks.F {
		child := "the " + sh.keyName + " of each child"
		if values == sh.keyName {
			child = "of each child"
		}
		out = append(out, fmt.Sprintf("Fill in, for each step, the %s of the node expanded and %s it generates.", values, child))
	}
	if sh.blanks.Open {
		out = append(out, fmt.Sprintf("Write the open list after step %d in the order nodes will be taken from it (first = next to expand), with %s.", sh.k, values))
	}
	if !sh.usesH && (sh.blanks.Order || sh.blanks.Open || sh.blanks.F) {
		switch sh.keyName {
		case "g":
			out = append(out, fmt.Sprintf("%s uses no heuristic: a node has no h, and its g, the cost of its path, is what the open list is ordered by.", sh.algo))
		case "depth":
			out = append(out, fmt.Sprintf("%s uses no heuristic: a node has no h; its depth is the number of steps from the start to it.", sh.algo))
		default:
			out = append(out, fmt.Sprintf("%s uses no heuristic: a node has no h.", sh.algo))
		}
	}
	if sh.blanks.Heuristic {
		out = append(out, hQuestion(sh.hq.Heuristic))
	}
	if sh.kind == "puzzle" {
		out = append(out, "Puzzle states are written row by row, 0 is the blank; moves name the direction the blank moves.")
	}
	if sh.kind == "grid" {
		out = append(out, "Grid cells are written x,y: x is the column, y the row, both from 0 at the top left.")
	}
	return out
}

// gridRows returns a grid's rows as ASCII (S start, G goal, # wall, . free,
// digits for terrain cost), from the accessors the grid provides.
func gridRows(inst stepper.Instance) []string {
	g, ok := inst.(*grid.Grid)
	if !ok {
		return nil
	}
	sx, sy := g.Start()
	gx, gy := g.Goal()
	rows := make([]string, g.Height())
	for y := 0; y < g.Height(); y++ {
		var b strings.Builder
		for x := 0; x < g.Width(); x++ {
			switch c := g.CellCost(x, y); {
			case x == sx && y == sy:
				b.WriteByte('S')
			case x == gx && y == gy:
				b.WriteByte('G')
			case c == 0:
				b.WriteByte('#')
			case c == 1:
				b.WriteByte('.')
			default:
				b.WriteByte(byte('0' + c))
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// puzzleBoards returns the start and goal boards as rows of tile strings.
func puzzleBoards(inst stepper.Instance) (start, goal [][]string) {
	p, ok := inst.(*puzzle.Puzzle)
	if !ok {
		return nil, nil
	}
	rows := func(tiles []int) [][]string {
		n := p.Size()
		out := make([][]string, n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				t := tiles[r*n+c]
				s := fmt.Sprint(t)
				if t == 0 {
					s = " "
				}
				out[r] = append(out[r], s)
			}
		}
		return out
	}
	return rows(p.StartTiles()), rows(p.GoalTiles())
}
