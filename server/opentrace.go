package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/words"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/templates"
	"stepviz/viz/export"
)

// maxTraceBytes caps an uploaded trace.
const maxTraceBytes = 32 << 20

// traceReplayTime bounds the replay that checks an uploaded trace: a trace
// may carry a script's heuristics whose every call is slow, and its upload
// must not hold the request (and a CPU) for the whole of the sandbox's
// search budget.
const traceReplayTime = 3 * time.Second

// handleOpenTrace serves POST /sessions/trace: a JSON trace exported by
// stepviz (multipart field "trace") becomes a new session standing at the
// trace's last step, after every recorded event has been checked against
// the engine (export.Trace.Replay). A bad file goes back to the landing
// page with the reader's own words: what is wrong, and where.
func (s *Server) handleOpenTrace(w http.ResponseWriter, r *http.Request) {
	if err := webguard.CheckContentType(r, "multipart/form-data"); err != nil {
		httpError(w, usererr.Text(err), http.StatusUnsupportedMediaType)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxTraceBytes)
	refuse := func(status int, err error) {
		d := s.landingData(templates.FormValues{Source: "puzzle"})
		d.Error, d.ErrorField = usererr.Text(err), "trace"
		render(w, r, status, templates.Landing(d))
	}
	file, _, err := r.FormFile("trace")
	if err != nil {
		refuse(http.StatusBadRequest, usererr.Errorf("server", "choose a trace file (.json, from stepviz trace -format json or a Download), at most %d MB", maxTraceBytes>>20))
		return
	}
	defer file.Close()
	tr, err := export.ReadTrace(file)
	if err != nil {
		refuse(http.StatusUnprocessableEntity, err)
		return
	}
	search, err := s.searchFromTrace(r.Context(), tr)
	if err != nil {
		refuse(http.StatusUnprocessableEntity, err)
		return
	}
	sess, err := s.startSessionFor(r, search)
	if err != nil {
		refuse(http.StatusServiceUnavailable, err)
		return
	}
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf("session %s: opened a trace of %d steps: %s | %s", sess.ID, tr.Steps, tr.Problem, tr.Options)
	}
	rememberKey(w, r, "s", sess.ID, sess.Key())
	http.Redirect(w, r, presenterPath(sess), http.StatusSeeOther)
}

// searchFromTrace replays a trace within this server's limits: it names no
// file, and its search may store no more nodes than a session may (the
// recorded steps must fit; later steps stop at the limit).
func (s *Server) searchFromTrace(ctx context.Context, tr *export.Trace) (*stepper.Search, error) {
	o, err := stepper.ParseOptions(tr.Options)
	if err != nil {
		return nil, usererr.Errorf("server", "the trace's options: %w", err)
	}
	if !o.Algorithm.Journaled() {
		return nil, session.NotJournaled(o.Algorithm)
	}
	if o.MaxNodes > s.cfg.MaxNodes {
		o.MaxNodes = s.cfg.MaxNodes
		tr.Options = o.String()
	}
	ctx, cancel := context.WithTimeoutCause(ctx, traceReplayTime, errSlowReplay)
	defer cancel()
	search, err := tr.ReplayContext(ctx)
	if errors.Is(err, errSlowReplay) {
		return nil, usererr.Errorf("server", "%w", err)
	}
	if err != nil {
		return nil, usererr.Errorf("server", "the trace does not replay here (this server allows %d nodes a session): %w", s.cfg.MaxNodes, err)
	}
	return search, nil
}

// errSlowReplay is why an upload's replay stopped at traceReplayTime.
var errSlowReplay = fmt.Errorf("the trace takes over %s to check here (its heuristics are slow): open it with stepviz replay on your own computer, or export fewer steps", words.Duration(traceReplayTime))
