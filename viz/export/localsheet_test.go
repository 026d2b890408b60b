package export

import (
	"bytes"
	"strings"
	"testing"

	"stepviz/stepper/local"
)

// TestLocalWorksheet: the key lists, for each of the first steps, every
// neighbour the view prices with the view's h and the move the step takes;
// check grades the key correct, the empty sheet wrong at its first row, a
// wrong h and a wrong move at their rows, and a tied neighbour marked
// instead of the one taken as right.
func TestLocalWorksheet(t *testing.T) {
	ties := 0
	for _, c := range []struct{ problem, search string }{
		{"queens 6 seed=2", "hillclimb"}, {"queens 8 seed=3", "hillclimb sideways=10"}, {"tsp 7 seed=4", "hillclimb"},
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			write := func(key bool) string {
				var b bytes.Buffer
				if err := WriteLocalWorksheet(&b, "md", p, o, key); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			sheet, key := write(false), write(true)
			var table [][]string
			for _, l := range strings.Split(key, "\n") {
				if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| step") {
					table = append(table, splitPipeRow(l))
				}
			}
			v, _ := local.NewViewer(p, o)
			i := 0
			for v.Steps() < LocalSheetSteps {
				if _, ok := v.Step(); !ok {
					break
				}
				at := v.View()
				for _, n := range at.Neighbours {
					if i >= len(table) {
						t.Fatalf("the key has %d rows, the view prices more", len(table))
					}
					if want := []string{n.Move, n.HText, map[bool]string{true: "yes", false: "no"}[n.Taken]}; strings.Join(table[i][2:], "|") != strings.Join(want, "|") {
						t.Errorf("row %d: %q, view %q", i+1, table[i][2:], want)
					}
					i++
				}
			}
			if i != len(table) {
				t.Errorf("the key has %d rows, the view priced %d neighbours", len(table), i)
			}
			grade := func(sheet string) *Grade {
				t.Helper()
				g, err := CheckLocal(p, o, strings.NewReader(sheet), "s.md")
				if err != nil {
					t.Fatal(err)
				}
				return g
			}
			if g := grade(key); !g.Correct || g.Checked != len(table) {
				t.Errorf("the key: %+v", g)
			}
			if g := grade(sheet); g.Correct || g.Step != 1 || !strings.Contains(g.Reason, "no h written") {
				t.Errorf("the empty sheet: %+v", g)
			}
			// A wrong h in the third row; the taken move written no.
			rows := strings.Split(key, "\n")
			var takenRow int
			for k, l := range rows {
				if strings.HasSuffix(l, "| yes |") && takenRow == 0 {
					takenRow = k
				}
			}
			first := strings.Index(key, "| 1 |")
			lines := strings.Split(key[first:], "\n")
			cells := splitPipeRow(lines[2])
			cells[3] = "999"
			lines[2] = "| " + strings.Join(cells, " | ") + " |"
			if g := grade(key[:first] + strings.Join(lines, "\n")); g.Correct || g.Step != 3 || !strings.Contains(g.Reason, "h 999, but h is") {
				t.Errorf("a wrong h: %+v", g)
			}
			// A neighbour tied with the move taken, marked instead of it.
			for k, l := range rows {
				c := splitPipeRow(l)
				if k == takenRow || takenRow == 0 || !strings.HasPrefix(l, "| ") || len(c) < 5 {
					continue
				}
				tk := splitPipeRow(rows[takenRow])
				if c[0] == tk[0] && c[3] == tk[3] {
					swapped := append([]string(nil), rows...)
					swapped[takenRow] = strings.TrimSuffix(swapped[takenRow], "| yes |") + "| no |"
					swapped[k] = strings.TrimSuffix(swapped[k], "| no |") + "| yes |"
					if g := grade(strings.Join(swapped, "\n")); !g.Correct {
						t.Errorf("%s tied with the move taken %s, marked instead: %+v", c[2], tk[2], g)
					}
					ties++
					break
				}
			}
			if takenRow > 0 {
				moved := append([]string(nil), rows...)
				moved[takenRow] = strings.TrimSuffix(moved[takenRow], "| yes |") + "| no |"
				if g := grade(strings.Join(moved, "\n")); g.Correct || !strings.Contains(g.Reason, "hill climbing takes this move") {
					t.Errorf("the move taken left out: %+v", g)
				}
			}
		})
	}
	if ties == 0 {
		t.Error("no case has a neighbour tied with the move taken: add one")
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
