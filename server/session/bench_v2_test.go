package session

import (
	"bytes"
	"compress/flate"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"stepviz/stepper/movingai"
)

// deflated is the size of b compressed as permessage-deflate compresses it
// (compress/flate at gorilla/websocket's default level, 1).
func deflated(b []byte) int {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, 1)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// BenchmarkMessageBytes100k measures protocol v2's message sizes on two
// searches run to 100,000 nodes (the hard 8-puzzle by BFS, IDA* with the
// misplaced-tiles h and bidirectional BFS, and A* on the arena2 map): a late joiner's state (and compressed), and the moves of a
// client that has seen the whole search: back one step, reset to step 0,
// seek from the end to 200 steps spread over the search, seek between 200
// pairs of steps, and forward again from 0 to the end. It also times
// building the state, which the hub does once per live step. Run it once:
//
//	go test ./server/session -run '^$' -bench MessageBytes100k -benchtime 1x
func BenchmarkMessageBytes100k(b *testing.B) {
	rows := mapRows(b, "../maps/arena2.map")
	cases := []struct{ name, problem, options string }{
		{"puzzle-bfs", "puzzle 867254301 goal=123456780", "bfs maxnodes=100000"},
		{"arena2-astar", "grid " + strings.Join(rows, "/") + " start=11,107 goal=273,207 moves=8", "astar maxnodes=100000"},
		// issue 12's families: ids kept across iterations, a new root each
		{"puzzle-idastar", "puzzle 867254301 goal=123456780", "idastar h=misplaced maxnodes=100000"},
		{"puzzle-bibfs", "puzzle 867254301 goal=123456780", "bibfs maxnodes=100000"},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			s := newSearch(b, tc.problem, tc.options)
			if family(s.Options().Algorithm) == "stack" { // the session journals every iteration up to its cap (bounded.go)
				for !s.Status().Done() && s.NodeEnd(s.StepCount()) < 100000 {
					s.Run(1)
				}
			} else {
				s.Run(0)
			}
			L := s.StepCount()
			h := newHub(&Session{maxNodes: 100000}, s, describe(s))
			for range b.N {
				h.liveVersion++
				t0 := time.Now()
				state := h.stateNow(reasonJoin)
				build := time.Since(t0)
				move := func(from, k, to int) int {
					s.Seek(to)
					m, _ := h.moveMessage(s, nil, from, k, to, reasonSeek, 0)
					return len(m.data)
				}
				back := move(L, L, L-1)
				reset := move(L, L, 0)
				forward := move(0, L, L)
				seekMax := 0
				for i := 0; i <= 200; i++ {
					seekMax = max(seekMax, move(L, L, i*L/200))
				}
				pairMax := 0
				for i := 0; i < 200; i++ {
					a, c := (i*7919)%(L+1), (i*104729+L/3)%(L+1)
					s.Seek(a)
					pairMax = max(pairMax, move(a, L, c))
				}
				s.Seek(L)
				b.ReportMetric(float64(s.NodeCount()), "nodes")
				b.ReportMetric(float64(L), "steps")
				b.ReportMetric(float64(len(state)), "state-bytes")
				b.ReportMetric(float64(deflated(state)), "state-deflate-bytes")
				b.ReportMetric(float64(build.Milliseconds()), "state-build-ms")
				b.ReportMetric(float64(back), "back-bytes")
				b.ReportMetric(float64(reset), "reset-bytes")
				b.ReportMetric(float64(forward), "forward-0-to-end-bytes")
				b.ReportMetric(float64(seekMax), "seek-from-end-max-bytes")
				b.ReportMetric(float64(pairMax), "seek-pairs-max-bytes")
				b.Log(fmt.Sprintf("%s: %d nodes, %d steps, state %d B (deflate %d B, built in %v), back %d B, reset %d B, 0→end %d B, seek max %d B, pairs max %d B",
					tc.name, s.NodeCount(), L, len(state), deflated(state), build, back, reset, forward, seekMax, pairMax))
			}
		})
	}
}

// mapRows reads a Moving AI .map file as the rows of a grid problem line.
func mapRows(b *testing.B, path string) []string {
	b.Helper()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	m, err := movingai.ParseMap(f)
	if err != nil {
		b.Fatal(err)
	}
	rows := make([]string, m.Height)
	for y := range rows {
		row := make([]byte, m.Width)
		for x := range row {
			row[x] = ".#"[1-m.Cells[y*m.Width+x]]
		}
		rows[y] = string(row)
	}
	return rows
}
