package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/internal/words"
	"stepviz/stepper/game"
)

// MaxSheetNodes bounds the game tree a worksheet lists: the student fills
// in every row by hand.
const MaxSheetNodes = 200

// GameBlanks are what a game worksheet asks for: Values, the value each
// inner node backs up; Pruned, whether alpha-beta ever visits each node.
type GameBlanks struct{ Values, Pruned bool }

// ParseGameBlanks reads -blank for a game worksheet: a comma list of
// values and pruned; "" is values, and pruned too for alpha-beta.
func ParseGameBlanks(s string, a game.Algorithm) (GameBlanks, error) {
	var b GameBlanks
	if strings.TrimSpace(s) == "" {
		return GameBlanks{Values: true, Pruned: a == game.AlphaBeta}, nil
	}
	for _, w := range strings.Split(s, ",") {
		switch strings.ToLower(strings.TrimSpace(w)) {
		case "values", "value":
			b.Values = true
		case "pruned", "prune":
			if a != game.AlphaBeta {
				return b, usererr.Errorf("export", "-blank pruned asks for alpha-beta's cuts; %s prunes nothing: use -algo alphabeta or -blank values", a)
			}
			b.Pruned = true
		default:
			return b, usererr.Errorf("export", "-blank %q: a game worksheet blanks values (the values backed up) and pruned (the branches alpha-beta cuts)", w)
		}
	}
	return b, nil
}

// answers are r's cells to fill in, as the sheet's blanks ask them: the
// value backed up and whether the node is pruned (yes or no), each empty
// on the student's sheet and given on the key.
func (r sheetRow) answers(blanks GameBlanks, key bool) []string {
	var cells []string
	for _, a := range []struct {
		asked bool
		v     string
	}{{blanks.Values, r.Value}, {blanks.Pruned, map[bool]string{true: "yes", false: "no"}[r.Pruned]}} {
		if !a.asked {
			continue
		}
		if !key {
			a.v = ""
		}
		cells = append(cells, a.v)
	}
	return cells
}

// gameSheetResult is the key's last sentence: the value for MAX, the best
// move and principal variation, the nodes visited (and pruned, for
// alpha-beta), with the value and moves escaped by esc.
// When the table names nodes other than by their moves (a gametree's
// letters), the principal variation's nodes follow as the table names
// them, so that the sentence points into the table: "best move a1,
// principal variation a1 b1 (nodes A, B, b1)".
func gameSheetResult(end *game.View, rows []sheetRow, o game.Options, esc func(string) string) string {
	s := fmt.Sprintf("Value %s for MAX", esc(end.Value))
	if len(end.PVMoves) > 0 {
		s += fmt.Sprintf(", best move %s, principal variation %s", esc(end.PVMoves[0]), esc(strings.Join(end.PVMoves, " ")))
		names := map[string]string{}
		for _, r := range rows {
			names[r.path] = r.Node
		}
		pv := []string{names[""]}
		differ := false
		for i := range end.PVMoves {
			name := names[strings.Join(end.PVMoves[:i+1], " ")]
			pv = append(pv, name)
			differ = differ || name != end.PVMoves[i]
		}
		if differ && !slices.Contains(pv, "") {
			s += fmt.Sprintf(" (nodes %s)", esc(strings.Join(pv, ", ")))
		}
	}
	s += fmt.Sprintf("; %s visited", words.Count(end.Result.Nodes, "node", "nodes"))
	if o.Algorithm == game.AlphaBeta {
		s += fmt.Sprintf(", %s pruned", words.Count(end.Result.Pruned, "subtree", "subtrees"))
	}
	return s + "."
}

// sheetRow is one node of the whole game tree on a worksheet, with its
// answers from the search's view at the end.
type sheetRow struct {
	Node, Parent, State string
	Turn                string
	Leaf                bool
	LeafValue           string // the utility or evaluation a leaf carries, given
	Value               string // the key's value: "" for a leaf or a node never visited
	Pruned              bool   // never visited by the search
	path                string // the moves from the root, space-separated
}

// gameSheet lists the whole tree of g (to o's depth cutoff), depth first
// in the game's move order, each node with the search's answer from its
// view at the end. A node of an explicit tree is named as the book names
// it: an inner node by its letter (B), a leaf by its move (b1); in other
// games by the moves from the root ("r1c1 r2c2"), the root "root".
// O(tree).
func gameSheet(g game.Game, o game.Options) ([]sheetRow, *game.View, error) {
	if o.Algorithm == game.MCTS {
		return nil, nil, usererr.Errorf("export", "a worksheet asks for values backed up by minimax, alphabeta or expectiminimax; mcts's are averages of random play-outs")
	}
	v, g, err := gameFamily.fresh(g, o)
	if err != nil {
		return nil, nil, err
	}
	for v.Steps() < MaxFamilySteps {
		if _, ok := v.Step(); !ok {
			break
		}
	}
	end := v.View()
	if end.Status != game.Done {
		return nil, nil, usererr.Errorf("export", "the search does not end within %d steps: a worksheet needs a small tree (a gametree, a position near the end, depth=)", MaxFamilySteps)
	}
	seen := map[string]*game.ViewNode{}
	paths := make([]string, len(end.Nodes))
	for i := range end.Nodes {
		n := &end.Nodes[i]
		if n.Parent >= 0 {
			paths[i] = strings.TrimSpace(paths[n.Parent] + " " + n.Move)
		}
		seen[paths[i]] = n
	}
	explicit := g.Kind() == "gametree"
	var rows []sheetRow
	var walk func(s game.State, path, move, parent string, depth int) error
	walk = func(s game.State, path, move, parent string, depth int) error {
		if len(rows) >= MaxSheetNodes {
			return usererr.Errorf("export", "a worksheet lists the whole game tree, at most %d nodes, and this one has more: use a gametree, a position near the end, or depth=", MaxSheetNodes)
		}
		u, over := g.Terminal(s)
		if !over && o.Depth > 0 && depth >= o.Depth {
			u, over = g.Eval(s), true
		}
		name := "root"
		switch {
		case explicit && !over:
			name = g.StateName(s)
		case explicit:
			name = move
		case path != "":
			name = path
		}
		r := sheetRow{Node: name, Parent: parent, State: game.PositionName(g, s), Turn: g.Turn(s).String(), path: path}
		if over {
			r.Leaf, r.LeafValue, r.Turn = true, game.FormatBound(game.Bound(u)), "leaf"
		}
		n, visited := seen[path]
		r.Pruned = !visited
		if visited && !over {
			r.Value = n.Text.Value
		}
		rows = append(rows, r)
		if over {
			return nil
		}
		moves := g.Moves(s, nil)
		for _, m := range moves {
			if err := walk(g.Result(s, m), strings.TrimSpace(path+" "+g.MoveName(s, m)), g.MoveName(s, m), name, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(g.Root(), "", "", "", 0); err != nil {
		return nil, nil, err
	}
	return rows, end, nil
}

// WriteGameWorksheet writes a worksheet on the game search g, o in md or
// tex (the student's sheet, or with key the answer key): the whole tree as a
// table, leaves with their values, and the blanks to fill in. The key is
// printed from the search's view at the end. O(tree).
func WriteGameWorksheet(w io.Writer, format string, g game.Game, o game.Options, blanks GameBlanks, key bool) error {
	f := strings.ToLower(strings.TrimPrefix(format, "."))
	if f != "md" && f != "markdown" && f != "tex" && f != "latex" {
		return usererr.Errorf("export", "a game worksheet is written as md or tex (a table the student fills in and stepviz check grades), not %s", format)
	}
	rows, end, err := gameSheet(g, o)
	if err != nil {
		return err
	}
	p := &printer{w: w}
	if f == "tex" || f == "latex" {
		gameSheetTeX(p, rows, end, o, blanks, key)
		return p.err
	}
	title := "Worksheet"
	if key {
		title = "Answer key"
	}
	p.f("# %s: %s\n\nproblem: `%s`  \nsearch: `%s`\n\n", title, strings.ToLower(gameTitle(o.Algorithm)[:1])+gameTitle(o.Algorithm)[1:], end.Problem, end.Options)
	p.f("The root is MAX; the levels alternate MAX and MIN. A leaf's value is its utility for MAX")
	if o.Depth > 0 {
		p.f(" (at depth %d, the evaluation of the position)", o.Depth)
	}
	p.f(".\n\n")
	i := 1
	if blanks.Values {
		p.f("%d. **Fill in the values**: write in the value column the value %s backs up to each inner node.", i, algoWord(o.Algorithm))
		if blanks.Pruned {
			p.f(" Leave it empty for a node alpha-beta never visits.")
		}
		p.f("\n")
		i++
	}
	if blanks.Pruned {
		p.f("%d. **Cross out the pruned branches**: write yes in the pruned column of every node alpha-beta never visits (pruned, or under a pruned branch), no for the others.\n", i)
	}
	p.f("\nGrade it with `stepviz check -problem %q -algo %q SHEET.md`.\n\n", end.Problem, end.Options)
	cols := []string{"node", "parent", "state", "turn", "leaf value"}
	if blanks.Values {
		cols = append(cols, "value")
	}
	if blanks.Pruned {
		cols = append(cols, "pruned")
	}
	p.f("| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
	for _, r := range rows {
		cells := []string{mdCell(r.Node), mdCell(r.Parent), mdCell(r.State), r.Turn, r.LeafValue}
		cells = append(cells, r.answers(blanks, key)...)
		p.f("| %s |\n", strings.Join(cells, " | "))
	}
	if key {
		p.f("\n%s\n", gameSheetResult(end, rows, o, func(s string) string { return s }))
	}
	return p.err
}

// GameAnswer is a filled-in game worksheet: per node, the value and
// pruned cells written (Has* false when the sheet has no such column).
type GameAnswer struct {
	Rows               []GameAnswerRow
	HasValue, HasPrune bool
}

// GameAnswerRow is one node's answers and its line in the file.
type GameAnswerRow struct {
	Node, Value, Pruned string
	Line                int
}

// ParseGameAnswer reads a filled-in game worksheet, the md table
// WriteGameWorksheet writes or a CSV with a header row, columns node,
// value and pruned (others ignored), or the LaTeX table of a tex sheet
// (a name ending in .tex). At most MaxAnswerBytes are read.
func ParseGameAnswer(r io.Reader, name string) (*GameAnswer, error) {
	table, lines, err := answerTable(r, name)
	if err != nil {
		return nil, err
	}
	if len(table) == 0 {
		return nil, usererr.Errorf("export", "%s has no table: fill in the worksheet's table (columns node, value, pruned) and check that", name)
	}
	col := map[string]int{}
	for i, c := range table[0] {
		col[strings.ToLower(strings.Trim(c, "*_` "))] = i
	}
	ni, ok := col["node"]
	if !ok {
		return nil, usererr.Errorf("export", "%s line %d: the table has no node column; its header is node, value, pruned as the worksheet writes it", name, lines[0])
	}
	vi, hasV := col["value"]
	pi, hasP := col["pruned"]
	if !hasV && !hasP {
		return nil, usererr.Errorf("export", "%s line %d: the table has neither a value nor a pruned column: nothing to grade", name, lines[0])
	}
	a := &GameAnswer{HasValue: hasV, HasPrune: hasP}
	cell := func(row []string, i int) string {
		if i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	for k, row := range table[1:] {
		if allEmpty(row) {
			continue
		}
		r := GameAnswerRow{Node: cell(row, ni), Line: lines[k+1]}
		if hasV {
			r.Value = cell(row, vi)
		}
		if hasP {
			r.Pruned = cell(row, pi)
		}
		a.Rows = append(a.Rows, r)
	}
	return a, nil
}

// answerTable reads the table of a filled-in worksheet: a CSV with a
// header row (name ending in .csv), the LaTeX table of a tex sheet (.tex),
// else the md table; lines are the rows' line numbers. At most
// MaxAnswerBytes are read. O(size).
func answerTable(r io.Reader, name string) (table [][]string, lines []int, err error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxAnswerBytes+1))
	if err != nil {
		return nil, nil, usererr.Errorf("export", "reading %s: %w", name, err)
	}
	if len(data) > MaxAnswerBytes {
		return nil, nil, usererr.Errorf("export", "%s is larger than %d bytes: an answer sheet is a small table", name, MaxAnswerBytes)
	}
	if strings.HasSuffix(strings.ToLower(name), ".csv") {
		cr := csv.NewReader(bytes.NewReader(data))
		cr.FieldsPerRecord = -1
		for {
			rec, err := cr.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, nil, usererr.Errorf("export", "%s: %v", name, err)
			}
			line, _ := cr.FieldPos(0)
			table, lines = append(table, rec), append(lines, line)
		}
	} else if strings.HasSuffix(strings.ToLower(name), ".tex") {
		table, lines = texTableRows(string(data))
	} else {
		for i, l := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "|") {
				continue
			}
			cells := splitPipeRow(l)
			if isAlignRow(cells) {
				continue
			}
			table, lines = append(table, cells), append(lines, i+1)
		}
	}
	return table, lines, nil
}

// CheckGame grades a filled-in game worksheet against the search g, o:
// every inner node's value the search backed up (within Tolerance; a
// node never visited is not graded), and for alpha-beta whether each node
// was pruned (yes, y, x or ✗ crosses a node out; no or empty does not).
// It stops at the first difference. O(tree).
func CheckGame(g game.Game, o game.Options, a *GameAnswer) (*Grade, error) {
	rows, _, err := gameSheet(g, o)
	if err != nil {
		return nil, err
	}
	if a.HasPrune && o.Algorithm != game.AlphaBeta {
		return nil, usererr.Errorf("export", "the sheet has a pruned column, but %s prunes nothing: check it with -algo alphabeta", o.Algorithm)
	}
	given := map[string]GameAnswerRow{}
	for _, r := range a.Rows {
		given[r.Node] = r
	}
	gr := &Grade{}
	if a.HasValue {
		gr.Graded = append(gr.Graded, "values")
	}
	if a.HasPrune {
		gr.Graded = append(gr.Graded, "pruned")
	}
	for i, want := range rows {
		got, ok := given[want.Node]
		if !ok {
			gr.Step, gr.Reason = i+1, fmt.Sprintf("node %s is missing from the sheet: keep every row of the worksheet", want.Node)
			gr.Lines = append(gr.Lines, gr.Reason)
			return gr, nil
		}
		var wrong []string
		if a.HasValue && want.Value != "" {
			if !sameValue(got.Value, want.Value) {
				if got.Value == "" {
					wrong = append(wrong, fmt.Sprintf("no value written; %s backs up %s to %s", algoWord(o.Algorithm), want.Value, want.Node))
				} else {
					wrong = append(wrong, fmt.Sprintf("value %s, but %s backs up %s to %s", got.Value, algoWord(o.Algorithm), want.Value, want.Node))
				}
			}
		}
		if a.HasPrune {
			crossed := crossedOut(got.Pruned)
			switch {
			case crossed && !want.Pruned:
				wrong = append(wrong, fmt.Sprintf("crossed out, but alpha-beta visits %s", want.Node))
			case !crossed && want.Pruned:
				wrong = append(wrong, fmt.Sprintf("not crossed out, but alpha-beta never visits %s (β ≤ α above it)", want.Node))
			}
		}
		if len(wrong) > 0 {
			gr.Step, gr.Line, gr.Reason = i+1, got.Line, want.Node+": "+strings.Join(wrong, "; ")
			gr.Lines = append(gr.Lines, "✗ "+gr.Reason)
			return gr, nil
		}
		gr.Checked++
		gr.Lines = append(gr.Lines, "✓ "+want.Node)
	}
	gr.Correct = true
	return gr, nil
}

func crossedOut(s string) bool {
	switch strings.ToLower(strings.Trim(s, "*_~ ")) {
	case "yes", "y", "x", "✗", "✘", "pruned", "true":
		return true
	}
	return false
}

// sameValue compares a written value with the key's: as numbers within
// Tolerance, the infinities as ∞, inf or infinity with a sign.
func sameValue(got, want string) bool {
	parse := func(s string) (float64, bool) {
		s = strings.NewReplacer("−", "-", "∞", "inf", "infinity", "inf", " ", "").Replace(strings.ToLower(s))
		x, err := strconv.ParseFloat(s, 64)
		return x, err == nil && !math.IsNaN(x)
	}
	g, ok1 := parse(got)
	w, ok2 := parse(want)
	if !ok1 || !ok2 {
		return false
	}
	if math.IsInf(w, 0) || math.IsInf(g, 0) {
		return g == w
	}
	return math.Abs(g-w) <= Tolerance
}

// algoWord is the algorithm as a sentence names it.
func algoWord(a game.Algorithm) string {
	if a == game.AlphaBeta {
		return "alpha-beta"
	}
	return string(a)
}
