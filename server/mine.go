package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/server/session"
	"stepviz/static"
	persist "stepviz/store"
	"stepviz/templates"
)

// The lecturer's page (/mine) lists the sessions and rooms whose presenter
// keys this browser holds: the server puts each key it hands out in the
// keysCookie cookie (HttpOnly, SameSite=Lax, this server only), newest
// first, at most maxKeptKeys of them. The cookie is as secret as the
// presenter links in the browser's history, no more. Each entry is
// checked against the session's or room's key before it is listed.

const (
	keysCookie  = "stepviz_keys"
	maxKeptKeys = 60 // about 45 bytes each: under the 4 KB a cookie may hold
	keysMaxAge  = 180 * 24 * time.Hour
)

// heldKey is one presenter key a browser holds: kind "s" (a session) or
// "r" (a room).
type heldKey struct{ kind, id, key string }

// tokenChars reports whether s is a non-empty id or key as this server
// makes them (base64url, room codes).
func tokenChars(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// heldKeys reads the keys r's browser holds, newest first; malformed
// entries are dropped. At most maxKeptKeys.
func heldKeys(r *http.Request) []heldKey {
	c, err := r.Cookie(keysCookie)
	if err != nil {
		return nil
	}
	var out []heldKey
	for _, e := range strings.Split(c.Value, "|") {
		f := strings.Split(e, ".")
		if len(f) == 3 && (f[0] == "s" || f[0] == "r") && tokenChars(f[1]) && tokenChars(f[2]) {
			out = append(out, heldKey{f[0], f[1], f[2]})
		}
		if len(out) == maxKeptKeys {
			break
		}
	}
	return out
}

// setHeldKeys writes the keys cookie (deleting it when keys is empty).
func setHeldKeys(w http.ResponseWriter, r *http.Request, keys []heldKey) {
	parts := make([]string, 0, len(keys))
	for _, k := range keys[:min(len(keys), maxKeptKeys)] {
		parts = append(parts, k.kind+"."+k.id+"."+k.key)
	}
	c := &http.Cookie{Name: keysCookie, Value: strings.Join(parts, "|"), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil, MaxAge: int(keysMaxAge.Seconds())}
	if len(parts) == 0 {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// rememberKey adds a presenter key to the browser's list (newest first).
func rememberKey(w http.ResponseWriter, r *http.Request, kind, id, key string) {
	keys := []heldKey{{kind, id, key}}
	for _, k := range heldKeys(r) {
		if k.kind != kind || k.id != id {
			keys = append(keys, k)
		}
	}
	setHeldKeys(w, r, keys)
}

// routeMine adds the lecturer's page and the close actions.
func (s *Server) routeMine() {
	s.routeSessionQR()
	s.mux.HandleFunc("GET /mine", s.handleMine)
	s.mux.HandleFunc("POST /s/{id}/close", s.handleCloseSession)
	if s.rooms != nil {
		s.mux.HandleFunc("POST /r/{room}/close", s.handleCloseRoom)
	}
}

// handleMine lists the sessions and rooms whose keys the browser holds and
// still open; the ones that no longer exist are dropped from the cookie.
// Cost: one lookup per key held (at most maxKeptKeys).
func (s *Server) handleMine(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	var d templates.MineData
	d.Static, d.Kept = static.Version(), s.cfg.DB != nil
	held := heldKeys(r)
	var valid []heldKey
	for _, k := range held {
		if k.kind == "r" {
			if it, ok := s.mineRoom(ctx, k); ok {
				d.Rooms = append(d.Rooms, it)
				valid = append(valid, k)
			}
			continue
		}
		if it, ok := s.mineSession(ctx, k); ok {
			d.Sessions = append(d.Sessions, it)
			valid = append(valid, k)
		}
	}
	if len(valid) != len(held) {
		setHeldKeys(w, r, valid)
	}
	w.Header().Set("Cache-Control", "no-store")
	render(w, r, http.StatusOK, templates.Mine(d))
}

// mineSession describes session k if it exists and k.key drives it.
func (s *Server) mineSession(ctx context.Context, k heldKey) (templates.MineItem, bool) {
	it := templates.MineItem{ID: k.id, Key: k.key, Href: "/s/" + k.id + "?" + keyParam + "=" + url.QueryEscape(k.key), Close: "/s/" + k.id + "/close"}
	if sess, ok := s.sessions.Get(k.id); ok {
		if !sess.IsPresenter(k.key) {
			return it, false
		}
		sess.Do(func(lv session.Live) {
			it.Title, it.Detail = lv.Info.Spec, lv.Info.Options
			it.Step = lv.Search.StepCount()
		})
		it.Live, it.Kept = true, sess.Kept()
		return it, true
	}
	if s.cfg.DB == nil {
		return it, false
	}
	l, err := s.cfg.DB.Lecture(ctx, k.id)
	if err != nil || !session.KeyMatches(l.KeyHash, k.key) {
		return it, false
	}
	it.Title, it.Detail, it.Step, it.Kept = l.Spec, l.Options, l.Step, true
	return it, true
}

// mineRoom describes room k if it exists and k.key drives it.
func (s *Server) mineRoom(ctx context.Context, k heldKey) (templates.MineItem, bool) {
	it := templates.MineItem{ID: k.id, Key: k.key, Href: roomPresenterPath(k.id, k.key), Close: "/r/" + k.id + "/close", Kept: true}
	if s.rooms == nil {
		return it, false
	}
	rm, err := s.rooms.Get(ctx, k.id)
	if err != nil || !rm.IsPresenter(k.key) {
		return it, false
	}
	var lines []string
	it.Title, lines, it.Step = rm.Summary()
	it.Detail = strings.Join(lines, "; ")
	return it, true
}

// presenterKeyOf reads the presenter key a close form sends.
func presenterKeyOf(w http.ResponseWriter, r *http.Request) (string, bool) {
	if err := webguard.CheckContentType(r, "application/x-www-form-urlencoded"); err != nil {
		httpError(w, usererr.Text(err), http.StatusUnsupportedMediaType)
		return "", false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		formError(w, err)
		return "", false
	}
	key := r.PostForm.Get(keyParam)
	if key == "" {
		httpError(w, "closing needs the presenter's key: use the Close button on /mine", http.StatusForbidden)
		return "", false
	}
	return key, true
}

// forgetKey drops a key from the browser's list and returns to /mine.
func forgetKey(w http.ResponseWriter, r *http.Request, kind, id string) {
	var keys []heldKey
	for _, k := range heldKeys(r) {
		if k.kind != kind || k.id != id {
			keys = append(keys, k)
		}
	}
	setHeldKeys(w, r, keys)
	http.Redirect(w, r, "/mine", http.StatusSeeOther)
}

// handleCloseSession ends a session for good: its pages are closed and,
// when it is a lecture, its record deleted. Only its presenter may.
func (s *Server) handleCloseSession(w http.ResponseWriter, r *http.Request) {
	key, ok := presenterKeyOf(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	it, ok := s.mineSession(r.Context(), heldKey{"s", id, key})
	if !ok {
		httpError(w, "no such session, or not its presenter's key; nothing was closed", http.StatusNotFound)
		return
	}
	s.sessions.Remove(id, "the presenter closed this session")
	if it.Kept {
		if _, err := s.cfg.DB.DeleteLecture(r.Context(), id); err != nil {
			httpError(w, usererr.Text(err), http.StatusInternalServerError)
			return
		}
	}
	s.logf("session %s closed by its presenter", id)
	forgetKey(w, r, "s", id)
}

// handleCloseRoom deletes a room with its searches and polls; its pages
// are closed. Only its presenter may.
func (s *Server) handleCloseRoom(w http.ResponseWriter, r *http.Request) {
	key, ok := presenterKeyOf(w, r)
	if !ok {
		return
	}
	if s.rooms.Shared() {
		httpError(w, "rooms shared by several instances (-nats) are not closed from one of them", http.StatusNotImplemented)
		return
	}
	id := r.PathValue("room")
	rm, err := s.rooms.Get(r.Context(), id)
	if errors.Is(err, persist.ErrNotFound) || (err == nil && !rm.IsPresenter(key)) {
		httpError(w, "no such room, or not its presenter's key; nothing was closed", http.StatusNotFound)
		return
	}
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	ids, err := s.rooms.Delete(r.Context(), rm)
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	for _, id := range ids {
		s.sessions.Remove(id, "the presenter closed this room")
	}
	s.logf("room %s closed by its presenter", id)
	forgetKey(w, r, "r", id)
}
