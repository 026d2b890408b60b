package notebook

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// treeNodes finds the node count a live frame's text states.
var treeNodes = regexp.MustCompile(`tree: (\d+) nodes`)

// BenchmarkStopAt1M: the web notebook over a real websocket runs a
// 15-puzzle BFS (the serve ceiling raised to 6M nodes); once a live frame
// shows 1,000,000 nodes the page's Stop (op interrupt) is sent, and the
// figure is the time to the cell's done message (ms/stop, the mean;
// max-ms the worst). Between frames it also reports the mean gap
// (ms/frame-gap, throttled by the session) and the frame's size. Run it
// with -benchtime=3x: each iteration grows a search of a million nodes.
func BenchmarkStopAt1M(b *testing.B) {
	srv := newServer(b, Config{MaxNodes: 6_000_000, NodeCeiling: 6_000_000})
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ws.Close() })
	failures := 0
	read := func() serverMsg {
		b.Helper()
		var m serverMsg
		_ = ws.SetReadDeadline(time.Now().Add(120 * time.Second))
		if err := ws.ReadJSON(&m); err != nil {
			b.Fatalf("reading: %v", err)
		}
		failures = max(failures, m.Failures) // a cell sent must say it saw them
		return m
	}
	var total, worst time.Duration
	var nodes, frameBytes, frames int
	var gaps time.Duration
	var last string
	i := 0
	for b.Loop() {
		i++
		cell := "c" + strconv.Itoa(i)
		if err := ws.WriteJSON(clientMsg{Op: "execute", Cell: cell, Seen: failures, Code: "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nbig = search bfs maxnodes=6000000\nrun"}); err != nil {
			b.Fatal(err)
		}
		var prev time.Time
		for {
			m := read()
			if m.Cell != cell || m.Type != "update" {
				if m.Type == "done" && m.Cell == cell {
					b.Fatalf("the cell ended before a frame of 1M nodes: %+v", m)
				}
				continue
			}
			now := time.Now()
			if !prev.IsZero() {
				gaps += now.Sub(prev)
				frames++
			}
			prev = now
			sm := treeNodes.FindStringSubmatch(m.Text)
			if sm == nil {
				continue
			}
			if n, _ := strconv.Atoi(sm[1]); n >= 1_000_000 {
				nodes, frameBytes = n, len(m.HTML)+len(m.Text)
				break
			}
		}
		t0 := time.Now()
		if err := ws.WriteJSON(clientMsg{Op: "interrupt"}); err != nil {
			b.Fatal(err)
		}
		for {
			m := read()
			if m.Type == "done" && m.Cell == cell {
				if !strings.Contains(m.Error, "interrupted") {
					b.Fatalf("done after Stop: %+v", m)
				}
				last = m.Error
				break
			}
		}
		d := time.Since(t0)
		total += d
		worst = max(worst, d)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/stop")
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(frameBytes), "bytes/frame")
	if frames > 0 {
		b.ReportMetric(float64(gaps.Microseconds())/1000/float64(frames), "ms/frame-gap")
	}
	b.Logf("stop after a frame of %d nodes: mean %v, worst %v over %d; the last: %s", nodes, total/time.Duration(b.N), worst, b.N, last)
}
