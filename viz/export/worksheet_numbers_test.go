package export

import (
	"slices"
	"strings"
	"testing"
)

// TestWorksheetNumbersFollowTheFamily: a worksheet and its key write the
// numbers the page writes (sheetColumns): a search without a heuristic has
// no h column and no f; one ordered by depth has a depth column, uniform
// cost its g alone; their children read "Zerind depth 1", "Zerind g 75",
// and the rules name the key the same way, in md, tex and html alike. A*
// keeps g, h and f. The Markdown key of each is graded correct.
func TestWorksheetNumbersFollowTheFamily(t *testing.T) {
	for _, tc := range []struct {
		opts  string
		cols  []string // the number columns
		child string   // the first child of step 2 as the key writes it
		rule  string   // in the rules
		blank string   // the first child of step 2 on a sheet that blanks f only (md)
	}{
		{"ids", []string{"g", "depth"}, "Zerind depth 1", "depth is its number of steps from the root", "Zerind depth _____"},
		{"bfs", []string{"g", "depth"}, "Arad depth 2 (already closed)", "among equal depth", "Arad depth _____ (already closed)"},
		{"ucs", []string{"g"}, "Arad g 150 (already closed)", "among equal g", "Arad g _____ (already closed)"},
		{"astar", []string{"g", "h", "f"}, "Arad f=646 (already closed)", "among equal f", "Arad f=_____ (already closed)"},
	} {
		key := tc.cols[len(tc.cols)-1]
		stepsHead := append(append([]string{"step", "node expanded"}, tc.cols...), "children generated ("+key+")")
		openHead := append([]string{"#", "node"}, tc.cols...)
		for _, format := range WorksheetFormats {
			t.Run(tc.opts+"-"+format, func(t *testing.T) {
				sheet := sheetBytes(t, "graph romania", tc.opts, format, 3, Blanks{Open: true, F: true, Order: true}, true)
				for _, want := range []string{headerIn(format, stepsHead), headerIn(format, openHead), tc.child, tc.rule} {
					if !strings.Contains(sheet, want) {
						t.Errorf("the key has no %q", want)
					}
				}
				if !slices.Contains(tc.cols, "h") {
					for _, bad := range []string{headerIn(format, []string{"h"}), headerIn(format, []string{"f"}), "f=", "equal f", "every h is 0"} {
						if strings.Contains(sheet, bad) {
							t.Errorf("the key of a search without a heuristic writes %q", bad)
						}
					}
				}
			})
		}
		t.Run(tc.opts+"-graded", func(t *testing.T) {
			checkKeyGraded(t, tc.opts, sheetBytes(t, "graph romania", tc.opts, "md", 3, Blanks{Open: true, F: true, Order: true}, true), key)
			sheet := sheetBytes(t, "graph romania", tc.opts, "md", 3, Blanks{F: true}, false)
			if !strings.Contains(sheet, tc.blank) {
				t.Errorf("a sheet blanking %s has no %q", key, tc.blank)
			}
		})
	}
}

// TestCheckReadsAnOldSheet: a hand trace on a sheet written before a
// search without a heuristic lost its h and f columns (h 0, f the depth)
// is still graded; the grader names the key as the search's sheet does.
func TestCheckReadsAnOldSheet(t *testing.T) {
	old := "| step | node expanded | g | h | f | children generated (f) |\n|---|---|---|---|---|---|\n" +
		"| 1 | Arad | 0 | 0 | 0 | none: cut off at the depth limit |\n" +
		"| 2 | Arad | 0 | 0 | 0 | Zerind f=1; Sibiu f=1; Timisoara f=1 |\n" +
		"| 3 | Zerind | 75 | 0 | 1 | none: cut off at the depth limit |\n"
	checkKeyGraded(t, "ids", old, "depth")
}

// checkKeyGraded fails unless the Markdown answer md of a search opts on
// Romania is graded correct, with its key (f, depth or g) and its
// children's among what was graded.
func checkKeyGraded(t *testing.T, opts, md, key string) {
	t.Helper()
	a, err := ParseAnswer(strings.NewReader(md), "key.md")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Check(newSearch(t, "graph romania", opts), a)
	if err != nil || !g.Correct {
		t.Fatalf("the key, graded: %+v %v", g, err)
	}
	if !slices.Contains(g.Graded, key) || !slices.Contains(g.Graded, "children's "+key) {
		t.Errorf("graded %q, want %s and children's %s among them", g.Graded, key, key)
	}
}

// headerIn is a table's header row as format writes it.
func headerIn(format string, cells []string) string {
	switch format {
	case "tex":
		b := make([]string, len(cells))
		for i, c := range cells {
			b[i] = `\textbf{` + tex(c) + `}`
		}
		return strings.Join(b, " & ") + `\\`
	case "html":
		return "<th>" + strings.Join(cells, "</th><th>") + "</th>"
	}
	return "| " + strings.Join(cells, " | ") + " |"
}
