package cluster

import (
	"context"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestLeaderless: a publication is tried again (and, when its time is up,
// refused as "not stored in time") when it got no answer or when an
// earlier try of the same message is still in process (a stream without
// a quorum answers so to the second try), and a request is answered
// later when JetStream has no meta leader just now; any other refusal is
// final.
func TestLeaderless(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"no answer in time", fmt.Errorf("publishing: %w", context.DeadlineExceeded), true},
		{"client timeout", nats.ErrTimeout, true},
		{"no stream response", jetstream.ErrNoStreamResponse, true},
		{"no responders", nats.ErrNoResponders, true},
		{"earlier try in process", fmt.Errorf("publishing: %w", &jetstream.APIError{Code: 409, ErrorCode: errCodeInProcess, Description: "duplicate message id is in process"}), true},
		{"no meta leader", fmt.Errorf("info: %w", &jetstream.APIError{Code: 503, ErrorCode: errCodeClusterNotAvail, Description: "JetStream system temporarily unavailable"}), true},
		{"another conflict", &jetstream.APIError{Code: 409, ErrorCode: 10071, Description: "wrong last sequence"}, false},
		{"too large", nats.ErrMaxPayload, false},
		{"stream gone", jetstream.ErrStreamNotFound, false},
	} {
		if got := leaderless(tc.err); got != tc.want {
			t.Errorf("%s (%v): leaderless %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
