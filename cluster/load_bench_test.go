package cluster_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/cluster"
	"stepviz/server"
	persist "stepviz/store"
)

// serverProcess serves rooms on 127.0.0.1 until standard input closes.
func serverProcess(natsURL string) error {
	dir, err := os.MkdirTemp("", "stepviz-load")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db, err := persist.Open(filepath.Join(dir, "stepviz.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	cfg := server.Config{DB: db, MaxClients: 5000}
	if natsURL != "-" {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		bus, err := cluster.Open(ctx, testConfig(natsURL))
		cancel()
		if err != nil {
			return err
		}
		defer bus.Close()
		cfg.Bus = bus
	}
	srv := server.New(cfg)
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(ln, srv) }()
	fmt.Printf("SERVE %s\n", ln.Addr())
	_, _ = io.Copy(io.Discard, os.Stdin)
	return nil
}

// startServerProcess runs one server process; it returns its base URL
// and process id.
func startServerProcess(b *testing.B, natsURL string) (string, int) {
	b.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "STEPVIZ_ROOM_SERVER="+natsURL)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stdin.Close(); _ = cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "SERVE" {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return "http://" + f[1], cmd.Process.Pid
		}
	}
	b.Fatalf("the server process did not start: %v", sc.Err())
	return "", 0
}

func rssKiB(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			v, _ := strconv.ParseFloat(f[1], 64)
			return v
		}
	}
	return 0
}

// BenchmarkRoomLoad measures how fast steps reach a room's followers: the
// presenter steps a search at a fixed rate through the room's websocket
// on the first instance; followers are spread over the instances; the
// delivery time of a step is from the presenter's command to a follower
// reading it. Reports p50/p95/p99 delivery and server memory per follower
// (RSS growth of the server processes while the followers joined, divided
// by the followers). Run once each:
//
//	go test -run XXX -bench RoomLoad -benchtime 1x ./cluster/
func BenchmarkRoomLoad(b *testing.B) {
	for _, c := range []struct {
		name      string
		instances int
		followers int
		rate      float64 // steps per second
		steps     int
	}{
		{"1x500at20", 1, 500, 20, 200},
		{"2x2000at10", 2, 2000, 10, 100},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				roomLoad(b, c.instances, c.followers, c.rate, c.steps)
			}
		})
	}
}

func roomLoad(b *testing.B, instances, followers int, rate float64, steps int) {
	natsURL := "-"
	if instances > 1 {
		natsURL = startNATS(b)
	}
	var bases []string
	var pids []int
	for range instances {
		base, pid := startServerProcess(b, natsURL)
		bases, pids = append(bases, base), append(pids, pid)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(bases[0]+"/rooms", url.Values{})
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
	ws := func(base string) string { return "ws" + strings.TrimPrefix(base, "http") }
	p, _, err := websocket.DefaultDialer.Dial(ws(bases[0])+"/r/"+code+"/ws?t=presenter-token-0000&key="+url.QueryEscape(key), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	_ = p.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
	var id string
	for id == "" {
		var m struct {
			Type    string
			Current int
			History []struct{ Lanes []struct{ ID string } }
		}
		if err := p.ReadJSON(&m); err != nil {
			b.Fatal(err)
		}
		if m.Type == "room" && m.Current == 0 && len(m.History) == 1 {
			id = m.History[0].Lanes[0].ID
		}
	}
	go func() { // the presenter's own messages (comparison table) are drained
		for {
			if _, _, err := p.ReadMessage(); err != nil {
				return
			}
		}
	}()

	rss0 := 0.0
	for _, pid := range pids {
		rss0 += rssKiB(pid)
	}
	sent := make([]time.Time, steps+1)
	var mu sync.Mutex
	var lat []time.Duration
	var wg, joined sync.WaitGroup
	conns := make([]*websocket.Conn, followers)
	for i := range followers {
		c, _, err := websocket.DefaultDialer.Dial(ws(bases[i%len(bases)])+"/s/"+id+"/ws", nil)
		if err != nil {
			b.Fatalf("follower %d: %v", i, err)
		}
		conns[i] = c
		wg.Add(1)
		joined.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			first := true
			for {
				kind, raw, err := c.ReadMessage()
				if err != nil {
					break
				}
				if first {
					first = false
					joined.Done()
				}
				// A step message starts {"type":"step","event":{"step":K: read
				// K without decoding the rest, so the clients (all in this
				// process) cost as little as possible.
				const prefix = `{"type":"step","event":{"step":`
				if kind != websocket.TextMessage || !strings.HasPrefix(string(raw[:min(len(raw), len(prefix))]), prefix) {
					continue
				}
				rest := raw[len(prefix):]
				end := 0
				for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
					end++
				}
				step, err := strconv.Atoi(string(rest[:end]))
				if err != nil || step > steps {
					continue
				}
				now := time.Now()
				mu.Lock()
				t0 := sent[step]
				mu.Unlock()
				if !t0.IsZero() {
					mine = append(mine, now.Sub(t0))
				}
				if step == steps {
					break
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	joined.Wait()
	time.Sleep(500 * time.Millisecond) // let the joins settle before measuring memory
	rss1 := 0.0
	for _, pid := range pids {
		rss1 += rssKiB(pid)
	}

	b.ResetTimer()
	period := time.Duration(float64(time.Second) / rate)
	tick := time.NewTicker(period)
	for k := 1; k <= steps; k++ {
		<-tick.C
		mu.Lock()
		sent[k] = time.Now()
		mu.Unlock()
		if err := p.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1}); err != nil {
			b.Fatal(err)
		}
	}
	tick.Stop()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		for _, c := range conns {
			c.Close()
		}
		<-done
	}
	b.StopTimer()
	for _, c := range conns {
		c.Close()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) == 0 {
		b.Fatal("no step was delivered")
	}
	q := func(f float64) float64 { return float64(lat[int(f*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.95), "p95-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/float64(followers*steps), "delivered")
	b.ReportMetric((rss1-rss0)/float64(followers), "server-KiB/follower")
}
