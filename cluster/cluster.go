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
// Only instances take part: each logs in to NATS (Config), and each signs
// every event and record with the cluster secret (sign.go). An instance
// applies no event and trusts no record it cannot verify, so whoever
// reaches NATS without the secret can at worst delete (deny service),
// never move a search, load one, ask a poll, answer or change a key hash.
//
// Bus implements server.RoomBus.
package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	persist "stepviz/store"

	"stepviz/internal/usererr"
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
	// urls is -nats, for messages.
	urls string
	nc   *nats.Conn
	js   jetstream.JetStream
	kv   jetstream.KeyValue
	sign *signer
	// Refused counts the events and records refused as unverifiable.
	refused atomic.Int64
	// logf, when set, reports each refusal.
	logf func(format string, args ...any)
	// mu guards onReconnect, the functions OnReconnect registered.
	mu          sync.Mutex
	onReconnect []func()
	// watching is set while watchLeader waits for the stream's leader;
	// unstored, when a publication got no answer in time and the
	// OnReconnect functions are due once the stream answers.
	watching, unstored atomic.Bool
	// follows are the rooms followed now (Follow), guarded by mu.
	follows map[*roomFollow]bool
	// onBehind are the functions OnBehind registered, guarded by mu.
	onBehind []func(room string, behind bool)
	// streamReplicas and bucketReplicas are the replicas of the stream
	// and the bucket as last read (Open, keepReplicas, streamLed): with
	// one, a request nobody answers is refused at once (replicas.go).
	streamReplicas, bucketReplicas atomic.Int32
	// warning is what Open found that the operator should change
	// (replicasWarning), logged once by SetLogger; guarded by mu.
	warning string
}

// recordHistory is how many revisions of a record the bucket keeps, so a
// genuine record overwritten by a forged one can still be found.
const recordHistory = 16

// Open connects to NATS as cfg says and makes the stream and the bucket
// when they are missing (existing ones are left as they are). The
// connection reconnects by itself, forever, while the instance runs. It
// fails without a cluster secret.
func Open(ctx context.Context, cfg Config) (*Bus, error) {
	secret, err := cfg.secret()
	if err != nil {
		return nil, usererr.Errorf("cluster", "%w", err)
	}
	opts, err := cfg.options()
	if err != nil {
		return nil, usererr.Errorf("cluster", "%w", err)
	}
	url := cfg.URL
	opts = append(opts, nats.Name("stepviz"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond), nats.Timeout(5*time.Second))
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, connectError(url, cfg.login(), err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, usererr.Errorf("cluster", "%w", err)
	}
	streamInfo, err := ensureStream(ctx, js)
	if err != nil {
		nc.Close()
		return nil, setupError(url, "the stream "+StreamName, err)
	}
	kv, err := ensureBucket(ctx, js)
	if err != nil {
		nc.Close()
		return nil, setupError(url, "the bucket "+Bucket, err)
	}
	b := &Bus{urls: url, nc: nc, js: js, kv: kv, sign: newSigner(secret)}
	infos := map[string]*jetstream.StreamInfo{StreamName: streamInfo}
	b.streamReplicas.Store(int32(streamInfo.Config.Replicas))
	if st, err := js.Stream(ctx, bucketStream); err == nil {
		infos[bucketStream] = st.CachedInfo()
		b.bucketReplicas.Store(int32(st.CachedInfo().Config.Replicas))
	}
	b.warning = replicasWarning(infos, len(nc.Servers()))
	if ci := streamInfo.Cluster; ci != nil && ci.Name != "" {
		go b.keepReplicas()
	}
	nc.SetReconnectHandler(func(c *nats.Conn) {
		b.logLink("cluster: the link to NATS is back (%s); rooms take changes again and other instances' pages catch up by themselves", c.ConnectedUrlRedacted())
		b.reconnected()
	})
	nc.SetDisconnectErrHandler(func(c *nats.Conn, err error) {
		if !c.IsClosed() { // not this instance stopping
			b.logLink("cluster: lost the link to NATS (%s); this instance serves what it holds and reconnects by itself; meanwhile opening a room, loading a search and polls are refused, and steps show on this instance only", linkErr(err))
		}
		b.disconnected(c, err)
	})
	return b, nil
}

// logLink logs a change of the link to NATS, when SetLogger gave a log.
// The NATS client calls it on a goroutine of its own, maybe before
// SetLogger: logf is read under mu.
func (b *Bus) logLink(format string, args ...any) {
	b.mu.Lock()
	logf := b.logf
	b.mu.Unlock()
	if logf != nil {
		logf(format, args...)
	}
}

// linkErr is why the NATS client says the link was lost, in words: no
// error or io.EOF is the server having closed it.
func linkErr(err error) string {
	if err == nil || errors.Is(err, io.EOF) {
		return "the NATS server closed it"
	}
	return err.Error()
}

// Connected reports whether this instance reaches NATS now.
func (b *Bus) Connected() bool { return b.nc.IsConnected() }

// Server is the URL of the NATS server this instance is connected to now,
// its password redacted; "" while it has none. Of a -nats list the client
// picks a server at random, and another (from the list or announced by
// the NATS cluster) when that one is lost.
func (b *Bus) Server() string { return b.nc.ConnectedUrlRedacted() }

// OnReconnect calls f, on a goroutine of its own, each time the
// connection to NATS comes back after it was lost, and each time the
// stream takes events again after an event could not be published while
// connected (a NATS node holding the stream's leader was lost and the
// others elected a new one: watchLeader).
func (b *Bus) OnReconnect(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onReconnect = append(b.onReconnect, f)
}

func (b *Bus) reconnected() {
	b.mu.Lock()
	fs := append([]func(){}, b.onReconnect...)
	b.mu.Unlock()
	for _, f := range fs {
		go f()
	}
	b.checkFollows()
}

// SetLogger reports every refused event or record to logf, and first,
// once, what Open found that the operator should change: a stream or
// bucket with one replica on a NATS cluster (replicasWarning). It is
// called once, before the bus is used.
func (b *Bus) SetLogger(logf func(format string, args ...any)) {
	b.mu.Lock()
	b.logf = logf
	w := b.warning
	b.warning = ""
	b.mu.Unlock()
	if w != "" && logf != nil {
		logf("%s", w)
	}
}

// Refused is how many events and records this instance has refused as
// unverifiable since it started.
func (b *Bus) Refused() int64 { return b.refused.Load() }

func (b *Bus) refuse(what string, err error) {
	b.refused.Add(1)
	if b.logf != nil {
		b.logf("cluster: refused %s: %v", what, err)
	}
}

// put stores a signed record; create fails if the key exists.
func (b *Bus) put(ctx context.Context, key string, payload []byte, create bool) error {
	if err := b.errDown(); err != nil {
		return err
	}
	v := b.sign.signRecord(key, payload)
	var err error
	if create {
		_, err = b.kv.Create(ctx, key, v)
	} else {
		_, err = b.kv.Put(ctx, key, v)
	}
	if oneReplicaDown(&b.bucketReplicas, err) {
		lost := lostChange
		if create {
			lost = lostNewRoom
		}
		return roomsDown(lost, err)
	}
	return err
}

// get returns the newest verified payload under key. A forged latest
// revision is refused and logged, and the newest genuine one in the
// record's history is used instead; with none, jetstream.ErrKeyNotFound.
// Cost: one read, plus the history (at most recordHistory entries) when
// the latest revision is forged.
func (b *Bus) get(ctx context.Context, key string) ([]byte, error) {
	if err := b.errDown(); err != nil {
		return nil, err
	}
	e, err := b.kv.Get(ctx, key)
	if notAnswering(&b.bucketReplicas, err) {
		return nil, roomsDown(lostRoom, err)
	}
	if err != nil {
		return nil, err
	}
	p, verr := b.sign.openRecord(key, e.Value())
	if verr == nil {
		return p, nil
	}
	b.refuse("the record "+key, verr)
	hist, err := b.kv.History(ctx, key)
	if err != nil {
		return nil, jetstream.ErrKeyNotFound
	}
	for i := len(hist) - 1; i >= 0; i-- {
		if hist[i].Operation() != jetstream.KeyValuePut {
			continue
		}
		if p, err := b.sign.openRecord(key, hist[i].Value()); err == nil {
			return p, nil
		}
	}
	return nil, jetstream.ErrKeyNotFound
}

// Close drains the connection.
func (b *Bus) Close() { _ = b.nc.Drain() }

type roomRecord struct {
	ID      string `json:"id"`
	KeyHash string `json:"keyHash"`
	Created int64  `json:"created"`
}

// CreateRoom stores a new room's record and its short code's (the first
// persist.ShortCodeLen characters of its id); if either is taken the
// error wraps persist.ErrTaken and nothing is stored.
func (b *Bus) CreateRoom(ctx context.Context, r persist.Room) error {
	if err := b.errDown(); err != nil {
		return err
	}
	short := persist.ShortCode(r.ID)
	if short != r.ID {
		if err := b.put(ctx, "short."+short, []byte(r.ID), true); errors.Is(err, jetstream.ErrKeyExists) {
			return usererr.Errorf("cluster", "room code %s: %w", short, persist.ErrTaken)
		} else if err != nil {
			return usererr.Errorf("cluster", "creating room %s: %w", r.ID, err)
		}
	}
	v, _ := json.Marshal(roomRecord{ID: r.ID, KeyHash: hex.EncodeToString(r.KeyHash), Created: r.Created})
	if err := b.put(ctx, "room."+r.ID, v, true); err != nil {
		if short != r.ID {
			_ = b.kv.Delete(ctx, "short."+short)
		}
		if errors.Is(err, jetstream.ErrKeyExists) {
			err = persist.ErrTaken
		}
		return usererr.Errorf("cluster", "creating room %s: %w", r.ID, err)
	}
	return nil
}

// ShortRoom returns the id of the room whose short code is short;
// unknown wraps persist.ErrNotFound.
func (b *Bus) ShortRoom(ctx context.Context, short string) (string, error) {
	if err := b.errDown(); err != nil {
		return "", err
	}
	if strings.ContainsAny(short, ".*> ") || short == "" {
		return "", usererr.Errorf("cluster", "room code %q: %w", short, persist.ErrNotFound)
	}
	v, err := b.get(ctx, "short."+short)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", usererr.Errorf("cluster", "room code %s: %w", short, persist.ErrNotFound)
	}
	if err != nil {
		return "", usererr.Errorf("cluster", "reading room code %s: %w", short, err)
	}
	return string(v), nil
}

// Room returns a room's record; an unknown id wraps persist.ErrNotFound.
func (b *Bus) Room(ctx context.Context, id string) (persist.Room, error) {
	if err := b.errDown(); err != nil {
		return persist.Room{}, err
	}
	if strings.ContainsAny(id, ".*> ") || id == "" {
		return persist.Room{}, usererr.Errorf("cluster", "room %q: %w", id, persist.ErrNotFound)
	}
	v, err := b.get(ctx, "room."+id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return persist.Room{}, usererr.Errorf("cluster", "room %s: %w", id, persist.ErrNotFound)
	}
	if err != nil {
		return persist.Room{}, usererr.Errorf("cluster", "reading room %s: %w", id, err)
	}
	var rec roomRecord
	if err := json.Unmarshal(v, &rec); err != nil || rec.ID != id {
		return persist.Room{}, usererr.Errorf("cluster", "room %s: bad record: %w", id, err)
	}
	h, err := hex.DecodeString(rec.KeyHash)
	if err != nil {
		return persist.Room{}, usererr.Errorf("cluster", "room %s: bad key hash: %w", id, err)
	}
	return persist.Room{ID: rec.ID, KeyHash: h, Created: rec.Created, Current: -1}, nil
}

// MapSearch records which room a search belongs to.
func (b *Bus) MapSearch(ctx context.Context, searchID, roomID string) error {
	if err := b.errDown(); err != nil {
		return err
	}
	if err := b.put(ctx, "search."+searchID, []byte(roomID), false); err != nil {
		return usererr.Errorf("cluster", "recording search %s: %w", searchID, err)
	}
	return nil
}

// SearchRoom returns the room of a search; unknown wraps persist.ErrNotFound.
func (b *Bus) SearchRoom(ctx context.Context, searchID string) (string, error) {
	if err := b.errDown(); err != nil {
		return "", err
	}
	if strings.ContainsAny(searchID, ".*> ") || searchID == "" {
		return "", usererr.Errorf("cluster", "search %q: %w", searchID, persist.ErrNotFound)
	}
	v, err := b.get(ctx, "search."+searchID)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", usererr.Errorf("cluster", "search %s: %w", searchID, persist.ErrNotFound)
	}
	if err != nil {
		return "", usererr.Errorf("cluster", "reading search %s: %w", searchID, err)
	}
	return string(v), nil
}

// Publish signs an event, appends it to a room's stream and returns its
// sequence once JetStream has stored it. While the stream has no leader
// (a NATS node lost, a new leader being elected) it tries again, each
// try at most publishTry, until ctx ends; every try carries the same
// message id, so an event stored by a try whose answer was lost is
// stored once (JetStream's duplicate window, two minutes). A stream with
// one replica whose NATS server is down has no leader to elect: the
// event is refused at once (roomsDown), and the OnReconnect functions
// are called once that server is back (watchLeader).
func (b *Bus) Publish(ctx context.Context, room string, ev []byte) (uint64, error) {
	if err := b.errDown(); err != nil {
		return 0, err
	}
	subj := EvtSubject(room)
	msg, id := b.sign.seal(subj, ev, time.Now()), newMsgID()
	for {
		tctx, cancel := context.WithTimeout(ctx, publishTry)
		ack, err := b.js.Publish(tctx, subj, msg, jetstream.WithMsgID(id))
		cancel()
		if err == nil {
			return ack.Sequence, nil
		}
		down := oneReplicaDown(&b.streamReplicas, err)
		if down || !leaderless(err) || ctx.Err() != nil || !b.nc.IsConnected() {
			if b.nc.IsConnected() {
				b.watchLeader(down || leaderless(err))
			}
			if down {
				return 0, roomsDown(lostChange, err)
			}
			return 0, publishError(room, err)
		}
		select {
		case <-ctx.Done():
			b.watchLeader(true)
			return 0, publishError(room, ctx.Err())
		case <-time.After(leaderPoll):
		}
	}
}
