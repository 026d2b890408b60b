package server

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/notebook"
	"stepviz/server/session"
	persist "stepviz/store"
)

// combinedLoad is what runCombinedLoad measured.
type combinedLoad struct {
	steps                []time.Duration // the presenter's step round trips, sorted
	peakRSS              int64           // the test process's peak resident set (server and clients)
	sockets, refusedWS   int64           // the attacker's follower sockets opened and refused
	votes, refusedVotes  int64           // its answers accepted and refused
	kernels, roomSession int64           // its notebook pages and room searches opened
	otherFollower        error           // another address's follower, vote and notebook
	otherVote            error
	otherNotebook        error
}

func (l combinedLoad) p(q float64) time.Duration {
	return l.steps[min(len(l.steps)-1, int(q*float64(len(l.steps))))]
}

// runCombinedLoad serves the lecture server with rooms and the notebook,
// sharing one memory budget, and puts on it at once, from one address
// (hostileIP), the high items of issue 24: follower sockets until refused,
// each sending queries within its own rate (4, 8), rooms whose searches
// are opened (5), answers under fresh tokens (6), and notebook pages until
// refused (7). Meanwhile the lecturer (127.0.0.1) steps a session `steps`
// times, and another address (otherIP) follows it, answers a poll and
// runs a notebook cell.
// With hostile false there is no attacker: the same measurement on a quiet
// server, for comparison.
func runCombinedLoad(tb testing.TB, steps int, hostile bool) combinedLoad {
	tb.Helper()
	db, err := persist.Open(filepath.Join(tb.TempDir(), "stepviz.db"))
	if err != nil {
		tb.Fatal(err)
	}
	mem := membudget.New(membudget.DefaultLimit)
	srv := New(Config{DB: db, Memory: mem})
	nb := notebook.NewHandler(notebook.Config{Memory: mem})
	srv.Handle("/notebook", nb)
	srv.Handle("/notebook/", nb)
	ts := httptest.NewServer(srv)
	tb.Cleanup(func() { ts.Close(); srv.Close(); db.Close() })

	sess, err := srv.startSession(newSearch(tb, "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0", "bfs"))
	if err != nil {
		tb.Fatal(err)
	}
	code, key := roomFrom(tb, ts, "127.0.0.1")
	lecturerRoom, _, body := wsFrom(tb, "127.0.0.1", wsBase(ts)+"/r/"+code+"/ws?t=lecturer-token-00000&key="+url.QueryEscape(key))
	if lecturerRoom == nil {
		tb.Fatalf("lecturer's room: %s", body)
	}
	_ = lecturerRoom.WriteJSON(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	var rm roomMsg
	readTyped(tb, lecturerRoom, msgRoom, &rm, func() bool { return rm.Current == 0 })
	_ = lecturerRoom.WriteJSON(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0})
	var poll pollMsg
	readTyped(tb, lecturerRoom, msgPoll, &poll, nil)

	var out combinedLoad
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	attack := func(f func()) {
		if !hostile {
			return
		}
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	sessURL := wsBase(ts) + "/s/" + sess.ID + "/ws"
	// 4 and 8: follower sockets up to the refusal, each querying 25 times
	// a second; a socket closed for flooding comes back.
	for range session.DefaultSocketsPerAddress + 10 {
		attack(func() {
			for ctx.Err() == nil {
				c, _, err := dialerFrom(hostileIP).DialContext(ctx, sessURL, nil)
				if err != nil {
					atomic.AddInt64(&out.refusedWS, 1)
					sleepCtx(ctx, time.Second)
					continue
				}
				atomic.AddInt64(&out.sockets, 1)
				done := make(chan struct{})
				go func() {
					defer close(done)
					for {
						if _, _, err := c.ReadMessage(); err != nil {
							return
						}
					}
				}()
				tick := time.NewTicker(40 * time.Millisecond)
			flood:
				for i := 0; ; i++ {
					select {
					case <-ctx.Done():
						break flood
					case <-done:
						break flood
					case <-tick.C:
						q := fmt.Sprintf(`{"type":"view","step":%d}`, rand.IntN(2000))
						if i%2 == 1 {
							q = `{"type":"rows","list":"open","offset":0,"count":50}`
						}
						if c.WriteMessage(websocket.TextMessage, []byte(q)) != nil {
							break flood
						}
					}
				}
				tick.Stop()
				c.Close()
				<-done
			}
		})
	}
	// 5: rooms whose searches are all opened.
	attack(func() {
		hc := clientFrom(hostileIP)
		for ctx.Err() == nil {
			resp, err := hc.PostForm(ts.URL+"/rooms", url.Values{})
			if err != nil {
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther {
				sleepCtx(ctx, 200*time.Millisecond)
				continue
			}
			loc, _ := url.Parse(resp.Header.Get("Location"))
			rc, _, _ := dialerFrom(hostileIP).DialContext(ctx, wsBase(ts)+loc.Path+"/ws?t=attacker-presenter-000&key="+url.QueryEscape(loc.Query().Get("key")), nil)
			if rc == nil {
				continue
			}
			_ = rc.WriteJSON(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"bfs", "astar h=manhattan", "astar h=misplaced", "greedy h=manhattan"}})
			var m roomMsg
			for ctx.Err() == nil {
				_ = rc.SetReadDeadline(time.Now().Add(5 * time.Second))
				if rc.ReadJSON(&m) != nil || (m.Type == msgRoom && m.Current == 0) {
					break
				}
			}
			rc.Close()
			for _, e := range m.History {
				for _, l := range e.Lanes {
					if resp, err := hc.Get(ts.URL + "/s/" + l.ID); err == nil {
						resp.Body.Close()
						if resp.StatusCode == http.StatusOK {
							atomic.AddInt64(&out.roomSession, 1)
						}
					}
				}
			}
		}
	})
	// 6: answers under a fresh token each.
	attack(func() {
		for i := 0; ctx.Err() == nil; i++ {
			c, _, err := dialerFrom(hostileIP).DialContext(ctx, wsBase(ts)+"/r/"+code+"/ws?t="+fmt.Sprintf("stuffing-token-%08d", i), nil)
			if err != nil {
				sleepCtx(ctx, 50*time.Millisecond)
				continue
			}
			_ = c.WriteJSON(roomCmd{Type: roomAnswer, Poll: poll.ID, Answer: poll.Right})
			for {
				_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
				var m struct{ Type, Yours string }
				if c.ReadJSON(&m) != nil {
					break
				}
				if m.Type == msgError {
					atomic.AddInt64(&out.refusedVotes, 1)
					break
				}
				if m.Type == msgPoll && m.Yours != "" {
					atomic.AddInt64(&out.votes, 1)
					break
				}
			}
			c.Close()
		}
	})
	// 7: notebook pages, held idle.
	attack(func() {
		for ctx.Err() == nil {
			c, _, err := dialerFrom(hostileIP).DialContext(ctx, wsBase(ts)+"/notebook/ws", nil)
			if err != nil {
				sleepCtx(ctx, 200*time.Millisecond)
				continue
			}
			atomic.AddInt64(&out.kernels, 1)
			defer c.Close()
			go func() { // answers the pings, so the page stays open
				for {
					if _, _, err := c.ReadMessage(); err != nil {
						return
					}
				}
			}()
		}
	})
	if hostile {
		sleepCtx(ctx, 2*time.Second) // the attacks ramp up
	}

	// Another address: a follower that sees the lecturer's steps, an
	// answer, a notebook cell.
	other := make(chan struct{})
	go func() {
		defer close(other)
		out.otherVote = otherAnswer(ts, code, poll)
		out.otherNotebook = otherNotebook(ts)
	}()
	f, _, err := dialerFrom(otherIP).Dial(sessURL, nil)
	if err != nil {
		out.otherFollower = err
	}
	// The follower has reached a step when a step message, or a state
	// (sent on joining and to a follower that fell behind, in place of
	// the steps it missed), carries it.
	followerAt := make(chan int, steps+64)
	if f != nil {
		defer f.Close()
		go func() {
			for {
				kind, raw, err := f.ReadMessage()
				if err != nil {
					return
				}
				if at, ok := liveStepIn(kind, raw); ok {
					followerAt <- at
				}
			}
		}()
	}

	// The lecturer steps.
	p, _, _ := dial(tb, ts, sess, sess.Key())
	for range steps {
		start := time.Now()
		send(tb, p, clientMsg{Type: cmdStep})
		for {
			w := readWire(tb, p)
			if w.Type == msgStep {
				break
			}
			if w.Type == msgError {
				tb.Fatalf("the presenter's step refused: %s", w.JSON)
			}
		}
		out.steps = append(out.steps, time.Since(start))
		time.Sleep(20 * time.Millisecond)
	}
	if f != nil && out.otherFollower == nil {
		deadline := time.After(10 * time.Second)
		for at := 0; at < steps; {
			select {
			case a := <-followerAt:
				at = max(at, a)
			case <-deadline:
				out.otherFollower = fmt.Errorf("another address's follower reached step %d of %d", at, steps)
				at = steps
			}
		}
	}
	<-other
	cancel()
	wg.Wait()
	sort.Slice(out.steps, func(i, j int) bool { return out.steps[i] < out.steps[j] })
	out.peakRSS = peakRSS(tb)
	return out
}

// liveStepIn is the step a follower's message shows it at: a step
// message's event's, or a state's (a binary frame: the JSON header's length in 4
// bytes, little endian, then the header).
func liveStepIn(kind int, raw []byte) (int, bool) {
	head := raw
	if kind == websocket.BinaryMessage {
		if len(raw) < 4 {
			return 0, false
		}
		n := int(binary.LittleEndian.Uint32(raw))
		if 4+n > len(raw) {
			return 0, false
		}
		head = raw[4 : 4+n]
	}
	var m struct {
		Type  string
		Step  int                // a state's
		Event struct{ Step int } // a step's
	}
	if json.Unmarshal(head, &m) != nil {
		return 0, false
	}
	switch m.Type {
	case session.MsgStep:
		return m.Event.Step, true
	case session.MsgState:
		return m.Step, true
	}
	return 0, false
}

// otherAnswer answers the lecturer's poll from otherIP.
func otherAnswer(ts *httptest.Server, code string, poll pollMsg) error {
	c, _, err := dialerFrom(otherIP).Dial(wsBase(ts)+"/r/"+code+"/ws?t=another-address-00000", nil)
	if err != nil {
		return fmt.Errorf("another address's room socket: %w", err)
	}
	defer c.Close()
	if err := c.WriteJSON(roomCmd{Type: roomAnswer, Poll: poll.ID, Answer: poll.Right}); err != nil {
		return err
	}
	for {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		var m struct{ Type, Message, Yours string }
		if err := c.ReadJSON(&m); err != nil {
			return fmt.Errorf("another address's answer: %w", err)
		}
		if m.Type == msgError {
			return fmt.Errorf("another address's answer refused: %s", m.Message)
		}
		if m.Type == msgPoll && m.Yours == poll.Right {
			return nil
		}
	}
}

// otherNotebook runs a cell in a notebook page from otherIP.
func otherNotebook(ts *httptest.Server) error {
	c, resp, err := dialerFrom(otherIP).Dial(wsBase(ts)+"/notebook/ws", nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		return fmt.Errorf("another address's notebook: %w (HTTP %d)", err, status)
	}
	defer c.Close()
	if err := c.WriteJSON(map[string]any{"op": "execute", "cell": "c1", "code": "puzzle 283164705 goal=123804765\nsearch astar h=manhattan\nrun"}); err != nil {
		return err
	}
	for {
		_ = c.SetReadDeadline(time.Now().Add(20 * time.Second))
		var m struct{ Type, Cell, Error string }
		if err := c.ReadJSON(&m); err != nil {
			return fmt.Errorf("another address's notebook cell: %w", err)
		}
		if m.Type == "done" && m.Cell == "c1" {
			if m.Error != "" {
				return fmt.Errorf("another address's notebook cell failed: %s", m.Error)
			}
			return nil
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// peakRSS is the process's peak resident set (VmHWM), in bytes.
func peakRSS(tb testing.TB) int64 {
	tb.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		tb.Skipf("no /proc/self/status: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	tb.Skip("no VmHWM in /proc/self/status")
	return 0
}

// TestCombinedHostileLoad: under the combined load of issue 24's high
// items from one address, the process (server and every client) stays
// under 1 GB, the presenter's steps stay quick, and another address's
// follower, answer and notebook are served. The latency bound asserted
// here is generous for a loaded 2-core CI machine; the bound (p99
// under 100 ms) is BenchmarkPresenterUnderCombinedLoad's, and the figures
// measured are in docs/benchmarks.md.
func TestCombinedHostileLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the combined load takes about 15 s")
	}
	l := runCombinedLoad(t, 300, true)
	t.Logf("presenter step p50 %v p99 %v max %v; peak RSS %d MB; attacker: %d sockets opened, %d refused, %d answers accepted, %d refused, %d notebook pages, %d room searches opened",
		l.p(0.5), l.p(0.99), l.steps[len(l.steps)-1], l.peakRSS>>20, l.sockets, l.refusedWS, l.votes, l.refusedVotes, l.kernels, l.roomSession)
	for _, err := range []error{l.otherFollower, l.otherVote, l.otherNotebook} {
		if err != nil {
			t.Error(err)
		}
	}
	if l.refusedWS == 0 || l.votes > session.DefaultVotersPerAddress || l.kernels > notebook.DefaultKernelsPerAddress {
		t.Errorf("the attacker was not bounded: %d sockets refused, %d answers, %d notebook pages", l.refusedWS, l.votes, l.kernels)
	}
	if raceEnabled {
		return // the figures above are the race detector's
	}
	if l.peakRSS > 1<<30 {
		t.Errorf("peak RSS %d MB, want under 1024 MB", l.peakRSS>>20)
	}
	if p99 := l.p(0.99); p99 > 750*time.Millisecond {
		t.Errorf("presenter's step p99 %v under the combined load, want under 750 ms here (100 ms in BenchmarkPresenterUnderCombinedLoad)", p99)
	}
}

// BenchmarkPresenterUnderCombinedLoad reports the presenter's step round
// trip under TestCombinedHostileLoad's load (hostile) and on the same
// server without it (quiet), and fails when the hostile p99 is over issue
// 24's bound of 100 ms. On a machine shared with other work, compare the
// two: the quiet figure is what the machine itself adds.
func BenchmarkPresenterUnderCombinedLoad(b *testing.B) {
	for _, hostile := range []bool{false, true} {
		name := "quiet"
		if hostile {
			name = "hostile"
		}
		b.Run(name, func(b *testing.B) {
			var l combinedLoad
			for range b.N {
				l = runCombinedLoad(b, 300, hostile)
			}
			b.ReportMetric(float64(l.p(0.5).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(l.p(0.99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(l.peakRSS>>20), "peak-RSS-MB")
			if p99 := l.p(0.99); hostile && p99 > 100*time.Millisecond {
				b.Errorf("presenter's step p99 %v, over issue 24's 100 ms", p99)
			}
		})
	}
}

// readTyped reads JSON messages from c until one of type typ for which ok
// (nil: any) is true, decoded into v.
func readTyped(tb testing.TB, c *websocket.Conn, typ string, v any, ok func() bool) {
	tb.Helper()
	for {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, raw, err := c.ReadMessage()
		if err != nil {
			tb.Fatalf("waiting for a %s message: %v", typ, err)
		}
		var head struct{ Type, Message string }
		_ = json.Unmarshal(raw, &head)
		if head.Type == msgError {
			tb.Fatalf("refused: %s", head.Message)
		}
		if head.Type != typ {
			continue
		}
		if err := json.Unmarshal(raw, v); err != nil {
			tb.Fatal(err)
		}
		if ok == nil || ok() {
			return
		}
	}
}
