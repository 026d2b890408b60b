package cluster_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"stepviz/cluster"
)

// TestLinkLogged: the operator reads in the log when an instance loses
// NATS and when the link is back, and nothing of the kind when the
// instance itself stops.
func TestLinkLogged(t *testing.T) {
	store := t.TempDir()
	ns := startNATSAt(t, -1, store)
	port := ns.Addr().(*net.TCPAddr).Port
	url := ns.ClientURL()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bus, err := cluster.Open(ctx, testConfig(url))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var lines []string
	bus.SetLogger(func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(format, args...))
	})
	logged := func(want string) int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, l := range lines {
			if strings.Contains(l, want) {
				n++
			}
		}
		return n
	}
	await := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); logged(want) == 0; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				mu.Lock()
				defer mu.Unlock()
				t.Fatalf("no log line saying %q within 10 s; the log: %q", want, lines)
			}
		}
	}
	for _, step := range []struct {
		name string
		do   func()
		want string
	}{
		{"NATS stopped", ns.Shutdown, "lost the link to NATS (the NATS server closed it)"},
		{"NATS started again", func() { startNATSAt(t, port, store) }, "the link to NATS is back (nats://127.0.0.1:"},
	} {
		t.Run(step.name, func(t *testing.T) {
			step.do()
			await(step.want)
		})
	}
	bus.Close()
	time.Sleep(200 * time.Millisecond) // the NATS client's callbacks run on a goroutine of their own
	if n := logged("lost the link"); n != 1 {
		t.Errorf("%d lines say the link was lost, want 1: stopping the instance is no loss", n)
	}
}
