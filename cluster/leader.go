package cluster

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/internal/usererr"
)

// On a NATS cluster the stream is led by one node. When that node is lost
// the others elect a new leader, which takes nats-server several seconds
// (its raft election timeout, minElectionTimeoutDefault to
// maxElectionTimeoutDefault: 4 to 9 s in nats-server 2.15); meanwhile an
// instance may be connected and yet no event is stored: publishing fails.
// So that what could not be shared then is shared as soon as the stream
// takes events again, not only with the presenter's next change, a failed
// publication starts watchLeader.
const (
	// publishTry bounds one try of Publish.
	publishTry = 2 * time.Second
	// leaderPoll is how often watchLeader asks for the stream's leader
	// during its first leaderWait, and how long Publish waits between
	// tries.
	leaderPoll = 250 * time.Millisecond
	// leaderWait is how long watchLeader asks every leaderPoll (a NATS
	// cluster elects a new leader within it). After it, a watch with
	// nothing left to share gives up (the next publication that fails
	// starts one again); one with something unshared asks every
	// leaderPollSlow until the stream answers: the one server holding a
	// stream with one replica may take as long as a machine's restart to
	// come back.
	leaderWait     = 2 * time.Minute
	leaderPollSlow = 2 * time.Second
)

// watchLeader waits, on one goroutine at a time, until the stream answers
// with a leader; it then calls the OnReconnect functions as a
// reconnection does if the stream had no leader when it started or if
// unstored is set: a publication got no answer in time, so something was
// not shared, even when the stream's new leader was elected before the
// watch began (a failure of another kind, such as a full stream, with the
// stream led, calls nothing). It returns at once; an unstored call made
// while a watch is running is honoured by that watch or by one more.
// Cost while waiting: one stream-info request every leaderPoll for
// leaderWait, then every leaderPollSlow while something is unshared.
func (b *Bus) watchLeader(unstored bool) {
	if unstored {
		b.unstored.Store(true)
	}
	if !b.watching.CompareAndSwap(false, true) {
		return
	}
	go func() {
		for {
			b.awaitLeader()
			b.watching.Store(false)
			if b.nc.IsClosed() || !b.unstored.Load() || !b.watching.CompareAndSwap(false, true) {
				return
			}
		}
	}()
}

// awaitLeader is one watch of watchLeader: it waits for the stream's
// leader (up to leaderWait unless a publication went unstored, then
// until the connection is closed) and, when there is one, calls the
// OnReconnect functions if there was none at first or a publication went
// unstored.
func (b *Bus) awaitLeader() {
	led := b.streamLed()
	hadNone := !led
	for fast := time.Now().Add(leaderWait); !led && !b.nc.IsClosed(); led = b.streamLed() {
		switch {
		case time.Now().Before(fast):
			time.Sleep(leaderPoll)
		case b.unstored.Load():
			time.Sleep(leaderPollSlow)
		default:
			return
		}
	}
	if !led {
		return
	}
	if b.unstored.Swap(false) || hadNone {
		b.reconnected()
	}
}

// streamLed reports whether the stream answers now with a leader (one
// nats-server, without a cluster, always leads its streams), and keeps
// the replicas it answers with.
func (b *Bus) streamLed() bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	st, err := b.js.Stream(ctx, StreamName)
	if err != nil {
		return false
	}
	b.streamReplicas.Store(int32(st.CachedInfo().Config.Replicas))
	ci := st.CachedInfo().Cluster
	return ci == nil || ci.Leader != "" || len(ci.Replicas) == 0
}

// errCodeInProcess is JetStream's answer to a publication whose message id
// an earlier try still has in process: proposed to the stream's nodes and
// neither stored nor dropped yet (nats-server's
// JSStreamDuplicateMessageConflict; the Go client names no constant for it).
const errCodeInProcess jetstream.ErrorCode = 10158

// errCodeClusterNotAvail is JetStream's answer to a request made while
// its servers have no meta leader (one has just been lost, or too many
// are down for a quorum): nats-server's JSClusterNotAvailErr, "JetStream
// system temporarily unavailable".
const errCodeClusterNotAvail jetstream.ErrorCode = 10008

// leaderless reports whether err is a request that got no answer, a
// publication whose earlier try (the same message id) is still in
// process, or JetStream saying it has no meta leader: most often a
// stream or JetStream without a leader, or without a quorum, just now.
func leaderless(err error) bool {
	var api *jetstream.APIError
	if errors.As(err, &api) && (api.ErrorCode == errCodeInProcess || api.ErrorCode == errCodeClusterNotAvail) {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoStreamResponse) || errors.Is(err, nats.ErrNoResponders)
}

// newMsgID is a random message id for JetStream's duplicate detection.
func newMsgID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// publishError says why an event was not stored, in the user's words: no
// answer is NATS not storing events just now (most often a NATS cluster
// electing the stream's new leader after losing a node).
func publishError(room string, err error) error {
	if leaderless(err) {
		return fmt.Errorf("%w (%w)", usererr.New("cluster", "NATS did not store this change to the room in time (a NATS server may have gone, and the others take a few seconds to take over its streams): try again in a moment"), err)
	}
	return usererr.Errorf("cluster", "publishing to room %s: %w", room, err)
}
