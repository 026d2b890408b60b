package jupyter

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// testKernel is a kernel served in-process on 127.0.0.1 for the tests.
type testKernel struct {
	ci   ConnectionInfo
	sig  signer
	done chan error
}

// startKernel serves a kernel on five free ports until the test ends. A
// port found free may be taken by another process before the kernel binds
// it: then it tries again with other ports.
func startKernel(t *testing.T) *testKernel {
	t.Helper()
	for attempt := 1; ; attempt++ {
		k, err := tryKernel(t)
		if err == nil {
			return k
		}
		if attempt == 3 {
			t.Fatalf("starting a kernel: %v", err)
		}
		t.Logf("starting a kernel (attempt %d): %v", attempt, err)
	}
}

func tryKernel(t *testing.T) (*testKernel, error) {
	t.Helper()
	var ports []int
	for len(ports) < 5 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
		l.Close()
	}
	k := &testKernel{
		ci: ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: ports[0], ControlPort: ports[1],
			StdinPort: ports[2], IOPubPort: ports[3], HBPort: ports[4], Key: "a-secret-key", SignatureScheme: "hmac-sha256"},
		sig:  signer{key: []byte("a-secret-key")},
		done: make(chan error, 1),
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { k.done <- Serve(ctx, k.ci, Options{Log: io.Discard}) }()
	for _, p := range ports {
		if err := waitListening(p, k.done); err != nil {
			cancel()
			return nil, err
		}
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-k.done:
		case <-time.After(10 * time.Second):
			t.Error("the kernel did not stop within 10 s of its context ending")
		}
	})
	return k, nil
}

// waitListening waits until port accepts connections, or the kernel
// stops (done), or 10 s pass.
func waitListening(port int, done <-chan error) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case err := <-done:
			return fmt.Errorf("the kernel stopped: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("port %d never listened: %v", port, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// client is a well-behaved Jupyter client: a DEALER on shell and control and
// a SUB on iopub.
type client struct {
	t                     testing.TB
	k                     *testKernel
	shell, control, iopub zmq4.Socket
	session               string
	// pngFrames and plainFrames count the picture updates runUntil saw
	// with and without a PNG.
	pngFrames, plainFrames int
}

func (k *testKernel) connect(t testing.TB) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{t: t, k: k, session: newID(),
		shell:   zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("shell-"+newID()))),
		control: zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("control-"+newID()))),
		iopub:   zmq4.NewSub(ctx),
	}
	t.Cleanup(func() {
		c.shell.Close()
		c.control.Close()
		c.iopub.Close()
		cancel()
	})
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{c.shell, k.ci.ShellPort}, {c.control, k.ci.ControlPort}, {c.iopub, k.ci.IOPubPort}} {
		if err := d.s.Dial(k.ci.endpoint(d.port)); err != nil {
			t.Fatalf("dialing %d: %v", d.port, err)
		}
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	return c
}

// send sends a signed request on sock and returns its msg_id.
func (c *client) send(sock zmq4.Socket, msgType string, content any) string {
	c.t.Helper()
	frames, err := c.k.sig.encode(c.session, msgType, nil, nil, content)
	if err != nil {
		c.t.Fatal(err)
	}
	var h Header
	if err := json.Unmarshal(frames[2], &h); err != nil {
		c.t.Fatal(err)
	}
	if err := sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatalf("sending %s: %v", msgType, err)
	}
	return h.MsgID
}

// reply waits for the reply to msgID on sock.
func (c *client) reply(sock zmq4.Socket, msgID string, within time.Duration) (*Message, error) {
	type result struct {
		m   *Message
		err error
	}
	ch := make(chan result, 1)
	go func() {
		for {
			raw, err := sock.Recv()
			if err != nil {
				ch <- result{nil, err}
				return
			}
			m, err := c.k.sig.decode(raw.Frames)
			if err != nil {
				ch <- result{nil, err}
				return
			}
			var parent Header
			_ = json.Unmarshal(m.ParentHeader, &parent)
			if parent.MsgID == msgID {
				ch <- result{m, nil}
				return
			}
		}
	}()
	select {
	case r := <-ch:
		return r.m, r.err
	case <-time.After(within):
		return nil, fmt.Errorf("no reply to %s within %v", msgID, within)
	}
}

// execute runs code on sock and returns the reply's content.
func (c *client) execute(sock zmq4.Socket, code string, within time.Duration) (map[string]any, error) {
	id := c.send(sock, "execute_request", map[string]any{"code": code, "silent": false, "stop_on_error": false})
	m, err := c.reply(sock, id, within)
	if err != nil {
		return nil, err
	}
	var content map[string]any
	if err := json.Unmarshal(m.Content, &content); err != nil {
		return nil, err
	}
	return content, nil
}

// mustExecute runs a cell that must succeed within 20 s.
func (c *client) mustExecute(sock zmq4.Socket, code string) {
	c.t.Helper()
	content, err := c.execute(sock, code, 20*time.Second)
	if err != nil {
		c.t.Fatalf("cell %q: %v", code, err)
	}
	if content["status"] != "ok" {
		c.t.Fatalf("cell %q: reply %v", code, content)
	}
}

// ZMTP 3.0 pieces for hand-made byte streams.
func greeting() []byte {
	g := make([]byte, 64)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:], "NULL")
	return g
}

func frame(flags byte, body []byte) []byte {
	if len(body) > 255 {
		b := []byte{flags | 0x02, 0, 0, 0, 0, 0, 0, 0, 0}
		binary.BigEndian.PutUint64(b[1:], uint64(len(body)))
		return append(b, body...)
	}
	return append([]byte{flags, byte(len(body))}, body...)
}

func ready(sockType string) []byte {
	body := []byte("\x05READY\x0bSocket-Type")
	body = binary.BigEndian.AppendUint32(body, uint32(len(sockType)))
	body = append(body, sockType...)
	return frame(0x04, body)
}

// longHeader is a frame header claiming size bytes, with nothing after it.
func longHeader(flags byte, size uint64) []byte {
	b := []byte{flags | 0x02, 0, 0, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint64(b[1:], size)
	return b
}

// hostileStreams are byte streams an unauthenticated local process can
// send to any port: each must leave the kernel running.
func hostileStreams(peer string) map[string][]byte {
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	many := make([]byte, 0, 3*10000)
	for i := 0; i < 10000; i++ {
		many = append(many, frame(0x01, []byte{'x'})...)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 8192)
	for i := range garbage {
		garbage[i] = byte(rng.IntN(256))
	}
	return map[string][]byte{
		"header claiming 2^62 bytes before the handshake": cat(greeting(), longHeader(0x04, 1<<62)),
		"header claiming 1 TiB before the handshake":      cat(greeting(), longHeader(0x00, 1<<40)),
		"header claiming 2^63+ bytes":                     cat(greeting(), longHeader(0x00, 1<<63+5)),
		"message claiming 1 TiB after the handshake":      cat(greeting(), ready(peer), longHeader(0x00, 1<<40)),
		"message of 10,000 frames":                        cat(greeting(), ready(peer), many),
		"message of 1 GiB in 64 MiB frames (claimed)":     cat(greeting(), ready(peer), longHeader(0x01, 64<<20)),
		"READY with a truncated property":                 cat(greeting(), frame(0x04, []byte("\x05READY\x02ab"))),
		"READY with a property longer than the command":   cat(greeting(), frame(0x04, []byte("\x05READY\x0bSocket-Type\xff\xff\xff\xffDEALER"))),
		"command name longer than the command":            cat(greeting(), frame(0x04, []byte("\xffREADY"))),
		"empty command":                                   cat(greeting(), frame(0x04, nil)),
		"incompatible socket type":                        cat(greeting(), ready("PUSH"), frame(0, []byte("hi"))),
		"bad signature":                                   cat([]byte{0x00}, greeting()[1:]),
		"unknown mechanism":                               cat(greeting()[:12], []byte("CURVE\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), greeting()[32:]),
		"random bytes":                                    garbage,
		"random bytes after a greeting":                   cat(greeting(), garbage),
		"unsigned Jupyter message":                        cat(greeting(), ready(peer), frame(0x01, []byte("<IDS|MSG>")), frame(0x01, []byte("sig")), frame(0x01, []byte("{}")), frame(0x01, []byte("{}")), frame(0x01, []byte("{}")), frame(0, []byte("{}"))),
		"frames without a delimiter":                      cat(greeting(), ready(peer), frame(0x01, []byte("a")), frame(0, []byte("b"))),
		"empty frame":                                     cat(greeting(), ready(peer), frame(0, nil)),
		"twenty messages without a handshake":             bytes.Repeat(frame(0, []byte("junk")), 20),
		"twenty messages that are not subscriptions":      cat(greeting(), ready(peer), bytes.Repeat(frame(0, []byte("junk")), 20)),
	}
}

// sendStream writes data to port and closes the connection (or leaves it
// open for the kernel to drop).
func sendStream(t *testing.T, port int, data []byte) {
	t.Helper()
	c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), 5*time.Second)
	if err != nil {
		t.Fatalf("dial %d: %v", port, err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	go io.Copy(io.Discard, c) // the kernel's greeting and anything after it
	_, _ = c.Write(data)      // the kernel may hang up before reading it all
	time.Sleep(5 * time.Millisecond)
}

// rssMB is the resident set of this process in MB (from /proc).
func rssMB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatalf("reading RSS: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.Atoi(f[1])
			return kb / 1024
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// TestHostileBytesOnEveryPort sends every hostile stream to every port of
// a running kernel (issue 9: one frame header claiming 1 TiB killed it),
// and then runs cells: the kernel must still answer, and stay under a
// memory ceiling.
func TestHostileBytesOnEveryPort(t *testing.T) {
	k := startKernel(t)
	before := rssMB(t)
	ports := map[string]struct {
		port int
		peer string // a socket type the port accepts
	}{
		"shell": {k.ci.ShellPort, "DEALER"}, "control": {k.ci.ControlPort, "DEALER"}, "stdin": {k.ci.StdinPort, "DEALER"},
		"iopub": {k.ci.IOPubPort, "SUB"}, "heartbeat": {k.ci.HBPort, "REQ"},
	}
	// A peer that connects and sends nothing must not hold up the others
	// (the accept loop runs no handshake itself).
	for _, p := range ports {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(p.port))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	for name, p := range ports {
		for what, data := range hostileStreams(p.peer) {
			t.Run(name+"/"+what, func(t *testing.T) { sendStream(t, p.port, data) })
		}
	}
	// Many tiny valid messages at once on the heartbeat.
	c := k.connect(t)
	c.mustExecute(c.shell, "puzzle 283164705 goal=123804765\na = search astar h=manhattan")
	c.mustExecute(c.shell, "run a to goal")
	c.mustExecute(c.control, "show a stats")
	hb := zmq4.NewReq(context.Background())
	defer hb.Close()
	if err := hb.Dial(k.ci.endpoint(k.ci.HBPort)); err != nil {
		t.Fatal(err)
	}
	if err := hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m, err := hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
		t.Fatalf("heartbeat after the attacks: %q, %v", m.Bytes(), err)
	}
	runtime.GC()
	after := rssMB(t)
	t.Logf("RSS %d MB before the attacks, %d MB after", before, after)
	if after > before+256 {
		t.Errorf("RSS grew from %d MB to %d MB: over the 256 MB ceiling", before, after)
	}
}

// TestCellOnControlWhileShellRuns sends an execute_request on the control
// channel while a shell cell runs (issue 9: "concurrent map writes"). Both
// cells finish, one after the other, and an interrupt sent behind the
// control cell still stops the shell's run at once. Run with -race.
func TestCellOnControlWhileShellRuns(t *testing.T) {
	k := startKernel(t)
	c := k.connect(t)
	c.mustExecute(c.shell, "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nlong = search bfs maxnodes=10000000")
	runID := c.send(c.shell, "execute_request", map[string]any{"code": "run long to goal", "stop_on_error": false})
	time.Sleep(300 * time.Millisecond)
	var wg sync.WaitGroup
	var ctlContent map[string]any
	var ctlErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		ctlContent, ctlErr = c.execute(c.control, "puzzle 283164705 goal=123804765\nb = search astar\nrun b to goal", 30*time.Second)
	}()
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	intID := c.send(c.control, "interrupt_request", map[string]any{})
	m, err := c.reply(c.shell, runID, 10*time.Second)
	if err != nil {
		t.Fatalf("the interrupted run: %v", err)
	}
	t.Logf("run interrupted %v after the interrupt_request", time.Since(start))
	var content map[string]any
	_ = json.Unmarshal(m.Content, &content)
	if content["status"] != "error" || content["ename"] != "KeyboardInterrupt" {
		t.Errorf("interrupted run's reply: %v", content)
	}
	wg.Wait()
	if ctlErr != nil || ctlContent["status"] != "ok" {
		t.Fatalf("cell on control: %v %v", ctlContent, ctlErr)
	}
	_ = intID
	c.mustExecute(c.shell, "show b stats")
}
