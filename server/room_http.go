package server

import (
	"context"
	"encoding/csv"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"rsc.io/qr"

	"stepviz/internal/webguard"
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
	s.mux.HandleFunc("GET /r/{room}/polls.csv", s.handlePollsCSV)
	s.mux.HandleFunc("GET /j/{code}", s.handleJoin)
}

// RoomPresenterPath is the presenter's link to a room (it carries the key).
func RoomPresenterPath(id, key string) string {
	return "/r/" + id + "?" + keyParam + "=" + url.QueryEscape(key)
}

// handleCreateRoom opens a room and redirects to the presenter's page.
func (s *Server) handleCreateRoom(w http.ResponseWriter, r *http.Request) {
	if s.rooms == nil {
		httpError(w, "server: rooms need a database: start the server with -db FILE", http.StatusServiceUnavailable)
		return
	}
	room, key, err := s.rooms.create(r.Context(), webguard.ClientIP(r))
	if err != nil {
		httpError(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf("room %s opened", room.ID)
	}
	http.Redirect(w, r, RoomPresenterPath(room.ID, key), http.StatusSeeOther)
}

// roomOf finds the room of a request and whether the request carries its
// presenter key. A wrong key is an error, not a silent downgrade.
func (s *Server) roomOf(w http.ResponseWriter, r *http.Request) (*Room, bool, bool) {
	if s.rooms == nil {
		httpError(w, "server: rooms need a database: start the server with -db FILE", http.StatusNotFound)
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
	if errors.Is(err, persist.ErrNotFound) || (err == nil && key != "" && !room.IsPresenter(key)) {
		switch {
		case wait > 0:
			tooManyGuesses(w, wait)
		case err != nil:
			s.rooms.guesses.miss(addr, time.Now())
			httpError(w, "server: no such room: check the link, or type the room's code at /j/CODE (letters and digits, no 0, 1, l, o, i)", http.StatusNotFound)
		default:
			s.rooms.guesses.miss(addr, time.Now())
			httpError(w, "server: wrong presenter key; drop ?key= from the link to follow read-only", http.StatusForbidden)
		}
		return nil, false, false
	}
	if err != nil {
		httpError(w, err.Error(), http.StatusInternalServerError)
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
	d := templates.RoomData{ID: room.ID, Presenter: presenter, FollowerURL: absURL(r, "/r/"+room.ID),
		Short: persist.ShortCode(room.ID), JoinURL: absURL(r, "/j/"+persist.ShortCode(room.ID)),
		WSURL: scheme + "://" + r.Host + "/r/" + room.ID + "/ws", Static: static.Version}
	if presenter {
		key := r.URL.Query().Get(keyParam)
		d.Key = key
		d.PresenterURL = absURL(r, RoomPresenterPath(room.ID, key))
		d.CSVURL = "/r/" + room.ID + "/polls.csv?" + keyParam + "=" + url.QueryEscape(key)
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
	token := r.URL.Query().Get("t")
	if len(token) < 16 || len(token) > 64 {
		// A page without a token of its own (none kept) gets one for this
		// connection: its answers are kept, under a pseudonym that will
		// not survive a reload.
		t, err := randomToken(16)
		if err != nil {
			httpError(w, err.Error(), http.StatusInternalServerError)
			return
		}
		token = t
	}
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &roomClient{room: room, conn: conn, presenter: presenter, pseudonym: pseudonym(room.ID, token),
		send: make(chan []byte, roomSendBuffer), done: make(chan struct{})}
	room.join(c)
	go c.writePump()
	go c.readPump()
}

// handleRoomQR serves a QR code of the followers' link, for the projector.
func (s *Server) handleRoomQR(w http.ResponseWriter, r *http.Request) {
	room, _, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	code, err := qr.Encode(absURL(r, "/r/"+room.ID), qr.M)
	if err != nil {
		httpError(w, "server: cannot make the QR code: "+err.Error(), http.StatusInternalServerError)
		return
	}
	code.Scale = 8
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=3600")
	_, _ = w.Write(code.PNG())
}

// handlePollsCSV exports a room's poll answers for the lecturer: one row
// per answer with the follower's pseudonym, then one summary row per poll
// (pseudonym "*") with the share of right answers.
func (s *Server) handlePollsCSV(w http.ResponseWriter, r *http.Request) {
	room, presenter, ok := s.roomOf(w, r)
	if !ok {
		return
	}
	if !presenter {
		httpError(w, "server: the poll results are the lecturer's: use the presenter's link", http.StatusForbidden)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	polls, err := s.rooms.db.Polls(ctx, room.ID)
	if err != nil {
		httpError(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="room-`+room.ID+`-polls.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"poll", "question", "kind", "search", "step", "right_answer", "pseudonym", "answer", "correct", "share_right"})
	for _, p := range polls {
		as, err := s.rooms.db.Answers(ctx, p.ID)
		if err != nil {
			return // the header is out: the file ends short
		}
		right := 0
		for _, a := range as {
			ok := a.Answer == p.Answer
			if ok {
				right++
			}
			_ = cw.Write([]string{strconv.FormatInt(p.ID, 10), p.Question, p.Kind, p.SearchID, strconv.Itoa(p.Step), p.Answer, a.Pseudonym, a.Answer, strconv.FormatBool(ok), ""})
		}
		share := ""
		if len(as) > 0 {
			share = strconv.FormatFloat(float64(right)/float64(len(as)), 'f', 3, 64)
		}
		_ = cw.Write([]string{strconv.FormatInt(p.ID, 10), p.Question, p.Kind, p.SearchID, strconv.Itoa(p.Step), p.Answer, "*", strconv.Itoa(len(as)) + " answers", strconv.Itoa(right) + " right", share})
	}
	cw.Flush()
}
