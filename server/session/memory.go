package session

import (
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
)

// What sessions reserve from the server-wide memory
// budget (server.Config.Memory, docs/security.md "Memory budget").

// NodeBytes is what one node of a lecture session holds (the
// search, its journal, the live records and the shared state): an upper
// figure of what BenchmarkSessionBytesPerNode measures. A session reserves
// MaxNodes of them from the memory budget when it starts. That bounds
// every session: a search stops at the node limit, except the
// depth-first family, which journals up to it and then holds only its
// path, pending siblings and checkpoints (bounded.go), far less than the
// reservation however far it goes (BenchmarkBoundedSession).
const NodeBytes = 256

// reserveLocked reserves a new session's worst case (maxNodes ×
// NodeBytes) from the memory budget; when the budget is full it
// first reclaims one idle session (as a full store does), then refuses
// with the budget's reason. Called with st.mu held.
func (st *Store) reserveLocked(maxNodes int) (*membudget.Reservation, error) {
	want := int64(maxNodes) * NodeBytes
	mem, err := st.mem.Reserve("lecture sessions", want)
	if err != nil {
		st.reclaimLocked("", 1)
		mem, err = st.mem.Reserve("lecture sessions", want)
	}
	if err != nil {
		return nil, usererr.Errorf("server", "%w", err)
	}
	return mem, nil
}
