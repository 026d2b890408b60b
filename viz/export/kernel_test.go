package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"stepviz/kernel"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// TestIpynbCellsRunInTheKernel runs the code cells of an exported notebook
// through the stepviz kernel's cell language and checks that the session
// they build is the exported one, step for step.
func TestIpynbCellsRunInTheKernel(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g"},
		{"graph romania", "greedy goaltest=generate"},
		{"grid S..#./.#..#/...#G/..... moves=8 cost=10-14", "ucs order=reverse"},
	} {
		inst, err := problems.Parse(c.problem, stepper.LocalFiles)
		if err != nil {
			t.Fatal(err)
		}
		o, err := stepper.ParseOptions(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		s.Seek(4)
		var nb bytes.Buffer
		if err := export.Write(&nb, "ipynb", s, export.Current); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cells []struct {
				Type   string   `json:"cell_type"`
				Source []string `json:"source"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(nb.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		ks := kernel.NewSession(kernel.Config{IDPrefix: "test"})
		for _, cell := range doc.Cells {
			if cell.Type != "code" {
				continue
			}
			src := strings.Join(cell.Source, "")
			if _, err := ks.Run(context.Background(), src); err != nil {
				t.Fatalf("%s: cell %q fails in the kernel: %v", c.problem, src, err)
			}
		}
		got := ks.Search("")
		if got == nil {
			t.Fatalf("%s: the cells started no search", c.problem)
		}
		want, _ := export.NewTrace(s, export.Current)
		have, err := export.NewTrace(got, export.Current)
		if err != nil {
			t.Fatal(err)
		}
		// The kernel may cap the nodes of its searches (maxnodes); every
		// other option and every event must be the exported ones.
		if withoutMaxNodes(have.Options) != withoutMaxNodes(want.Options) || have.Problem != want.Problem ||
			!reflect.DeepEqual(have.Events, want.Events) || !reflect.DeepEqual(have.Root, want.Root) {
			t.Errorf("%s: the kernel's session (%s, step %d) differs from the exported one (%s, step %d)", c.problem, have.Options, have.Steps, want.Options, want.Steps)
		}
	}
}

func withoutMaxNodes(opts string) string {
	var keep []string
	for _, f := range strings.Fields(opts) {
		if !strings.HasPrefix(f, "maxnodes=") {
			keep = append(keep, f)
		}
	}
	return strings.Join(keep, " ")
}
