package cluster

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestReplicasWarning: an instance warns when the stream or the bucket
// has one replica on a NATS cluster it knows more than one server of,
// naming the command that raises each such one, and never otherwise.
func TestReplicasWarning(t *testing.T) {
	info := func(replicas int, cluster string) *jetstream.StreamInfo {
		return &jetstream.StreamInfo{Config: jetstream.StreamConfig{Replicas: replicas}, Cluster: &jetstream.ClusterInfo{Name: cluster, Leader: "n1"}}
	}
	stream, bucket := "nats stream edit STEPVIZ_ROOMS --replicas 3", "nats kv edit stepviz_rooms --replicas 3"
	for _, tc := range []struct {
		name    string
		infos   map[string]*jetstream.StreamInfo
		servers int
		want    []string // commands named; none: no warning
	}{
		{"both at one replica on a cluster", map[string]*jetstream.StreamInfo{StreamName: info(1, "stepviz"), bucketStream: info(1, "stepviz")}, 3, []string{stream, bucket}},
		{"the stream raised, the bucket not", map[string]*jetstream.StreamInfo{StreamName: info(3, "stepviz"), bucketStream: info(1, "stepviz")}, 3, []string{bucket}},
		{"the bucket raised, the stream not", map[string]*jetstream.StreamInfo{StreamName: info(1, "stepviz"), bucketStream: info(3, "stepviz")}, 3, []string{stream}},
		{"both raised", map[string]*jetstream.StreamInfo{StreamName: info(3, "stepviz"), bucketStream: info(3, "stepviz")}, 3, nil},
		{"one server, no cluster", map[string]*jetstream.StreamInfo{StreamName: info(1, ""), bucketStream: info(1, "")}, 1, nil},
		{"a named cluster of one server", map[string]*jetstream.StreamInfo{StreamName: info(1, "stepviz"), bucketStream: info(1, "stepviz")}, 1, nil},
		{"the bucket's info unknown", map[string]*jetstream.StreamInfo{StreamName: info(1, "stepviz")}, 3, []string{stream}},
	} {
		got := replicasWarning(tc.infos, tc.servers)
		if (got == "") != (len(tc.want) == 0) {
			t.Errorf("%s: warning %q; want one: %v", tc.name, got, len(tc.want) > 0)
			continue
		}
		for _, cmd := range []string{stream, bucket} {
			named := strings.Contains(got, cmd)
			want := false
			for _, w := range tc.want {
				want = want || w == cmd
			}
			if named != want {
				t.Errorf("%s: warning %q names %q: %v, want %v", tc.name, got, cmd, named, want)
			}
		}
		if got != "" && !strings.Contains(got, "docs/deploy.md") {
			t.Errorf("%s: warning %q does not point to docs/deploy.md", tc.name, got)
		}
	}
}

// TestOneReplicaDown: with one replica, no responders or a stream said
// offline is its one server down (refused at once), and so is no answer
// in time when asked about the stream; with more replicas, none of these
// is (the others elect a leader: leaderless).
func TestOneReplicaDown(t *testing.T) {
	offline := &jetstream.APIError{Code: 500, ErrorCode: errCodeStreamOffline, Description: "stream is offline"}
	for _, tc := range []struct {
		name         string
		replicas     int32
		err          error
		down, silent bool
	}{
		{"no responders", 1, fmt.Errorf("publishing: %w", nats.ErrNoResponders), true, true},
		{"no stream response", 1, jetstream.ErrNoStreamResponse, true, true},
		{"stream offline", 1, fmt.Errorf("info: %w", offline), true, true},
		{"stream offline with a reason", 1, &jetstream.APIError{Code: 500, ErrorCode: errCodeStreamOfflineReason}, true, true},
		{"no answer in time", 1, context.DeadlineExceeded, false, true},
		{"no meta leader", 1, &jetstream.APIError{Code: 503, ErrorCode: errCodeClusterNotAvail}, false, true},
		{"no such key", 1, jetstream.ErrKeyNotFound, false, false},
		{"another error", 1, errors.New("boom"), false, false},
		{"none", 1, nil, false, false},
		{"no responders, three replicas", 3, nats.ErrNoResponders, false, false},
		{"stream offline, three replicas", 3, offline, false, false},
		{"no answer in time, three replicas", 3, context.DeadlineExceeded, false, false},
		{"replicas unknown", 0, nats.ErrNoResponders, false, false},
	} {
		var r atomic.Int32
		r.Store(tc.replicas)
		if got := oneReplicaDown(&r, tc.err); got != tc.down {
			t.Errorf("%s: oneReplicaDown %v, want %v", tc.name, got, tc.down)
		}
		if got := notAnswering(&r, tc.err); got != tc.silent {
			t.Errorf("%s: notAnswering %v, want %v", tc.name, got, tc.silent)
		}
	}
}
