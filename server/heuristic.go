package server

import (
	"fmt"
	"net/http"
	"strconv"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/stepper/hcheck"
)

// handleHeuristic answers GET /s/{id}/heuristic[?h=NAME]: is the session's
// heuristic (or NAME) admissible? consistent? A text report of
// hcheck.CheckHeuristic over the states reachable from the start, at most
// the server's node limit of them (the whole space when it is smaller). It
// shares the exports' slots: exploring is as costly as exporting.
func (s *Server) handleHeuristic(w http.ResponseWriter, r *http.Request) {
	sess, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var (
		inst stepper.Instance
		h    string
	)
	if !sess.Do(func(lv session.Live) {
		inst, h = lv.Search.Instance(), lv.Search.Options().Heuristic
	}) {
		httpError(w, "the session has ended", http.StatusGone)
		return
	}
	if v := r.URL.Query().Get("h"); v != "" {
		h = v
	}
	select {
	case s.exports <- struct{}{}:
		defer func() { <-s.exports }()
	default:
		w.Header().Set("Retry-After", strconv.Itoa(exportRetry))
		httpError(w, fmt.Sprintf("%d exports or checks are being made already; try again in %d seconds", maxExports, exportRetry), http.StatusServiceUnavailable)
		return
	}
	rep, err := hcheck.CheckHeuristic(inst, h, min(s.cfg.MaxNodes, hcheck.DefaultCheckStates))
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	rep.WriteText(w)
	added, saved := "", ""
	if sc, ok := inst.(*script.Instance); ok {
		name, _ := sc.Source()
		saved = fmt.Sprintf(" (save the script as %s first)", name)
	}
	if x := stepper.ExtraOf(inst); x != nil && len(x.Sources) > 0 {
		// the heuristics typed on the home page's form (heuristicsFile)
		added = " -heuristics " + x.Sources[0].Where
		saved = fmt.Sprintf(" (save your heuristic as %s first)", x.Sources[0].Where)
	}
	fmt.Fprintf(w, "\nOn your own machine: stepviz heuristic -problem %q%s -h %s%s\n", inst.Spec(), added, rep.Heuristic, saved)
}
