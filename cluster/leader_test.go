package cluster_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"stepviz/cluster"
)

// TestUnansweredPublishShared: a change whose publication got no answer in
// time is shared again once the stream answers, even when the stream is
// led by the time the instance looks (a NATS cluster elects the stream's
// new leader in 4 to 9 s, and the presenter's publication gives up
// sooner): the OnReconnect functions, which publish what was not shared,
// are called.
func TestUnansweredPublishShared(t *testing.T) {
	ns := startNATSAt(t, -1, t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bus, err := cluster.Open(ctx, testConfig(ns.ClientURL()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(bus.Close)
	var calls atomic.Int32
	bus.OnReconnect(func() { calls.Add(1) })

	late, cancelLate := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancelLate()
	if _, err := bus.Publish(late, "room1", []byte(`{}`)); err == nil {
		t.Fatal("a publication past its deadline was stored; the test needs it to get no answer")
	}
	for deadline := time.Now().Add(5 * time.Second); calls.Load() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a publication got no answer and the stream is led, but nothing was shared again within 5 s")
		}
	}
	// A refusal of another kind (a change larger than NATS takes) is not
	// an unanswered one: nothing is called.
	before := calls.Load()
	pctx, cancelP := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelP()
	if _, err := bus.Publish(pctx, "room1", make([]byte, 2<<20)); err == nil {
		t.Fatal("a 2 MB change was stored; the test needs NATS to refuse it")
	} else if pctx.Err() != nil {
		t.Fatalf("a 2 MB change was not refused but timed out: %v", err)
	}
	time.Sleep(time.Second)
	if n := calls.Load(); n != before {
		t.Errorf("a publication refused for its size called the reconnection functions %d times; want none", n-before)
	}
}
