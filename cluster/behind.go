package cluster

import "github.com/nats-io/nats.go"

// A room followed here is behind while this instance cannot receive its
// events: from the moment the connection to NATS is lost, or a check of
// the follow (check) cannot read the room's last event from the stream
// (its one server down, no leader) or finds the consumer stalled, until a
// check finds every event the stream holds for the room delivered. The
// OnBehind functions hear each change, so the instance can tell the
// people following the room here that the lecturer's steps are not
// reaching it, and that they are again.

// OnBehind calls f each time a room this instance follows falls behind
// (true) or has caught up (false). f is called on the goroutine that saw
// the change, for one room at a time, in the order of the changes; it must
// not call the bus back. Changes of different rooms may be concurrent.
func (b *Bus) OnBehind(f func(room string, behind bool)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onBehind = append(b.onBehind, f)
}

// disconnected marks every room followed here behind; it is the
// connection's disconnect handler, so it returns at once.
func (b *Bus) disconnected(*nats.Conn, error) {
	b.mu.Lock()
	fs := make([]*roomFollow, 0, len(b.follows))
	for f := range b.follows {
		fs = append(fs, f)
	}
	b.mu.Unlock()
	for _, f := range fs {
		go f.setBehind(true)
	}
}

// setBehind records whether the follow is behind and, when that changed,
// tells the OnBehind functions. tell serialises the changes with their
// calls, so the functions hear them in the order they were made. Cost:
// one call of each OnBehind function per change.
func (f *roomFollow) setBehind(behind bool) {
	f.tell.Lock()
	defer f.tell.Unlock()
	f.mu.Lock()
	changed := f.behind != behind && !f.stopped
	f.behind = behind
	f.mu.Unlock()
	if !changed {
		return
	}
	f.b.mu.Lock()
	fns := append([]func(string, bool){}, f.b.onBehind...)
	f.b.mu.Unlock()
	for _, fn := range fns {
		fn(f.room, behind)
	}
}

// isBehind reports whether the follow is behind now.
func (f *roomFollow) isBehind() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.behind
}
