package server

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// The load test's problem: a hard 8-puzzle, which A* does not finish in
// the steps the benchmark takes.
const loadProblem, loadOptions = "puzzle 867254301 goal=123456780", "astar h=manhattan"

// TestMain makes the test binary double as the server process of
// BenchmarkLoad200Followers: the benchmark runs the binary again with
// STEPVIZ_LOAD_SERVER set, so the server's memory is measured apart from
// the 200 clients'. Otherwise it runs the tests and prints one line naming
// those skipped for want of an outside tool (testenv.Main).
func TestMain(m *testing.M) {
	if os.Getenv("STEPVIZ_LOAD_SERVER") != "" {
		if err := loadServerProcess(); err != nil {
			fmt.Fprintln(os.Stderr, "load server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(testenv.Main(m))
}

// loadServerProcess serves one session on 127.0.0.1 and /debug/heap until
// its standard input closes.
func loadServerProcess() error {
	problem, options := loadProblem, loadOptions
	if v := os.Getenv("STEPVIZ_LOAD_OPTIONS"); v != "" {
		options = v
	}
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		return err
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		return err
	}
	search, err := stepper.NewSearch(inst, o)
	if err != nil {
		return err
	}
	srv := New(Config{})
	defer srv.Close()
	sess, err := srv.startSession(search)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", srv)
	mux.HandleFunc("/debug/heap", func(w http.ResponseWriter, _ *http.Request) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Fprintf(w, "%d %d %d", m.HeapInuse, runtime.NumGoroutine(), sess.Stats().Coalesced)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(ln, mux) }()
	fmt.Printf("SERVE %s %s %s\n", ln.Addr(), sess.ID, sess.Key())
	_, _ = io.Copy(io.Discard, os.Stdin)
	return nil
}

// serverProcess starts the load test's server process and returns its
// address, session id and key, and its process id.
func serverProcess(b *testing.B, env ...string) (addr, id, key string, pid int) {
	b.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), "STEPVIZ_LOAD_SERVER=1"), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stdin.Close(); _ = cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 4 && f[0] == "SERVE" {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return f[1], f[2], f[3], cmd.Process.Pid
		}
	}
	b.Fatalf("the server process did not start: %v", sc.Err())
	return
}

// rssKiB reads a process's resident set size from /proc.
func rssKiB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			v, _ := strconv.ParseFloat(f[1], 64)
			return v
		}
	}
	return 0
}

// serverHeap asks the server process for its heap in use, its goroutines
// and how many times a follower had to be coalesced.
func serverHeap(b *testing.B, addr string) (heap, goroutines, coalesced float64) {
	b.Helper()
	resp, err := http.Get("http://" + addr + "/debug/heap")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = fmt.Fscan(resp.Body, &heap, &goroutines, &coalesced)
	return heap, goroutines, coalesced
}

// BenchmarkLoad200Followers is the load test: one session served by a
// separate server process on 127.0.0.1, 200 real websocket followers, the
// presenter stepping 20 times a second. Each b.N is one step; run it with
// a fixed count, such as
//
//	go test ./server -run '^$' -bench Load200 -benchtime 200x
//
// It reports the delivery latency from the presenter's command to each
// follower's receipt of the step (50th, 95th and 99th percentile), the
// server process's heap in use and resident memory with everything
// connected (before the first follower and halfway through the steps), and
// how many followers had to be sent a catch-up snapshot.
func BenchmarkLoad200Followers(b *testing.B) {
	const followers, rate = 200, 20
	addr, id, key, pid := serverProcess(b)
	wsBase := "ws://" + addr + "/s/" + id + "/ws"
	heap0, _, _ := serverHeap(b, addr)
	rss0 := rssKiB(pid)

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
	connect := func(u string) *websocket.Conn {
		c, _, err := websocket.DefaultDialer.Dial(u, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { c.Close() })
		return c
	}
	conns := make([]*websocket.Conn, followers)
	for i := range conns {
		conns[i] = connect(wsBase)
	}
	for _, c := range conns {
		wg.Add(1)
		go func(c *websocket.Conn) {
			defer wg.Done()
			local := make([]receipt, 0, steps)
			for {
				_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
				kind, raw, err := c.ReadMessage()
				if err != nil {
					break
				}
				now := time.Now()
				if kind == websocket.BinaryMessage && len(raw) >= 4 {
					raw = raw[4 : 4+binary.LittleEndian.Uint32(raw)]
				}
				var m struct {
					Type  string
					Step  int
					Event struct{ Step int }
				}
				if json.Unmarshal(raw, &m) != nil {
					continue
				}
				k := m.Event.Step
				if m.Type == msgState || m.Type == msgMove {
					k = m.Step
				} else if m.Type != msgStep {
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
	p := connect(wsBase + "?key=" + key)
	go func() { // the presenter's own copies of the steps are not measured
		for {
			if _, _, err := p.ReadMessage(); err != nil {
				return
			}
		}
	}()
	sent := make([]time.Time, steps+1)
	var heap1, goroutines, rss1 float64
	b.ResetTimer()
	tick := time.NewTicker(time.Second / rate)
	for k := 1; k <= steps; k++ {
		<-tick.C
		sent[k] = time.Now()
		send(b, p, clientMsg{Type: cmdStep})
		if k == (steps+1)/2 {
			heap1, goroutines, _ = serverHeap(b, addr)
			rss1 = rssKiB(pid)
		}
	}
	tick.Stop()
	wg.Wait()
	b.StopTimer()
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
	b.ReportMetric(heap0/(1<<20), "server-heap-idle-MiB")
	b.ReportMetric(heap1/(1<<20), "server-heap-MiB")
	b.ReportMetric(rss0/1024, "server-rss-idle-MiB")
	b.ReportMetric(rss1/1024, "server-rss-MiB")
	b.ReportMetric((heap1-heap0)/1024/followers, "server-heap-KiB/follower")
	b.ReportMetric(goroutines, "server-goroutines")
	_, _, coalesced := serverHeap(b, addr)
	b.ReportMetric(coalesced, "coalesced")
}

// peakKiB reads a process's peak resident set size since the last
// resetPeak, from /proc.
func peakKiB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			v, _ := strconv.ParseFloat(f[1], 64)
			return v
		}
	}
	return 0
}

// resetPeak resets a process's peak RSS (Linux: clear_refs 5).
func resetPeak(b *testing.B, pid int) {
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0); err != nil {
		b.Fatalf("resetting the peak RSS: %v", err)
	}
}

// BenchmarkExportMemory measures the server process's peak resident
// memory above idle while it answers exports of the load test's session
// (a hard 8-puzzle A*) up to step 2,000, the furthest a follower may ask:
// one request of each format alone, then three requests at once (md, json
// and html: two are made, the third is refused with 503). Run it once:
//
//	go test ./server -run '^$' -bench ExportMemory -benchtime 1x
func BenchmarkExportMemory(b *testing.B) {
	addr, id, _, pid := serverProcess(b)
	base := "http://" + addr + "/s/" + id + "/export?step=2000&format="
	fetch := func(format string) (int, int64) {
		resp, err := http.Get(base + format)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		n, _ := io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, n
	}
	for range b.N {
		idle := rssKiB(pid)
		for _, f := range []string{"jsonl", "json", "csv", "md", "tex", "dot", "svg", "posthoc", "ipynb", "html"} {
			runtime.GC()
			resetPeak(b, pid)
			start := time.Now()
			code, n := fetch(f)
			b.ReportMetric((peakKiB(pid)-idle)/1024, f+"-peak-MiB")
			b.Logf("%s: HTTP %d, %d bytes, %v, peak %.0f MiB above idle (%.0f MiB)", f, code, n, time.Since(start).Round(time.Millisecond), (peakKiB(pid)-idle)/1024, idle/1024)
		}
		resetPeak(b, pid)
		var wg sync.WaitGroup
		codes := make([]int, 3)
		for i, f := range []string{"md", "json", "html"} {
			wg.Add(1)
			go func() { defer wg.Done(); codes[i], _ = fetch(f) }()
		}
		wg.Wait()
		b.ReportMetric((peakKiB(pid)-idle)/1024, "three-at-once-peak-MiB")
		b.Logf("three at once: HTTP %v, peak %.0f MiB above idle", codes, (peakKiB(pid)-idle)/1024)
	}
}
