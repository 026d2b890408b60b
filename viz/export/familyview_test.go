package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// gameCase is a game search the cross-format tests export.
var gameCases = []struct{ problem, search string }{
	{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta"},
	{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "minimax"},
	{"gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax"},
	{"tictactoe XOXO.X...", "alphabeta order=eval"},
	{"tictactoe XO.X.O...", "mcts iterations=25 seed=2"},
	{"connect4 4453", "alphabeta depth=2"},
	{"tictactoe XO.......", "alphabeta"},
}

func gameOf(t *testing.T, problem, search string) (game.Game, game.Options) {
	t.Helper()
	g, err := game.ParseProblem(problem)
	if err != nil {
		t.Fatal(err)
	}
	o, err := game.ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	return g, o
}

func gameExport(t *testing.T, g game.Game, o game.Options, format string, upTo int) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteGame(context.Background(), &b, format, g, o, upTo); err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	return b.String()
}

// gameRows steps a viewer to the end: each step's row and view.
func gameRows(t *testing.T, g game.Game, o game.Options) ([]game.Row, []*game.View) {
	t.Helper()
	v, err := game.NewViewer(g, o)
	if err != nil {
		t.Fatal(err)
	}
	var rows []game.Row
	var views []*game.View
	for {
		if _, ok := v.Step(); !ok {
			return rows, views
		}
		rows = append(rows, v.Row())
		views = append(views, v.View())
	}
}

// checkRowAgainstView: a step's row prints what the view at that step
// holds for the node and its parent.
func checkRowAgainstView(t *testing.T, r game.Row, v *game.View) {
	t.Helper()
	if r.Says != v.Says {
		t.Errorf("step %d: row says %q, view %q", r.Step, r.Says, v.Says)
	}
	if v.Algorithm == game.MCTS {
		return
	}
	n := v.Nodes[r.Node]
	if r.Value != n.Text.Value && (r.Leaf || r.What == game.Up) {
		t.Errorf("step %d: row value %q, view's node %q", r.Step, r.Value, n.Text.Value)
	}
	if r.What == game.Up && r.Parent >= 0 {
		p := v.Nodes[r.Parent]
		if r.ParentValue != p.Text.Value {
			t.Errorf("step %d: row parent value %q, view %q", r.Step, r.ParentValue, p.Text.Value)
		}
		if w := "[α=" + r.Alpha + ", β=" + r.Beta + "]"; p.Window && w != p.Text.Window {
			t.Errorf("step %d: row window %s, view's parent %s", r.Step, w, p.Text.Window)
		}
	}
	if (r.What == game.Down || r.What == game.Visit) && n.Window {
		if w := "[α=" + r.Alpha + ", β=" + r.Beta + "]"; w != n.Text.Window {
			t.Errorf("step %d: row window %s, view %s", r.Step, w, n.Text.Window)
		}
	}
}

// TestGameFormatsAgree is the cross-format table test: every value each
// per-step format prints (jsonl, csv, md) is the view's row's, and the
// drawings (svg, dot) print every node's value and window as the view
// at the last step writes them.
func TestGameFormatsAgree(t *testing.T) {
	for _, tc := range gameCases {
		t.Run(tc.problem+" "+tc.search, func(t *testing.T) {
			g, o := gameOf(t, tc.problem, tc.search)
			rows, views := gameRows(t, g, o)
			for i := range rows {
				checkRowAgainstView(t, rows[i], views[i])
			}
			// jsonl: a header, a row per step, the result.
			lines := strings.Split(strings.TrimSpace(gameExport(t, g, o, "jsonl", ToEnd)), "\n")
			if len(lines) != len(rows)+2 {
				t.Fatalf("jsonl has %d lines for %d steps", len(lines), len(rows))
			}
			for i, r := range rows {
				var got game.Row
				if err := json.Unmarshal([]byte(lines[i+1]), &got); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, r) {
					t.Errorf("jsonl step %d: %+v, want %+v", i+1, got, r)
				}
			}
			// csv.
			recs, err := csv.NewReader(strings.NewReader(gameExport(t, g, o, "csv", ToEnd))).ReadAll()
			if err != nil || len(recs) != len(rows)+1 {
				t.Fatalf("csv: %d records, %v", len(recs), err)
			}
			col := map[string]int{}
			for i, h := range recs[0] {
				col[h] = i
			}
			for i, r := range rows {
				rec := recs[i+1]
				for name, want := range map[string]string{"value": r.Value, "alpha": r.Alpha, "beta": r.Beta, "parent_value": r.ParentValue, "why": r.Why,
					"name": csvText(r.Name), "state": csvText(r.State)} {
					if got := rec[col[name]]; got != csvNum(want) {
						t.Errorf("csv step %d %s: %q, want %q", i+1, name, got, csvNum(want))
					}
				}
			}
			// md: the table's value, α, β and narration columns.
			var md [][]string
			for _, l := range strings.Split(gameExport(t, g, o, "md", ToEnd), "\n") {
				if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| step") {
					md = append(md, splitPipeRow(l))
				}
			}
			if len(md) != len(rows) {
				t.Fatalf("md has %d step rows for %d steps", len(md), len(rows))
			}
			for i, r := range rows {
				if want := []string{r.Name, r.Value, r.Alpha, r.Beta, r.Says}; !reflect.DeepEqual(md[i][1:6], want) {
					t.Errorf("md step %d: %q, want %q", i+1, md[i][1:], want)
				}
			}
			// svg and dot at the end.
			end := views[len(views)-1]
			_, _, cols, _ := placeGame(append(append([]game.ViewNode(nil), end.Nodes...), end.Cut...))
			whole := len(end.Nodes)+len(end.Cut) <= MaxDrawnGameNodes && gameTreeWidth(cols) <= MaxGameSVGWidth/gameMinScale
			svg := gameExport(t, g, o, "svg", ToEnd)
			drawn := svgNodes(t, svg)
			if whole == strings.Contains(svg, `data-testid="folded"`) || len(drawn) == 0 {
				t.Errorf("%d nodes: the drawing says folded %v, draws %d", len(end.Nodes)+len(end.Cut), !whole, len(drawn))
			}
			dot := ""
			if len(end.Nodes)+len(end.Cut) <= maxDOTNodes {
				dot = gameExport(t, g, o, "dot", ToEnd)
			}
			for _, n := range append(append([]game.ViewNode(nil), end.Nodes...), end.Cut...) {
				key := fmt.Sprintf("%d/%d/%s/%s", n.ID, n.Parent, n.Move, n.Status)
				d, ok := drawn[key]
				if !ok {
					if whole || n.OnPV {
						t.Errorf("svg draws no node %s", key)
					}
					continue
				}
				if d != [3]string{n.Text.Value, n.Text.Window, n.Text.Range} {
					t.Errorf("svg node %s: %q, view %q %q %q", key, d, n.Text.Value, n.Text.Window, n.Text.Range)
				}
				if dot != "" && n.Text.Window != "" && !strings.Contains(dot, n.Text.Window) {
					t.Errorf("dot lacks %s's window %s", n.State, n.Text.Window)
				}
			}
		})
	}
}

// svgNodes reads the drawn nodes' data attributes: id/parent/move/status
// to value, window, range.
func svgNodes(t *testing.T, doc string) map[string][3]string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	out := map[string][3]string{}
	var order []map[string]string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("svg is not XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "g" {
			continue
		}
		a := map[string]string{}
		for _, at := range se.Attr {
			a[at.Name.Local] = at.Value
		}
		if a["data-node"] == "" {
			continue
		}
		order = append(order, a)
	}
	for _, a := range order {
		status := strings.TrimPrefix(a["class"], "node ")
		out[a["data-node"]+"/"+a["data-parent"]+"/"+a["data-move"]+"/"+status] = [3]string{a["data-value"], a["data-window"], a["data-range"]}
	}
	return out
}

// localCases are the local searches the cross-format tests export.
var localCases = []struct{ problem, search string }{
	{"queens 8 seed=3", "hillclimb sideways=10"}, {"queens 8 seed=5", "anneal seed=2 schedule=exp:5,0.05,200"},
	{"queens 6 seed=5", "genetic seed=2 population=30 generations=20"}, {"tsp 10 seed=4", "hillclimb"},
}

// TestLocalFormatsAgree: every per-step format prints the view's rows,
// and the svg the view's h, state and neighbours.
func TestLocalFormatsAgree(t *testing.T) {
	for _, tc := range localCases {
		t.Run(tc.problem+" "+tc.search, func(t *testing.T) {
			p, o := localOf(t, tc.problem, tc.search)
			v, _ := local.NewViewer(p, o)
			rows := []local.Row{v.Row()}
			for {
				if _, ok := v.Step(); !ok {
					break
				}
				r := v.Row()
				vw := v.View()
				if r.H != vw.HText || r.Says != vw.Says || r.H != vw.HistoryText[r.Step] {
					t.Errorf("step %d: row h %s says %q, view %s %q", r.Step, r.H, r.Says, vw.HText, vw.Says)
				}
				rows = append(rows, r)
			}
			export := func(format string) string {
				var b bytes.Buffer
				if err := WriteLocal(context.Background(), &b, format, p, o, ToEnd); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			lines := strings.Split(strings.TrimSpace(export("jsonl")), "\n")
			if len(lines) != len(rows)+2 {
				t.Fatalf("jsonl: %d lines for %d rows", len(lines), len(rows))
			}
			for i, r := range rows {
				var got local.Row
				if err := json.Unmarshal([]byte(lines[i+1]), &got); err != nil || !reflect.DeepEqual(got, r) {
					t.Errorf("jsonl row %d: %+v, want %+v (%v)", i, got, r, err)
				}
			}
			recs, err := csv.NewReader(strings.NewReader(export("csv"))).ReadAll()
			if err != nil || len(recs) != len(rows) {
				t.Fatalf("csv: %d records for %d steps: %v", len(recs), len(rows)-1, err)
			}
			for i, r := range rows[1:] {
				if got := recs[i+1]; got[3] != r.From || got[4] != r.H || got[6] != r.BestH || got[7] != r.T || got[8] != r.P {
					t.Errorf("csv step %d: %q, row %+v", r.Step, got, r)
				}
			}
			var md [][]string
			for _, l := range strings.Split(export("md"), "\n") {
				if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| step") {
					md = append(md, splitPipeRow(l))
				}
			}
			for i, r := range rows {
				if i >= len(md) || md[i][2] != r.H || md[i][4] != r.Says {
					t.Fatalf("md row %d: %q, want h %s says %q", i, md[min(i, len(md)-1)], r.H, r.Says)
				}
			}
			end := v.View()
			svg := export("svg")
			if !strings.Contains(svg, `data-h="`+end.HText+`"`) || !strings.Contains(svg, xmlText(end.Says)[:20]) {
				t.Errorf("svg lacks h %s or the narration", end.HText)
			}
			for _, n := range end.Neighbours {
				if !strings.Contains(svg, xmlText(n.Move+" "+n.HText)) && len(end.Neighbours) < 8 {
					t.Errorf("svg lacks neighbour %s %s", n.Move, n.HText)
				}
			}
		})
	}
}

// TestFamilyFormatErrors: formats that do not fit are refused naming
// those that do; a search too long is refused before a byte is written.
func TestFamilyFormatErrors(t *testing.T) {
	g, o := gameOf(t, "tictactoe", "minimax")
	var b bytes.Buffer
	for _, tc := range []struct {
		format, want string
		upTo         int
	}{
		{"tree-svg", "a game search exports as jsonl, json, csv, md, tex, svg, dot, html, posthoc, ipynb, not tree-svg", ToEnd},
		{"jsonl", "more than 200000 steps: give -steps N", ToEnd},
	} {
		b.Reset()
		err := WriteGame(context.Background(), &b, tc.format, g, o, tc.upTo)
		if err == nil || !strings.Contains(err.Error(), tc.want) || (tc.format != "svg" && b.Len() > 0) {
			t.Errorf("%s: %v (%d bytes), want %q", tc.format, err, b.Len(), tc.want)
		}
	}
	// A tree too big to draw whole is drawn to the depth that fits.
	b.Reset()
	if err := WriteGame(context.Background(), &b, "svg", g, o, 5000); err != nil || !strings.Contains(b.String(), "drawn: the nodes to depth ") || strings.Count(b.String(), "<g class=\"node") > MaxDrawnGameNodes+10 {
		t.Errorf("folded svg: %v, %d nodes drawn", err, strings.Count(b.String(), "<g class=\"node"))
	}
	p, _ := local.ParseProblem("queens 8")
	lo, _ := local.ParseOptions("hillclimb")
	if err := WriteLocal(context.Background(), &b, "dot", p, lo, ToEnd); err == nil || !strings.Contains(err.Error(), "jsonl, json, csv, md, tex, svg, html, ipynb") {
		t.Errorf("local dot: %v", err)
	}
}

// TestGameSVGEachStep: at every step of alpha-beta on AIMA Fig. 5.5 the
// drawing holds exactly the view's nodes and pruned branches, each with
// the view's value, window and range.
func TestGameSVGEachStep(t *testing.T) {
	g, o := gameOf(t, fig52Line, "alphabeta")
	_, views := gameRows(t, g, o)
	for k, v := range views {
		drawn := svgNodes(t, gameExport(t, g, o, "svg", k+1))
		all := append(append([]game.ViewNode(nil), v.Nodes...), v.Cut...)
		if len(drawn) != len(all) {
			t.Errorf("step %d: %d nodes drawn, the view has %d", k+1, len(drawn), len(all))
		}
		for _, n := range all {
			key := fmt.Sprintf("%d/%d/%s/%s", n.ID, n.Parent, n.Move, n.Status)
			if d := drawn[key]; d != [3]string{n.Text.Value, n.Text.Window, n.Text.Range} {
				t.Errorf("step %d: node %s drawn %q, view %q %q %q", k+1, key, d, n.Text.Value, n.Text.Window, n.Text.Range)
			}
		}
	}
}

// TestGameSVGTitleFits: the drawing is as wide as its title needs even at
// step 0, where no node is drawn yet, so the title is not cut at the pane.
func TestGameSVGTitleFits(t *testing.T) {
	g, err := game.ParseProblem("gametree [[3,12,8],[2,4,6],[14,5,2]]")
	if err != nil {
		t.Fatal(err)
	}
	o, err := game.ParseOptions("alphabeta maxnodes=100000")
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.ViewAt(g, o, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := GameSVG(&b, v); err != nil {
		t.Fatal(err)
	}
	var w, h float64
	if _, err := fmt.Sscanf(b.String()[strings.Index(b.String(), `viewBox="`):], `viewBox="0 0 %g %g"`, &w, &h); err != nil {
		t.Fatal(err)
	}
	title := utf8.RuneCountInString(v.Problem + " — " + v.Options)
	if w < 7*float64(title) {
		t.Errorf("step 0 is drawn %g px wide; its %d-character title needs about %d", w, title, 7*title)
	}
}

// TestGameSVGLeafValues: a leaf the search has evaluated shows its
// utility: a gametree leaf in its box (its name is its value), a named
// game's leaf (nim, tic-tac-toe: its box holds its position) as "v = ..."
// under the box, as the LaTeX tree writes it.
func TestGameSVGLeafValues(t *testing.T) {
	leaf := regexp.MustCompile(`(?m)^<g class="node [^"]*" data-node="(\d+)"[^>]*data-value="([^"]*)"[^>]*><rect .*$`)
	for _, c := range []struct{ problem, search string }{
		{fig52Line, "alphabeta"},
		{"nim 1,2,2", "alphabeta"},
		{"tictactoe XOXOXO...", "minimax"},
	} {
		g, o := gameOf(t, c.problem, c.search)
		svg := string(gameExport(t, g, o, "svg", ToEnd))
		found := 0
		for _, m := range leaf.FindAllStringSubmatch(svg, -1) {
			if m[2] == "" {
				continue // not evaluated (pruned)
			}
			found++
			if !strings.Contains(m[0], ">v = "+m[2]+"<") && !strings.Contains(m[0], `font-size="10" fill="#000">`+m[2]+"<") {
				t.Errorf("%s: leaf %s (value %s) is drawn without its value: %s", c.problem, m[1], m[2], m[0])
			}
		}
		if found == 0 {
			t.Errorf("%s: no evaluated leaf found in the drawing", c.problem)
		}
	}
}
