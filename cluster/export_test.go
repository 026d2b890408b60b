package cluster

import "time"

// StallFollows stops the consumer of every room this instance follows
// without telling the follow, and waits until each is closed: what a
// consumer lost with a NATS node looks like from here when the client
// does not make it again.
func (b *Bus) StallFollows() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for f := range b.follows {
		f.mu.Lock()
		cc := f.cc
		f.mu.Unlock()
		if cc != nil {
			cc.Stop()
			select {
			case <-cc.Closed():
			case <-time.After(5 * time.Second):
			}
		}
	}
}

// CheckFollows is what a reconnection starts: each follow watched, and
// remade where it has stalled.
func (b *Bus) CheckFollows() { b.checkFollows() }

// Replicas are the replicas of the stream and the bucket as this
// instance last read them.
func (b *Bus) Replicas() (stream, bucket int) {
	return int(b.streamReplicas.Load()), int(b.bucketReplicas.Load())
}
