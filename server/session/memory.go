package server

import (
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/templates"
)

// What sessions and landing forms reserve from the server-wide memory
// budget (Config.Memory, docs/security.md "Memory budget").

// sessionNodeBytes is what one node of a lecture session holds (the
// search, its journal, the live records and the shared state): an upper
// figure of what BenchmarkSessionBytesPerNode measures. A session reserves
// MaxNodes of them from the memory budget when it starts.
const sessionNodeBytes = 256

// reserveLocked reserves a new session's worst case (maxNodes ×
// sessionNodeBytes) from the memory budget; when the budget is full it
// first reclaims one idle session (as a full store does), then refuses
// with the budget's reason. Called with st.mu held.
func (st *store) reserveLocked(maxNodes int) (*membudget.Reservation, error) {
	want := int64(maxNodes) * sessionNodeBytes
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

// reserveScript reserves, while the landing form's Starlark script is
// loaded and its search built, what one call of the script may grow the
// heap by (script.CallHeap); fv without a script reserves nothing. The
// caller releases it when the form is answered.
func (s *Server) reserveScript(fv templates.FormValues) (*membudget.Reservation, error) {
	if fv.Source != "script" {
		return nil, nil
	}
	mem, err := s.cfg.Memory.Reserve("scripts", script.CallHeap)
	if err != nil {
		return nil, usererr.Errorf("server", "%w", err)
	}
	return mem, nil
}
