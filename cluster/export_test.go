package cluster

// StallFollows stops the consumer of every room this instance follows
// without telling the follow: what a consumer lost with a NATS node looks
// like from here when the client does not make it again.
func (b *Bus) StallFollows() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for f := range b.follows {
		f.mu.Lock()
		if f.cc != nil {
			f.cc.Stop()
		}
		f.mu.Unlock()
	}
}

// CheckFollows is what a reconnection starts: each follow watched, and
// remade where it has stalled.
func (b *Bus) CheckFollows() { b.checkFollows() }
