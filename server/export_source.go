package server

import (
	"fmt"
	"net/http"
	"strconv"

	"stepviz/internal/usererr"
	"stepviz/server/session"
	"stepviz/stepper"
)

// exportSource is what an export or a worksheet of a session is made from:
// the session's problem and options, and the step to trace to.
type exportSource struct {
	inst stepper.Instance
	o    stepper.Options
	step int
}

// exportSourceOf reads the session's problem and options and the step to
// trace to: the request's step=K, from 0 to the furthest step a follower
// may view (a bad one is told to give least or more: the caller explains
// a 0 below least in its own words), or the live step. On a bad step or an ended session
// it answers the request and reports false. O(1).
func exportSourceOf(w http.ResponseWriter, r *http.Request, sess *session.Session, least int) (exportSource, bool) {
	var (
		src      exportSource
		furthest int
	)
	if !sess.Do(func(lv session.Live) {
		src.inst, src.o = lv.Search.Instance(), lv.Search.Options()
		src.step, furthest = lv.Search.StepCount(), lv.ViewLimit()
	}) {
		httpError(w, "the session has ended", http.StatusGone)
		return src, false
	}
	if v := r.URL.Query().Get("step"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > furthest {
			httpError(w, fmt.Sprintf("step %q: want a whole number from %d to %d", v, least, furthest), http.StatusBadRequest)
			return src, false
		}
		src.step = k
	}
	return src, true
}

// exportSlot takes one of the maxExports slots for making an export, or
// answers 503 with Retry-After and reports false. The caller releases a
// slot taken with release.
func (s *Server) exportSlot(w http.ResponseWriter) (release func(), ok bool) {
	select {
	case s.exports <- struct{}{}:
		return func() { <-s.exports }, true
	default:
		w.Header().Set("Retry-After", strconv.Itoa(exportRetry))
		httpError(w, fmt.Sprintf("%d exports are being made already; try again in %d seconds", maxExports, exportRetry), http.StatusServiceUnavailable)
		return nil, false
	}
}

// search is a fresh search on the source's problem and options, or
// answers the request with why not and reports false.
func (src exportSource) search(w http.ResponseWriter) (*stepper.Search, bool) {
	search, err := stepper.NewSearch(src.inst, src.o)
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return nil, false
	}
	return search, true
}
