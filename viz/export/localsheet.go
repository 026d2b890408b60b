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

// localSheetRow is one neighbour priced at a step, with its answers from
// the search's view at that step.
type localSheetRow struct {
	Step        int
	From, FromH string // the state the step starts from and its h
	Move, H     string
	Taken       bool
}

// localSheet steps hill climbing on p, o for the sheet's steps and lists
// every neighbour each step prices, with its h and whether the step takes
// it, as the view at that step writes them. O(steps · neighbours).
func localSheet(p local.Problem, o local.Options) ([]localSheetRow, *local.View, error) {
	if o.Algorithm != local.HillClimb {
		return nil, nil, usererr.Errorf("export", "a local-search worksheet asks which neighbour steepest-ascent hill climbing takes; %s draws at random: use -algo hillclimb", o.Algorithm)
	}
	v, _, err := localFamily.fresh(p, o)
	if err != nil {
		return nil, nil, err
	}
	var rows []localSheetRow
	for v.Steps() < LocalSheetSteps {
		before := v.View()
		if _, ok := v.Step(); !ok {
			break
		}
		at := v.View()
		if at.Considered > len(at.Neighbours) {
			return nil, nil, usererr.Errorf("export", "a worksheet lists every neighbour, at most %d a step, and %s has %d: use a smaller problem (queens 8, tsp 10)", local.MaxListed, at.Problem, at.Considered)
		}
		for _, n := range at.Neighbours {
			rows = append(rows, localSheetRow{Step: at.Step, From: before.StateName, FromH: before.HText, Move: n.Move, H: n.HText, Taken: n.Taken})
		}
	}
	if len(rows) == 0 {
		return nil, nil, usererr.Errorf("export", "hill climbing prices no neighbour here (the start is a solution?): pick another seed")
	}
	return rows, v.View(), nil
}

// WriteLocalWorksheet writes a worksheet on hill climbing p, o in md (the
// student's sheet, or with key the answer key): for each of the first
// LocalSheetSteps steps the state it starts from and every neighbour, to
// fill in with its h and whether hill climbing takes it. The key is
// printed from the search's view at each step. O(steps · neighbours).
func WriteLocalWorksheet(w io.Writer, format string, p local.Problem, o local.Options, key bool) error {
	if f := strings.ToLower(strings.TrimPrefix(format, ".")); f != "md" && f != "markdown" {
		return usererr.Errorf("export", "a local-search worksheet is written as md (a table the student fills in and stepviz check grades), not %s", format)
	}
	rows, end, err := localSheet(p, o)
	if err != nil {
		return err
	}
	pr := &printer{w: w}
	title := "Worksheet"
	if key {
		title = "Answer key"
	}
	pr.f("# %s: steepest-ascent hill climbing\n\nproblem: `%s`  \nsearch: `%s`\n\n", title, end.Problem, end.Options)
	pr.f("h is %s; hill climbing moves to a neighbour of lowest h if it is lower than the state's own (or equal, with sideways moves allowed); on a tie it draws one of them at random, and any of them is right.\n\n",
		map[string]string{"queens": "the number of pairs of queens attacking each other", "tsp": "the length of the tour"}[end.Kind])
	pr.f("1. **Fill in h** of each neighbour in the h column.\n2. **Which move does hill climbing take?** Write yes in the taken column of that neighbour, no in the others (no yes at all when it takes none).\n\n")
	pr.f("Grade it with `stepviz check -problem %q -algo %q SHEET.md`.\n\n", end.Problem, end.Options)
	pr.f("| step | from | move | h | taken |\n|---:|---|---|---:|---|\n")
	for _, r := range rows {
		h, taken := "", ""
		if key {
			h, taken = r.H, map[bool]string{true: "yes", false: "no"}[r.Taken]
		}
		pr.f("| %d | %s (h = %s) | %s | %s | %s |\n", r.Step, mdCell(r.From), r.FromH, mdCell(r.Move), h, taken)
	}
	if key {
		pr.f("\nAfter step %d: h = %s, state %s", end.Step, end.HText, end.StateName)
		if end.Why != "" {
			pr.f("; stopped: %s", end.Why)
		}
		pr.f(".\n")
	}
	return pr.err
}

// CheckLocal grades a filled-in local-search worksheet (columns step,
// move, h, taken; others ignored) against hill climbing p, o: each
// neighbour's h within Tolerance and whether the step takes it. It stops
// at the first difference. At most MaxAnswerBytes are read. O(rows).
func CheckLocal(p local.Problem, o local.Options, r io.Reader, name string) (*Grade, error) {
	rows, _, err := localSheet(p, o)
	if err != nil {
		return nil, err
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
	// takenH is the h of the move each step takes; tied, that a sheet
	// takes another neighbour of the same h at the step (the engine draws
	// among ties at random: any of them is right).
	takenH, tied := map[int]string{}, map[int]bool{}
	for _, r := range rows {
		if r.Taken {
			takenH[r.Step] = r.H
		}
	}
	for _, r := range rows {
		if got, ok := given[strconv.Itoa(r.Step)+" "+r.Move]; ok && hasT && crossedOut(got.taken) && !r.Taken && takenH[r.Step] == r.H {
			tied[r.Step] = true
		}
	}
	for i, want := range rows {
		id := "step " + strconv.Itoa(want.Step) + " " + want.Move
		got, ok := given[strconv.Itoa(want.Step)+" "+want.Move]
		if !ok {
			gr.Step, gr.Reason = i+1, fmt.Sprintf("%s is missing from the sheet: keep every row of the worksheet", id)
			gr.Lines = append(gr.Lines, gr.Reason)
			return gr, nil
		}
		var wrong []string
		if hasH && !sameValue(got.h, want.H) {
			if got.h == "" {
				wrong = append(wrong, "no h written; h is "+want.H)
			} else {
				wrong = append(wrong, fmt.Sprintf("h %s, but h is %s", got.h, want.H))
			}
		}
		tie := want.H == takenH[want.Step] && tied[want.Step]
		if taken := crossedOut(got.taken); hasT && taken != want.Taken && !tie {
			if want.Taken {
				wrong = append(wrong, "hill climbing takes this move: no neighbour has a lower h, and the state's is "+want.FromH)
			} else {
				wrong = append(wrong, "hill climbing does not take this move")
			}
		}
		if len(wrong) > 0 {
			gr.Step, gr.Line, gr.Reason = i+1, got.line, id+": "+strings.Join(wrong, "; ")
			gr.Lines = append(gr.Lines, "✗ "+gr.Reason)
			return gr, nil
		}
		gr.Checked++
		gr.Lines = append(gr.Lines, "✓ "+id)
	}
	gr.Correct = true
	return gr, nil
}
