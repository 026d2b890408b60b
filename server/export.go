package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"

	"stepviz/stepper"
	"stepviz/viz/export"
)

// handleExport serves GET /s/{id}/export?format=F[&step=K]: the session's
// trace up to step K (default: the live step) in any export format, as a
// download. Presenters and followers alike may export; K may be any step
// the session has reached, or up to exploreAhead past it, as far as a
// follower may explore. The export is made from a fresh search on the
// session's problem and options, so it never touches the live search (the
// search is deterministic: step K is the same step). The file is written
// into a buffer first, so a failure never sends half a file.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	sess, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	name := r.URL.Query().Get("format")
	f, known := export.Lookup(name)
	if !known {
		http.Error(w, fmt.Sprintf("server: unknown export format %q; formats are %v", name, export.FormatNames()), http.StatusBadRequest)
		return
	}
	var (
		inst     stepper.Instance
		o        stepper.Options
		live     int
		furthest int
	)
	if !sess.hub.do(func() {
		inst, o = sess.hub.search.Instance(), sess.hub.search.Options()
		live, furthest = sess.hub.search.StepCount(), len(sess.hub.history)-1+exploreAhead
	}) {
		http.Error(w, "server: the session has ended", http.StatusGone)
		return
	}
	step := live
	if v := r.URL.Query().Get("step"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > furthest {
			http.Error(w, fmt.Sprintf("server: step %q: want a whole number from 0 to %d", v, furthest), http.StatusBadRequest)
			return
		}
		step = k
	}
	search, err := stepper.NewSearch(inst, o)
	if err != nil {
		http.Error(w, "server: "+err.Error(), http.StatusInternalServerError)
		return
	}
	search.Seek(step)
	var buf bytes.Buffer
	if err := export.Write(&buf, f.Name, search, step); err != nil {
		http.Error(w, "server: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", f.MIME)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("stepviz-%s-step%d%s", sess.ID, step, f.Ext)))
	_, _ = buf.WriteTo(w)
}
