package cluster_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"stepviz/cluster"
	"stepviz/internal/usererr"
)

// raiseReplicas does what docs/deploy.md asks of the operator once the
// first instance has made the stream and the bucket: raise both to want
// replicas, as the stepviz user (nats stream edit / nats kv edit).
func raiseReplicas(t *testing.T, natsURL string, want int) {
	t.Helper()
	_, js := stepvizJS(t, natsURL)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, name := range []string{cluster.StreamName, "KV_" + cluster.Bucket} {
		st, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		sc := st.CachedInfo().Config
		sc.Replicas = want
		if _, err := js.UpdateStream(ctx, sc); err != nil {
			t.Fatalf("raising %s to %d replicas as the stepviz user: %v", name, want, err)
		}
	}
}

// waitServer waits until in is connected to a NATS node other than the
// node numbered not, and returns the node's number.
func waitServer(t *testing.T, c *natsCluster, in *instance, not int, what string) int {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		if i := c.nodeOf(in.bus.Server()); i >= 0 && i != not {
			return i
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still on %q, want another node of %s", what, in.bus.Server(), c.URLs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rebuilt starts an instance with an empty database on natsURL and waits
// until a follower of search there is shown step, and the room's page
// answers (its record read from NATS); it returns the instance.
func (l *lecture) rebuilt(t *testing.T, natsURL string, step int64, what string) *instance {
	t.Helper()
	in := startInstance(t, natsURL)
	f := follow(func() []string { return []string{wsBase(in.ts) + "/s/" + l.search + "/ws"} })
	defer close(f.stop)
	waitAll(t, what, []*follower{f}, step)
	resp, err := http.Get(in.ts.URL + "/r/" + l.code + "?key=" + url.QueryEscape(l.key))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: the room's page answers %d with the presenter's key; want 200", what, resp.StatusCode)
	}
	return in
}

// afterKill bounds the wait for the first step after a NATS node is
// killed: the nodes left elect the stream's new leader after 4 to 9 s
// (nats-server's election timeout), then the step is published and
// delivered.
const afterKill = 30 * time.Second

// afterQuorum bounds the wait for a step made without a quorum once a
// second node is started again: the node starts and catches up, the two
// elect the stream's leader, and the presenter's instance, which polls
// for it, shares the step.
const afterQuorum = 45 * time.Second

// ownStep bounds the wait for the presenter's step on the presenter's own
// websocket while the stream has no leader: the step's publication waits
// for the leader (up to 5 s) off the session's goroutine, so the step
// shows at once.
const ownStep = time.Second

// stepWithin is step, one step (to step n), waiting up to within for it.
func (l *lecture) stepWithin(t *testing.T, n int64, within time.Duration) {
	t.Helper()
	l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	l.reaches(t, n, within)
}

// reaches waits up to within for the other instance's follower to be
// shown step n, the presenter doing nothing more.
func (l *lecture) reaches(t *testing.T, n int64, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); l.follower.at.Load() != n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			steps, _ := l.follower.inOrder()
			t.Fatalf("step %d did not reach the other instance's follower within %v: it saw %v", n, within, steps)
		}
	}
}

// presenterSocket is the presenter's own websocket of the lecture's
// search on instance in (the page's, with the key), shown step at.
func (l *lecture) presenterSocket(t *testing.T, in *instance, at int64) *follower {
	t.Helper()
	own := follow(func() []string {
		return []string{wsBase(in.ts) + "/s/" + l.search + "/ws?key=" + url.QueryEscape(l.key)}
	})
	t.Cleanup(func() { close(own.stop) })
	waitAll(t, "the presenter's own websocket", []*follower{own}, at)
	return own
}

// TestNATSNodeKilled is docs/deploy.md's three-node NATS cluster, for
// real: three nats-server processes (docs/nats-server.conf with
// docs/nats-cluster.conf), the stream and the bucket raised to three
// replicas as deploy.md says, two instances on different nodes sharing a
// room. The node the presenter's instance is connected to, which also
// leads the events' stream (the harder case: the others must elect a new
// leader before any event is stored), is killed with SIGKILL mid-lecture:
// that instance moves to another node by itself, the presenter's next
// step shows on the presenter's own websocket at once (within ownStep)
// while the nodes left elect the stream's leader, and reaches the other
// instance without the presenter stepping again; the presenter goes on
// stepping, the other instance's follower is shown every step in order,
// and an instance with an empty database rebuilds the room from the two
// nodes left. The node is started again on its files, catches up, and
// then holds the room: with another node killed, an instance that reaches
// only the restarted node rebuilds the room at its last step. With the
// third killed too, a step is stored nowhere until a second node is back,
// and then reaches the other instance by itself; a poll asked meanwhile
// is refused when the server's limit on a command ends.
func TestNATSNodeKilled(t *testing.T) {
	nc := startNATSCluster(t, 3)
	first := startInstance(t, nc.URLs()) // makes the stream and the bucket
	raiseReplicas(t, nc.URLs(), 3)
	nc.replicas(t, nc.URLs(), 3)
	// The first instance, which read one replica, takes the raise up (it
	// may be the presenter's, whose changes a stream thought to have one
	// replica would refuse while the others elect its leader).
	tookUp(t, first, 3, "the first instance")
	home := nc.leader(t, nc.URLs())

	// The client picks a node of -nats at random: open instances until
	// one is on the leader's node.
	a := first
	for tries := 0; nc.nodeOf(a.bus.Server()) != home; tries++ {
		if tries == 60 {
			t.Fatalf("60 instances on %s, none connected to the leader %s", nc.URLs(), nc.nodes[home].name)
		}
		a = startInstance(t, nc.URLs())
	}
	var others []int
	for i := range nc.nodes {
		if i != home {
			others = append(others, i)
		}
	}
	b := startInstance(t, nc.URLs(others...))
	l := startLectureWith(t, nc.URLs(), a, b)
	own := l.presenterSocket(t, a, 5)

	killed := time.Now()
	nc.nodes[home].kill(t)
	moved := waitServer(t, nc, a, home, "the presenter's instance after its NATS node was killed")
	t.Logf("the presenter's instance moved from %s to %s in %v", nc.nodes[home].name, nc.nodes[moved].name, time.Since(killed))
	// The presenter's step made while the nodes left elect the stream's
	// leader shows on the presenter's own websocket at once.
	stepped := time.Now()
	l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	for deadline := stepped.Add(ownStep); own.at.Load() != 6; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the presenter's step made %v after the kill did not show on the presenter's own websocket within %v: it shows step %d", stepped.Sub(killed), ownStep, own.at.Load())
		}
	}
	t.Logf("the presenter's step made %v after the kill showed on the presenter's own websocket %v after it was made", stepped.Sub(killed), time.Since(stepped))
	// A change other than a step made while the nodes left elect the
	// stream's leader waits for it and goes through.
	l.presenter.WriteJSON(map[string]any{"type": "ask", "kind": "next", "lane": 0})
	asked := time.Now()
	// An instance started then says why it cannot (the election takes at
	// least 4 s; this try ends within 3 s of the kill).
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	if b, err := cluster.Open(ctx, testConfig(nc.URLs(others...))); err == nil {
		b.Close()
		t.Errorf("an instance started during the election joined; want it refused")
	} else if msg := usererr.Text(err); !strings.Contains(msg, "did not answer about the stream") || strings.Contains(msg, "nats: ") {
		t.Errorf("an instance started during the election was refused with %q; want the delay said in the user's words", msg)
	}
	cancel()
	until(t, l.room1, "the poll asked during the election, on the other instance", func(m map[string]any) bool { return m["type"] == "poll" })
	t.Logf("the poll asked during the election reached the other instance %v after it was asked", time.Since(asked))
	l.reaches(t, 6, afterKill)
	t.Logf("the first step after the kill reached the other instance %v after the kill", time.Since(killed))
	if steps, ok := own.inOrder(); !ok {
		t.Fatalf("the presenter's own websocket went back: %v", steps)
	}
	l.step(t, 10)
	if steps, ok := l.follower.inOrder(); !ok {
		t.Fatalf("the other instance's follower went back: %v", steps)
	}
	nc.led(t, nc.URLs(others...))
	l.rebuilt(t, nc.URLs(others...), 10, "an empty instance on the two nodes left")

	nc.nodes[home].start(t)
	nc.nodes[home].waitJetStream(t)
	nc.replicas(t, nc.URLs(others...), 3)
	t.Logf("the restarted node was current %v after the kill", time.Since(killed))

	// Another node goes, the leader unless that is the restarted node:
	// the restarted node and the third keep the room.
	second := nc.leader(t, nc.URLs())
	if second == home {
		second = others[0]
	}
	killed = time.Now()
	nc.nodes[second].kill(t)
	l.stepWithin(t, 11, afterKill)
	t.Logf("the first step after the second kill reached the other instance %v after it", time.Since(killed))
	l.step(t, 12)
	nc.led(t, nc.URLs(home))
	l.rebuilt(t, nc.URLs(home), 12, "an empty instance on the restarted node alone")
	if steps, ok := l.follower.inOrder(); !ok {
		t.Fatalf("the other instance's follower went back: %v", steps)
	}

	// With one node of three left there is no quorum and nothing is stored
	// (NATS's rule): the presenter's step shows on the presenter's
	// instance alone, and reaches the other once a second node is back,
	// without the presenter stepping again.
	here := follow(func() []string { return []string{wsBase(a.ts) + "/s/" + l.search + "/ws"} })
	defer close(here.stop)
	waitAll(t, "a follower on the presenter's instance", []*follower{here}, 12)
	third := 3 - home - second
	nc.nodes[third].kill(t)
	l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	waitAll(t, "the presenter's step with one NATS node of three left, on the presenter's instance", []*follower{here}, 13)
	time.Sleep(3 * time.Second)
	if at := l.follower.at.Load(); at != 12 {
		t.Fatalf("with one NATS node of three left, the other instance's follower is at %d; want 12 (nothing stored)", at)
	}
	// A change other than a step waits for the quorum until the server's
	// limit on a command ends, then is refused in the user's words.
	l.presenter.WriteJSON(map[string]any{"type": "ask", "kind": "next", "lane": 0})
	asked = time.Now()
	for deadline := time.Now().Add(afterQuorum); ; {
		m, raw, err := l.presenter.next(time.Until(deadline))
		if err != nil {
			t.Fatalf("waiting for the refusal of a poll asked without a quorum: %v", err)
		}
		if step, _ := m["step"].(float64); m["type"] == "poll" && step == 13 {
			t.Fatalf("a poll asked without a quorum was shown: %s", raw)
		}
		if m["type"] != "error" {
			continue
		}
		msg, _ := m["message"].(string)
		if !strings.Contains(msg, "NATS did not store this change to the room in time") || !strings.Contains(msg, "try again") || strings.Contains(msg, "nats: ") || strings.Contains(msg, "cluster:") {
			t.Errorf("a poll asked without a quorum was refused with %q; want the delay said in the user's words", msg)
		}
		t.Logf("a poll asked without a quorum was refused %v after it was asked", time.Since(asked))
		break
	}

	killed = time.Now()
	nc.nodes[second].start(t)
	for deadline := time.Now().Add(afterQuorum); l.follower.at.Load() != 13; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			steps, _ := l.follower.inOrder()
			t.Fatalf("step 13, made without a quorum, did not reach the other instance's follower within %v of a second node's return: it saw %v", afterQuorum, steps)
		}
	}
	t.Logf("the step made without a quorum reached the other instance %v after a second node was started again", time.Since(killed))
	if steps, ok := l.follower.inOrder(); !ok {
		t.Fatalf("the other instance's follower went back: %v", steps)
	}
}
