package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/server/room"
	"stepviz/static"
	persist "stepviz/store"
	"stepviz/templates"
)

// routeRooms adds the room routes (docs/rooms.md).
func (s *Server) routeRooms() {
	s.mux.HandleFunc("POST /rooms", s.handleCreateRoom)
	s.mux.HandleFunc("GET /r/{room}", s.handleRoom)
	s.mux.HandleFunc("GET /r/{room}/ws", s.handleRoomWS)
	s.mux.HandleFunc("GET /r/{room}/qr.png", s.handleRoomQR)
	s.mux.HandleFunc("GET /r/{room}/qr", s.handleRoomQRPage)
	s.mux.HandleFunc("GET /r/{room}/polls.csv", s.handlePollsCSV)
	s.mux.HandleFunc("GET /j/{code}", s.handleJoin)
	s.mux.HandleFunc("GET /r/{room}/polls-summary.csv", s.handlePollsCSV)
}

// roomPresenterPath is the presenter's link to a room (it carries the key).
func roomPresenterPath(id, key string) string {
	return "/r/" + id + "?" + keyParam + "=" + url.QueryEscape(key)
}

// handleCreateRoom opens a room and redirects to the presenter's page.
func (s *Server) handleCreateRoom(w http.ResponseWriter, r *http.Request) {
	if s.rooms == nil {
		httpError(w, "rooms need a database: start the server with -db FILE", http.StatusServiceUnavailable)
		return
	}
	rm, key, err := s.rooms.Create(r.Context(), webguard.ClientIP(r))
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
		return
	}
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf("room %s opened", rm.ID)
	}
	rememberKey(w, r, "r", rm.ID, key)
	http.Redirect(w, r, roomPresenterPath(rm.ID, key), http.StatusSeeOther)
}

// roomOf finds the room of a request and whether the request carries its
// presenter key. A wrong key is an error, not a silent downgrade.
func (s *Server) roomOf(w http.ResponseWriter, r *http.Request) (*room.Room, bool, bool) {
	if s.rooms == nil {
		httpError(w, "rooms need a database: start the server with -db FILE", http.StatusNotFound)
		return nil, false, false
	}
	// An address over its guesses (room/room_code.go) is refused before the
	// lookup, except with a presenter key: a right key is no guess, so the
	// lecturer behind a class's shared address is never locked out, and a
	// wrong key or unknown room gets the same 429, telling a guesser nothing.
	addr, key := webguard.ClientIP(r), r.URL.Query().Get(keyParam)
	wait := s.rooms.GuessWait(addr)
	if wait > 0 && key == "" {
		tooManyGuesses(w, wait)
		return nil, false, false
	}
	rm, err := s.rooms.Get(r.Context(), r.PathValue("room"))
	if errors.Is(err, persist.ErrNotFound) || (err == nil && key != "" && !rm.IsPresenter(key)) {
		switch {
		case wait > 0:
			tooManyGuesses(w, wait)
		case err != nil:
			s.rooms.GuessMiss(addr)
			httpError(w, "no such room: check the link, or type the room's code at /j/CODE (letters and digits, no 0, 1, l, o, i)", http.StatusNotFound)
		default:
			s.rooms.GuessMiss(addr)
			httpError(w, "wrong presenter key; drop ?key= from the link to follow read-only", http.StatusForbidden)
		}
		return nil, false, false
	}
	if err != nil {
		httpError(w, usererr.Text(err), errorStatus(w, err))
		return nil, false, false
	}
	return rm, key != "", true
}

// unavailabler is an error that says whether what it needs is down for
// now (the cluster's, while the NATS server keeping the rooms is).
type unavailabler interface{ Unavailable() bool }

// errorStatus is the HTTP status of a server-side error: 503 with a
// Retry-After when the error says the service it needs is down for now,
// else 500.
func errorStatus(w http.ResponseWriter, err error) int {
	var u unavailabler
	if errors.As(err, &u) && u.Unavailable() {
		w.Header().Set("Retry-After", "10")
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

func (s *Server) handleRoom(w http.ResponseWriter, r *http.Request) {
	rm, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	scheme := "ws"
	if r.TLS != nil {
		scheme = "wss"
	}
	to := s.reachFor(r)
	d := templates.RoomData{ID: rm.ID, Presenter: presenter, FollowerURL: to.Base + "/r/" + rm.ID,
		Short: persist.ShortCode(rm.ID), JoinURL: to.Base + "/j/" + persist.ShortCode(rm.ID),
		WSURL: scheme + "://" + r.Host + "/r/" + rm.ID + "/ws", Static: static.Version()}
	if to.LoopbackOnly {
		d.LoopbackOnly = s.classroomCommand()
	}
	if presenter {
		key := r.URL.Query().Get(keyParam)
		d.Key = key
		d.PresenterURL = absURL(r, roomPresenterPath(rm.ID, key))
		d.CSVURL = "/r/" + rm.ID + "/polls.csv?" + keyParam + "=" + url.QueryEscape(key)
		d.SummaryURL = "/r/" + rm.ID + "/polls-summary.csv?" + keyParam + "=" + url.QueryEscape(key)
		rememberKey(w, r, "r", rm.ID, key)
	}
	d.Problem, d.Searches, _ = rm.Summary()
	if presenter {
		d.Heuristics, d.HeuristicViews = rm.LiveHeuristics(), heuristicViews()
	}
	render(w, r, http.StatusOK, templates.Room(d))
}

// handleRoomWS upgrades to the room's websocket.
func (s *Server) handleRoomWS(w http.ResponseWriter, r *http.Request) {
	rm, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	rm.Connect(w, r, presenter, room.Conn{Addrs: s.addrs, Upgrader: &s.upgrader})
}

// handleRoomQR serves a QR code of the room's followers' link.
func (s *Server) handleRoomQR(w http.ResponseWriter, r *http.Request) {
	if rm, _, ok := s.roomOf(w, r); ok {
		writeQR(w, s.reachFor(r).Base+"/r/"+rm.ID)
	}
}

// handleRoomQRPage shows the room's QR code for the projector.
func (s *Server) handleRoomQRPage(w http.ResponseWriter, r *http.Request) {
	if rm, _, ok := s.roomOf(w, r); ok {
		s.qrPage(w, r, "/r/"+rm.ID, "Room "+rm.ID)
	}
}

// handleJoin sends /j/{code} to the room's link.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	if s.rooms == nil {
		httpError(w, "rooms need a database: start the server with -db FILE", http.StatusNotFound)
		return
	}
	addr := webguard.ClientIP(r)
	if wait := s.rooms.GuessWait(addr); wait > 0 {
		tooManyGuesses(w, wait)
		return
	}
	code := r.PathValue("code")
	id := ""
	if len(code) == persist.ShortCodeLen {
		var err error
		if id, err = s.rooms.ByShort(r.Context(), code); err != nil && !errors.Is(err, persist.ErrNotFound) {
			httpError(w, usererr.Text(err), errorStatus(w, err))
			return
		}
	}
	if id == "" {
		s.rooms.GuessMiss(addr)
		httpError(w, "no room has that code: check the code on the projector (6 letters and digits, no 0, 1, l, o, i)", http.StatusNotFound)
		return
	}
	http.Redirect(w, r, "/r/"+id, http.StatusSeeOther)
}

// tooManyGuesses answers a throttled address.
func tooManyGuesses(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
	httpError(w, fmt.Sprintf("too many wrong room codes from this computer; try again in %d seconds, and check the code on the projector", int(wait/time.Second)+1), http.StatusTooManyRequests)
}

// handlePollsCSV serves polls.csv or polls-summary.csv to the room's
// presenter.
func (s *Server) handlePollsCSV(w http.ResponseWriter, r *http.Request) {
	rm, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	if !presenter {
		httpError(w, "the poll results are the lecturer's: use the presenter's link", http.StatusForbidden)
		return
	}
	rm.ServePollsCSV(w, r, strings.HasSuffix(r.URL.Path, "/polls-summary.csv"))
}
