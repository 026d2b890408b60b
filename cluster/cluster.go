// Package cluster lets several `stepviz serve -nats URL` instances share
// their rooms through NATS JetStream (the real nats-server): a KV bucket
// holds each room's record (its key hash) and which room each search
// belongs to, and a stream holds every room's events in order, on the
// subject stepviz.room.<id>.evt. Each instance applies a room's events
// from the first, so any instance can rebuild any room, and a presenter on
// one instance and followers on others see the same steps in the same
// order. Commands are validated where they arrive and published as events
// (stepviz.room.<id>.cmd is reserved for commands forwarded unvalidated;
// this version publishes validated events only).
//
// Bus implements server.RoomBus.
package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	persist "stepviz/store"
)

// Names in NATS.
const (
	// StreamName is the JetStream stream of every room's events.
	StreamName = "STEPVIZ_ROOMS"
	// Bucket is the KV bucket of room records.
	Bucket = "stepviz_rooms"
	// SubjectPrefix starts every room subject: stepviz.room.<id>.evt.
	SubjectPrefix = "stepviz.room."
	// maxEventBytes bounds one event (a load with a pasted grid).
	maxEventBytes = 2 << 20
)

// EvtSubject is the subject of a room's events.
func EvtSubject(room string) string { return SubjectPrefix + room + ".evt" }

// Bus is one instance's connection to the cluster.
type Bus struct {
	nc *nats.Conn
	js jetstream.JetStream
	kv jetstream.KeyValue
}

// Open connects to NATS at url (nats://HOST:4222, comma-separated for a
// cluster) and makes sure the stream and the bucket exist. The connection
// reconnects by itself, forever, while the instance runs.
func Open(ctx context.Context, url string) (*Bus, error) {
	nc, err := nats.Connect(url, nats.Name("stepviz"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond), nats.Timeout(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("cluster: cannot reach NATS at %s (%v): start nats-server -js, or check -nats", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: StreamName, Subjects: []string{SubjectPrefix + "*.evt", SubjectPrefix + "*.cmd"},
		Storage: jetstream.FileStorage, MaxMsgSize: maxEventBytes, Discard: jetstream.DiscardNew,
		MaxBytes: 4 << 30,
	}); err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: creating the stream %s (is JetStream enabled? start nats-server with -js): %w", StreamName, err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: Bucket, Storage: jetstream.FileStorage})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: creating the bucket %s: %w", Bucket, err)
	}
	return &Bus{nc: nc, js: js, kv: kv}, nil
}

// Close drains the connection.
func (b *Bus) Close() { _ = b.nc.Drain() }

type roomRecord struct {
	ID      string `json:"id"`
	KeyHash string `json:"keyHash"`
	Created int64  `json:"created"`
}

// CreateRoom stores a new room's record; it fails if the id is taken.
func (b *Bus) CreateRoom(ctx context.Context, r persist.Room) error {
	v, _ := json.Marshal(roomRecord{ID: r.ID, KeyHash: hex.EncodeToString(r.KeyHash), Created: r.Created})
	if _, err := b.kv.Create(ctx, "room."+r.ID, v); err != nil {
		return fmt.Errorf("cluster: creating room %s: %w", r.ID, err)
	}
	return nil
}

// Room returns a room's record; an unknown id wraps persist.ErrNotFound.
func (b *Bus) Room(ctx context.Context, id string) (persist.Room, error) {
	if strings.ContainsAny(id, ".*> ") || id == "" {
		return persist.Room{}, fmt.Errorf("cluster: room %q: %w", id, persist.ErrNotFound)
	}
	e, err := b.kv.Get(ctx, "room."+id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return persist.Room{}, fmt.Errorf("cluster: room %s: %w", id, persist.ErrNotFound)
	}
	if err != nil {
		return persist.Room{}, fmt.Errorf("cluster: reading room %s: %w", id, err)
	}
	var rec roomRecord
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		return persist.Room{}, fmt.Errorf("cluster: room %s: bad record: %w", id, err)
	}
	h, err := hex.DecodeString(rec.KeyHash)
	if err != nil {
		return persist.Room{}, fmt.Errorf("cluster: room %s: bad key hash: %w", id, err)
	}
	return persist.Room{ID: rec.ID, KeyHash: h, Created: rec.Created, Current: -1}, nil
}

// MapSearch records which room a search belongs to.
func (b *Bus) MapSearch(ctx context.Context, searchID, roomID string) error {
	if _, err := b.kv.Put(ctx, "search."+searchID, []byte(roomID)); err != nil {
		return fmt.Errorf("cluster: recording search %s: %w", searchID, err)
	}
	return nil
}

// SearchRoom returns the room of a search; unknown wraps persist.ErrNotFound.
func (b *Bus) SearchRoom(ctx context.Context, searchID string) (string, error) {
	if strings.ContainsAny(searchID, ".*> ") || searchID == "" {
		return "", fmt.Errorf("cluster: search %q: %w", searchID, persist.ErrNotFound)
	}
	e, err := b.kv.Get(ctx, "search."+searchID)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", fmt.Errorf("cluster: search %s: %w", searchID, persist.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("cluster: reading search %s: %w", searchID, err)
	}
	return string(e.Value()), nil
}

// Publish appends an event to a room's stream and returns its sequence
// once JetStream has stored it.
func (b *Bus) Publish(ctx context.Context, room string, ev []byte) (uint64, error) {
	ack, err := b.js.Publish(ctx, EvtSubject(room), ev)
	if err != nil {
		return 0, fmt.Errorf("cluster: publishing to room %s: %w", room, err)
	}
	return ack.Sequence, nil
}

// Follow delivers a room's events in stream order, from the first, to fn
// (on one goroutine, never concurrently). It returns once every event
// stored before the call has been delivered, so the caller's copy of the
// room is current; stop ends the delivery.
func (b *Bus) Follow(ctx context.Context, room string, fn func(seq uint64, ev []byte)) (func(), error) {
	var last uint64
	st, err := b.js.Stream(ctx, StreamName)
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if m, err := st.GetLastMsgForSubject(ctx, EvtSubject(room)); err == nil {
		last = m.Sequence
	} else if !errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, fmt.Errorf("cluster: reading room %s: %w", room, err)
	}
	cons, err := b.js.OrderedConsumer(ctx, StreamName, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{EvtSubject(room)}, DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: following room %s: %w", room, err)
	}
	caught := make(chan struct{})
	var once sync.Once
	cc, err := cons.Consume(func(m jetstream.Msg) {
		md, err := m.Metadata()
		if err != nil {
			return
		}
		fn(md.Sequence.Stream, m.Data())
		if md.Sequence.Stream >= last {
			once.Do(func() { close(caught) })
		}
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: following room %s: %w", room, err)
	}
	if last == 0 {
		once.Do(func() { close(caught) })
	}
	select {
	case <-caught:
	case <-ctx.Done():
		cc.Stop()
		return nil, fmt.Errorf("cluster: catching up with room %s: %w", room, ctx.Err())
	}
	return cc.Stop, nil
}
