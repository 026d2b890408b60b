package server

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/server/session"
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
	room, key, err := s.rooms.create(r.Context(), webguard.ClientIP(r))
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
		return
	}
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf("room %s opened", room.ID)
	}
	rememberKey(w, r, "r", room.ID, key)
	http.Redirect(w, r, roomPresenterPath(room.ID, key), http.StatusSeeOther)
}

// roomOf finds the room of a request and whether the request carries its
// presenter key. A wrong key is an error, not a silent downgrade.
func (s *Server) roomOf(w http.ResponseWriter, r *http.Request) (*room, bool, bool) {
	if s.rooms == nil {
		httpError(w, "rooms need a database: start the server with -db FILE", http.StatusNotFound)
		return nil, false, false
	}
	// An address over its guesses (room_code.go) is refused before the
	// lookup, except with a presenter key: a right key is no guess, so the
	// lecturer behind a class's shared address is never locked out, and a
	// wrong key or unknown room gets the same 429, telling a guesser nothing.
	addr, key := webguard.ClientIP(r), r.URL.Query().Get(keyParam)
	wait := s.rooms.guesses.wait(addr, time.Now())
	if wait > 0 && key == "" {
		tooManyGuesses(w, wait)
		return nil, false, false
	}
	room, err := s.rooms.get(r.Context(), r.PathValue("room"))
	if errors.Is(err, persist.ErrNotFound) || (err == nil && key != "" && !room.isPresenter(key)) {
		switch {
		case wait > 0:
			tooManyGuesses(w, wait)
		case err != nil:
			s.rooms.guesses.miss(addr, time.Now())
			httpError(w, "no such room: check the link, or type the room's code at /j/CODE (letters and digits, no 0, 1, l, o, i)", http.StatusNotFound)
		default:
			s.rooms.guesses.miss(addr, time.Now())
			httpError(w, "wrong presenter key; drop ?key= from the link to follow read-only", http.StatusForbidden)
		}
		return nil, false, false
	}
	if err != nil {
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return nil, false, false
	}
	return room, key != "", true
}

func (s *Server) handleRoom(w http.ResponseWriter, r *http.Request) {
	room, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	scheme := "ws"
	if r.TLS != nil {
		scheme = "wss"
	}
	to := s.reachFor(r)
	d := templates.RoomData{ID: room.ID, Presenter: presenter, FollowerURL: to.Base + "/r/" + room.ID,
		Short: persist.ShortCode(room.ID), JoinURL: to.Base + "/j/" + persist.ShortCode(room.ID),
		WSURL: scheme + "://" + r.Host + "/r/" + room.ID + "/ws", Static: static.Version()}
	if to.LoopbackOnly {
		d.LoopbackOnly = ClassroomCommand
	}
	if presenter {
		key := r.URL.Query().Get(keyParam)
		d.Key = key
		d.PresenterURL = absURL(r, roomPresenterPath(room.ID, key))
		d.CSVURL = "/r/" + room.ID + "/polls.csv?" + keyParam + "=" + url.QueryEscape(key)
		d.SummaryURL = "/r/" + room.ID + "/polls-summary.csv?" + keyParam + "=" + url.QueryEscape(key)
		rememberKey(w, r, "r", room.ID, key)
	}
	room.mu.Lock()
	if lanes := room.currentLanesLocked(); len(lanes) > 0 {
		d.Problem = lanes[0].Problem
		for _, l := range lanes {
			d.Searches = append(d.Searches, l.Options)
		}
	}
	room.mu.Unlock()
	render(w, r, http.StatusOK, templates.Room(d))
}

// handleRoomWS upgrades to the room's websocket.
func (s *Server) handleRoomWS(w http.ResponseWriter, r *http.Request) {
	room, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	var err error
	token := r.URL.Query().Get("t")
	if len(token) < 16 || len(token) > 64 {
		// A page without a token of its own (none kept) gets one for this
		// connection: its answers are kept, under a pseudonym that will
		// not survive a reload.
		t, err := session.RandomToken(16)
		if err != nil {
			httpError(w, usererr.Text(err), http.StatusInternalServerError)
			return
		}
		token = t
	}
	release := func() {}
	if !presenter {
		if release, err = s.addrs.Acquire(webguard.ClientIP(r)); err != nil {
			httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
			return
		}
	}
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		release()
		return
	}
	c := &roomClient{room: room, conn: conn, presenter: presenter, pseudonym: pseudonym(room.ID, token),
		send: make(chan []byte, roomSendBuffer), done: make(chan struct{}),
		addr: webguard.ClientIP(r), addrs: s.addrs, release: release}
	room.join(c)
	go c.writePump()
	go c.readPump()
}

// handleRoomQR serves a QR code of the room's followers' link.
func (s *Server) handleRoomQR(w http.ResponseWriter, r *http.Request) {
	if room, _, ok := s.roomOf(w, r); ok {
		writeQR(w, s.reachFor(r).Base+"/r/"+room.ID)
	}
}

// handleRoomQRPage shows the room's QR code for the projector.
func (s *Server) handleRoomQRPage(w http.ResponseWriter, r *http.Request) {
	if room, _, ok := s.roomOf(w, r); ok {
		s.qrPage(w, r, "/r/"+room.ID, "Room "+room.ID)
	}
}
