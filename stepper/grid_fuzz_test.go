package stepper

import (
	"bytes"
	"strings"
	"testing"
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
		inst, err := ParseProblem("grid "+s, LocalFiles)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		g := inst.(*Grid)
		again, err := ParseProblem(g.Spec(), LocalFiles)
		if err != nil {
			t.Fatalf("Spec %q does not parse: %v", g.Spec(), err)
		}
		if again.Spec() != g.Spec() {
			t.Fatalf("Spec %q round-trips to %q", g.Spec(), again.Spec())
		}
		sr, err := NewSearch(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st := sr.Run(2000); st == Solved && sr.Cost() < 0 {
			t.Fatalf("negative cost %v", sr.Cost())
		}
	})
}

// FuzzParseMovingAIMap: the .map parser never panics, and a map it accepts
// has exactly width × height cells within the size cap.
func FuzzParseMovingAIMap(f *testing.F) {
	f.Add([]byte("type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n"))
	f.Add([]byte("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.O"))
	f.Add([]byte("type octile\nheight 4096\nwidth 4096\nmap\n"))
	f.Add([]byte("type octile\nheight 1\nwidth 1\nmap\n.\n.\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseMovingAIMap(bytes.NewReader(data))
		if err != nil {
			return
		}
		if m.width < 1 || m.height < 1 || m.width > MaxGridSide || m.height > MaxGridSide || len(m.cells) != m.width*m.height {
			t.Fatalf("accepted %d×%d with %d cells", m.width, m.height, len(m.cells))
		}
	})
}

// FuzzParseScen: the .scen parser never panics and returns only rows with
// non-negative numbers and a map name.
func FuzzParseScen(f *testing.F) {
	f.Add("version 1\n0\tarena.map\t49\t49\t19\t26\t19\t29\t3.00000000\n")
	f.Add("version 1.0\r\n0 a.map 2 2 0 0 1 1 1.41421356\r\n")
	f.Add("version 1\n0\ta.map\t1\t1\t0\t0\t0\t0\tNaN\n")
	f.Add("0\ta.map\t1\t1\t0\t0\t0\t0\t0\n")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ParseScen(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: scen") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		for _, r := range rows {
			if r.Map == "" || r.Bucket < 0 || r.MapWidth < 0 || r.StartX < 0 || r.GoalY < 0 || !(r.Optimal >= 0) || r.Line < 2 {
				t.Fatalf("bad row accepted: %+v", r)
			}
		}
	})
}
