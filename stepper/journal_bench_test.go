package stepper_test

import (
	"testing"

	"stepviz/stepper/problems"
)

// BenchmarkJournalSeek moves a 20,000-step IDA* and bibfs search with its
// journal: back one step (and forward again), from step 0 to step 20,000
// (replayed, the horizon already there) and back to step 0. Each is
// O(the steps crossed), never a search from step 0; search-to-end is what
// a seek back cost before the journal (a fresh search to step 20,000).
//
//	go test -run '^$' -bench JournalSeek ./stepper/
func BenchmarkJournalSeek(b *testing.B) {
	const end = 20000
	for _, tc := range []struct{ name, problem, options string }{
		{"idastar-misplaced", "puzzle 867254301 goal=123456780", "idastar h=misplaced"},
		{"bibfs", "puzzle 14,1,9,6,4,8,12,5,7,2,3,0,10,11,13,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "bibfs"},
		{"ids", "puzzle 867254301 goal=123456780", "ids"},
		{"rbfs", "puzzle 867254301 goal=123456780", "rbfs h=manhattan"},
	} {
		s, err := problems.New(tc.problem, tc.options)
		if err != nil {
			b.Fatal(err)
		}
		if got := s.Seek(end); got != end {
			b.Fatalf("%s: the search ended at step %d, before %d", tc.name, got, end)
		}
		b.Run(tc.name+"/back1", func(b *testing.B) {
			s.Seek(end)
			for b.Loop() {
				s.Seek(end - 1)
				s.Seek(end)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2, "ns/seek")
		})
		b.Run(tc.name+"/0-to-end", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s.Seek(0)
				b.StartTimer()
				s.Seek(end)
			}
		})
		b.Run(tc.name+"/search-to-end", func(b *testing.B) {
			// what a seek back cost before the journal: a search from step 0
			for b.Loop() {
				f, _ := problems.New(tc.problem, tc.options)
				f.Seek(end)
			}
		})
		b.Run(tc.name+"/end-to-0", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s.Seek(end)
				b.StartTimer()
				s.Seek(0)
			}
		})
	}
}
