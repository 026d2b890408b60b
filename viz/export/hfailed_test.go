package export_test

import (
	"bytes"
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// TestExportHFailed: a search whose heuristic failed on Sibiu (A* on
// Romania from Arad, a student's h that raises there) is exported with
// that node's h as failed in Markdown and empty in csv (its h and f
// columns hold numbers only), never as 0.
func TestExportHFailed(t *testing.T) {
	inst, err := problems.Parse("graph romania", nil)
	if err != nil {
		t.Fatal(err)
	}
	src := "def h_mine(s):\n    if s == \"Sibiu\":\n        fail(\"no distance for\", s)\n    return 0\n"
	if inst, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: src}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ format, want, never string }{
		{"csv", "Sibiu added g=140 h= f=", "Sibiu added g=140 h=0"},
		{"md", "| 2 | 2 | Sibiu | 140 | failed | ? | 0 |", "| Sibiu | 140 | 0 |"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "mine"})
			if err != nil {
				t.Fatal(err)
			}
			s.Run(0)
			if s.Status() != stepper.Failed {
				t.Fatalf("status %q, want failed", s.Status())
			}
			var b bytes.Buffer
			if err := export.Write(&b, tc.format, s, export.ToEnd); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if !strings.Contains(out, tc.want) || strings.Contains(out, tc.never) {
				t.Errorf("%s export lacks %q or has %q:\n%s", tc.format, tc.want, tc.never, out)
			}
		})
	}
}
