package room

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	persist "stepviz/store"
)

// memBus is a Bus in memory for one instance: a stream per room,
// delivered to the room's followers in order as each event is stored.
// Its publications of moves can be held (hold, release), as a NATS
// cluster holds them while it elects a stream leader, or refused (fail).
type memBus struct {
	mu       sync.Mutex
	rooms    map[string]persist.Room
	searches map[string]string
	streams  map[string][][]byte
	follows  map[string][]func(uint64, []byte)
	// gate, when set, holds every move publication until it is closed
	// (or the publication's context ends); held is told each step held.
	gate chan struct{}
	held chan int
	// holding counts the publications held now.
	holding atomic.Int32
	// fail, when set, refuses every move publication.
	fail error
	// deliver keeps the deliveries in the stream's order.
	deliver sync.Mutex
}

var _ Bus = (*memBus)(nil)

func newMemBus() *memBus {
	return &memBus{rooms: map[string]persist.Room{}, searches: map[string]string{},
		streams: map[string][][]byte{}, follows: map[string][]func(uint64, []byte){}, held: make(chan int, 64)}
}

// hold makes move publications wait until release.
func (b *memBus) hold() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.gate = make(chan struct{})
}

// release lets the held move publications, and the next ones, through.
func (b *memBus) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.gate != nil {
		close(b.gate)
		b.gate = nil
	}
}

// refuse makes move publications fail with err (nil: succeed again).
func (b *memBus) refuse(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.fail = err
}

// events is room's stream as stored so far, decoded.
func (b *memBus) events(room string) []roomEvent {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []roomEvent
	for _, raw := range b.streams[room] {
		var ev roomEvent
		_ = json.Unmarshal(raw, &ev)
		out = append(out, ev)
	}
	return out
}

func (b *memBus) CreateRoom(_ context.Context, r persist.Room) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.rooms[r.ID]; ok {
		return persist.ErrTaken
	}
	b.rooms[r.ID] = r
	return nil
}

func (b *memBus) Room(_ context.Context, id string) (persist.Room, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r, ok := b.rooms[id]
	if !ok {
		return r, fmt.Errorf("room %s: %w", id, persist.ErrNotFound)
	}
	return r, nil
}

func (b *memBus) MapSearch(_ context.Context, searchID, roomID string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.searches[searchID] = roomID
	return nil
}

func (b *memBus) SearchRoom(_ context.Context, searchID string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r, ok := b.searches[searchID]
	if !ok {
		return "", persist.ErrNotFound
	}
	return r, nil
}

// Publish stores ev, then delivers it to the room's followers before it
// returns.
func (b *memBus) Publish(ctx context.Context, room string, ev []byte) (uint64, error) {
	var e roomEvent
	if err := json.Unmarshal(ev, &e); err != nil {
		return 0, err
	}
	b.mu.Lock()
	gate, fail := b.gate, b.fail
	b.mu.Unlock()
	if e.Kind == evMove {
		if gate != nil {
			b.holding.Add(1)
			b.held <- e.Step
			select {
			case <-gate:
				b.holding.Add(-1)
			case <-ctx.Done():
				b.holding.Add(-1)
				return 0, ctx.Err()
			}
		}
		if fail != nil {
			return 0, fail
		}
	}
	b.deliver.Lock()
	defer b.deliver.Unlock()
	b.mu.Lock()
	b.streams[room] = append(b.streams[room], ev)
	seq := uint64(len(b.streams[room]))
	fns := append([]func(uint64, []byte){}, b.follows[room]...)
	b.mu.Unlock()
	for _, fn := range fns {
		fn(seq, ev)
	}
	return seq, nil
}

func (b *memBus) Follow(_ context.Context, room string, fn func(uint64, []byte)) (func(), error) {
	b.deliver.Lock()
	defer b.deliver.Unlock()
	b.mu.Lock()
	stored := append([][]byte{}, b.streams[room]...)
	b.follows[room] = append(b.follows[room], fn)
	i := len(b.follows[room]) - 1
	b.mu.Unlock()
	for seq, ev := range stored {
		fn(uint64(seq+1), ev)
	}
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.follows[room][i] = func(uint64, []byte) {}
	}, nil
}
