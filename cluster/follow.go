package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"stepviz/internal/usererr"
)

// A room's events reach an instance through an ordered consumer, which
// the NATS client makes again by itself when it misses the server's
// heartbeats or reconnects. After a NATS node is lost that is not always
// enough (the node held the consumer, and the remaking raced the election
// of the stream's new leader), so a room's follow is also checked: after
// each reconnection, each time the stream takes events again
// (watchLeader) and each error its consumer reports, for followWatch (and
// on while the follow is behind, behind.go), every followCheck, the
// room's last event in the stream is compared with the last one
// delivered; when the stream holds more and nothing was delivered over a
// whole followCheck, the consumer is made again from the event after the
// last one delivered.
const (
	followCheck = 2 * time.Second
	followWatch = 2 * time.Minute
)

// roomFollow is one Follow of a room.
type roomFollow struct {
	b     *Bus
	room  string
	fn    func(seq uint64, ev []byte)
	guard *replayGuard
	// caughtUp is called with the sequence of each event handled.
	caughtUp func(seq uint64)
	// mu serialises the handling of events (fn is never called
	// concurrently, even across a remade consumer) and guards last, cc
	// and stopped.
	mu      sync.Mutex
	last    uint64 // stream sequence of the last event handled
	cc      jetstream.ConsumeContext
	stopped bool
	// checking is set while check's goroutine runs.
	checking atomic.Bool
	// behind is set while this instance cannot receive the room's events
	// (behind.go); guarded by mu, changed under tell.
	behind bool
	tell   sync.Mutex
}

// Follow delivers a room's verified events in stream order, from the
// first, to fn (on one goroutine at a time, never concurrently, each
// event once); an event that is not signed with the cluster secret, or is
// a replay, is refused and logged, never delivered. It returns once every
// event stored before the call has been delivered, so the caller's copy
// of the room is current; stop ends the delivery. While the one NATS
// server holding a stream with one replica is down it fails as soon as
// the stream does not answer (roomsDown).
func (b *Bus) Follow(ctx context.Context, room string, fn func(seq uint64, ev []byte)) (func(), error) {
	if err := b.errDown(); err != nil {
		return nil, err
	}
	var last uint64
	st, err := b.js.Stream(ctx, StreamName)
	if notAnswering(&b.streamReplicas, err) {
		return nil, roomsDown(lostRoom, err)
	}
	if err != nil {
		return nil, usererr.Errorf("cluster", "%w", err)
	}
	if m, err := st.GetLastMsgForSubject(ctx, EvtSubject(room)); err == nil {
		last = m.Sequence
	} else if notAnswering(&b.streamReplicas, err) {
		return nil, roomsDown(lostRoom, err)
	} else if !errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, usererr.Errorf("cluster", "reading room %s: %w", room, err)
	}
	caught := make(chan struct{})
	var once sync.Once
	f := &roomFollow{b: b, room: room, fn: fn, guard: newReplayGuard(), caughtUp: func(seq uint64) {
		if seq >= last {
			once.Do(func() { close(caught) })
		}
	}}
	cc, err := f.consume(ctx, 0)
	if err != nil {
		return nil, usererr.Errorf("cluster", "following room %s: %w", room, err)
	}
	f.cc = cc
	if last == 0 {
		once.Do(func() { close(caught) })
	}
	select {
	case <-caught:
	case <-ctx.Done():
		cc.Stop()
		return nil, usererr.Errorf("cluster", "catching up with room %s: %w", room, ctx.Err())
	}
	b.mu.Lock()
	if b.follows == nil {
		b.follows = map[*roomFollow]bool{}
	}
	b.follows[f] = true
	b.mu.Unlock()
	return f.stop, nil
}

// consume starts an ordered consumer of the room's events from the
// stream sequence from (0: the first).
func (f *roomFollow) consume(ctx context.Context, from uint64) (jetstream.ConsumeContext, error) {
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{EvtSubject(f.room)}, DeliverPolicy: jetstream.DeliverAllPolicy}
	if from > 0 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, from
	}
	cons, err := f.b.js.OrderedConsumer(ctx, StreamName, cfg)
	if err != nil {
		return nil, err
	}
	return cons.Consume(f.handle, jetstream.ConsumeErrHandler(func(jetstream.ConsumeContext, error) { f.check() }))
}

// handle verifies one event and delivers it, unless it was handled before.
func (f *roomFollow) handle(m jetstream.Msg) {
	md, err := m.Metadata()
	if err != nil {
		return
	}
	seq := md.Sequence.Stream
	f.mu.Lock()
	if seq <= f.last || f.stopped {
		f.mu.Unlock()
		return
	}
	f.last = seq
	if e, err := f.b.sign.open(m.Subject(), m.Data()); err != nil {
		f.b.refuse(fmt.Sprintf("event %d of room %s", seq, f.room), err)
	} else if err := f.guard.admit(e, md.Timestamp); err != nil {
		f.b.refuse(fmt.Sprintf("event %d of room %s", seq, f.room), err)
	} else {
		f.fn(seq, e.payload)
	}
	f.mu.Unlock()
	f.caughtUp(seq)
}

// stop ends the follow.
func (f *roomFollow) stop() {
	f.b.mu.Lock()
	delete(f.b.follows, f)
	f.b.mu.Unlock()
	f.mu.Lock()
	f.stopped = true
	cc := f.cc
	f.mu.Unlock()
	if cc != nil {
		cc.Stop()
	}
}

// check watches the follow for followWatch, and on while it is behind,
// on one goroutine at a time: it remakes its consumer when an event
// stored a whole followCheck ago is still not delivered and nothing was
// delivered since, marks it behind then and while the stream cannot be
// read or NATS reached, and caught up once every event the stream holds
// for the room is delivered (setBehind). It returns at once. Cost while
// watching: one read of the room's last event every followCheck.
func (f *roomFollow) check() {
	if !f.checking.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer f.checking.Store(false)
		f.mu.Lock()
		seen := f.last
		f.mu.Unlock()
		var stored uint64 // the room's last event in the stream at the previous check
		for deadline := time.Now().Add(followWatch); time.Now().Before(deadline) || f.isBehind(); {
			time.Sleep(followCheck)
			f.mu.Lock()
			last, stopped := f.last, f.stopped
			f.mu.Unlock()
			if stopped || f.b.nc.IsClosed() {
				return
			}
			if !f.b.nc.IsConnected() {
				f.setBehind(true)
				continue
			}
			if last == seen && last < stored {
				f.setBehind(true)
				f.remake(last + 1)
			}
			now, err := f.stored()
			switch {
			case err != nil:
				f.setBehind(true)
			case last >= now:
				f.setBehind(false)
			}
			seen, stored = last, now
		}
	}()
}

// stored is the stream sequence of the room's last event (0 when it has
// none), or why it cannot be read.
func (f *roomFollow) stored() (uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), followCheck)
	defer cancel()
	st, err := f.b.js.Stream(ctx, StreamName)
	if err != nil {
		return 0, err
	}
	m, err := st.GetLastMsgForSubject(ctx, EvtSubject(f.room))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return m.Sequence, nil
}

// remake replaces the follow's consumer with one from the stream
// sequence from.
func (f *roomFollow) remake(from uint64) {
	f.mu.Lock()
	old := f.cc
	f.cc = nil
	f.mu.Unlock()
	if old != nil {
		old.Stop()
	}
	ctx, cancel := context.WithTimeout(context.Background(), followCheck)
	defer cancel()
	cc, err := f.consume(ctx, from)
	if err != nil {
		if f.b.logf != nil {
			f.b.logf("cluster: following room %s again from event %d: %v", f.room, from, err)
		}
		return
	}
	f.mu.Lock()
	stopped := f.stopped
	if !stopped {
		f.cc = cc
	}
	f.mu.Unlock()
	if stopped {
		cc.Stop()
		return
	}
	if f.b.logf != nil {
		f.b.logf("cluster: following room %s again from event %d", f.room, from)
	}
}

// checkFollows starts check on every follow of this instance.
func (b *Bus) checkFollows() {
	b.mu.Lock()
	fs := make([]*roomFollow, 0, len(b.follows))
	for f := range b.follows {
		fs = append(fs, f)
	}
	b.mu.Unlock()
	for _, f := range fs {
		f.check()
	}
}
