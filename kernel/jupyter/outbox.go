package jupyter

import (
	"sync"

	"stepviz/kernel"
)

// outbox publishes one cell's outputs on iopub, in order, on a goroutine
// of its own: rasterising a live frame's pictures to PNG takes up to a few
// hundred milliseconds on a loaded machine, and the run loop (and so an
// interrupt) must not wait for it. An update of a live display that is
// still waiting when a newer one comes is replaced by it: a viewer needs
// the latest frame, and the queue stays at most one frame per display
// between two other outputs. Invariant: every output added before close
// is published (or replaced by a newer update of its display) before
// close returns.
type outbox struct {
	publish func(kernel.Output) // sends one output; only the loop calls it

	mu     sync.Mutex
	queue  []kernel.Output // guarded by mu
	closed bool            // guarded by mu
	wake   chan struct{}   // capacity 1: the loop has something to look at
	done   chan struct{}   // closed when the loop ends
}

// newOutbox publishes the outputs of the cell of request parent.
func (s *server) newOutbox(parent *Message) *outbox {
	return startOutbox(func(o kernel.Output) { s.publishOutput(parent, o) })
}

func startOutbox(publish func(kernel.Output)) *outbox {
	ob := &outbox{publish: publish, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go ob.loop()
	return ob
}

// add queues o. O(1); it never waits for a publication.
func (ob *outbox) add(o kernel.Output) {
	ob.mu.Lock()
	n := len(ob.queue)
	if o.Update && o.DisplayID != "" && n > 0 && ob.queue[n-1].Update && ob.queue[n-1].DisplayID == o.DisplayID {
		ob.queue[n-1] = o
	} else {
		ob.queue = append(ob.queue, o)
	}
	ob.mu.Unlock()
	ob.poke()
}

func (ob *outbox) poke() {
	select {
	case ob.wake <- struct{}{}:
	default:
	}
}

func (ob *outbox) loop() {
	defer close(ob.done)
	for {
		ob.mu.Lock()
		if len(ob.queue) == 0 {
			closed := ob.closed
			ob.mu.Unlock()
			if closed {
				return
			}
			<-ob.wake
			continue
		}
		o := ob.queue[0]
		ob.queue = ob.queue[1:]
		ob.mu.Unlock()
		ob.publish(o)
	}
}

// close waits until every output added has been published.
func (ob *outbox) close() {
	ob.mu.Lock()
	ob.closed = true
	ob.mu.Unlock()
	ob.poke()
	<-ob.done
}
