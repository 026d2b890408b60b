package cluster_test

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStepsDuringOutageShared: NATS goes down mid-lecture; the presenter's
// steps still show at once on the presenter's instance but cannot reach
// the other, whose followers (of the search and of the room) are told so,
// and the presenter is told that students on other servers are not
// receiving the steps; the followers on the presenter's instance are told
// nothing. Once NATS is back (the same server, restarted on its files),
// the other instance's followers are brought to the presenter's step
// without the presenter stepping again, and the notice is cleared.
func TestStepsDuringOutageShared(t *testing.T) {
	store := t.TempDir()
	ns := startNATSAt(t, -1, store)
	port := ns.Addr().(*net.TCPAddr).Port
	l := startLectureOn(t, ns.ClientURL())
	here := follow(func() []string { return []string{wsBase(l.ins[0].ts) + "/s/" + l.search + "/ws"} })
	t.Cleanup(func() { close(here.stop) })
	waitAll(t, "a follower on the presenter's instance", []*follower{here}, 5)

	ns.Shutdown()
	ns.WaitForShutdown()
	for deadline := time.Now().Add(10 * time.Second); l.ins[0].bus.Connected() || l.ins[1].bus.Connected(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the instances still say they reach NATS after it stopped")
		}
	}
	for range 2 {
		at := here.at.Load()
		l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
		waitAll(t, "a step during the outage, on the presenter's instance", []*follower{here}, at+1)
	}
	if at := l.follower.at.Load(); at != 5 {
		t.Fatalf("the other instance's follower is at %d during the outage; want 5 (nothing shared)", at)
	}
	waitSharing(t, "the other instance's follower during the outage", l.follower, behindFollowers, 15*time.Second)
	until(t, l.room1, "the notice on the other instance's room page", isSharing(behindFollowers))
	until(t, l.presenter, "the presenter's notice", isSharing(behindPresenter))

	startNATSAt(t, port, filepath.Clean(store))
	waitAll(t, "the other instance's follower once NATS is back", []*follower{l.follower}, 7)
	waitSharing(t, "the other instance's follower once caught up", l.follower, "", 15*time.Second)
	until(t, l.room1, "the notice cleared on the other instance's room page", isSharing(""))
	until(t, l.presenter, "the presenter's notice cleared", isSharing(""))
	if at := l.follower.at.Load(); at != 7 {
		t.Errorf("the other instance's follower is at %d once its notice is cleared; want 7", at)
	}
	if steps, ok := l.follower.inOrder(); !ok {
		t.Errorf("the other instance's follower went back: %v", steps)
	}
	if told := here.told(); len(told) > 0 {
		t.Errorf("a follower on the presenter's instance, whose steps reach it, was told %q", told)
	}
}

// The words a follower on the other instance and the presenter read
// during the outage (server/room/sharing.go), in part.
const (
	behindFollowers = "The lecturer's steps are not reaching this server just now"
	behindPresenter = "Students on other servers are not receiving your steps just now"
)

// isSharing matches a room's sharing message whose text holds want, or
// one that clears the notice when want is "".
func isSharing(want string) func(map[string]any) bool {
	return func(m map[string]any) bool {
		msg, _ := m["message"].(string)
		return m["type"] == "sharing" && (want == "" && msg == "" || want != "" && strings.Contains(msg, want))
	}
}

// TestStalledFollowResumed: an instance whose consumer of a room stopped
// delivering (its NATS node was lost and the client did not make it
// again) resumes once a reconnection starts the check: its follower is
// shown the steps made meanwhile, in order.
func TestStalledFollowResumed(t *testing.T) {
	l := startLecture(t)
	l.ins[1].bus.StallFollows()
	for range 3 {
		l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	}
	time.Sleep(500 * time.Millisecond)
	if at := l.follower.at.Load(); at != 5 {
		t.Fatalf("the stalled instance's follower is at %d; want 5 (the test needs the consumer stopped)", at)
	}
	l.ins[1].bus.CheckFollows()
	waitAll(t, "the stalled instance's follower after the check", []*follower{l.follower}, 8)
	if steps, ok := l.follower.inOrder(); !ok {
		t.Fatalf("the follower went back: %v", steps)
	}
}
