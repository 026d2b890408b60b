package export

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// familyDoc is a json export of a game or local search read back.
type familyDoc[R, T any] struct {
	familyHeader
	Steps []R `json:"steps"`
	Tail  T
}

func readFamilyDoc[R, T any](t *testing.T, doc string) familyDoc[R, T] {
	t.Helper()
	var d familyDoc[R, T]
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		t.Fatalf("json export is not one JSON document: %v\n%.300s", err, doc)
	}
	if err := json.Unmarshal([]byte(doc), &d.Tail); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGameJSONAgrees: the json export is one document whose header is
// the jsonl's first line, whose steps are the view's rows step by step,
// and whose result, value and principal variation are the view's at the
// last step; also at a step before the end.
func TestGameJSONAgrees(t *testing.T) {
	for _, tc := range gameCases {
		t.Run(tc.problem+" "+tc.search, func(t *testing.T) {
			g, o := gameOf(t, tc.problem, tc.search)
			rows, _ := gameRows(t, g, o)
			for _, upTo := range []int{ToEnd, len(rows) / 2, 0} {
				v, err := game.NewViewer(g, o)
				if err != nil {
					t.Fatal(err)
				}
				d := readFamilyDoc[game.Row, gameTail](t, gameExport(t, g, o, "json", upTo))
				n := len(rows)
				if upTo >= 0 {
					n = upTo
				}
				for v.Steps() < n {
					v.Step()
				}
				var first familyHeader
				_ = json.Unmarshal([]byte(strings.SplitN(gameExport(t, g, o, "jsonl", upTo), "\n", 2)[0]), &first)
				if d.familyHeader != first {
					t.Errorf("json header %+v, jsonl's %+v", d.familyHeader, first)
				}
				if len(d.Steps) != n || (n > 0 && !reflect.DeepEqual(d.Steps, rows[:n])) {
					t.Errorf("to %d: json has %d steps, the view %d, or they differ", upTo, len(d.Steps), n)
				}
				if want := gameTailOf(v); !reflect.DeepEqual(d.Tail, want) {
					t.Errorf("to %d: json result %+v, view %+v", upTo, d.Tail, want)
				}
			}
		})
	}
}

// TestLocalJSONAgrees: the json export of a local search holds the start's
// row, then the view's row at every step, then the search's result.
func TestLocalJSONAgrees(t *testing.T) {
	for _, tc := range localCases {
		t.Run(tc.problem+" "+tc.search, func(t *testing.T) {
			p, o := localOf(t, tc.problem, tc.search)
			v, err := local.NewViewer(p, o)
			if err != nil {
				t.Fatal(err)
			}
			rows := []local.Row{v.Row()}
			for {
				if _, ok := v.Step(); !ok {
					break
				}
				rows = append(rows, v.Row())
			}
			var b bytes.Buffer
			if err := WriteLocal(context.Background(), &b, "json", p, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			d := readFamilyDoc[local.Row, localTail](t, b.String())
			if d.Format != "stepviz-local-steps" || d.Problem != p.Spec() || d.Options != o.String() {
				t.Errorf("json header %+v", d.familyHeader)
			}
			if !reflect.DeepEqual(d.Steps, rows) {
				t.Errorf("json has %d rows, the view %d, or they differ", len(d.Steps), len(rows))
			}
			if want := v.Search().Result(); !reflect.DeepEqual(d.Tail.Result, want) {
				t.Errorf("json result %+v, view %+v", d.Tail.Result, want)
			}
		})
	}
}

// TestFamilyJSONBounded: a search past MaxFamilySteps is refused before a
// byte of json is written, as the jsonl is.
func TestFamilyJSONBounded(t *testing.T) {
	g, o := gameOf(t, "tictactoe", "minimax")
	var b bytes.Buffer
	err := WriteGame(context.Background(), &b, "json", g, o, ToEnd)
	if err == nil || !strings.Contains(err.Error(), "more than 200000 steps") || b.Len() > 0 {
		t.Errorf("json of the whole tic-tac-toe tree: %v, %d bytes", err, b.Len())
	}
}

// BenchmarkFamilyFormats measures the json, posthoc and ipynb exports of
// alpha-beta on the tic-tac-toe position XO....... (1,498 steps) and of
// hill climbing on 8 queens (bytes per export with SetBytes).
func BenchmarkFamilyFormats(b *testing.B) {
	benchFamilyExports(b, "ttt", "tictactoe XO.......", []string{"json", "posthoc", "ipynb"})
}
