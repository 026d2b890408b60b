package jupyter

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"stepviz/internal/testenv"
)

// processKernel runs `stepviz kernel CONNECTION_FILE` as Jupyter runs it: a
// process of its own, built from this module, with STEPVIZ_MAX_NODES set to
// maxNodes. It is stopped (SIGTERM) when the test ends.
func processKernel(tb testing.TB, maxNodes int) (*testKernel, *os.Process) {
	tb.Helper()
	dir := tb.TempDir()
	bin := filepath.Join(dir, "stepviz")
	build := exec.Command("go", "build", "-o", bin, "./cmd/stepviz")
	build.Dir = testenv.ModuleRoot(tb)
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	var ports []int
	var ls []net.Listener
	for len(ports) < 5 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			tb.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	k := &testKernel{
		ci: ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: ports[0], ControlPort: ports[1],
			StdinPort: ports[2], IOPubPort: ports[3], HBPort: ports[4], Key: "a-secret-key", SignatureScheme: "hmac-sha256"},
		sig:  signer{key: []byte("a-secret-key")},
		done: make(chan error, 1),
	}
	b, _ := json.Marshal(k.ci)
	cf := filepath.Join(dir, "conn.json")
	if err := os.WriteFile(cf, b, 0o600); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(bin, "kernel", cf)
	cmd.Env = append(os.Environ(), "STEPVIZ_MAX_NODES="+strconv.Itoa(maxNodes))
	logf, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		tb.Fatal(err)
	}
	defer logf.Close()
	cmd.Stderr = logf // the probes of waitListening make it log failed handshakes
	tb.Cleanup(func() {
		if tb.Failed() {
			out, _ := os.ReadFile(logf.Name())
			tb.Logf("kernel stderr:\n%s", out)
		}
	})
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	go func() { k.done <- cmd.Wait() }()
	tb.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-k.done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			tb.Error("the kernel did not stop within 10 s of SIGTERM")
		}
	})
	for _, p := range ports {
		if err := waitListening(p, k.done); err != nil {
			tb.Fatal(err)
		}
	}
	return k, cmd.Process
}

// treeNodes finds the node count a live view's text states.
var treeNodes = regexp.MustCompile(`tree: (\d+) nodes`)

// runUntil starts cell on the shell channel and returns its msg_id once a
// live frame on iopub shows at least nodes nodes, and how long that frame
// took to arrive after the previous one.
func (c *client) runUntil(iopub <-chan *Message, cell string, nodes int) (string, int) {
	c.t.Helper()
	id := c.send(c.shell, "execute_request", map[string]any{"code": cell, "silent": false, "stop_on_error": false})
	deadline := time.After(120 * time.Second)
	for {
		select {
		case m := <-iopub:
			var parent Header
			_ = json.Unmarshal(m.ParentHeader, &parent)
			if parent.MsgID != id || m.Header.MsgType != "update_display_data" && m.Header.MsgType != "display_data" {
				continue // an earlier cell's late frames, or no frame
			}
			var content struct {
				Data map[string]any `json:"data"`
			}
			_ = json.Unmarshal(m.Content, &content)
			_, svg := content.Data["image/svg+xml"]
			_, png := content.Data["image/png"]
			if (svg || png) && m.Header.MsgType == "update_display_data" {
				if png {
					c.pngFrames++
				} else {
					c.plainFrames++
				}
			}
			text, _ := content.Data["text/plain"].(string)
			if sm := treeNodes.FindStringSubmatch(text); sm != nil {
				if n, _ := strconv.Atoi(sm[1]); n >= nodes {
					return id, n
				}
			}
		case <-deadline:
			c.t.Fatalf("no frame of %d nodes within 120 s of %q", nodes, cell)
		}
	}
}

// iopubMessages reads c's iopub socket until it closes.
func (c *client) iopubMessages() <-chan *Message {
	ch := make(chan *Message, 1024)
	go func() {
		for {
			raw, err := c.iopub.Recv()
			if err != nil {
				return
			}
			if m, err := c.k.sig.decode(raw.Frames); err == nil {
				select {
				case ch <- m:
				default: // a reader behind loses frames, never blocks the socket
				}
			}
		}
	}()
	return ch
}

// interruptedReply waits for the reply to execute request id and checks
// that it says the cell was interrupted.
func (c *client) interruptedReply(id string, within time.Duration) string {
	c.t.Helper()
	m, err := c.reply(c.shell, id, within)
	if err != nil {
		c.t.Fatal(err)
	}
	var content struct {
		Status string `json:"status"`
		Evalue string `json:"evalue"`
	}
	_ = json.Unmarshal(m.Content, &content)
	if content.Status != "error" || !strings.Contains(content.Evalue, "interrupted") {
		c.t.Fatalf("execute_reply after the interrupt: %s", m.Content)
	}
	return content.Evalue
}

// ready waits until the kernel answers kernel_info on the shell channel.
func (c *client) ready() {
	c.t.Helper()
	if _, err := c.reply(c.shell, c.send(c.shell, "kernel_info_request", map[string]any{}), 20*time.Second); err != nil {
		c.t.Fatal(err)
	}
}

const bigCell = "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nbig = search bfs maxnodes=6000000\nrun"

// TestSIGINTInterruptsCell: SIGINT sent to a kernel process (as a frontend
// that ignores interrupt_mode "message" does, or Ctrl-C in its terminal)
// ends the running cell with an "interrupted" error reply, and the kernel
// lives on and keeps its searches.
func TestSIGINTInterruptsCell(t *testing.T) {
	k, proc := processKernel(t, 6_000_000)
	c := k.connect(t)
	c.ready()
	iopub := c.iopubMessages()
	id, _ := c.runUntil(iopub, bigCell, 1_000_000)
	if err := proc.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	c.interruptedReply(id, 10*time.Second)
	// the run's passing frames left out their PNGs; its last frame, sent
	// after the reply and before idle, has them
	if c.plainFrames == 0 {
		t.Errorf("no passing frame without PNG before the interrupt (%d with)", c.pngFrames)
	}
	lastPNG, idle := false, false
	for deadline := time.After(20 * time.Second); !idle; {
		select {
		case m := <-iopub:
			var parent Header
			_ = json.Unmarshal(m.ParentHeader, &parent)
			if parent.MsgID != id {
				continue
			}
			var content struct {
				Data  map[string]any `json:"data"`
				State string         `json:"execution_state"`
			}
			_ = json.Unmarshal(m.Content, &content)
			_, svg := content.Data["image/svg+xml"]
			if _, png := content.Data["image/png"]; svg || png {
				lastPNG = png
			}
			idle = m.Header.MsgType == "status" && content.State == "idle"
		case <-deadline:
			t.Fatal("no idle status within 20 s of the interrupted cell's reply")
		}
	}
	if !lastPNG {
		t.Error("the interrupted run's last frame has no PNG")
	}
	select {
	case err := <-k.done:
		t.Fatalf("the kernel exited on SIGINT: %v", err)
	default:
	}
	c.mustExecute(c.shell, "show big stats")
}

// BenchmarkKernelInterruptAt1M: a kernel process runs a 15-puzzle BFS; once
// a live frame shows 1,000,000 nodes an interrupt_request goes on the
// control channel (the kernelspec's interrupt_mode "message"), and the
// figure is the time to the cell's execute_reply (ms/interrupt, the mean;
// max-ms the worst). Run it with -benchtime=3x: each iteration grows a
// search of a million nodes.
func BenchmarkKernelInterruptAt1M(b *testing.B) {
	k, _ := processKernel(b, 6_000_000)
	c := k.connect(b)
	c.ready()
	iopub := c.iopubMessages()
	var total, worst time.Duration
	var nodes int
	var last string
	for b.Loop() {
		id, n := c.runUntil(iopub, bigCell, 1_000_000)
		t0 := time.Now()
		c.send(c.control, "interrupt_request", map[string]any{})
		last = c.interruptedReply(id, 30*time.Second)
		if d := time.Since(t0); d > 5*time.Second {
			b.Fatalf("interrupt took %v", d)
		}
		d := time.Since(t0)
		total += d
		worst = max(worst, d)
		nodes = n
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/interrupt")
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(nodes), "nodes")
	fmt.Fprintf(os.Stderr, "interrupt after a frame of %d nodes: mean %v, worst %v over %d; the last: %s\n", nodes, total/time.Duration(b.N), worst, b.N, last)
}
