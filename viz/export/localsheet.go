package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper/local"
)

// LocalSheetSteps is how many steps of hill climbing a local-search
// worksheet asks about: each lists every neighbour of the state it starts
// from, so a few steps of 8-queens are already over a hundred rows.
const LocalSheetSteps = 3

// localSheetRow is one row of a local-search worksheet: a move at a step,
// with its answers from the search's view at that step. Every step lists
// the same moves (sheetMoves), so that the rows of a step say nothing of
// the state it starts from; a listed move that is no neighbour of that
// state (the square a queen stands on, or a move a script's state does
// not have) is a row (Stay) that moves nothing, its h a word.
type localSheetRow struct {
	Step        int
	State       []int  // the state the step starts from (shared by the step's rows)
	From, FromH string // that state and its h as a reader sees them
	Move, H     string
	Taken       bool
	Stay        bool // no move at this step: H is stayWord (queens) or noneWord

	p     local.Problem // the problem State belongs to (a script's states are its own)
	moves []string      // the moves every step of the sheet lists
}

// stayWord is what the key writes in the h column of a queen's own
// square, and one of the words check takes there.
const stayWord = "queen"

// localSheet steps hill climbing on p, o for the sheet's first steps and
// lists the rows each step asks about, with the h and the move taken as
// the view at that step writes them; none when the search ends at once.
// O(steps · neighbours) and sheetMoves' cost.
func localSheet(p local.Problem, o local.Options, steps int) ([]localSheetRow, *local.View, error) {
	return localSheetOf(p, o, steps, nil)
}

// localSheetOf is localSheet listing moves at every step, or when moves
// is nil, the sheetMoves of p's start.
func localSheetOf(p local.Problem, o local.Options, steps int, moves []string) ([]localSheetRow, *local.View, error) {
	if o.Algorithm != local.HillClimb {
		return nil, nil, usererr.Errorf("export", "a local-search worksheet asks which neighbour steepest-ascent hill climbing takes; %s draws at random: use -algo hillclimb", o.Algorithm)
	}
	v, vp, err := localFamily.fresh(p, o)
	if err != nil {
		return nil, nil, err
	}
	type step struct {
		before, at *local.View
	}
	var done []step
	for v.Steps() < steps {
		before := v.View()
		if _, ok := v.Step(); !ok {
			break
		}
		at := v.View()
		if at.Considered > len(at.Neighbours) {
			return nil, nil, usererr.Errorf("export", "a worksheet lists every neighbour, at most %d a step, and %s has %d: use a smaller problem (queens 8, tsp 10)", local.MaxListed, at.Problem, at.Considered)
		}
		done = append(done, step{before, at})
	}
	end := v.View()
	if moves == nil && len(done) > 0 {
		if moves, err = sheetMoves(vp, o, done[0].before.State, steps); err != nil {
			return nil, nil, err
		}
	}
	queens := isQueens(vp)
	word := map[bool]string{true: stayWord, false: noneWord}[queens]
	var rows []localSheetRow
	for _, d := range done {
		before, at := d.before, d.at
		if !queens && len(at.Neighbours) == 0 {
			continue // a restart prices no neighbour: nothing to ask
		}
		listed := map[string]local.Neighbour{}
		for _, n := range at.Neighbours {
			listed[n.Move] = n
		}
		state := append([]int(nil), before.State...)
		for _, m := range moves {
			r := localSheetRow{Step: at.Step, State: state, From: before.StateName, FromH: before.HText, Move: m, p: vp, moves: moves}
			if n, ok := listed[m]; ok {
				r.H, r.Taken = n.HText, n.Taken
				delete(listed, m)
			} else {
				r.Stay, r.H = true, word
			}
			rows = append(rows, r)
		}
		for _, n := range at.Neighbours {
			if _, ok := listed[n.Move]; ok {
				return nil, nil, sheetMoveMissing(at.Step, n.Move, before.StateName)
			}
		}
	}
	return rows, end, nil
}

// errNoRows is a sheet with nothing to ask.
var errNoRows = usererr.Errorf("export", "hill climbing prices no neighbour here (the start is a solution?): pick another seed")

// WriteLocalWorksheet writes a worksheet on hill climbing p, o in md (the
// student's sheet, or with key the answer key): the state the first step
// starts from, and for each of the first LocalSheetSteps steps the same
// moves (sheetMoves: queens' every square; a script's, every move of the
// states near the start), to fill in with its h (or, for a move the
// step's state does not have, the word for no move) and whether hill
// climbing takes it. The sheet gives only the start: the state a later step
// starts from is what the earlier steps did, the student's to work out,
// and the key's to give. The key is printed from the search's view at
// each step. O(steps · neighbours).
func WriteLocalWorksheet(w io.Writer, format string, p local.Problem, o local.Options, key bool) error {
	if f := strings.ToLower(strings.TrimPrefix(format, ".")); f != "md" && f != "markdown" {
		return usererr.Errorf("export", "a local-search worksheet is written as md (a table the student fills in and stepviz check grades), not %s", format)
	}
	rows, end, err := localSheet(p, o, LocalSheetSteps)
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return errNoRows
	}
	pr := &printer{w: w}
	title := "Worksheet"
	if key {
		title = "Answer key"
	}
	pr.f("# %s: steepest-ascent hill climbing\n\nproblem: `%s`  \nsearch: `%s`\n\n", title, end.Problem, end.Options)
	pr.f("h is %s; hill climbing moves to a neighbour of lowest h if it is lower than the state's own (or equal, with sideways moves allowed); on a tie it draws one of them at random, and any of them is right: the next steps are then graded from the state your move leads to.\n\n",
		map[string]string{"queens": "the number of pairs of queens attacking each other", "tsp": "the length of the tour", "script": "the script's value(state)"}[end.Kind])
	pr.f("Step 1 starts from %s (h = %s); each later step starts from the state the step before it moves to.\n\n", rows[0].From, rows[0].FromH)
	pr.f("1. **Fill in h** of each neighbour in the h column")
	if end.Kind == "queens" {
		pr.f(" (a row per square: on the square a queen already stands on, write %s)", stayWord)
	} else if hasStay(rows) {
		pr.f(" (every step lists the same moves, so that its list says nothing of where the steps before it went: a move the state the step starts from does not have is no neighbour; write %s in its h column and no in its taken column)", noneWord)
	}
	pr.f(".\n2. **Which move does hill climbing take?** Write yes in the taken column of that neighbour, no in the others (no yes at all when it takes none).\n\n")
	pr.f("Grade it with `stepviz check -problem %q -algo %q SHEET.md`.\n\n", end.Problem, end.Options)
	localTable(pr, rows, key)
	if key {
		pr.f("\nAfter step %d: h = %s, state %s", end.Step, end.HText, end.StateName)
		if end.Why != "" {
			pr.f("; stopped: %s", end.Why)
		}
		pr.f(".\n")
	}
	return pr.err
}

// localTable prints rows as the sheet's table, with the answers when key
// is set; the sheet names the state of a step after the first only as
// where the step before it moves to. O(rows).
func localTable(pr *printer, rows []localSheetRow, key bool) {
	pr.f("| step | from | move | h | taken |\n|---:|---|---|---:|---|\n")
	for _, r := range rows {
		from, h, taken := fmt.Sprintf("%s (h = %s)", mdCell(r.From), r.FromH), "", ""
		if !key && r.Step > 1 {
			from = fmt.Sprintf("where step %d moves to", r.Step-1)
		}
		if key {
			h, taken = r.H, map[bool]string{true: "yes", false: "no"}[r.Taken]
		}
		pr.f("| %d | %s | %s | %s | %s |\n", r.Step, from, mdCell(r.Move), h, taken)
	}
}

// CheckLocal grades a filled-in local-search worksheet (columns step,
// move, h, taken; others ignored) against hill climbing p, o: each
// neighbour's h within Tolerance and whether the step takes it. It stops
// at the first difference. At most MaxAnswerBytes are read. O(rows).
func CheckLocal(p local.Problem, o local.Options, r io.Reader, name string) (*Grade, error) {
	rows, _, err := localSheet(p, o, LocalSheetSteps)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errNoRows
	}
	table, lines, err := answerTable(r, name)
	if err != nil {
		return nil, err
	}
	if len(table) == 0 {
		return nil, usererr.Errorf("export", "%s has no table: fill in the worksheet's table (columns step, move, h, taken) and check that", name)
	}
	col := map[string]int{}
	for i, c := range table[0] {
		col[strings.ToLower(strings.Trim(c, "*_` "))] = i
	}
	si, ok1 := col["step"]
	mi, ok2 := col["move"]
	hi, hasH := col["h"]
	ti, hasT := col["taken"]
	if !ok1 || !ok2 || (!hasH && !hasT) {
		return nil, usererr.Errorf("export", "%s line %d: the table's header is step, from, move, h, taken as the worksheet writes it", name, lines[0])
	}
	cell := func(row []string, i int) string {
		if i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	type answer struct {
		h, taken string
		line     int
	}
	given := map[string]answer{}
	for k, row := range table[1:] {
		if allEmpty(row) {
			continue
		}
		a := answer{line: lines[k+1]}
		if hasH {
			a.h = cell(row, hi)
		}
		if hasT {
			a.taken = cell(row, ti)
		}
		given[cell(row, si)+" "+cell(row, mi)] = a
	}
	gr := &Grade{}
	if hasH {
		gr.Graded = append(gr.Graded, "h")
	}
	if hasT {
		gr.Graded = append(gr.Graded, "taken")
	}
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Step == rows[i].Step {
			j++
		}
		step := rows[i:j]
		// mine is the move the sheet takes instead of the engine's, tied
		// with it: the engine draws among ties at random, so any of them
		// is right, and the next steps start from where it leads.
		var taken, mine *localSheetRow
		for k := range step {
			if step[k].Taken {
				taken = &step[k]
			}
		}
		for k := range step {
			r := &step[k]
			if got, ok := given[strconv.Itoa(r.Step)+" "+r.Move]; ok && hasT && crossedOut(got.taken) && taken != nil && !r.Taken && !r.Stay && r.H == taken.H {
				mine = r
			}
		}
		for k, want := range step {
			id := "step " + strconv.Itoa(want.Step) + " " + want.Move
			got, ok := given[strconv.Itoa(want.Step)+" "+want.Move]
			if !ok {
				gr.Step, gr.Reason = i+k+1, fmt.Sprintf("%s is missing from the sheet: keep every row of the worksheet", id)
				gr.Lines = append(gr.Lines, gr.Reason)
				return gr, nil
			}
			var wrong []string
			switch {
			case want.Stay:
				queen := want.H == stayWord
				switch {
				case hasH && queen && !stayAnswer(got.h, stayWord):
					wrong = append(wrong, fmt.Sprintf("h %s, but a queen stands on this square at step %d (the state is %s): it is no move; write %s", got.h, want.Step, want.From, stayWord))
				case hasH && !queen && !stayAnswer(got.h, noneWord):
					wrong = append(wrong, fmt.Sprintf("h %s, but %s is no neighbour at step %d (the state is %s): write %s", got.h, want.Move, want.Step, want.From, noneWord))
				}
				switch {
				case hasT && crossedOut(got.taken) && queen:
					wrong = append(wrong, "a queen stands on this square already: moving there is no move")
				case hasT && crossedOut(got.taken):
					wrong = append(wrong, "no neighbour of the state step "+strconv.Itoa(want.Step)+" starts from: hill climbing cannot take it")
				}
			default:
				if hasH && !sameValue(got.h, want.H) {
					if got.h == "" {
						wrong = append(wrong, "no h written; h is "+want.H)
					} else {
						wrong = append(wrong, fmt.Sprintf("h %s, but h is %s", got.h, want.H))
					}
				}
				tie := mine != nil && want.H == taken.H
				if t := crossedOut(got.taken); hasT && t != want.Taken && !tie {
					if want.Taken {
						wrong = append(wrong, "hill climbing takes this move: no neighbour has a lower h, and the state's is "+want.FromH)
					} else {
						wrong = append(wrong, "hill climbing does not take this move")
					}
				}
			}
			if len(wrong) > 0 {
				gr.Step, gr.Line, gr.Reason = i+k+1, got.line, id+": "+strings.Join(wrong, "; ")
				gr.Lines = append(gr.Lines, "✗ "+gr.Reason)
				return gr, nil
			}
			if want.Stay {
				gr.Lines = append(gr.Lines, "✓ "+id+" ("+want.H+")")
				continue
			}
			gr.Checked++
			gr.Lines = append(gr.Lines, "✓ "+id)
		}
		if mine != nil && j < len(rows) {
			next, err := localSheetAfter(o, *mine)
			if err != nil {
				return nil, err
			}
			gr.Lines = append(gr.Lines, fmt.Sprintf("step %d: %s is tied with hill climbing's %s; the steps after it are graded from where it leads", mine.Step, mine.Move, taken.Move))
			rows = append(rows[:j:j], next...)
		}
		i = j
	}
	gr.Correct = true
	return gr, nil
}

// stayAnswer reports whether s is an answer for a row of no move, whose
// word is word (stayWord: a queen's own square; noneWord: no neighbour):
// the word, its first letter, a dash, or nothing; for noneWord also "no
// neighbour", "not a neighbour", "no move" and "n/a".
func stayAnswer(s, word string) bool {
	s = strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, "*_` "))), " ")
	switch s {
	case "", word, word[:1], "-", "–", "—":
		return true
	case "no neighbour", "not a neighbour", "no neighbor", "not a neighbor", "no move", "n/a":
		return word == noneWord
	}
	return false
}

// hasStay reports whether some row is of no move.
func hasStay(rows []localSheetRow) bool {
	for _, r := range rows {
		if r.Stay {
			return true
		}
	}
	return false
}

// startAt is p started from a given state: the rest of a sheet replayed
// from the state a student's tied move leads to.
type startAt struct {
	local.Problem
	s []int
}

func (p startAt) Start() []int { return append([]int(nil), p.s...) }

// isQueens reports whether p is the built-in n-queens (started anywhere).
func isQueens(p local.Problem) bool {
	if a, ok := p.(startAt); ok {
		p = a.Problem
	}
	_, ok := p.(*local.Queens)
	return ok
}

// localSheetAfter is the rows of the sheet's steps after r's, when its
// step takes r's move: hill climbing from the state r leads to, its steps
// numbered on from r's, listing the sheet's moves. Sideways moves are
// counted from there afresh. O(steps · neighbours).
func localSheetAfter(o local.Options, r localSheetRow) ([]localSheetRow, error) {
	p := r.p
	s := append([]int(nil), r.State...)
	var move *local.Move
	p.Neighbours(s, p.H(s), func(m local.Move, _ float64) {
		if move == nil && p.MoveName(m) == r.Move {
			move = &m
		}
	})
	if move == nil {
		return nil, usererr.Errorf("export", "step %d: %s is not a move of %s", r.Step, r.Move, r.From)
	}
	p.Apply(s, *move)
	rows, _, err := localSheetOf(startAt{p, s}, o, LocalSheetSteps-r.Step, r.moves)
	if err != nil {
		return nil, err
	}
	for k := range rows {
		rows[k].Step += r.Step
	}
	return rows, nil
}
