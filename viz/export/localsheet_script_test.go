package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper/local"
)

// queensScript is n-queens written as a script whose neighbours are the
// other rows of each column: the moves of a state leave out the squares
// its queens stand on, so they depend on the state.
const queensScript = "../../examples/local/queens.star"

// lineScript writes a script whose move names are the states they lead
// to ("to 6" from 5): a step's neighbours name the state it starts from.
func lineScript(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "line.star")
	src := `start = 5
goal_value = 0
def value(s):
    return abs(s - 10)
def neighbours(s):
    return [("to %d" % t, t) for t in (s - 1, s + 1)]
def format(s):
    return "at %d" % s
`
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// sheetSteps is the moves each step of a sheet's table lists, by step.
func sheetSteps(t *testing.T, md string) map[string][]string {
	t.Helper()
	moves := map[string][]string{}
	for _, r := range keyRows(md) {
		moves[r[0]] = append(moves[r[0]], r[2])
	}
	return moves
}

// TestLocalWorksheetScriptListsTheSameMoves: a script's sheet lists at
// steps 2 and 3 exactly the moves of step 1, and no later state; the
// key's row of each neighbour of a step's state has the view's h and
// taken, its other rows none and no; check grades the key correct.
func TestLocalWorksheetScriptListsTheSameMoves(t *testing.T) {
	for _, c := range []struct{ problem, search, list string }{
		{"script " + queensScript + " n=6 seed=2", "hillclimb", ""},
		{"script " + queensScript + " n=8 seed=3", "hillclimb sideways=10", ""},
		// Every state within two moves of 5, whichever way the search goes.
		{"script " + lineScript(t), "hillclimb", "to 2|to 3|to 4|to 5|to 6|to 7|to 8"},
	} {
		t.Run(c.problem, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			sheet, key := localSheetText(t, p, o, false), localSheetText(t, p, o, true)
			steps := sheetSteps(t, sheet)
			if len(steps) != LocalSheetSteps {
				t.Fatalf("the sheet asks about %d steps, want %d: pick another case", len(steps), LocalSheetSteps)
			}
			if got := strings.Join(steps["1"], "|"); c.list != "" && got != c.list {
				t.Errorf("the sheet lists %s, want %s", got, c.list)
			}
			for k := 2; k <= LocalSheetSteps; k++ {
				if got, want := steps[strconv.Itoa(k)], steps["1"]; !slices.Equal(got, want) {
					t.Errorf("step %d lists %q, step 1 %q", k, got, want)
				}
				at, _ := local.ViewAt(p, o, k-1)
				if strings.Contains(sheet, at.StateName) {
					t.Errorf("the sheet gives %s, the state step %d starts from", at.StateName, k)
				}
			}
			if !strings.Contains(sheet, "write "+noneWord+" in its h") {
				t.Errorf("the sheet does not say what to write for a move that is no neighbour:\n%s", sheet)
			}
			table := keyRows(key)
			v, _ := local.NewViewer(p, o)
			i, neighbours := 0, 0
			for v.Steps() < LocalSheetSteps {
				if _, ok := v.Step(); !ok {
					break
				}
				at := v.View()
				priced := map[string]local.Neighbour{}
				for _, n := range at.Neighbours {
					priced[n.Move] = n
				}
				for _, m := range steps["1"] {
					if i >= len(table) {
						t.Fatalf("the key has %d rows, fewer than the sheet", len(table))
					}
					want := []string{strconv.Itoa(at.Step), m, noneWord, "no"}
					if n, ok := priced[m]; ok {
						want[2], want[3] = n.HText, map[bool]string{true: "yes", false: "no"}[n.Taken]
						delete(priced, m)
						neighbours++
					}
					if got := []string{table[i][0], table[i][2], table[i][3], table[i][4]}; !slices.Equal(got, want) {
						t.Errorf("key row %d: %q, want %q", i+1, got, want)
					}
					i++
				}
				for m := range priced {
					t.Errorf("step %d: the neighbour %s is not listed", at.Step, m)
				}
			}
			if i != len(table) {
				t.Errorf("the key has %d rows, the steps %d", len(table), i)
			}
			if g := gradeLocal(t, p, o, key); !g.Correct || g.Checked != neighbours {
				t.Errorf("the key (%d neighbours): %+v", neighbours, g)
			}
		})
	}
}

// TestLocalWorksheetScriptAsQueens: examples/local/queens.star has the
// built-in queens' start and neighbour order, so its key is the built-in
// queens' key, row for row, with none where queens writes queen.
func TestLocalWorksheetScriptAsQueens(t *testing.T) {
	for _, c := range []struct{ n, seed int }{{6, 2}, {8, 3}, {5, 7}} {
		sp, o := localOf(t, fmt.Sprintf("script %s n=%d seed=%d", queensScript, c.n, c.seed), "hillclimb")
		qp, _ := localOf(t, fmt.Sprintf("queens %d seed=%d", c.n, c.seed), "hillclimb")
		script, queens := keyRows(localSheetText(t, sp, o, true)), keyRows(localSheetText(t, qp, o, true))
		if len(script) != len(queens) {
			t.Fatalf("n=%d seed=%d: the script's key has %d rows, queens' %d", c.n, c.seed, len(script), len(queens))
		}
		for i := range script {
			s := slices.Clone(script[i])
			if s[3] == noneWord {
				s[3] = stayWord
			}
			if !slices.Equal(s, queens[i]) {
				t.Errorf("n=%d seed=%d row %d: script %q, queens %q", c.n, c.seed, i+1, script[i], queens[i])
			}
		}
	}
}

// TestLocalWorksheetScriptListIsTheStarts: the moves a script's sheet
// lists depend on its start alone: searches that draw different ties
// (and so go different ways) list the same moves.
func TestLocalWorksheetScriptListIsTheStarts(t *testing.T) {
	problem := "script " + queensScript + " n=6 seed=2"
	var list []string
	paths := map[string]bool{}
	for seed := range 12 {
		p, o := localOf(t, problem, fmt.Sprintf("hillclimb sideways=5 seed=%d", seed))
		rows, end, err := localSheet(p, o, LocalSheetSteps)
		if err != nil {
			t.Fatal(err)
		}
		paths[end.StateName] = true
		var step1 []string
		for _, r := range rows {
			if r.Step == 1 {
				step1 = append(step1, r.Move)
			}
		}
		if list == nil {
			list = step1
		} else if !slices.Equal(step1, list) {
			t.Errorf("seed %d lists %q, seed 0 %q", seed, step1, list)
		}
	}
	if len(paths) < 2 {
		t.Errorf("every search seed ends at the same state: pick a problem with ties")
	}
}

// TestLocalWorksheetScriptGrades: check takes the key's answers, a move
// tied with hill climbing's and the words for no neighbour, and refuses
// a wrong answer in a row of no neighbour or of a neighbour, saying why.
func TestLocalWorksheetScriptGrades(t *testing.T) {
	p, o := localOf(t, "script "+queensScript+" n=6 seed=2", "hillclimb")
	key := localSheetText(t, p, o, true)
	lines := strings.Split(key, "\n")
	// edit is the key with the first row of step whose h is h changed by f.
	edit := func(step, h string, f func(cells []string)) string {
		t.Helper()
		out := slices.Clone(lines)
		for k, l := range out {
			if c := splitPipeRow(l); strings.HasPrefix(l, "| ") && len(c) == 5 && c[0] == step && (c[3] == h || h == "") && c[3] != noneWord == (h != noneWord) {
				f(c)
				out[k] = "| " + strings.Join(c, " | ") + " |"
				return strings.Join(out, "\n")
			}
		}
		t.Fatalf("no row of step %s with h %q", step, h)
		return ""
	}
	for _, c := range []struct {
		name, sheet string
		correct     bool
		says        string
	}{
		{"the key", key, true, ""},
		{"not a neighbour", edit("2", noneWord, func(c []string) { c[3] = "not a neighbour" }), true, ""},
		{"a dash", edit("3", noneWord, func(c []string) { c[3] = "–" }), true, ""},
		{"an h for no neighbour", edit("2", noneWord, func(c []string) { c[3] = "4" }), false, "is no neighbour at step 2"},
		{"queen for no neighbour", edit("2", noneWord, func(c []string) { c[3] = stayWord }), false, "write none"},
		{"no neighbour taken", edit("3", noneWord, func(c []string) { c[4] = "yes" }), false, "hill climbing cannot take it"},
		{"a wrong h", edit("2", "", func(c []string) { c[3] = "999" }), false, "h 999, but h is"},
	} {
		g := gradeLocal(t, p, o, c.sheet)
		if g.Correct != c.correct || !c.correct && !strings.Contains(g.Reason, c.says) {
			t.Errorf("%s: correct %v (%s), want %v saying %q", c.name, g.Correct, g.Reason, c.correct, c.says)
		}
	}
	tiedPathGraded(t, "script "+queensScript+" n=6 seed=%d", 1)
	tiedPathGraded(t, "script "+queensScript+" n=6 seed=%d", 2)
}

// TestMergeOrders: the merged list keeps every list's order and fills
// what they leave open in natural order.
func TestMergeOrders(t *testing.T) {
	for _, c := range []struct {
		orders [][]string
		want   string
	}{
		{[][]string{{"b", "a", "c"}}, "b a c"},
		{[][]string{{"b", "a"}, {"b", "a"}}, "b a"},
		{[][]string{{"c1→r2", "c1→r3", "c2→r1"}, {"c1→r1", "c1→r3", "c2→r2"}, {"c1→r1", "c1→r2", "c2→r1"}}, "c1→r1 c1→r2 c1→r3 c2→r1 c2→r2"},
		{[][]string{{"to 4", "to 6"}, {"to 3", "to 5"}, {"to 5", "to 7"}}, "to 3 to 4 to 5 to 6 to 7"},
		{[][]string{{"x10", "x9"}, {"x9", "x10"}}, "x9 x10"},
		{[][]string{{"up", "down"}, {"left", "down"}}, "left up down"},
		{nil, ""},
	} {
		if got := strings.Join(mergeOrders(c.orders), " "); got != c.want {
			t.Errorf("mergeOrders(%q) = %q, want %q", c.orders, got, c.want)
		}
	}
}

// TestNaturalLess: runs of digits compare by value, the rest as text.
func TestNaturalLess(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{
		{"c2→r9", "c2→r10", true}, {"c2→r10", "c2→r9", false}, {"a", "b", true}, {"a", "a", false},
		{"a1", "a01", false}, {"a01", "a1", false}, {"a", "a1", true}, {"2-opt 1..10", "2-opt 2..3", true}, {"", "a", true},
	} {
		if got := naturalLess(c.a, c.b); got != c.less {
			t.Errorf("naturalLess(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// TestLocalWorksheetScriptTooManyMoves: a script whose every state has
// moves of its own names more than a sheet lists, and is refused saying so.
func TestLocalWorksheetScriptTooManyMoves(t *testing.T) {
	p := filepath.Join(t.TempDir(), "wide.star")
	src := `start = 1
def value(s):
    return 1000 - s
def neighbours(s):
    return [("m%d" % (s * 10 + i), s * 10 + i) for i in range(10)]
`
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	pr, o := localOf(t, "script "+p, "hillclimb")
	err := WriteLocalWorksheet(&strings.Builder{}, "md", pr, o, false)
	if err == nil || !strings.Contains(err.Error(), "more than 128: use a smaller problem") {
		t.Errorf("got %v, want the list refused as too long", err)
	}
}

// BenchmarkLocalWorksheetScript writes the key of 8-queens written as a
// script: three steps, the list drawn from the start's neighbourhood.
func BenchmarkLocalWorksheetScript(b *testing.B) {
	p, err := local.ParseProblem("script " + queensScript + " n=8 seed=3")
	if err != nil {
		b.Fatal(err)
	}
	o, err := local.ParseOptions("hillclimb sideways=10")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := WriteLocalWorksheet(io.Discard, "md", p, o, true); err != nil {
			b.Fatal(err)
		}
	}
}
