package server

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/url"

	"stepviz/internal/webguard"
	"stepviz/server/live"
	"stepviz/static"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/templates"
)

// livePath is the page that starts a live game or local session;
// /live?problem=LINE&algo=LINE fills its form in.
const livePath = "/live"

// routeLive adds the live game and local sessions' routes:
//
//	GET  /live         the form (prefilled from ?problem= and ?algo=)
//	POST /live         start a session; 303 to the presenter's page
//	GET  /g/{id}       the session's page (?key= the presenter's)
//	GET  /g/{id}/ws    its websocket (docs/viewer.md)
func (s *Server) routeLive() {
	s.live = live.NewStore(s.cfg.MaxSessions, s.cfg.MaxPerClient, s.cfg.Idle, s.cfg.Memory, s.cfg.MaxNodes)
	s.mux.HandleFunc("GET "+livePath, s.handleLiveForm)
	s.mux.HandleFunc("POST "+livePath, s.handleLiveCreate)
	s.mux.HandleFunc("GET /g/{id}", s.handleLivePage)
	s.mux.HandleFunc("GET /g/{id}/ws", s.handleLiveWS)
}

func (s *Server) liveFormData(problem, algo string) templates.LiveFormData {
	d := templates.LiveFormData{Problem: problem, Algo: algo, Static: static.Version()}
	for _, a := range game.Algorithms {
		d.GameAlgos = append(d.GameAlgos, string(a))
	}
	for _, a := range local.Algorithms {
		d.LocalAlgos = append(d.LocalAlgos, string(a))
	}
	return d
}

func (s *Server) handleLiveForm(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	problem, algo := q.Get("problem"), q.Get("algo")
	if len(problem) > live.MaxLine || len(algo) > live.MaxLine {
		httpError(w, fmt.Sprintf("the problem or algorithm line is longer than %d KiB; shorten it", live.MaxLine>>10), http.StatusRequestURITooLong)
		return
	}
	if problem == "" {
		problem, algo = "gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta"
	}
	render(w, r, http.StatusOK, templates.LiveForm(s.liveFormData(problem, algo)))
}

// handleLiveCreate starts a session from the form; a line the engine
// refuses re-renders the form with the engine's words.
func (s *Server) handleLiveCreate(w http.ResponseWriter, r *http.Request) {
	if err := webguard.CheckContentType(r, "application/x-www-form-urlencoded", "multipart/form-data"); err != nil {
		httpError(w, err.Error(), http.StatusUnsupportedMediaType)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 2*live.MaxLine+1024)
	if err := r.ParseForm(); err != nil {
		formError(w, err)
		return
	}
	problem, algo := r.PostForm.Get("problem"), r.PostForm.Get("algo")
	fail := func(status int, err error) {
		d := s.liveFormData(problem, algo)
		d.Error = err.Error()
		render(w, r, status, templates.LiveForm(d))
	}
	l, err := live.NewSearch(problem, algo, s.cfg.MaxNodes)
	if err != nil {
		fail(http.StatusUnprocessableEntity, err)
		return
	}
	ls, err := s.live.Add(l, webguard.ClientIP(r))
	if err != nil {
		fail(http.StatusServiceUnavailable, err)
		return
	}
	s.logf("live session %s: %s / %s", ls.ID, live.ClipText(problem, 60), live.ClipText(algo, 40))
	http.Redirect(w, r, "/g/"+ls.ID+"?"+keyParam+"="+url.QueryEscape(ls.Key()), http.StatusSeeOther)
}

// liveLookup finds the session of r and whether r carries its presenter
// key; it has replied when ok is false.
func (s *Server) liveLookup(w http.ResponseWriter, r *http.Request) (ls *live.Session, presenter, ok bool) {
	ls, ok = s.live.Get(r.PathValue("id"))
	if !ok {
		httpError(w, "no such live session (it may have ended, or the server restarted); start one at "+livePath, http.StatusNotFound)
		return nil, false, false
	}
	key := r.URL.Query().Get(keyParam)
	if key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(ls.Key())) != 1 {
		httpError(w, "wrong presenter key; drop ?key= from the link to follow read-only", http.StatusForbidden)
		return nil, false, false
	}
	return ls, key != "", true
}

func (s *Server) handleLivePage(w http.ResponseWriter, r *http.Request) {
	ls, presenter, ok := s.liveLookup(w, r)
	if !ok {
		return
	}
	f, err := ls.Frame()
	if err != nil {
		httpError(w, err.Error(), http.StatusInternalServerError)
		return
	}
	ws := "/g/" + ls.ID + "/ws"
	follow := "/g/" + ls.ID
	if presenter {
		ws += "?" + keyParam + "=" + url.QueryEscape(r.URL.Query().Get(keyParam))
	}
	d := templates.LiveData{ID: ls.ID, WSURL: ws, FollowURL: follow, Presenter: presenter, Static: static.Version(),
		Kind: f.Kind, Problem: f.Problem, Algo: f.Algo, Step: f.Step, Says: f.Says, SVG: f.SVG}
	render(w, r, http.StatusOK, templates.Live(d))
}

// handleLiveWS attaches a page to its session: at most MaxClients pages,
// each follower counted against its address's sockets.
func (s *Server) handleLiveWS(w http.ResponseWriter, r *http.Request) {
	ls, presenter, ok := s.liveLookup(w, r)
	if !ok {
		return
	}
	ls.Connect(w, r, presenter, live.Conn{MaxClients: s.cfg.MaxClients, Addrs: s.addrs, Upgrader: &s.upgrader})
}
