package export

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper/local"
)

// TestLocalWorksheet: the key lists, for each of the first steps, every
// neighbour the view prices with the view's h and the move the step takes
// (and, for queens, each queen's own square, no move); check grades the
// key correct, the empty sheet wrong at its first row, a wrong h and a
// wrong move at their rows.
func TestLocalWorksheet(t *testing.T) {
	for _, c := range []struct{ problem, search string }{
		{"queens 6 seed=2", "hillclimb"}, {"queens 8 seed=3", "hillclimb sideways=10"}, {"tsp 7 seed=4", "hillclimb"},
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			sheet, key := localSheetText(t, p, o, false), localSheetText(t, p, o, true)
			table := keyRows(key)
			v, _ := local.NewViewer(p, o)
			i, neighbours := 0, 0
			for v.Steps() < LocalSheetSteps {
				state := v.View().State
				if _, ok := v.Step(); !ok {
					break
				}
				at := v.View()
				for _, n := range at.Neighbours {
					for i < len(table) && table[i][3] == stayWord {
						if q, ok := p.(*local.Queens); !ok || table[i][2] != queenSquare(q, state, table[i][2]) {
							t.Errorf("row %d: %q is no queen's square of %v", i+1, table[i], state)
						}
						i++
					}
					if i >= len(table) {
						t.Fatalf("the key has %d rows, the view prices more", len(table))
					}
					neighbours++
					if want := []string{n.Move, n.HText, map[bool]string{true: "yes", false: "no"}[n.Taken]}; strings.Join(table[i][2:], "|") != strings.Join(want, "|") {
						t.Errorf("row %d: %q, view %q", i+1, table[i][2:], want)
					}
					i++
				}
			}
			for i < len(table) && table[i][3] == stayWord {
				i++
			}
			if i != len(table) {
				t.Errorf("the key has %d rows, the view priced %d neighbours", len(table), i)
			}
			if g := gradeLocal(t, p, o, key); !g.Correct || g.Checked != neighbours {
				t.Errorf("the key: %+v", g)
			}
			if g := gradeLocal(t, p, o, sheet); g.Correct || g.Step != 1 || !strings.Contains(g.Reason, "no h written") {
				t.Errorf("the empty sheet: %+v", g)
			}
			rows := strings.Split(key, "\n")
			// A wrong h in the third neighbour's row.
			var takenRow, third, seen int
			for k, l := range rows {
				c := splitPipeRow(l)
				if !strings.HasPrefix(l, "| ") || len(c) < 5 || c[0] == "step" {
					continue
				}
				if strings.HasSuffix(l, "| yes |") && takenRow == 0 {
					takenRow = k
				}
				if c[3] != stayWord {
					if seen++; seen == 3 {
						third = k
					}
				}
			}
			wrong := append([]string(nil), rows...)
			cells := splitPipeRow(wrong[third])
			cells[3] = "999"
			wrong[third] = "| " + strings.Join(cells, " | ") + " |"
			if g := gradeLocal(t, p, o, strings.Join(wrong, "\n")); g.Correct || !strings.Contains(g.Reason, "h 999, but h is") {
				t.Errorf("a wrong h: %+v", g)
			}
			// A number on a queen's own square: no move, so no h.
			for k, l := range rows {
				if c := splitPipeRow(l); strings.HasPrefix(l, "| ") && len(c) == 5 && c[3] == stayWord {
					stay := append([]string(nil), rows...)
					c[3] = "5"
					stay[k] = "| " + strings.Join(c, " | ") + " |"
					if g := gradeLocal(t, p, o, strings.Join(stay, "\n")); g.Correct || !strings.Contains(g.Reason, "a queen stands on this square") {
						t.Errorf("an h on a queen's square: %+v", g)
					}
					break
				}
			}
			if takenRow > 0 {
				moved := append([]string(nil), rows...)
				moved[takenRow] = strings.TrimSuffix(moved[takenRow], "| yes |") + "| no |"
				if g := gradeLocal(t, p, o, strings.Join(moved, "\n")); g.Correct || !strings.Contains(g.Reason, "hill climbing takes this move") {
					t.Errorf("the move taken left out: %+v", g)
				}
			}
		})
	}
	p, o := localOf(t, "queens 8", "anneal")
	if err := WriteLocalWorksheet(&bytes.Buffer{}, "md", p, o, true); err == nil || !strings.Contains(err.Error(), "use -algo hillclimb") {
		t.Errorf("anneal: %v", err)
	}
	p, o = localOf(t, "tsp 40 seed=1", "hillclimb")
	if err := WriteLocalWorksheet(&bytes.Buffer{}, "md", p, o, true); err == nil || !strings.Contains(err.Error(), "smaller problem") {
		t.Errorf("tsp 40: %v", err)
	}
}

// TestLocalWorksheetGivesNothingAway: the student's sheet shows the state
// step 1 starts from and nothing a later step starts from (the state or
// its h, which are what the step before it does), and it lists the same
// moves at every step, so that the list tells nothing of where a queen
// went.
func TestLocalWorksheetGivesNothingAway(t *testing.T) {
	for _, c := range []struct{ problem, search string }{
		{"queens 6 seed=2", "hillclimb"}, {"queens 8 seed=3", "hillclimb sideways=10"}, {"tsp 7 seed=4", "hillclimb"},
	} {
		t.Run(c.problem, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			sheet := localSheetText(t, p, o, false)
			start, _ := local.ViewAt(p, o, 0)
			if !strings.Contains(sheet, start.StateName+" (h = "+start.HText+")") {
				t.Errorf("the sheet does not give the start %s (h = %s)", start.StateName, start.HText)
			}
			moves := map[string][]string{}
			for _, r := range keyRows(sheet) {
				moves[r[0]] = append(moves[r[0]], r[2])
				if r[0] != "1" && strings.Contains(r[1], "h =") {
					t.Errorf("step %s's row %q gives the state it starts from", r[0], r)
				}
				if r[3] != "" || r[4] != "" {
					t.Errorf("the sheet's row %q is filled in", r)
				}
			}
			if len(moves) < 2 {
				t.Fatalf("the sheet asks about %d steps: pick a case of more", len(moves))
			}
			for k := 1; k < len(moves); k++ {
				at, _ := local.ViewAt(p, o, k)
				if strings.Contains(sheet, at.StateName) {
					t.Errorf("the sheet gives %s, the state step %d moves to", at.StateName, k)
				}
				if got := strings.Join(moves[strconv.Itoa(k+1)], " "); got != strings.Join(moves["1"], " ") {
					t.Errorf("step %d lists the moves %s, step 1 %s", k+1, got, strings.Join(moves["1"], " "))
				}
			}
		})
	}
}

// TestLocalWorksheetTiedPath: a sheet that takes a move tied with hill
// climbing's at step 1 (or 2) is graded on from where its move leads: right when
// its later steps follow that state, wrong when they copy the key's.
func TestLocalWorksheetTiedPath(t *testing.T) {
	tiedPathGraded(t, "queens 6 seed=%d", 1)
	tiedPathGraded(t, "queens 6 seed=%d", 2)
}

// tiedPathGraded checks a tied path's grading on the first problem of
// format (a problem line with %d for the seed) that has a tie at step at.
func tiedPathGraded(t *testing.T, format string, at int) {
	t.Helper()
	for seed := 1; seed < 60; seed++ {
		p, o := localOf(t, fmt.Sprintf(format, seed), "hillclimb")
		rows, _, err := localSheet(p, o, LocalSheetSteps)
		if err != nil || len(rows) == 0 || rows[len(rows)-1].Step <= at {
			continue
		}
		var taken, tie int = -1, -1
		for k, r := range rows {
			if r.Step == at && r.Taken {
				taken = k
			}
		}
		for k, r := range rows {
			if taken >= 0 && r.Step == at && !r.Taken && !r.Stay && r.H == rows[taken].H {
				tie = k
				break
			}
		}
		if tie < 0 {
			continue
		}
		first := append([]localSheetRow(nil), rows...)
		first[taken].Taken, first[tie].Taken = false, true
		end := 0
		for end < len(first) && first[end].Step <= at {
			end++
		}
		after, err := localSheetAfter(o, rows[tie])
		if err != nil {
			t.Fatal(err)
		}
		if len(after) == 0 || after[0].From != queensMoved(t, rows[tie].From, rows[tie].Move) {
			t.Fatalf("seed %d: after %s from %s, the next step starts from %q", seed, rows[tie].Move, rows[tie].From, after[0].From)
		}
		render := func(rows []localSheetRow) string {
			var b bytes.Buffer
			localTable(&printer{w: &b}, rows, true)
			return b.String()
		}
		mine := append(first[:end:end], after...)
		if got, want := sheetSteps(t, render(mine)), sheetSteps(t, render(first)); !reflect.DeepEqual(got, want) {
			t.Errorf("seed %d: from %s tied with %s, the steps list %q, the sheet %q", seed, rows[tie].Move, rows[taken].Move, got, want)
		}
		g := gradeLocal(t, p, o, render(mine))
		if !g.Correct || g.Checked != neighboursOf(mine) || !strings.Contains(strings.Join(g.Lines, "\n"), "is tied with hill climbing's") {
			t.Errorf("seed %d: %s tied with %s, the later steps from where it leads: %+v", seed, rows[tie].Move, rows[taken].Move, g)
		}
		if render(first[end:]) != render(after) {
			if g := gradeLocal(t, p, o, render(first)); g.Correct || g.Step <= end {
				t.Errorf("seed %d: %s tied with %s, the later steps copied from the key: %+v", seed, rows[tie].Move, rows[taken].Move, g)
			}
		}
		return
	}
	t.Errorf("no %s with a seed below 60 has a tie at step %d: widen the search", format, at)
}

// localSheetText is the local worksheet (or key) of p, o in md.
func localSheetText(t *testing.T, p local.Problem, o local.Options, key bool) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteLocalWorksheet(&b, "md", p, o, key); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// keyRows is the cells of a local sheet's table rows, the header left out.
func keyRows(md string) [][]string {
	var table [][]string
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| step") {
			table = append(table, splitPipeRow(l))
		}
	}
	return table
}

// gradeLocal is CheckLocal of a sheet's text.
func gradeLocal(t *testing.T, p local.Problem, o local.Options, sheet string) *Grade {
	t.Helper()
	g, err := CheckLocal(p, o, strings.NewReader(sheet), "s.md")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// queenSquare is move when it names a square a queen stands on in s.
func queenSquare(q *local.Queens, s []int, move string) string {
	for c, r := range s {
		if q.MoveName(local.Move{A: c, B: r}) == move {
			return move
		}
	}
	return ""
}

// neighboursOf counts the rows that are moves, a queen's own square left out.
func neighboursOf(rows []localSheetRow) int {
	n := 0
	for _, r := range rows {
		if !r.Stay {
			n++
		}
	}
	return n
}

// queensMoved is the board named from (rows 1-based, comma separated)
// after the queens move named move ("c3→r5").
func queensMoved(t *testing.T, from, move string) string {
	t.Helper()
	var c, r int
	if _, err := fmt.Sscanf(move, "c%d→r%d", &c, &r); err != nil {
		t.Fatalf("%q is no queens move: %v", move, err)
	}
	rows := strings.Split(from, ",")
	rows[c-1] = strconv.Itoa(r)
	return strings.Join(rows, ",")
}
