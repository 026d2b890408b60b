package export

import (
	"bytes"
	"testing"
)

// benchSteps is a classroom-sized trace: the first 500 steps of A* on a
// hard 8-puzzle.
const benchSteps = 500

func BenchmarkWrite(b *testing.B) {
	s := newSearch(b, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	for _, format := range []string{"json", "csv", "md", "html", "posthoc", "dot"} {
		b.Run(format, func(b *testing.B) {
			var n int
			for b.Loop() {
				var buf bytes.Buffer
				if err := Write(&buf, format, s, benchSteps); err != nil {
					b.Fatal(err)
				}
				n = buf.Len()
			}
			b.ReportMetric(float64(n), "bytes/file")
		})
	}
}

func BenchmarkReadTrace(b *testing.B) {
	s := newSearch(b, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	data := export(b, s, "json", benchSteps)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadTrace(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	s := newSearch(b, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	tr, err := ReadTrace(bytes.NewReader(export(b, s, "json", benchSteps)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := tr.Replay(); err != nil {
			b.Fatal(err)
		}
	}
}
