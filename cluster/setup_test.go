package cluster_test

import (
	"context"
	"testing"
	"time"

	"stepviz/cluster"
)

// TestOperatorEditsKept: what an operator changes in the stream or the
// bucket with the nats CLI (deploy.md raises their replicas; here their
// size and description, which one nats-server can hold) stays changed when
// another instance starts: Open makes them only when they are missing.
func TestOperatorEditsKept(t *testing.T) {
	natsURL := startNATS(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	first, err := cluster.Open(ctx, testConfig(natsURL))
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()

	_, js := stepvizJS(t, natsURL)
	st, err := js.Stream(ctx, cluster.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	sc := st.CachedInfo().Config
	sc.Description, sc.MaxBytes = "edited by the operator", 1<<30
	if _, err := js.UpdateStream(ctx, sc); err != nil {
		t.Fatal(err)
	}
	kvs, err := js.Stream(ctx, "KV_"+cluster.Bucket)
	if err != nil {
		t.Fatal(err)
	}
	kc := kvs.CachedInfo().Config
	kc.Description = "edited by the operator"
	if _, err := js.UpdateStream(ctx, kc); err != nil {
		t.Fatal(err)
	}

	second, err := cluster.Open(ctx, testConfig(natsURL))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	for _, name := range []string{cluster.StreamName, "KV_" + cluster.Bucket} {
		s, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if c := s.CachedInfo().Config; c.Description != "edited by the operator" || (name == cluster.StreamName && c.MaxBytes != 1<<30) {
			t.Errorf("%s after another instance started: description %q, max bytes %d; want the operator's", name, c.Description, c.MaxBytes)
		}
	}
}
