package cluster

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"stepviz/internal/usererr"
)

// streamConfig is the stream of every room's events as the first instance
// makes it: one replica, at most maxEventBytes an event and 4 GiB in all
// (then new events are refused, never old ones dropped).
var streamConfig = jetstream.StreamConfig{
	Name: StreamName, Subjects: []string{SubjectPrefix + "*.evt", SubjectPrefix + "*.cmd"},
	Storage: jetstream.FileStorage, MaxMsgSize: maxEventBytes, Discard: jetstream.DiscardNew,
	MaxBytes: 4 << 30,
}

// bucketConfig is the bucket of room records as the first instance makes
// it: one replica, recordHistory revisions a key.
var bucketConfig = jetstream.KeyValueConfig{Bucket: Bucket, Storage: jetstream.FileStorage, History: recordHistory}

// ensureStream makes the events' stream when it is missing and leaves an
// existing one as it is, so what an operator changed with the nats CLI
// (its replicas, its size) stays changed when an instance starts. It
// returns the stream's info.
func ensureStream(ctx context.Context, js jetstream.JetStream) (*jetstream.StreamInfo, error) {
	st, err := js.Stream(ctx, StreamName)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		st, err = js.CreateStream(ctx, streamConfig)
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			st, err = js.Stream(ctx, StreamName) // another instance made it first
		}
	}
	if err != nil {
		return nil, err
	}
	return st.CachedInfo(), nil
}

// ensureBucket opens the records' bucket, making it when it is missing;
// an existing one is left as it is, as ensureStream leaves the stream.
func ensureBucket(ctx context.Context, js jetstream.JetStream) (jetstream.KeyValue, error) {
	kv, err := js.KeyValue(ctx, Bucket)
	if !errors.Is(err, jetstream.ErrBucketNotFound) {
		return kv, err
	}
	kv, err = js.CreateKeyValue(ctx, bucketConfig)
	if errors.Is(err, jetstream.ErrBucketExists) {
		return js.KeyValue(ctx, Bucket) // another instance made it first
	}
	return kv, err
}

// setupError says in the user's words why what (the stream or the bucket)
// could not be opened or made on NATS at urls. No answer in time is
// either a NATS cluster electing the stream's leader or, for a stream
// with one replica, the server holding it down; Open cannot tell which
// (the stream's replicas are in the answer that did not come), so the
// message says both.
func setupError(urls, what string, err error) error {
	at := Redacted(urls)
	var api *jetstream.APIError
	switch {
	case errors.As(err, &api) && (api.ErrorCode == errCodeStreamOffline || api.ErrorCode == errCodeStreamOfflineReason):
		return fmt.Errorf("%w (%w)", usererr.New("cluster", fmt.Sprintf("NATS at %s says %s is offline: every NATS server that holds it is down (with one replica, that is one server): start that NATS server again, then this instance; docs/deploy.md says how to raise the replicas to 3 so that losing one server no longer stops the rooms", at, what)), err)
	case errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount):
		return fmt.Errorf("%w (%w)", usererr.New("cluster", fmt.Sprintf("NATS at %s has no JetStream, which holds the rooms: give nats-server a jetstream block (docs/nats-server.conf) or start it with -js", at)), err)
	case leaderless(err):
		return fmt.Errorf("%w (%w)", usererr.New("cluster", fmt.Sprintf("NATS at %s did not answer about %s in time: either a NATS server has just been lost or started, and the others take a few seconds to elect the leaders of its streams (start this instance again in a moment), or %s has one replica and the NATS server holding it is down (start that NATS server again, then this instance; docs/deploy.md says how to raise the replicas to 3 so that losing one server no longer stops the rooms)", at, what, what)), err)
	}
	return usererr.Errorf("cluster", "opening %s on NATS at %s: %w", what, at, err)
}
