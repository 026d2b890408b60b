package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/internal/words"
	"stepviz/stepper"
	"stepviz/stepper/hcheck"
)

// The heuristic question of a worksheet (-blank heuristic) and its rows on
// an answer sheet. Both the sheet's table and the answer rows have the
// columns hColumns, in this order:
//
//	question, answer, n, n', h(n), h*(n), c(n,n'), h(n')
//
// An "admissible" row answers yes or no and, for no, gives a state n with
// h(n) and h*(n), where h(n) > h*(n). A "consistent" row answers yes or no
// and, for no, gives an edge n -> n' with h(n), c(n,n') and h(n'), where
// h(n) > c(n,n') + h(n').
var hColumns = []string{"question", "answer (yes/no)", "n", "n'", "h(n)", "h*(n)", "c(n,n')", "h(n')"}

// hQuestion is the question as the sheet asks it.
func hQuestion(h string) string {
	return fmt.Sprintf("Is h = %s admissible on this problem? If not, give a state n where h(n) > h*(n) (h* is the true cheapest cost to a goal), with both values. "+
		"Is it consistent? If not, give an edge n -> n' where h(n) > c(n,n') + h(n'), with the three values. Answer in the last table: yes or no, and a counterexample for no.", h)
}

// heuristicKey checks the search's heuristic for the answer key. Cost: one
// hcheck.CheckHeuristic (the whole space when it has at most
// hcheck.DefaultCheckStates states).
func heuristicKey(inst stepper.Instance, o stepper.Options) (*hcheck.HeuristicCheck, error) {
	if o.Heuristic == "" {
		return nil, usererr.Errorf("export", "the heuristic question needs a search with a heuristic, and %s uses none: choose -algo astar (or greedy) and -h NAME", o.Algorithm)
	}
	rep, err := hcheck.CheckHeuristic(inst, o.Heuristic, 0)
	if err != nil {
		return nil, usererr.Errorf("export", "checking heuristic %s for the answer key: %w", o.Heuristic, err)
	}
	return rep, nil
}

// heuristicTable is the question's table: blank on the sheet, the key's
// verdicts and one counterexample each on the key.
func (sh *sheet) heuristicTable() sheetTable {
	t := sheetTable{id: "heuristic", title: "Heuristic: admissible? consistent?", header: hColumns}
	c := sh.hq
	adm := []cell{{"admissible", false}, {yesNo(c.Admissible()), true}, {"", true}, {"", true}, {"", true}, {"", true}, {"", true}, {"", true}}
	if len(c.Worst) > 0 {
		w := c.Worst[0]
		adm[2].v, adm[4].v, adm[5].v = w.State, num(w.H), num(w.HStar)
	}
	con := []cell{{"consistent", false}, {yesNo(c.Consistent()), true}, {"", true}, {"", true}, {"", true}, {"", true}, {"", true}, {"", true}}
	switch {
	case len(c.WorstEdges) > 0:
		e := c.WorstEdges[0]
		con[2].v, con[3].v, con[4].v, con[6].v, con[7].v = e.From, e.To, num(e.HFrom), num(e.Cost), num(e.HTo)
	case len(c.GoalNotZero) > 0:
		g := c.GoalNotZero[0]
		con[2].v, con[4].v = g.State, num(g.H) // a goal: h must be 0
	}
	t.rows = [][]cell{adm, con}
	return t
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// HeuristicAnswer is a student's answer to one heuristic question: an
// "admissible" or "consistent" row of an answer sheet.
type HeuristicAnswer struct {
	Line     int
	Question string // "admissible" or "consistent"
	Answer   string // "yes", "no", or "" when left blank
	N, N2    string // the counterexample's state, or edge n -> n'
	// H is h(n), HStar h*(n), C c(n,n'), H2 h(n'); Has* say which were written.
	H, HStar, C, H2             float64
	HasH, HasHStar, HasC, HasH2 bool
}

// hQuestionName returns "admissible" or "consistent" when a row's first
// cell names a heuristic question ("Admissible?", "consistent"), else "".
func hQuestionName(cells []string) string {
	if len(cells) == 0 {
		return ""
	}
	q := strings.ToLower(strings.TrimRight(cleanCell(cells[0]), "? "))
	q = strings.TrimPrefix(q, "is h ")
	if q == "admissible" || q == "consistent" {
		return q
	}
	return ""
}

// isHQuestionHeader reports whether a header row starts the heuristic
// question's table (its first column is "question").
func isHQuestionHeader(cells []string) bool {
	return len(cells) > 0 && strings.ToLower(cleanCell(cells[0])) == "question"
}

// parseHRow reads one heuristic row in the columns hColumns. Errors name
// the line and the column and say what to write.
func parseHRow(cells []string, name string, line int) (HeuristicAnswer, error) {
	r := HeuristicAnswer{Line: line, Question: hQuestionName(cells)}
	get := func(i int) string {
		if i >= len(cells) {
			return ""
		}
		return cleanCell(cells[i])
	}
	if len(cells) > len(hColumns) && !allEmpty(cells[len(hColumns):]) {
		return r, usererr.Errorf("export", "%s: line %d: %d cells, but a %s row has at most %d: %s", name, line, len(cells), r.Question, len(hColumns), strings.Join(hColumns, ", "))
	}
	switch a := strings.ToLower(get(1)); a {
	case "yes", "y":
		r.Answer = "yes"
	case "no", "n":
		r.Answer = "no"
	case "":
	default:
		return r, usererr.Errorf("export", "%s: line %d, column 2 (answer): %q: write yes or no", name, line, get(1))
	}
	r.N, r.N2 = get(2), get(3)
	for _, f := range []struct {
		col  int
		dst  *float64
		has  *bool
		name string
	}{{4, &r.H, &r.HasH, "h(n)"}, {5, &r.HStar, &r.HasHStar, "h*(n)"}, {6, &r.C, &r.HasC, "c(n,n')"}, {7, &r.H2, &r.HasH2, "h(n')"}} {
		v := get(f.col)
		if v == "" {
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return r, usererr.Errorf("export", "%s: line %d, column %d (%s): %q is not a number", name, line, f.col+1, f.name, v)
		}
		*f.dst, *f.has = x, true
	}
	if r.Question == "admissible" && (r.N2 != "" || r.HasC || r.HasH2) {
		return r, usererr.Errorf("export", "%s: line %d: an admissible row gives a state n with h(n) and h*(n); leave n', c(n,n') and h(n') empty (they belong to the consistent row)", name, line)
	}
	if r.Question == "consistent" && r.HasHStar {
		return r, usererr.Errorf("export", "%s: line %d: a consistent row gives an edge n -> n' with h(n), c(n,n') and h(n'); leave h*(n) empty (it belongs to the admissible row)", name, line)
	}
	if r.Answer == "" && (r.N != "" || r.N2 != "" || r.HasH || r.HasHStar || r.HasC || r.HasH2) {
		return r, usererr.Errorf("export", "%s: line %d, column 2 (answer): the %s row gives a counterexample but no answer: write no (or yes, and no counterexample)", name, line, r.Question)
	}
	return r, nil
}

// addHRow adds a heuristic row to a, refusing a question answered twice.
func (a *Answer) addHRow(cells []string, name string, line int) error {
	r, err := parseHRow(cells, name, line)
	if err != nil {
		return err
	}
	for _, o := range a.Heuristic {
		if o.Question == r.Question {
			return usererr.Errorf("export", "%s: line %d: a second %s row (the first is on line %d): answer each question once", name, line, r.Question, o.Line)
		}
	}
	a.Heuristic = append(a.Heuristic, r)
	return nil
}

// HeuristicGrade is the verdict on a sheet's heuristic rows.
type HeuristicGrade struct {
	Correct bool     // every answered question is right
	Graded  []string // the questions answered, in sheet order
	Lines   []string // one line per question: "admissible: right: ..." or "admissible: wrong: ..."
	Report  *hcheck.HeuristicCheck
}

// CheckHeuristicAnswers grades the heuristic rows of a sheet against the
// heuristic of s on its problem: a yes or no against stepper's check, and a
// claimed counterexample against the engine itself (any state with h > h*,
// any edge with h(n) > c + h(n'), not only the key's example; the values
// written must be the engine's within Tolerance). Cost: one
// hcheck.CheckHeuristicFacts, plus a scan of the explored states per
// state written in a notation other than the problem's own.
func CheckHeuristicAnswers(s *stepper.Search, rows []HeuristicAnswer) (*HeuristicGrade, error) {
	o := s.Options()
	if o.Heuristic == "" {
		return nil, usererr.Errorf("export", "the sheet answers the heuristic question, but %s uses no heuristic: give -algo astar (or greedy) and -h NAME", o.Algorithm)
	}
	rep, facts, err := hcheck.CheckHeuristicFacts(s.Instance(), o.Heuristic, 0)
	if err != nil {
		return nil, usererr.Errorf("export", "checking heuristic %s: %w", o.Heuristic, err)
	}
	kind := s.Instance().Kind()
	same := func(w, st string) bool { return sameState(kind, w, st) }
	g := &HeuristicGrade{Correct: true, Report: rep}
	for _, r := range rows {
		if r.Answer == "" {
			g.Lines = append(g.Lines, fmt.Sprintf("%s (line %d): nothing written", r.Question, r.Line))
			continue
		}
		var ok bool
		var why string
		if r.Question == "admissible" {
			ok, why = gradeAdmissible(rep, facts, same, r)
		} else {
			ok, why = gradeConsistent(rep, facts, same, r)
		}
		verdict := "right"
		if !ok {
			verdict, g.Correct = "wrong", false
		}
		g.Graded = append(g.Graded, r.Question)
		g.Lines = append(g.Lines, fmt.Sprintf("%s (line %d): %s: %s", r.Question, r.Line, verdict, why))
	}
	if len(g.Graded) == 0 {
		g.Correct = false
	}
	return g, nil
}

// scope says over which states the verdict holds.
func scope(f *hcheck.HeuristicFacts) string {
	if f.Complete {
		return fmt.Sprintf("over all %d reachable states", f.States())
	}
	return fmt.Sprintf("over the first %d states reached (h* is the cheapest cost within them)", f.States())
}

// findState finds a written state, or says why it cannot.
func findState(f *hcheck.HeuristicFacts, same func(string, string) bool, col, w string) (hcheck.StateFacts, string) {
	st, ok := f.Find(w, same)
	if !ok {
		return st, fmt.Sprintf("%s = %q is not a state reached from the start (%s); write it as the sheet writes states", col, w, scope(f))
	}
	return st, ""
}

func gradeAdmissible(rep *hcheck.HeuristicCheck, f *hcheck.HeuristicFacts, same func(string, string) bool, r HeuristicAnswer) (bool, string) {
	truth := rep.Admissible()
	example := ""
	if len(rep.Worst) > 0 {
		w := rep.Worst[0]
		example = fmt.Sprintf("for example at %s: %s", w.State, hcheck.StateInequality(w.H, w.HStar, ">"))
	}
	if r.Answer == "yes" {
		if truth {
			return true, fmt.Sprintf("h never exceeds h* %s", scope(f))
		}
		return false, fmt.Sprintf("h is not admissible: %s h > h*, %s", words.Count(rep.Overestimates, "state has", "states have"), example)
	}
	if r.N == "" {
		if !truth {
			return false, fmt.Sprintf("no is right, but give a state n with h(n) > h*(n) and both values (%s)", example)
		}
		return false, fmt.Sprintf("h is admissible: h never exceeds h* %s", scope(f))
	}
	st, bad := findState(f, same, "n", r.N)
	if bad != "" {
		return false, bad
	}
	if msg := wrongValue("h", st.State, r.HasH, r.H, st.H); msg != "" {
		return false, msg
	}
	if !st.Reaches() {
		return false, fmt.Sprintf("no goal can be reached from %s, so h* is infinite and h = %s does not exceed it", st.State, num(st.H))
	}
	if msg := wrongValue("h*", st.State, r.HasHStar, r.HStar, st.HStar); msg != "" {
		return false, msg + " (h* is the cost of a cheapest path from it to a goal)"
	}
	if st.H <= st.HStar+1e-9 {
		tail := ""
		if truth {
			tail = "; in fact h is admissible " + scope(f)
		}
		return false, fmt.Sprintf("at %s: %s: not a counterexample%s", st.State, hcheck.StateInequality(st.H, st.HStar, "<="), tail)
	}
	return true, fmt.Sprintf("at %s: %s", st.State, hcheck.StateInequality(st.H, st.HStar, ">"))
}

func gradeConsistent(rep *hcheck.HeuristicCheck, f *hcheck.HeuristicFacts, same func(string, string) bool, r HeuristicAnswer) (bool, string) {
	truth := rep.Consistent()
	example := ""
	switch {
	case len(rep.WorstEdges) > 0:
		e := rep.WorstEdges[0]
		example = fmt.Sprintf("for example %s -> %s: %s", e.From, e.To, hcheck.EdgeInequality(e.HFrom, e.Cost, e.HTo, ">"))
	case len(rep.GoalNotZero) > 0:
		example = fmt.Sprintf("h(%s) = %s but %s is a goal", rep.GoalNotZero[0].State, num(rep.GoalNotZero[0].H), rep.GoalNotZero[0].State)
	}
	if r.Answer == "yes" {
		if truth {
			return true, fmt.Sprintf("h(n) <= c(n,n') + h(n') on every edge %s", scope(f))
		}
		return false, fmt.Sprintf("h is not consistent: %s h(n) > c(n, n') + h(n'), %s", words.Count(rep.Inconsistent, "edge has", "edges have"), example)
	}
	if r.N == "" {
		if !truth {
			return false, fmt.Sprintf("no is right, but give an edge n -> n' with h(n) > c(n,n') + h(n') and the three values (%s)", example)
		}
		return false, fmt.Sprintf("h is consistent: h(n) <= c(n, n') + h(n') on every edge %s", scope(f))
	}
	from, bad := findState(f, same, "n", r.N)
	if bad != "" {
		return false, bad
	}
	if msg := wrongValue("h", from.State, r.HasH, r.H, from.H); msg != "" {
		return false, msg
	}
	if r.N2 == "" {
		if from.HStar == 0 && from.H != 0 {
			return true, fmt.Sprintf("%s is a goal with h = %s, not 0", from.State, num(from.H))
		}
		return false, fmt.Sprintf("give the edge's second state n' (a successor of %s), with c(n,n') and h(n')", from.State)
	}
	edges := f.Edges(from)
	var match []hcheck.EdgeFacts
	for _, e := range edges {
		if e.To.State == strings.TrimSpace(r.N2) || same(r.N2, e.To.State) {
			match = append(match, e)
		}
	}
	if len(match) == 0 {
		succ := make([]string, 0, 8)
		for i, e := range edges {
			if i == 8 {
				succ = append(succ, "...")
				break
			}
			succ = append(succ, e.To.State)
		}
		return false, fmt.Sprintf("%s -> %s is not an edge: the successors of %s are %s", from.State, r.N2, from.State, strings.Join(succ, "; "))
	}
	e := match[0]
	for _, m := range match { // parallel edges: the one whose cost was written
		if r.HasC && near(m.Cost, r.C) {
			e = m
		}
	}
	if msg := wrongValue("c", from.State+" -> "+e.To.State, r.HasC, r.C, e.Cost); msg != "" {
		return false, msg
	}
	if msg := wrongValue("h", e.To.State, r.HasH2, r.H2, e.To.H); msg != "" {
		return false, msg
	}
	if from.H <= e.Cost+e.To.H+1e-9 {
		tail := ""
		if truth {
			tail = "; in fact h is consistent " + scope(f)
		}
		return false, fmt.Sprintf("on %s -> %s: %s: not a counterexample%s", from.State, e.To.State, hcheck.EdgeInequality(from.H, e.Cost, e.To.H, "<="), tail)
	}
	return true, fmt.Sprintf("on %s -> %s: %s", from.State, e.To.State, hcheck.EdgeInequality(from.H, e.Cost, e.To.H, ">"))
}

// wrongValue checks one written value (h, h* or c) of a counterexample.
func wrongValue(what, at string, has bool, got, want float64) string {
	if !has {
		return fmt.Sprintf("give %s(%s) too: it is part of the counterexample", what, at)
	}
	if !near(got, want) {
		return fmt.Sprintf("%s(%s) is %s, not %s", what, at, num(want), num(got))
	}
	return ""
}
