package cluster

import (
	"context"
	"errors"

	"github.com/nats-io/nats.go/jetstream"
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
