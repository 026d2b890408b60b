package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/internal/usererr"
)

// The first instance makes the stream and the bucket with one replica
// (setup.go). On a NATS cluster each then lives on one NATS server, and
// while that server is down no other holds it: there is no leader to
// elect, so waiting for one (leader.go) only delays the refusal. A
// publication or a record read or written then finds no server with the
// subject's interest (no responders) and is refused at once, in the
// user's words (roomsDown), and the instance warns at start-up, in its
// log, with the two commands that raise the replicas (replicasWarning).

// bucketStream is the JetStream stream that holds the bucket.
const bucketStream = "KV_" + Bucket

// replicasCheck is how often an instance reads the replicas of a stream
// or bucket it knows at one on a NATS cluster (keepReplicas).
const replicasCheck = 5 * time.Second

// keepReplicas reads the replicas of the stream and the bucket every
// replicasCheck, until neither has one or the connection is closed. An
// operator raises them with the nats CLI while instances run (deploy.md
// says to, once the first instance has made them), and only the leader
// of a stream takes its subjects: while the servers of a stream with
// three replicas elect a new one, nobody answers a publication, which
// must then be tried again, not refused as if the stream's one server
// were down. Cost: two stream-info requests every replicasCheck while it
// runs, on a goroutine of its own.
func (b *Bus) keepReplicas() {
	for !b.nc.IsClosed() && (b.streamReplicas.Load() == 1 || b.bucketReplicas.Load() == 1) {
		time.Sleep(replicasCheck)
		for name, replicas := range map[string]*atomic.Int32{StreamName: &b.streamReplicas, bucketStream: &b.bucketReplicas} {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			if st, err := b.js.Stream(ctx, name); err == nil {
				replicas.Store(int32(st.CachedInfo().Config.Replicas))
			}
			cancel()
		}
	}
}

// JetStream's answers about a stream none of whose servers is up (its
// peers marked offline, which nats-server does minutes after a server is
// lost without a goodbye): nats-server's JSStreamOfflineErr and
// JSStreamOfflineReasonErrF (the Go client names no constant for them).
const (
	errCodeStreamOffline       jetstream.ErrorCode = 10118
	errCodeStreamOfflineReason jetstream.ErrorCode = 10194
)

// raiseCommands are docs/deploy.md's commands that give the stream and
// the bucket three replicas, run once with the nats CLI.
var raiseCommands = map[string]string{
	StreamName:   "nats stream edit " + StreamName + " --replicas 3",
	bucketStream: "nats kv edit " + Bucket + " --replicas 3",
}

// replicasWarning is what an instance logs at start-up when the stream
// or the bucket (their infos, by stream name; nil when unknown) has one
// replica on a NATS cluster, the connection knowing servers of it: the
// commands that raise each such one to three. "" when nothing needs
// raising (more replicas, or one NATS server with no cluster, where a
// replica more could live nowhere). Cost: O(len(infos)).
func replicasWarning(infos map[string]*jetstream.StreamInfo, servers int) string {
	var what, cmds []string
	for _, name := range []string{StreamName, bucketStream} {
		si := infos[name]
		if si == nil || si.Config.Replicas > 1 || si.Cluster == nil || si.Cluster.Name == "" || servers < 2 {
			continue
		}
		what = append(what, name)
		cmds = append(cmds, "`"+raiseCommands[name]+"`")
	}
	switch len(what) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("cluster: %s has one replica on the NATS cluster %s (%d servers known): while the one NATS server holding it is down, %s; raise it once with the nats CLI, as the stepviz user or an administrator: %s (docs/deploy.md)",
			what[0], infos[what[0]].Cluster.Name, servers, lostWhileDown, cmds[0])
	}
	return fmt.Sprintf("cluster: %s and %s have one replica on the NATS cluster %s (%d servers known): while a NATS server holding one is down, %s; raise them once with the nats CLI, as the stepviz user or an administrator: %s and %s (docs/deploy.md)",
		what[0], what[1], infos[what[0]].Cluster.Name, servers, lostWhileDown, cmds[0], cmds[1])
}

// lostWhileDown is what the instances lose while a NATS server holding
// the stream or the bucket alone is down.
const lostWhileDown = "rooms can be neither opened nor changed, and steps reach no other instance"

// oneReplicaDown reports whether err, from a request to a stream that
// has replicas replicas, says that the one NATS server holding it is
// down or out of reach: nobody has the stream's subjects (no responders),
// or JetStream says the stream is offline. A stream with more replicas
// is never down this way while it has a leader to elect (leaderless).
func oneReplicaDown(replicas *atomic.Int32, err error) bool {
	if replicas.Load() != 1 || err == nil {
		return false
	}
	var api *jetstream.APIError
	if errors.As(err, &api) && (api.ErrorCode == errCodeStreamOffline || api.ErrorCode == errCodeStreamOfflineReason) {
		return true
	}
	return errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse)
}

// notAnswering reports whether err, from a request about a stream that
// has replicas replicas, is the one server holding it down (as
// oneReplicaDown) or not answering in time (a request the stream's
// leader answers alone, such as its info, times out while that server is
// down and before JetStream marks it offline).
func notAnswering(replicas *atomic.Int32, err error) bool {
	return oneReplicaDown(replicas, err) || (replicas.Load() == 1 && leaderless(err))
}

// What a lecture loses while the one NATS server holding the rooms is
// down, said after "the rooms' NATS server is down" (roomsDown).
const (
	// lostChange is the loss of a change (a publication, a record).
	lostChange = "this change was not made, and until it is back nothing is shared between the lecture's web servers (your steps still show to those on this web server, and reach the others once it is back)"
	// lostRoom is the loss of a room this instance does not follow yet.
	lostRoom = "this web server cannot open this room until it is back (those on the web server the presenter uses still see every step)"
	// lostNewRoom is the loss of a new room.
	lostNewRoom = "no room can be opened until it is back"
)

// roomsDown says in the user's words that the one NATS server holding
// the rooms (a stream or bucket with one replica) is down, what is lost
// meanwhile (lostChange, lostRoom, lostNewRoom) and what to do; the log's
// text keeps the NATS client's error after it.
func roomsDown(lost string, err error) error {
	return unavailable{fmt.Errorf("%w (%w)", usererr.New("cluster", "the NATS server that keeps the rooms is down or out of reach, and they are kept on that one server (one replica): "+lost+". Ask the operator to start that NATS server again, and to raise the rooms' replicas to 3 as docs/deploy.md says, so that losing one server no longer stops them"), err)}
}

// unavailable is an error that a later try may not meet: the service
// it needs is down for now (an HTTP answer says 503, not 500).
type unavailable struct{ error }

// Unavailable reports that the error is the service's, for now.
func (unavailable) Unavailable() bool { return true }

func (u unavailable) Unwrap() error { return u.error }
