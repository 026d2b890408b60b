package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/words"
	"stepviz/server/session"
	"stepviz/stepper"
	persist "stepviz/store"
	"stepviz/templates"
)

// A lecture is a session started from the landing page on a server with a
// database. Like a room's search, it is kept as the record it is rebuilt
// from — the landing form's values (the engine is deterministic), the
// presenter key's hash and the live step, saved before any follower sees
// a step — so it survives a restart or kill -9, and a session reclaimed
// from memory comes back under the same id on its next page or websocket.
// Because a kept lecture loses nothing when unloaded, a lecturer (a
// browser holding the presenter key of a lecture its address started)
// at its full share of sessions in memory has its least recently used
// lecture that no page shows unloaded instead of being refused; anyone
// else is refused at the share, as without a database. A rebuilt lecture
// counts in its owner's share again.
//
// Ownership and bounds: a lecture is owned by the address that started it;
// one address keeps at most maxLecturesPerClient, the server at most
// maxLectures, evicting the least recently moved one idle for lectureIdle
// when full. Beyond them a session still runs, in memory only, and its
// page says it is not kept.

const (
	maxLectures          = 5000
	maxLecturesPerClient = 200
	lectureIdle          = 30 * 24 * time.Hour
)

// keepLecture records sess, started from the form fv by owner, as a
// lecture, and makes its moves saved. It returns why it could not (the
// session runs anyway), or "" once kept. A no-op without a database.
func (s *Server) keepLecture(ctx context.Context, sess *session.Session, fv templates.FormValues, owner string) string {
	if s.cfg.DB == nil {
		return ""
	}
	form, err := json.Marshal(fv)
	if err != nil {
		return "not kept across restarts: " + usererr.Text(err)
	}
	if len(form) > persist.MaxLectureForm {
		return fmt.Sprintf("not kept across restarts: its problem takes %d KB, more than the %d KB kept", len(form)>>10, persist.MaxLectureForm>>10)
	}
	total, owned, err := s.cfg.DB.LectureUsage(ctx, owner)
	if err != nil {
		return "not kept across restarts: " + usererr.Text(err)
	}
	if owned >= maxLecturesPerClient {
		return fmt.Sprintf("not kept across restarts: your computer keeps %d sessions here, the most one may; close some on /mine", owned)
	}
	if total >= maxLectures {
		id, err := s.cfg.DB.EvictLecture(ctx, time.Now().Add(-lectureIdle).Unix())
		if err != nil || id == "" {
			return fmt.Sprintf("not kept across restarts: this server keeps %d sessions, the most it allows", maxLectures)
		}
		s.logf("lecture %s evicted: unused for %s and the server full", id, words.Duration(lectureIdle))
	}
	var spec, opts string
	sess.Do(func(lv session.Live) { spec, opts = lv.Info.Spec, lv.Info.Options })
	l := persist.Lecture{ID: sess.ID, KeyHash: persist.HashKey(sess.Key()), Form: string(form), Spec: spec, Options: opts, Owner: owner}
	if err := s.cfg.DB.CreateLecture(ctx, l); err != nil {
		return "not kept across restarts: " + usererr.Text(err)
	}
	// The presenter has not been sent the page yet: no move precedes this.
	sess.Keep(s.lectureMoved(sess.ID))
	return ""
}

// lectureMoved is the hook of lecture id's session: it saves the step
// before any follower sees it. It runs on the session's hub goroutine.
func (s *Server) lectureMoved(id string) func(*stepper.Search) {
	return func(search *stepper.Search) {
		if err := s.cfg.DB.SetLectureStep(context.Background(), id, search.StepCount(), time.Now().Unix()); err != nil {
			s.logf("lecture %s: %v", id, err)
		}
	}
}

// lectureSession returns the live session of lecture id, rebuilding it
// from its record at its step when this process has none. It returns
// false if no lecture has that id. Cost: O(step) engine steps.
func (s *Server) lectureSession(ctx context.Context, id string) (*session.Session, bool, error) {
	if sess, ok := s.sessions.Get(id); ok {
		return sess, true, nil
	}
	l, err := s.cfg.DB.Lecture(ctx, id)
	if errors.Is(err, persist.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var fv templates.FormValues
	if err := json.Unmarshal([]byte(l.Form), &fv); err != nil {
		return nil, false, usererr.Errorf("server", "session %s's record is damaged (%v); start it again from /", id, err)
	}
	search, err := searchFromForm(fv, s.cfg.MaxNodes)
	if err != nil {
		return nil, false, usererr.Errorf("server", "session %s cannot be rebuilt on this server: %w", id, err)
	}
	search = session.SeekCapped(search, l.Step, s.cfg.MaxNodes) // past the node limit, as the session went: bounded
	sess, err := s.sessions.AdoptLecture(id, l.Owner, l.KeyHash, search, s.cfg.MaxNodes, s.lectureMoved(id))
	if err != nil {
		return nil, false, err
	}
	return sess, true, nil
}

// isLecturer reports whether r's browser holds the presenter key of a
// lecture its address started: such a client, at its share of sessions,
// has its unused lectures unloaded rather than being refused. At most
// maxKeptKeys lookups.
func (s *Server) isLecturer(ctx context.Context, r *http.Request) bool {
	if s.cfg.DB == nil {
		return false
	}
	owner := webguard.ClientIP(r)
	for _, k := range heldKeys(r) {
		if k.kind != "s" {
			continue
		}
		l, err := s.cfg.DB.Lecture(ctx, k.id)
		if err == nil && l.Owner == owner && session.KeyMatches(l.KeyHash, k.key) {
			return true
		}
	}
	return false
}

// startLecture starts a session from the landing form for r's client. A
// lecturer (isLecturer) at its share has its least recently used lecture
// no page shows unloaded instead of being refused.
func (s *Server) startLecture(r *http.Request, search *stepper.Search) (*session.Session, error) {
	sess, err := s.startSessionFor(r, search)
	var quota session.OwnerQuotaError
	if errors.As(err, &quota) && s.isLecturer(r.Context(), r) && s.sessions.UnloadKept(webguard.ClientIP(r), 1) > 0 {
		sess, err = s.startSessionFor(r, search)
	}
	return sess, err
}
