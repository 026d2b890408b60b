package server

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/stepper"
)

// BenchmarkStepMessageBytes measures the bytes of one step message at
// open-list sizes 10, 1,000 and 100,000 (a breadth-first search of a
// 15-puzzle, whose frontier grows by about 2× a level), next to the bytes
// a whole snapshot would take. A step message carries the event only, so
// its size must not grow with the open list.
func BenchmarkStepMessageBytes(b *testing.B) {
	const problem = "puzzle 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
	for _, open := range []int{10, 1000, 100_000} {
		b.Run(fmt.Sprintf("open=%d", open), func(b *testing.B) {
			s := newSearch(b, problem, fmt.Sprintf("bfs maxnodes=%d", 40*open+1000))
			for s.Counters().Open < open && !s.Status().Done() {
				s.Run(1)
			}
			if got := s.Counters().Open; got < open {
				b.Fatalf("open list reached only %d", got)
			}
			openAt := s.Counters().Open
			snapBytes := len(encode(snapshotMessage(s.Snapshot())))
			var events []stepper.Event
			for range 16 {
				ev, ok := s.Step()
				if !ok {
					break
				}
				events = append(events, ev)
			}
			o := s.Options()
			total := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				total += len(encode(stepMessage(o, events[i%len(events)], false)))
			}
			b.ReportMetric(float64(total)/float64(b.N), "bytes/step")
			b.ReportMetric(float64(snapBytes), "snapshot-bytes")
			b.ReportMetric(float64(openAt), "open")
		})
	}
}

// BenchmarkLoad200Followers is the load test: one session on a real server
// on 127.0.0.1, 200 real websocket followers, the presenter stepping 20
// times a second. Each b.N is one step; run it with a fixed count, such as
//
//	go test ./server -run '^$' -bench Load200 -benchtime 200x
//
// It reports the delivery latency from the presenter's command to each
// follower's receipt of the step (50th, 95th and 99th percentile), the
// heap in use with everything connected (the server and the 200 test
// clients share this process, so it is an upper bound on the server's),
// and how many followers had to be sent a catch-up snapshot.
func BenchmarkLoad200Followers(b *testing.B) {
	const followers, rate = 200, 20
	_, ts, sess := liveServer(b, Config{}, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	type receipt struct {
		step int
		at   time.Time
	}
	var (
		mu       sync.Mutex
		receipts []receipt
		wg       sync.WaitGroup
	)
	steps := b.N
	conns := make([]*websocket.Conn, followers)
	for i := range conns {
		c, _, _ := dial(b, ts, sess, "")
		conns[i] = c
	}
	for _, c := range conns {
		wg.Add(1)
		go func(c *websocket.Conn) {
			defer wg.Done()
			local := make([]receipt, 0, steps)
			for {
				_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
				_, raw, err := c.ReadMessage()
				if err != nil {
					break
				}
				now := time.Now()
				var m struct {
					Type  string
					Step  int
					Event struct{ Step int }
				}
				if json.Unmarshal(raw, &m) != nil {
					continue
				}
				k := m.Event.Step
				if m.Type == MsgSnapshot {
					k = m.Step
				} else if m.Type != MsgStep {
					continue
				}
				local = append(local, receipt{k, now})
				if k >= steps {
					break
				}
			}
			mu.Lock()
			receipts = append(receipts, local...)
			mu.Unlock()
		}(c)
	}
	p, _, _ := dial(b, ts, sess, sess.Key())
	go func() { // the presenter's own copies of the steps are not measured
		for {
			if _, _, err := p.ReadMessage(); err != nil {
				return
			}
		}
	}()
	sent := make([]time.Time, steps+1)
	var after runtime.MemStats
	b.ResetTimer()
	tick := time.NewTicker(time.Second / rate)
	for k := 1; k <= steps; k++ {
		<-tick.C
		sent[k] = time.Now()
		send(b, p, ClientMsg{Type: CmdStep})
		if k == steps/2 {
			runtime.ReadMemStats(&after)
		}
	}
	tick.Stop()
	wg.Wait()
	b.StopTimer()
	if steps < 2 {
		runtime.ReadMemStats(&after)
	}
	var lat []float64
	for _, r := range receipts {
		if r.step >= 1 && r.step <= steps {
			lat = append(lat, float64(r.at.Sub(sent[r.step]).Microseconds())/1000)
		}
	}
	if len(lat) == 0 {
		b.Fatal("no step reached a follower")
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/float64(steps*followers), "delivered/sent")
	b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-MiB")
	b.ReportMetric(float64(int64(after.HeapInuse)-int64(before.HeapInuse))/(1<<10)/followers, "heap-KiB/follower")
	b.ReportMetric(float64(sess.hub.coalesced.Load()), "coalesced")
}
