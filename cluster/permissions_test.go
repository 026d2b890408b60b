package cluster_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/cluster"
)

// TestStepvizUserKeptToItsOwn: on docs/nats-server.conf, whoever holds the
// stepviz user's login (an instance, or a leaked password without the
// cluster secret) may use stepviz's stream and bucket as an instance does,
// and nothing else: no stream over another application's subjects (which
// would let it read them), no subscription outside _INBOX, no publishing
// elsewhere, and neither stream deleted or purged.
func TestStepvizUserKeptToItsOwn(t *testing.T) {
	natsURL := startNATS(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := cluster.Open(ctx, testConfig(natsURL)) // makes the stream and the bucket
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	async := make(chan error, 16)
	nc, js := stepvizJS(t, natsURL, nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { async <- err }))
	// A refused request is never answered: each waits a short while.
	short := func() context.Context {
		c, cancel := context.WithTimeout(ctx, time.Second)
		t.Cleanup(cancel)
		return c
	}
	refused := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: allowed; want it refused", what)
		}
	}
	_, err = js.CreateStream(short(), jetstream.StreamConfig{Name: "SPY", Subjects: []string{"other.>"}})
	refused("a stream over other.>", err)
	for _, name := range []string{cluster.StreamName, "KV_" + cluster.Bucket} {
		refused("deleting "+name, js.DeleteStream(short(), name))
		if st, err := js.Stream(ctx, name); err != nil {
			t.Errorf("reading %s: %v", name, err)
		} else {
			refused("purging "+name, st.Purge(short()))
		}
	}
	for _, c := range []struct {
		what string
		do   func() error
	}{
		{"subscribing to stepviz.room.>", func() error { _, err := nc.Subscribe("stepviz.room.>", func(*nats.Msg) {}); return err }},
		{"subscribing to other.>", func() error { _, err := nc.Subscribe("other.>", func(*nats.Msg) {}); return err }},
		{"publishing to other.app", func() error { return nc.Publish("other.app", []byte("x")) }},
	} {
		if err := c.do(); err != nil {
			continue
		}
		_ = nc.Flush()
		select {
		case err := <-async:
			if !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
				t.Errorf("%s: %v; want a permissions violation", c.what, err)
			}
		case <-time.After(2 * time.Second):
			t.Errorf("%s: allowed; want a permissions violation", c.what)
		}
	}
}
