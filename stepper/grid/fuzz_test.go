package grid

import (
	"strings"
	"testing"

	"stepviz/stepper"
)

// FuzzParseGrid: any grid line either fails with a "stepper:" error or
// gives a grid whose Spec round-trips and which a search can run on.
func FuzzParseGrid(f *testing.F) {
	for _, s := range []string{
		"S..#/.#../...G", "S9G/.1. moves=8", "S#/.G corners=yes cost=10-14", "222/222 start=0,0 goal=2,1",
		"S.G start=9,9", "SS", "S..#/..G", "S.0G moves=6", "#S/G# moves=8 corners=no", "S.. goal=0,0",
		"/S//G/", "S.G start=1,0 goal=1,0", "x.map start=0,0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fields := strings.Fields(s)
		if len(fields) > 0 && strings.HasSuffix(strings.ToLower(fields[0]), ".map") {
			return // a file name: reading files is not this fuzz test's business
		}
		inst, err := parseProblem("grid "+s, stepper.LocalFiles)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		g := inst.(*Grid)
		again, err := parseProblem(g.Spec(), stepper.LocalFiles)
		if err != nil {
			t.Fatalf("Spec %q does not parse: %v", g.Spec(), err)
		}
		if again.Spec() != g.Spec() {
			t.Fatalf("Spec %q round-trips to %q", g.Spec(), again.Spec())
		}
		sr, err := stepper.NewSearch(g, stepper.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st := sr.Run(2000); st == stepper.Solved && sr.Cost() < 0 {
			t.Fatalf("negative cost %v", sr.Cost())
		}
	})
}
