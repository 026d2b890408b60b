package jupyter

import (
	"bytes"
	"context"
	"net"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// TestManyPeersLargeFramesBounded: unauthenticated peers each streaming a
// frame just under MaxFrameSize cannot multiply it: the frames being
// received at once hold at most zmq4.MaxReading, peers past it are
// dropped (their chunks are garbage the collector may let the heap grow
// over once more), and the kernel still runs cells.
func TestManyPeersLargeFramesBounded(t *testing.T) {
	k := startKernel(t)
	runtime.GC()
	before := rssMB(t)
	const peers, size = 12, 60 << 20
	chunk := bytes.Repeat([]byte{'x'}, 1<<20)
	var sent sync.WaitGroup
	hold := make(chan struct{})
	var conns []net.Conn
	for range peers {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(k.ci.ShellPort), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		sent.Add(1)
		go func() {
			defer sent.Done()
			go func() { _, _ = c.Read(make([]byte, 4096)) }() // the kernel's greeting
			_ = c.SetWriteDeadline(time.Now().Add(20 * time.Second))
			if _, err := c.Write(append(append(greeting(), ready("DEALER")...), longHeader(0x00, size+1)...)); err != nil {
				return
			}
			for range size >> 20 { // one byte short: the frame is never complete
				if _, err := c.Write(chunk); err != nil {
					return // dropped
				}
			}
		}()
	}
	sent.Wait()
	peak := rssMB(t)
	close(hold)
	for _, c := range conns {
		c.Close()
	}
	t.Logf("RSS %d MB before, %d MB with %d peers each %d MiB into a frame", before, peak, peers, size>>20)
	if peak > before+2*zmq4.MaxReading>>20+64 && !underRace {
		t.Errorf("RSS grew from %d MB to %d MB: %d peers' frames were held at once (MaxReading %d MB)", before, peak, peers, zmq4.MaxReading>>20)
	}
	c := k.connect(t)
	c.mustExecute(c.shell, "puzzle 283164705 goal=123804765\na = search astar h=manhattan\nrun a to goal")
}

// TestHeartbeatPeerThatNeverReads: a heartbeat peer that sends pings and
// never reads the echoes does not stall the heartbeat of the others: it is
// dropped within zmq4.ReplyWriteTimeout, and a well-behaved client's pings
// are echoed meanwhile within a bound far under Jupyter's heartbeat
// timeout.
func TestHeartbeatPeerThatNeverReads(t *testing.T) {
	k := startKernel(t)
	bad, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(k.ci.HBPort), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	ping := append(frame(0x01, nil), frame(0x00, bytes.Repeat([]byte{'p'}, 200))...)
	go func() {
		_ = bad.SetWriteDeadline(time.Now().Add(8 * time.Second))
		_, _ = bad.Write(append(greeting(), ready("REQ")...))
		for {
			if _, err := bad.Write(bytes.Repeat(ping, 1000)); err != nil {
				return
			}
		}
	}()
	hb := zmq4.NewReq(context.Background())
	defer hb.Close()
	if err := hb.Dial(k.ci.endpoint(k.ci.HBPort)); err != nil {
		t.Fatal(err)
	}
	var worst time.Duration
	for end := time.Now().Add(6 * time.Second); time.Now().Before(end); {
		start := time.Now()
		if err := hb.Send(zmq4.NewMsgString("ping")); err != nil {
			t.Fatal(err)
		}
		if m, err := hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
			t.Fatalf("heartbeat: %q, %v", m.Bytes(), err)
		}
		worst = max(worst, time.Since(start))
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("the slowest echo while a peer never read took %v", worst)
	if bound := zmq4.ReplyWriteTimeout + 4*time.Second; worst > bound {
		t.Errorf("an echo took %v while another peer never read, want at most %v", worst, bound)
	}
}
