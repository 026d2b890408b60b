package export

import (
	"bytes"
	"context"
	"testing"
)

// BenchmarkMarkdownLong: a Markdown trace of 2,000 BFS steps on a
// 15-puzzle with the default full lists and with every=100, and the size
// estimate that a ceiling costs before it.
func BenchmarkMarkdownLong(b *testing.B) {
	every := FullLists{Start: true, End: true, Every: 100}
	for _, c := range []struct {
		name string
		o    Options
	}{{"default", Options{}}, {"every=100", Options{Full: &every}}, {"default+ceiling", Options{MaxBytes: 250e6}}} {
		b.Run(c.name, func(b *testing.B) {
			s := newSearch(b, puzzle15, "bfs")
			var n int
			for b.Loop() {
				var buf bytes.Buffer
				if err := WriteOptions(context.Background(), &buf, "md", s, 2000, c.o); err != nil {
					b.Fatal(err)
				}
				n = buf.Len()
			}
			b.ReportMetric(float64(n), "bytes/file")
		})
	}
}
