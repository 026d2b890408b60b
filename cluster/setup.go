package cluster

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
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
// (its replicas, its size) stays changed when an instance starts.
func ensureStream(ctx context.Context, js jetstream.JetStream) error {
	if _, err := js.Stream(ctx, StreamName); !errors.Is(err, jetstream.ErrStreamNotFound) {
		return err
	}
	_, err := js.CreateStream(ctx, streamConfig)
	if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
		return nil // another instance made it first
	}
	return err
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
// could not be opened or made on NATS at urls.
func setupError(urls, what string, err error) error {
	at := Redacted(urls)
	switch {
	case errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount):
		return fmt.Errorf("%w (%w)", usererr.New("cluster", fmt.Sprintf("NATS at %s has no JetStream, which holds the rooms: give nats-server a jetstream block (docs/nats-server.conf) or start it with -js", at)), err)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoStreamResponse) || errors.Is(err, nats.ErrNoResponders):
		return fmt.Errorf("%w (%w)", usererr.New("cluster", fmt.Sprintf("NATS at %s did not answer about %s in time (a NATS cluster that has just lost or started a server takes a few seconds to elect the leaders of its streams): start this instance again in a moment", at, what)), err)
	}
	return usererr.Errorf("cluster", "opening %s on NATS at %s: %w", what, at, err)
}
