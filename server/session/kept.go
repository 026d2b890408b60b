package session

import (
	"sort"
	"time"

	"stepviz/stepper"
)

// unloadKept stops up to n kept sessions of owner that no page is
// connected to (lectures, rebuilt from the database on their next
// request), least recently used first, and returns how many it stopped.
// O(sessions log sessions).
func (st *Store) UnloadKept(owner string, n int) int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.unloadKeptLocked(owner, n)
}

func (st *Store) unloadKeptLocked(owner string, n int) int {
	var kept []*Session
	for _, s := range st.sessions {
		if s.owner == owner && s.kept.Load() && s.hub.connected.Load() == 0 {
			kept = append(kept, s)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].hub.lastUsed.Load() < kept[j].hub.lastUsed.Load() })
	kept = kept[:min(n, len(kept))]
	for _, s := range kept {
		st.dropLocked(s)
		go s.hub.stop()
	}
	return len(kept)
}

// AdoptLecture registers search as lecture id's session, owned by owner
// and counted in its share: when the share is full, the owner's kept
// sessions no page is connected to are unloaded first; when the server is
// full, idle sessions are reclaimed. If the id is already live, that
// session.
func (st *Store) AdoptLecture(id, owner string, keyHash []byte, s *stepper.Search, maxNodes int, onMove func(*stepper.Search)) (*Session, error) {
	st.mu.Lock()
	if sess, ok := st.sessions[id]; ok {
		st.mu.Unlock()
		return sess, nil
	}
	if err := st.admitLocked(owner, func(owner string, n int) { st.unloadKeptLocked(owner, n) }); err != nil {
		st.mu.Unlock()
		return nil, err
	}
	sess := &Session{ID: id, keyHash: keyHash, created: time.Now(), maxNodes: maxNodes, owner: owner, onMove: onMove}
	sess.kept.Store(true)
	sess.hub = newHub(sess, s, describe(s))
	st.sessions[id] = sess
	st.owned[owner]++
	st.mu.Unlock()
	go sess.hub.run()
	return sess, nil
}

// dropLocked removes s from the store (not stopping it).
func (st *Store) dropLocked(s *Session) {
	delete(st.sessions, s.ID)
	if st.owned[s.owner]--; st.owned[s.owner] <= 0 {
		delete(st.owned, s.owner)
	}
}

// remove stops session id and forgets it, closing its pages with reason;
// it reports whether there was one.
func (st *Store) Remove(id, reason string) bool {
	st.mu.Lock()
	s, ok := st.sessions[id]
	if ok {
		st.dropLocked(s)
	}
	st.mu.Unlock()
	if ok {
		s.hub.endReason.Store(&reason)
		s.hub.stop()
	}
	return ok
}
