package server

import (
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/server/session"
)

// loadSteps is where the load benchmarks' session stands when the
// audience arrives: a breadth-first search of the hard 8-puzzle at step
// 20,000 has about 55,000 nodes.
const loadSteps = 20000

// presenterAt20k starts the server process on a BFS of the load test's
// puzzle, moves it to step loadSteps and returns the presenter's
// connection and the followers' websocket address.
func presenterAt20k(b *testing.B) (p *websocket.Conn, wsBase string, pid int) {
	b.Helper()
	addr, id, key, pid := serverProcess(b, "STEPVIZ_LOAD_OPTIONS=bfs")
	wsBase = "ws://" + addr + "/s/" + id + "/ws"
	p, _, err := websocket.DefaultDialer.Dial(wsBase+"?key="+key, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { p.Close() })
	readAs(b, p, msgHello, &hello{})
	readAs(b, p, msgState, &view{})
	send(b, p, clientMsg{Type: cmdSeek, Step: loadSteps})
	var v view
	for v.Step != loadSteps { // a move, or a state when it is the shorter
		w := readWire(b, p)
		if w.Type == msgMove || w.Type == msgState {
			if err := json.Unmarshal(w.JSON, &v); err != nil {
				b.Fatal(err)
			}
			break
		}
	}
	if v.Step != loadSteps {
		b.Fatalf("seek to %d reached %d", loadSteps, v.Step)
	}
	return p, wsBase, pid
}

// presenterSteps sends n steps at rate a second and returns the latency
// of each, from the command to the presenter's receipt of its step.
func presenterSteps(b *testing.B, p *websocket.Conn, n, rate int) []float64 {
	b.Helper()
	var lat []float64
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	for range n {
		<-tick.C
		t0 := time.Now()
		send(b, p, clientMsg{Type: cmdStep})
		for {
			w := readWire(b, p)
			if w.Type == msgStep {
				break
			}
		}
		lat = append(lat, float64(time.Since(t0).Microseconds())/1000)
	}
	slices.Sort(lat)
	return lat
}

func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// BenchmarkJoin100At20k: 100 followers join at step 20,000 (about 55,000
// nodes) while the presenter steps 20 times a second. It reports the
// presenter's step latency (command to its own step message: p50, p99,
// max) and each joiner's time from dialling to having its state (p50,
// p99, max), with the state's bytes. Run it once:
//
//	go test ./server -run '^$' -bench Join100At20k -benchtime 1x
func BenchmarkJoin100At20k(b *testing.B) {
	const joiners, rate, steps = 100, 20, 100
	p, wsBase, _ := presenterAt20k(b)
	for range b.N {
		var (
			mu    sync.Mutex
			joins []float64
			size  int
			wg    sync.WaitGroup
		)
		for i := range joiners {
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(time.Duration(i) * 40 * time.Millisecond) // spread over the 5 s of stepping
				t0 := time.Now()
				c, _, err := websocket.DefaultDialer.Dial(wsBase, nil)
				if err != nil {
					b.Error(err)
					return
				}
				defer c.Close()
				for {
					_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
					kind, raw, err := c.ReadMessage()
					if err != nil {
						b.Error(err)
						return
					}
					if kind == websocket.BinaryMessage {
						var h struct{ Type string }
						_ = json.Unmarshal(raw[4:4+binary.LittleEndian.Uint32(raw)], &h)
						if h.Type == msgState {
							mu.Lock()
							joins = append(joins, float64(time.Since(t0).Microseconds())/1000)
							size = max(size, len(raw))
							mu.Unlock()
							return
						}
					}
				}
			}()
		}
		lat := presenterSteps(b, p, steps, rate)
		wg.Wait()
		slices.Sort(joins)
		b.ReportMetric(pct(lat, 0.5), "step-p50-ms")
		b.ReportMetric(pct(lat, 0.99), "step-p99-ms")
		b.ReportMetric(lat[len(lat)-1], "step-max-ms")
		b.ReportMetric(pct(joins, 0.5), "join-p50-ms")
		b.ReportMetric(pct(joins, 0.99), "join-p99-ms")
		if len(joins) > 0 {
			b.ReportMetric(joins[len(joins)-1], "join-max-ms")
		}
		b.ReportMetric(float64(len(joins)), "joined")
		b.ReportMetric(float64(size), "state-bytes")
	}
}

// BenchmarkQueryFlood4: four followers send queries as fast as the rate
// limit lets them (30 a second after a burst of 60): views of random steps
// up to 2,000 past live, live again, states of 512 nodes and rows deep in
// the open list, while the presenter steps 20 times a second at step
// 20,000. It reports the presenter's step latency and the server
// process's peak resident memory above what it held before. Run it once:
//
//	go test ./server -run '^$' -bench QueryFlood4 -benchtime 1x
func BenchmarkQueryFlood4(b *testing.B) {
	const flooders, rate, steps = 4, 20, 200
	p, wsBase, pid := presenterAt20k(b)
	for range b.N {
		before := rssKiB(pid)
		resetPeak(b, pid)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var mu sync.Mutex
		answers, busy := 0, 0
		for i := range flooders {
			c, _, err := websocket.DefaultDialer.Dial(wsBase, nil)
			if err != nil {
				b.Fatal(err)
			}
			wg.Add(2)
			go func() { // reader
				defer wg.Done()
				for {
					_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
					kind, raw, err := c.ReadMessage()
					if err != nil {
						return
					}
					if kind == websocket.BinaryMessage {
						raw = raw[4 : 4+binary.LittleEndian.Uint32(raw)]
					}
					var h struct{ Type, Message string }
					_ = json.Unmarshal(raw, &h)
					mu.Lock()
					switch {
					case h.Type == msgError:
						busy++
					case h.Type != msgStep && h.Type != msgMeta:
						answers++
					}
					mu.Unlock()
				}
			}()
			go func() { // writer, at the rate limit
				defer wg.Done()
				defer c.Close()
				r := rand.New(rand.NewPCG(uint64(i), 1))
				tick := time.NewTicker(time.Second / 29)
				defer tick.Stop()
				for n := 0; ; n++ {
					select {
					case <-stop:
						return
					case <-tick.C:
					}
					var m clientMsg
					switch n % 4 {
					case 0:
						m = clientMsg{Type: queryView, Step: r.IntN(loadSteps + 2000)}
					case 1:
						m = clientMsg{Type: queryLive}
					case 2:
						ids := make([]int, session.MaxStatesIDs)
						for j := range ids {
							ids[j] = r.IntN(50000)
						}
						m = clientMsg{Type: queryStates, IDs: ids}
					case 3:
						m = clientMsg{Type: queryRows, List: "open", Offset: r.IntN(20000), Count: session.MaxRows}
					}
					m.ID = n + 1
					raw, _ := json.Marshal(m)
					if c.WriteMessage(websocket.TextMessage, raw) != nil {
						return
					}
				}
			}()
		}
		lat := presenterSteps(b, p, steps, rate)
		close(stop)
		wg.Wait()
		b.ReportMetric(pct(lat, 0.5), "step-p50-ms")
		b.ReportMetric(pct(lat, 0.99), "step-p99-ms")
		b.ReportMetric(lat[len(lat)-1], "step-max-ms")
		b.ReportMetric((peakKiB(pid)-before)/1024, "server-peak-growth-MiB")
		b.ReportMetric(float64(answers), "answers")
		b.ReportMetric(float64(busy), "errors")
	}
}
