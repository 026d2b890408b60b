package cluster_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/cluster"
	"stepviz/server"
	persist "stepviz/store"
)

// The test cluster's credentials: the stepviz user's NATS password and the
// cluster secret, handed to nats-server's configuration and to every
// instance (server processes included) through the environment, as
// docs/deploy.md does.
const (
	testPassword = "test-nats-password-0123456789"
	testSecret   = "test-cluster-secret-0123456789abcdef"
)

// testConfig is an instance's configuration for the test cluster at url.
func testConfig(url string) cluster.Config {
	return cluster.Config{URL: url, User: "stepviz"}
}

// stepvizJS logs in to NATS at url as the stepviz user (the instances'
// login, without the cluster secret) with opts, and returns the
// connection and its JetStream; the connection is closed when the test
// ends.
func stepvizJS(t testing.TB, url string, opts ...nats.Option) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(url, append([]nats.Option{nats.UserInfo("stepviz", testPassword)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

// startNATS runs a real nats-server with JetStream inside the test process,
// on 127.0.0.1, configured by docs/nats-server.conf (its port and store
// directory replaced by the test's).
func startNATS(t testing.TB) string {
	t.Helper()
	return startNATSServer(t).ClientURL()
}

// startNATSServer is startNATS returning the server itself (to stop it).
func startNATSServer(t testing.TB) *natsserver.Server {
	t.Helper()
	return startNATSAt(t, -1, t.TempDir())
}

// startNATSAt is startNATSServer on port (-1: any) with JetStream's files
// in storeDir: a server started again at the same port and directory is
// the same NATS, restarted.
func startNATSAt(t testing.TB, port int, storeDir string) *natsserver.Server {
	t.Helper()
	return startNATSWith(t, func(o *natsserver.Options) { o.Port, o.StoreDir = port, storeDir })
}

// startNATSWith is startNATSServer with the options changed by configure
// (called last, after docs/nats-server.conf is read and the test's
// address, store directory and quiet logging are set).
func startNATSWith(t testing.TB, configure func(*natsserver.Options)) *natsserver.Server {
	t.Helper()
	t.Setenv(cluster.EnvPassword, testPassword)
	t.Setenv(cluster.EnvSecret, testSecret)
	opts, err := natsserver.ProcessConfigFile(filepath.Join("..", "docs", "nats-server.conf"))
	if err != nil {
		t.Fatal(err)
	}
	opts.Host, opts.Port, opts.StoreDir, opts.NoLog, opts.NoSigs = "127.0.0.1", -1, t.TempDir(), true, true
	configure(opts)
	ns, err := natsserver.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats-server did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns
}

// instance is one stepviz server of the cluster.
type instance struct {
	srv *server.Server
	ts  *httptest.Server
	bus *cluster.Bus
	db  *persist.DB
	// log is what the instance has logged so far.
	log func() string
}

func (in *instance) kill() {
	in.ts.CloseClientConnections()
	in.ts.Close()
	in.srv.Close()
	in.bus.Close()
	in.db.Close()
}

// startInstance starts an instance joined to the NATS at natsURL, its
// server configured further by configure, if any.
func startInstance(t *testing.T, natsURL string, configure ...func(*server.Config)) *instance {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bus, err := cluster.Open(ctx, testConfig(natsURL))
	if err != nil {
		t.Fatal(err)
	}
	db, err := persist.Open(filepath.Join(t.TempDir(), "stepviz.db"))
	if err != nil {
		t.Fatal(err)
	}
	logger, logged := instanceLog(t, bus)
	cfg := server.Config{DB: db, Bus: bus, Logger: logger}
	for _, c := range configure {
		c(&cfg)
	}
	srv := server.New(cfg)
	in := &instance{srv: srv, ts: httptest.NewServer(srv), bus: bus, db: db, log: logged}
	var once sync.Once
	t.Cleanup(func() { once.Do(in.kill) })
	return in
}

// instanceLog is a logger for one instance, its server's lines and its
// bus's, kept in memory and written to the test's log when the test fails
// (an instance may still log after the test has ended), and a function
// returning what it holds.
func instanceLog(t *testing.T, bus *cluster.Bus) (*log.Logger, func() string) {
	t.Helper()
	var mu sync.Mutex
	var buf bytes.Buffer
	l := log.New(lockedWriter{&mu, &buf}, fmt.Sprintf("instance on %s: ", bus.Server()), log.Lmicroseconds)
	bus.SetLogger(l.Printf)
	t.Cleanup(func() {
		if t.Failed() {
			mu.Lock()
			t.Logf("the log of an instance:\n%s", buf.String())
			mu.Unlock()
		}
	})
	return l, func() string {
		mu.Lock()
		defer mu.Unlock()
		return buf.String()
	}
}

// lockedWriter writes to w under mu.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (lw lockedWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Write(p)
}

func wsBase(ts *httptest.Server) string { return "ws" + strings.TrimPrefix(ts.URL, "http") }

// follower keeps a session websocket open on one of several instances (a
// load balancer's choice), reconnecting to the next when one goes, and
// records every step it is shown, in order.
type follower struct {
	mu    sync.Mutex
	steps []int
	at    atomic.Int64
	// sharings are the texts of the sharing messages it was sent, in
	// order, and sharing the last ("" until one comes).
	sharings []string
	sharing  atomic.Pointer[string]
	stop     chan struct{}
}

func follow(urls func() []string) *follower {
	f := &follower{stop: make(chan struct{})}
	f.at.Store(-1)
	go func() {
		for i := 0; ; i++ {
			select {
			case <-f.stop:
				return
			default:
			}
			us := urls()
			c, _, err := websocket.DefaultDialer.Dial(us[i%len(us)], nil)
			if err != nil {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			go func() { <-f.stop; c.Close() }()
			for {
				kind, raw, err := c.ReadMessage()
				if err != nil {
					break
				}
				raw = frameJSON(kind, raw)
				var m struct {
					Type    string
					Step    *int
					Event   struct{ Step int }
					Message string
				}
				_ = json.Unmarshal(raw, &m)
				if m.Type == "sharing" {
					f.mu.Lock()
					f.sharings = append(f.sharings, m.Message)
					f.mu.Unlock()
					f.sharing.Store(&m.Message)
				}
				step := -1
				switch {
				case m.Type == "step":
					step = m.Event.Step
				case m.Step != nil:
					step = *m.Step
				}
				if step >= 0 {
					f.mu.Lock()
					f.steps = append(f.steps, step)
					f.mu.Unlock()
					f.at.Store(int64(step))
				}
			}
			c.Close()
		}
	}()
	return f
}

// sharingNow is the text of the last sharing message f was sent, "" when
// none.
func (f *follower) sharingNow() string {
	if p := f.sharing.Load(); p != nil {
		return *p
	}
	return ""
}

// waitSharing waits up to within until the last sharing message f was
// sent holds want ("" for none, or one that cleared it).
func waitSharing(t *testing.T, what string, f *follower, want string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !strings.Contains(f.sharingNow(), want) || (want == "" && f.sharingNow() != "") {
		if time.Now().After(deadline) {
			f.mu.Lock()
			defer f.mu.Unlock()
			t.Fatalf("%s: the sharing messages were %q, want the last to say %q", what, f.sharings, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// told is the texts of the sharing messages f was sent that said
// something (not a clearing).
func (f *follower) told() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, s := range f.sharings {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// inOrder reports whether the steps never go back: a presenter who only
// steps forward is seen stepping forward, everywhere.
func (f *follower) inOrder() ([]int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := 1; i < len(f.steps); i++ {
		if f.steps[i] < f.steps[i-1] {
			return f.steps, false
		}
	}
	return f.steps, true
}

// roomWS is a room websocket that, as a browser's, is read all the time
// on a goroutine of its own, so that the server's pings are answered
// while the test does other things; msgs holds the messages in order
// until the test reads them (until, next).
type roomWS struct {
	*websocket.Conn
	msgs chan []byte
	// done is closed when reading ends, err then says why.
	done chan struct{}
	err  error
}

func roomConn(t *testing.T, base, code, key, token string) *roomWS {
	t.Helper()
	u := base + "/r/" + code + "/ws?t=" + token
	if key != "" {
		u += "&key=" + url.QueryEscape(key)
	}
	c, _, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		t.Fatalf("room websocket %s: %v", u, err)
	}
	t.Cleanup(func() { c.Close() })
	return readAll(c)
}

// readAll reads c on a goroutine of its own from now on (roomWS).
func readAll(c *websocket.Conn) *roomWS {
	r := &roomWS{Conn: c, msgs: make(chan []byte, 1<<14), done: make(chan struct{})}
	go func() {
		defer close(r.done)
		for {
			_, raw, err := c.ReadMessage()
			if err != nil {
				r.err = err
				return
			}
			r.msgs <- raw
		}
	}()
	return r
}

// next is c's next message, waiting up to within; false when there is
// none by then (err says why when reading ended).
func (c *roomWS) next(within time.Duration) (m map[string]any, raw []byte, err error) {
	timer := time.NewTimer(within)
	defer timer.Stop()
	select {
	case raw = <-c.msgs:
	case <-c.done:
		select {
		case raw = <-c.msgs:
		default:
			return nil, nil, c.err
		}
	case <-timer.C:
		return nil, nil, fmt.Errorf("no message within %v", within)
	}
	_ = json.Unmarshal(raw, &m)
	return m, raw, nil
}

func until(t *testing.T, c *roomWS, what string, pred func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		m, _, err := c.next(time.Until(deadline))
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if m["type"] == "error" {
			t.Fatalf("waiting for %s: %v", what, m["message"])
		}
		if pred(m) {
			return m
		}
	}
}

func waitAll(t *testing.T, what string, fs []*follower, step int64) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok := true
		for _, f := range fs {
			ok = ok && f.at.Load() == step
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var at []int64
			for _, f := range fs {
				at = append(at, f.at.Load())
			}
			steps, _ := fs[0].inOrder()
			t.Fatalf("%s: followers at %v, want all at %d (the first saw %v)", what, at, step, steps)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestThreeInstances is the cluster test: three instances on one
// NATS; the presenter on instance 1, followers spread over all three;
// steps arrive in order everywhere; instance 1 is killed mid-lecture; the
// presenter reconnects to another and goes on; nothing is lost (a fourth
// instance with an empty database rebuilds the room from NATS).
func TestThreeInstances(t *testing.T) {
	natsURL := startNATS(t)
	ins := []*instance{startInstance(t, natsURL), startInstance(t, natsURL), startInstance(t, natsURL)}

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(ins[0].ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")

	p := roomConn(t, wsBase(ins[0].ts), code, key, "presenter-token-00000")
	p.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
	room := until(t, p, "the search shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	id := room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)["id"].(string)

	var alive atomic.Int32 // instances 0..2 alive from this index on
	var fs []*follower
	for i := range 9 {
		home := i % 3
		fs = append(fs, follow(func() []string {
			var us []string
			for j := range 3 {
				k := (home + j) % 3
				if k >= int(alive.Load()) {
					us = append(us, wsBase(ins[k].ts)+"/s/"+id+"/ws")
				}
			}
			return us
		}))
	}
	defer func() {
		for _, f := range fs {
			close(f.stop)
		}
	}()
	waitAll(t, "followers joined", fs, 0)
	for range 10 {
		p.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	}
	waitAll(t, "ten steps on instance 1", fs, 10)

	// A follower on instance 3 sees the room (history, current) too.
	f3 := roomConn(t, wsBase(ins[2].ts), code, "", "follower-token-00003")
	if m := until(t, f3, "the room on instance 3", func(m map[string]any) bool { return m["type"] == "room" }); m["current"] != 0.0 {
		t.Fatalf("instance 3's room: %v", m)
	}

	// Kill instance 1 mid-lecture.
	alive.Store(1)
	ins[0].kill()
	p2 := roomConn(t, wsBase(ins[1].ts), code, key, "presenter-token-00000")
	until(t, p2, "the room on instance 2", func(m map[string]any) bool { return m["type"] == "room" })
	for range 5 {
		p2.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	}
	waitAll(t, "five more steps from instance 2", fs, 15)
	for i, f := range fs {
		if steps, ok := f.inOrder(); !ok {
			t.Fatalf("follower %d saw the steps out of order: %v", i, steps)
		}
	}

	// A poll asked on instance 2, answered on instance 3, counted on 2.
	p2.WriteJSON(map[string]any{"type": "ask", "kind": "next", "lane": 0})
	q := until(t, p2, "the poll", func(m map[string]any) bool { return m["type"] == "poll" })
	until(t, f3, "the poll on instance 3", func(m map[string]any) bool { return m["type"] == "poll" })
	f3.WriteJSON(map[string]any{"type": "answer", "poll": q["id"], "answer": q["right"]})
	until(t, p2, "the answer from instance 3", func(m map[string]any) bool { return m["type"] == "poll" && m["answers"] == 1.0 })
	p2.WriteJSON(map[string]any{"type": "reveal"})
	until(t, f3, "the reveal on instance 3", func(m map[string]any) bool {
		return m["type"] == "poll" && m["revealed"] == true && m["yours"] == q["right"]
	})

	// Nothing lost: a new instance with an empty database rebuilds it all.
	in4 := startInstance(t, natsURL)
	f4 := follow(func() []string { return []string{wsBase(in4.ts) + "/s/" + id + "/ws"} })
	defer close(f4.stop)
	waitAll(t, "a new instance", []*follower{f4}, 15)
	r4 := roomConn(t, wsBase(in4.ts), code, "", "follower-token-00003")
	m := until(t, r4, "the room on instance 4", func(m map[string]any) bool { return m["type"] == "room" })
	poll, _ := m["poll"].(map[string]any)
	if poll == nil || poll["revealed"] != true || poll["yours"] != q["right"] || poll["answers"] != 1.0 {
		t.Fatalf("the poll on a new instance: %v", m["poll"])
	}
}

// frameJSON is the JSON of a session websocket frame: a text frame is
// JSON; a binary frame (protocol v2's state and move) starts with the
// JSON's length (4 bytes, little-endian), then the JSON, then records.
func frameJSON(kind int, raw []byte) []byte {
	if kind != websocket.BinaryMessage {
		return raw
	}
	if len(raw) < 4 {
		return nil
	}
	n := int(binary.LittleEndian.Uint32(raw))
	if 4+n > len(raw) {
		return nil
	}
	return raw[4 : 4+n]
}
