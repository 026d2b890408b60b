package room

import (
	"context"
	"slices"
	"sync"
	"time"
)

// movePublishWait bounds the publication of one move: a move still not
// stored by then marks its search unshared (Rooms.unshared), shared again
// once the bus answers.
const movePublishWait = 5 * time.Second

// movePublisher publishes one room's moves to the Bus off the sessions'
// hub goroutines. A session's onMove only queues the step (queue), so the
// presenter's step reaches the presenter's screen, and every screen on this
// instance, whatever the bus is doing: while a NATS cluster elects a new
// leader of the room's stream, a publication waits for seconds.
//
// Guarantees:
//   - A move event carries the search's absolute step, so of a search only
//     the latest step queued and not yet taken is kept: a newer step
//     replaces an older one (coalesced).
//   - At most one goroutine publishes the room's moves, one batch after
//     another, each batch holding a search once: a search's moves are
//     published in the order they were made, never an older step after a
//     newer one.
//   - flush returns once every move queued before it was called is
//     published or has failed, so the room's other events are published
//     after the moves the presenter made before them (Room.emit).
//   - The goroutine runs only while moves are pending; close cancels the
//     publication under way and waits for the goroutine: none outlives its
//     room.
type movePublisher struct {
	// publish publishes search id's step; ctx is cancelled when the room
	// closes, and publish adds the deadline of one publication.
	publish func(ctx context.Context, id string, step int)
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup

	mu sync.Mutex
	// pending holds at most one move a search, in the order the searches
	// were first queued.
	pending []queuedMove
	// queued counts the moves queued; settled is what queued was when the
	// last batch was taken, once that batch is published or has failed.
	queued, settled uint64
	// settledC is closed, and replaced, each time settled advances and
	// when the publisher closes.
	settledC chan struct{}
	// waiting counts the flushes waiting (tests read it).
	waiting int
	running bool
	closed  bool
}

// queuedMove is the latest step of one search waiting to be published.
type queuedMove struct {
	id   string
	step int
}

func newMovePublisher(publish func(ctx context.Context, id string, step int)) *movePublisher {
	ctx, cancel := context.WithCancel(context.Background())
	return &movePublisher{publish: publish, ctx: ctx, cancel: cancel, settledC: make(chan struct{})}
}

// queue asks for search id's step to be published, replacing a step of id
// not yet taken; it starts the goroutine if none runs. It never waits for
// the bus. After close it does nothing. Cost: O(searches pending), at
// most the room's searches that moved since the last batch was taken.
func (p *movePublisher) queue(id string, step int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.queued++
	if i := slices.IndexFunc(p.pending, func(m queuedMove) bool { return m.id == id }); i >= 0 {
		p.pending[i].step = step
	} else {
		p.pending = append(p.pending, queuedMove{id, step})
	}
	if !p.running {
		p.running = true
		p.wg.Add(1)
		go p.run()
	}
}

// run publishes the pending moves batch by batch until none is left or
// the publisher closes.
func (p *movePublisher) run() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		if len(p.pending) == 0 || p.closed {
			p.running = false
			p.mu.Unlock()
			return
		}
		batch, upTo := p.pending, p.queued
		p.pending = nil
		p.mu.Unlock()
		for _, m := range batch {
			if p.ctx.Err() != nil {
				break // closed: what is left is not published
			}
			p.publish(p.ctx, m.id, m.step)
		}
		p.mu.Lock()
		p.settled = max(p.settled, upTo)
		close(p.settledC)
		p.settledC = make(chan struct{})
		p.mu.Unlock()
	}
}

// flush waits until every move queued before the call is published or
// has failed, or the publisher is closed; it returns ctx's error if ctx
// ends first. Each publication has its deadline, so the wait is bounded
// by two batches.
func (p *movePublisher) flush(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	want := p.queued
	p.waiting++
	defer func() { p.waiting-- }()
	for !p.closed && p.settled < want {
		c := p.settledC
		p.mu.Unlock()
		select {
		case <-c:
		case <-ctx.Done():
			p.mu.Lock()
			return ctx.Err()
		}
		p.mu.Lock()
	}
	return nil
}

// flushes is how many flushes are waiting.
func (p *movePublisher) flushes() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.waiting
}

// isClosed reports whether close was called.
func (p *movePublisher) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// close drops the moves not yet taken, cancels the publication under way
// and waits for the goroutine to end; later queues do nothing. Safe to
// call more than once.
func (p *movePublisher) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.pending = nil
	close(p.settledC)
	p.settledC = make(chan struct{})
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
}
