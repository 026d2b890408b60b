package cluster_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"stepviz/cluster"
	"stepviz/internal/usererr"
)

// atOnce bounds what must not wait for NATS: less than the time a step's
// publication may take before it is given up (server/room's publishMove)
// and far less than the server's limit on a command, so a step shown, or
// a change refused, within it did not wait for a NATS server that is not
// there.
const atOnce = 4 * time.Second

// afterRestart bounds the wait for the presenter's last step on the
// other instance once the node holding the stream is started again: the
// node starts and recovers the stream from its files, the presenter's
// instance, which asks for the stream's leader, shares the step, and the
// other instance's feed of the room is made again.
const afterRestart = 45 * time.Second

// afterLoss bounds the wait for the notice on the other instance once
// the node holding the stream is lost: its feed of the room misses the
// stream's heartbeats for twice their period (the NATS client's, 5 s)
// before it reports an error, and the check that follows reads the
// stream every followCheck.
const afterLoss = 30 * time.Second

// holder is the number of the node holding the JetStream stream name (its
// leader), as seen through url.
func (c *natsCluster) holder(t *testing.T, url, name string) int {
	t.Helper()
	_, js := stepvizJS(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := js.Stream(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if ci := st.CachedInfo().Cluster; ci != nil {
		for i, nd := range c.nodes {
			if nd.name == ci.Leader {
				return i
			}
		}
	}
	t.Fatalf("%s has no leader: %+v", name, st.CachedInfo().Cluster)
	return -1
}

// tookUp waits until in has read the stream's and the bucket's replicas
// as want: an instance started before the operator raised them takes
// the raise up by itself, within a few seconds.
func tookUp(t *testing.T, in *instance, want int, what string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		stream, bucket := in.bus.Replicas()
		if stream == want && bucket == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still reads %d replicas for the stream and %d for the bucket 15 s after they were raised to %d", what, stream, bucket, want)
		}
	}
}

// raiseCommands are docs/deploy.md's two commands that raise the replicas.
var raiseCommands = []string{"nats stream edit STEPVIZ_ROOMS --replicas 3", "nats kv edit stepviz_rooms --replicas 3"}

// checkWarned checks that in logged the commands that raise the stream's
// and the bucket's replicas once when want, and never when not.
func checkWarned(t *testing.T, in *instance, want bool, what string) {
	t.Helper()
	wantN := 0
	if want {
		wantN = 1
	}
	logged := in.log()
	for _, cmd := range raiseCommands {
		if n := strings.Count(logged, cmd); n != wantN {
			t.Errorf("%s: its log names %q %d times; want %d", what, cmd, n, wantN)
		}
	}
}

// checkRoomsDown checks that msg says, in the user's words, that the
// rooms' one NATS server is down, what lost says is lost, and what to do.
func checkRoomsDown(t *testing.T, what, msg, lost string) {
	t.Helper()
	for _, want := range []string{"the NATS server that keeps the rooms is down", "one replica", lost, "start that NATS server again", "raise the rooms' replicas to 3", "docs/deploy.md"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%s: %q does not say %q", what, msg, want)
		}
	}
	if strings.Contains(msg, "nats: ") || strings.Contains(msg, "cluster:") {
		t.Errorf("%s: %q quotes a package's error; want the user's words only", what, msg)
	}
}

// refusedAtOnce sends cmd on the presenter's room socket and waits up to
// atOnce for its refusal, failing if the change is shown instead (a poll
// or a room at another position); it returns the refusal's message.
func (l *lecture) refusedAtOnce(t *testing.T, cmd map[string]any) string {
	t.Helper()
	l.presenter.WriteJSON(cmd)
	for deadline := time.Now().Add(atOnce); ; {
		m, raw, err := l.presenter.next(time.Until(deadline))
		if err != nil {
			t.Fatalf("%s while the node holding the stream is down: no refusal within %v (%v)", cmd["type"], atOnce, err)
		}
		switch m["type"] {
		case "error":
			if m["command"] != cmd["type"] {
				t.Fatalf("%s while the node holding the stream is down: the refusal names %v", cmd["type"], m["command"])
			}
			msg, _ := m["message"].(string)
			return msg
		case "poll", "room":
			t.Fatalf("%s while the node holding the stream is down was shown: %s", cmd["type"], raw)
		}
	}
}

// TestOneReplicaNodeKilled is docs/deploy.md's three-node NATS cluster
// with the stream and the bucket left at the one replica the first
// instance makes them with (the operator did not raise them): every
// instance warns in its log, once, with the two commands that raise
// them. Two instances, on the two nodes that do not hold the stream,
// share a room; the node holding the stream is killed with SIGKILL
// mid-lecture. While it is down, the presenter's steps show at once on
// the presenter's instance and on no other, where a late joiner is shown
// the last step shared, and the followers there are told the lecturer's
// steps are not reaching their server (the followers on the presenter's
// instance, nothing); a poll, a search shown and a search loaded are
// refused at once, in the user's words (the rooms' NATS server is down:
// start it, raise the replicas as deploy.md says); an instance started
// then is refused in words that name that cause. The node is started
// again on its files: without anyone stepping, the other instance's
// follower and the late joiner are shown the presenter's last step, in
// order, and their notices are cleared; the room takes a poll and steps
// again. Stopped then with SIGTERM, the node is marked gone at once and
// JetStream answers that the stream is offline, which an instance
// following the room says in the user's words; started again, the room
// steps again. With the replicas
// raised as deploy.md says, the running instances take the raise up and
// an instance with an empty database rebuilds the room at its last step
// and warns no more.
func TestOneReplicaNodeKilled(t *testing.T) {
	nc := startNATSCluster(t, 3)
	first := startInstance(t, nc.URLs()) // makes the stream and the bucket, one replica each
	home := nc.holder(t, nc.URLs(), cluster.StreamName)
	t.Logf("the stream is on %s, the bucket on %s", nc.nodes[home].name, nc.nodes[nc.holder(t, nc.URLs(), "KV_"+cluster.Bucket)].name)
	var others []int
	for i := range nc.nodes {
		if i != home {
			others = append(others, i)
		}
	}
	// Each on one node of its own, learning the others from NATS.
	a, b := startInstance(t, nc.URLs(others[0])), startInstance(t, nc.URLs(others[1]))
	for i, in := range []*instance{first, a, b} {
		checkWarned(t, in, true, []string{"the first instance", "the presenter's instance", "the other instance"}[i])
	}
	l := startLectureWith(t, nc.URLs(), a, b)
	here := follow(func() []string { return []string{wsBase(a.ts) + "/s/" + l.search + "/ws"} })
	defer close(here.stop)
	waitAll(t, "a follower on the presenter's instance", []*follower{here}, 5)

	killed := time.Now()
	nc.nodes[home].kill(t)
	for step := int64(6); step <= 8; step++ {
		l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
		for deadline := time.Now().Add(atOnce); here.at.Load() != step; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("step %d, with the node holding the stream down, is not shown on the presenter's instance within %v: at %d", step, atOnce, here.at.Load())
			}
		}
	}
	late := follow(func() []string { return []string{wsBase(b.ts) + "/s/" + l.search + "/ws"} })
	defer close(late.stop)
	waitAll(t, "a late joiner on the other instance, the node holding the stream down", []*follower{late}, 5)
	if at := l.follower.at.Load(); at != 5 {
		t.Fatalf("the other instance's follower is at %d with the node holding the stream down; want 5 (nothing shared)", at)
	}

	for _, cmd := range []map[string]any{
		{"type": "ask", "kind": "next", "lane": 0},
		{"type": "show", "pos": 0},
		{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"bfs"}},
	} {
		checkRoomsDown(t, cmd["type"].(string)+" with the node holding the stream down", l.refusedAtOnce(t, cmd), "this change was not made")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	if bus, err := cluster.Open(ctx, testConfig(nc.URLs(others...))); err == nil {
		bus.Close()
		t.Errorf("an instance started with the node holding the stream down joined; want it refused")
	} else if msg := usererr.Text(err); !strings.Contains(msg, "did not answer about the stream") || !strings.Contains(msg, "has one replica and the NATS server holding it is down") ||
		!strings.Contains(msg, "start that NATS server again") || !strings.Contains(msg, "docs/deploy.md") || strings.Contains(msg, "nats: ") {
		t.Errorf("an instance started with the node holding the stream down was refused with %q; want the causes said in the user's words", msg)
	}
	cancel()
	// The first instance, which has not followed the room, cannot open it.
	client := &http.Client{Timeout: 15 * time.Second}
	asked := time.Now()
	if resp, err := client.Get(first.ts.URL + "/r/" + l.code); err != nil {
		t.Errorf("the room's page on an instance that does not hold it, with the node holding the stream down: %v", err)
	} else {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("the room's page on an instance that does not hold it, with the node holding the stream down, answers %s (Retry-After %q); want 503 Service Unavailable with a Retry-After", resp.Status, resp.Header.Get("Retry-After"))
		}
		checkRoomsDown(t, "the room's page on an instance that does not hold it", strings.TrimSpace(string(body)), "cannot open this room")
		t.Logf("the room's page on an instance that does not hold it was refused %v after it was asked for", time.Since(asked))
	}
	for _, f := range []*follower{l.follower, late} {
		waitSharing(t, "a follower on the other instance, the node holding the stream down", f, behindFollowers, afterLoss)
	}
	t.Logf("the followers on the other instance were told %v after the kill", time.Since(killed))
	t.Logf("the node holding the stream was down %v", time.Since(killed))

	restarted := time.Now()
	nc.nodes[home].start(t)
	for deadline := time.Now().Add(afterRestart); l.follower.at.Load() != 8 || late.at.Load() != 8; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			steps, _ := l.follower.inOrder()
			t.Fatalf("the presenter's last step, 8, did not reach the other instance within %v of the node's restart: its follower saw %v, the late joiner is at %d", afterRestart, steps, late.at.Load())
		}
	}
	t.Logf("the presenter's last step reached the other instance %v after the node was started again", time.Since(restarted))
	for _, f := range []*follower{l.follower, late} {
		waitSharing(t, "a follower on the other instance, the node back", f, "", afterLoss)
	}
	if told := here.told(); len(told) > 0 {
		t.Errorf("a follower on the presenter's instance, whose steps reach it, was told %q", told)
	}
	for _, f := range []*follower{l.follower, late, here} {
		if steps, ok := f.inOrder(); !ok {
			t.Fatalf("a follower went back: %v", steps)
		}
	}
	l.presenter.WriteJSON(map[string]any{"type": "ask", "kind": "next", "lane": 0})
	until(t, l.room1, "a poll asked once the node is back, on the other instance", func(m map[string]any) bool { return m["type"] == "poll" })
	l.step(t, 9)

	// Stopped by the operator (SIGTERM), the node says goodbye and the
	// others mark it gone at once: JetStream then answers that the stream
	// is offline, as it does minutes after a kill -9, and an instance
	// says so in the user's words.
	nc.nodes[home].stop(t)
	offline := stillOffline(t, a, l.code)
	checkRoomsDown(t, "following the room with the stream said offline", usererr.Text(offline), "cannot open this room")
	nc.nodes[home].start(t)
	nc.nodes[home].waitJetStream(t)
	l.step(t, 10)

	raiseReplicas(t, nc.URLs(), 3)
	nc.replicas(t, nc.URLs(), 3)
	tookUp(t, a, 3, "the presenter's instance")
	tookUp(t, b, 3, "the other instance")
	rebuilt := l.rebuilt(t, nc.URLs(), 10, "an empty instance once the replicas are raised")
	checkWarned(t, rebuilt, false, "an instance started once the replicas are raised")
}

// stillOffline is the error of in's following room while JetStream
// answers that the stream is offline (nats-server's JSStreamOfflineErr),
// waiting up to 20 s for that answer (the NATS cluster may first elect a
// new meta leader).
func stillOffline(t *testing.T, in *instance, room string) error {
	t.Helper()
	var last error
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		stop, err := in.bus.Follow(ctx, room, func(uint64, []byte) {})
		cancel()
		if err == nil {
			stop()
			t.Fatal("the room was followed with the node holding the stream stopped")
		}
		var api *jetstream.APIError
		if errors.As(err, &api) && api.ErrorCode == errCodeStreamOffline {
			return err
		}
		last = err
	}
	t.Fatalf("JetStream did not answer that the stream is offline within 20 s of the node's stop: %v", last)
	return nil
}

// errCodeStreamOffline is nats-server's JSStreamOfflineErr (cluster's
// errCodeStreamOffline).
const errCodeStreamOffline jetstream.ErrorCode = 10118
