package notebook

import (
	"net/http"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
)

// saveFactor is how many times its body a save or an open holds at once
// while it is read, checked and stored (the body, the decoded cells, the
// document and its .ipynb). BenchmarkSaveMemory measures what a save
// allocates in all, garbage included, and checks it stays under twice
// this; docs/benchmarks.md has both figures.
const saveFactor = 8

// reserveBody reserves from the memory budget what a request of at most
// limit bytes holds while handled (saveFactor × its declared length, or ×
// limit when it declares none), and answers 503 when the budget is full.
// The caller releases the reservation when done; nil budget: nothing.
func (h *Handler) reserveBody(w http.ResponseWriter, r *http.Request, kind string, limit int64) (*membudget.Reservation, bool) {
	if h.cfg.Memory == nil {
		return nil, true
	}
	n := limit
	if r.ContentLength >= 0 && r.ContentLength < limit {
		n = r.ContentLength
	}
	mem, err := h.cfg.Memory.Reserve(kind, saveFactor*n)
	if err != nil {
		jsonError(w, http.StatusServiceUnavailable, usererr.Text(err))
		return nil, false
	}
	return mem, true
}
