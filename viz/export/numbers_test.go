package export

import (
	"bytes"
	"encoding/csv"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
)

// octileGrid is a small map with walls where an A* on eight moves adds √2
// steps to fractional octile h: the numbers whose separate rounding used
// to break f = g + h as printed.
const octileGrid = "grid S.........#........./..........#........./....####..#....####./..........#........./.........G#......... moves=8"

// Printed g/h/f triples, one pattern per way the formats write them.
var (
	ghfEquals = regexp.MustCompile(`g=(-?[\d.]+),? h=(-?[\d.]+),? f=(-?[\d.]+)`)
	ghfWords  = regexp.MustCompile(`g (-?[\d.]+) h (-?[\d.]+) f (-?[\d.]+)`)
	ghfTeX    = regexp.MustCompile(`(?m)^\d+ & \\texttt\{[^}]*\} & (-?[\d.]+) & (-?[\d.]+) & (-?[\d.]+) &`)
)

// TestFormatsPrintTheOneView: every g, h, f triple that csv, md, tex, dot
// and svg print is a triple of the one rounding rule (stepper.ShowGHF) for
// a node of the search, and for A* f = g + h holds as printed, to the
// thousandth. Each format must print triples, so a format that stopped
// printing them fails too.
func TestFormatsPrintTheOneView(t *testing.T) {
	for _, c := range []struct {
		name, problem, opts string
		steps               int
		sum                 bool // f = g + h
	}{
		{"astar-octile", octileGrid, "astar", 40, true},
		{"greedy-octile", octileGrid, "greedy", 20, false},
		{"ucs-octile", octileGrid, "ucs", 40, false},
		{"wastar-octile", octileGrid, "wastar w=1.5", 30, false},
		{"astar-romania", "graph romania", "astar", ToEnd, true},
		{"idastar-octile", octileGrid, "idastar", 60, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			want := shownTriples(t, s, c.steps)
			for _, format := range []string{"csv", "md", "tex", "dot", "svg"} {
				out := export(t, s, format, c.steps)
				triples := printedTriples(t, format, out)
				if len(triples) == 0 {
					t.Errorf("%s prints no g, h, f triple", format)
				}
				for _, tr := range triples {
					if !want[tr] {
						t.Errorf("%s prints g=%s h=%s f=%s, which is no node's g, h, f under the rounding rule", format, tr[0], tr[1], tr[2])
						break
					}
					if c.sum && thousandths(t, tr[0])+thousandths(t, tr[1]) != thousandths(t, tr[2]) {
						t.Errorf("%s prints g=%s h=%s f=%s: f is not g + h as printed", format, tr[0], tr[1], tr[2])
						break
					}
				}
			}
		})
	}
}

// shownTriples are the g, h, f triples of every node the first steps of s
// report (expanded nodes and their children) and of the tree after them,
// written under the rounding rule.
func shownTriples(t *testing.T, s *stepper.Search, steps int) map[[3]string]bool {
	t.Helper()
	out := map[[3]string]bool{}
	add := func(n stepper.NodeInfo) {
		sh := n.Shown()
		out[[3]string{sh.G, sh.H, sh.F}] = true
	}
	s.Reset()
	for k := 0; steps == ToEnd || k < steps; k++ {
		ev, ok := s.Step()
		if !ok {
			break
		}
		add(ev.Expanded)
		for _, c := range ev.Children {
			add(c.NodeInfo)
		}
	}
	for _, n := range s.Snapshot().Tree {
		add(n)
	}
	s.Reset()
	return out
}

// printedTriples finds the g, h, f triples a format printed.
func printedTriples(t *testing.T, format string, out []byte) [][3]string {
	t.Helper()
	var res [][3]string
	for _, re := range []*regexp.Regexp{ghfEquals, ghfWords, ghfTeX} {
		for _, m := range re.FindAllSubmatch(out, -1) {
			res = append(res, [3]string{string(m[1]), string(m[2]), string(m[3])})
		}
	}
	if format == "csv" {
		rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("csv: %v", err)
		}
		col := map[string]int{}
		for i, name := range rows[0] {
			col[name] = i
		}
		for _, r := range rows[1:] {
			res = append(res, [3]string{r[col["g"]], r[col["h"]], r[col["f"]]})
		}
	}
	return res
}

func thousandths(t *testing.T, s string) int64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("printed number %q: %v", s, err)
	}
	return int64(math.Round(x * 1000))
}

// TestRBFSFLimitsAsTheBook: RBFS on Romania expands Rimnicu Vilcea under
// the f-limit 415 and Fagaras under 417 (AIMA Fig. 3.27), though the same
// steps back 417 and 450 up to them; the event, the csv bound column and
// the md heading (the f each was selected with, 413 and 415) say so.
func TestRBFSFLimitsAsTheBook(t *testing.T) {
	s := newSearch(t, "graph romania", "rbfs")
	want := map[int]struct {
		state        string
		limit, selF  float64
		csv, mdTitle string
	}{
		3: {"Rimnicu_Vilcea", 415, 413, "3,Rimnicu_Vilcea,415", "## Step 3: expand Rimnicu_Vilcea (node 7, g=220, h=193, f=413)"},
		4: {"Fagaras", 417, 415, "4,Fagaras,417", "## Step 4: expand Fagaras (node 5, g=239, h=176, f=415)"},
	}
	for k, w := range want {
		ev, err := s.EventAt(k)
		if err != nil {
			t.Fatal(err)
		}
		d := ev.Deepening
		if ev.Expanded.State.String() != w.state || d == nil || d.FLimit == nil || float64(*d.FLimit) != w.limit || d.SelectedF == nil || float64(*d.SelectedF) != w.selF {
			t.Errorf("step %d: %s with f-limit %v, selected at f %v; the book has %s under %v at %v", k, ev.Expanded.State, d.FLimit, d.SelectedF, w.state, w.limit, w.selF)
		}
	}
	csvOut := export(t, s, "csv", ToEnd)
	rows, err := csv.NewReader(bytes.NewReader(csvOut)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	md := string(export(t, s, "md", ToEnd))
	for k, w := range want {
		r := rows[k]
		if got := r[col["step"]] + "," + r[col["state"]] + "," + r[col["bound"]]; got != w.csv {
			t.Errorf("csv step %d: step,state,bound = %s, want %s", k, got, w.csv)
		}
		if !strings.Contains(md, w.mdTitle+"\n") {
			t.Errorf("md has no heading %q", w.mdTitle)
		}
	}
}
