package movingai

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParseMap: the .map parser never panics, and a map it accepts
// has exactly width × height cells within the size cap.
func FuzzParseMap(f *testing.F) {
	f.Add([]byte("type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n"))
	f.Add([]byte("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.O"))
	f.Add([]byte("type octile\nheight 4096\nwidth 4096\nmap\n"))
	f.Add([]byte("type octile\nheight 1\nwidth 1\nmap\n.\n.\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap(bytes.NewReader(data))
		if err != nil {
			return
		}
		if m.Width < 1 || m.Height < 1 || m.Width > MaxSide || m.Height > MaxSide || len(m.Cells) != m.Width*m.Height {
			t.Fatalf("accepted %d×%d with %d cells", m.Width, m.Height, len(m.Cells))
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
