// Package server is stepviz's live lecture viewer: `stepviz serve`. A
// presenter starts a session from the landing page and steps a search;
// every step is pushed over a websocket to everyone following. The server
// holds no search logic: each session (package server/session) owns one
// *stepper.Search, driven only by the presenter's commands (see
// docs/protocol.md). This package composes the parts over HTTP: the
// routes, the landing form, the pages of sessions and rooms (package
// server/room) and of live game and local sessions (package server/live),
// lectures kept in the database, /mine and exports.
package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"sort"
	"sync/atomic"
	"time"

	"github.com/a-h/templ"
	"github.com/gorilla/websocket"

	stepvizexamples "stepviz/examples"
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/script"
	"stepviz/server/live"
	"stepviz/server/room"
	"stepviz/server/session"
	"stepviz/static"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
	persist "stepviz/store"
	"stepviz/templates"
)

// Defaults of Config.
const (
	DefaultMaxSessions = 50
	DefaultMaxNodes    = 100_000
	DefaultMaxClients  = 1000
	DefaultIdle        = 30 * time.Minute
	// DefaultMaxPerClient is how many sessions one client address may hold.
	DefaultMaxPerClient = 8
	// DefaultVotersPerAddress is how many people one address stands for
	// (serve -per-address; session.DefaultVotersPerAddress).
	DefaultVotersPerAddress = session.DefaultVotersPerAddress
)

const (
	// maxFormBytes bounds a landing-form submission (a pasted grid).
	maxFormBytes = 2 << 20
	// keyParam is the query parameter of the presenter's key.
	keyParam = "key"
	// defaultPreviewLimit is how many rows of each list the first paint shows.
	defaultPreviewLimit = 40
)

// Config bounds what a server holds. Zero fields take the defaults.
type Config struct {
	// MaxSessions is the most sessions held at once; when it is reached, a
	// new session reclaims one nobody has used for Idle, or is refused.
	MaxSessions int
	// MaxNodes caps every session's search tree (stepper.Options.MaxNodes).
	MaxNodes int
	// MaxClients caps the connections to one session.
	MaxClients int
	// MaxPerClient is the most sessions one client address (the owner of
	// the sessions it starts) may hold at once.
	MaxPerClient int
	// Idle is how long a session may go without a presenter command before
	// a new session may reclaim its slot. Followers watching do not count:
	// a session held only by open pages is still reclaimed.
	Idle time.Duration
	// Hosts are further names the server may be reached by (serve -host);
	// its own address always works. See webguard.Guard.
	Hosts []string
	// TrustedProxies are the addresses of reverse proxies in front of the
	// server (serve -trusted-proxy): a request from one is counted by the
	// client its X-Forwarded-For names (proxy.go). Empty: every request
	// by its peer address.
	TrustedProxies []netip.Prefix
	// Logger receives one line per session started; nil discards.
	Logger *log.Logger
	// DB keeps rooms (docs/rooms.md) across restarts; nil: no rooms.
	DB *persist.DB
	// ExportCeiling is the largest export GET /s/{id}/export sends
	// (default defaultExportCeiling); a larger one is refused with 413 and
	// the stepviz trace command that writes it.
	ExportCeiling int64
	// Bus shares rooms with other instances (stepviz serve -nats); nil:
	// this process alone. Each instance still needs its own DB.
	Bus room.Bus
	// PublicURL, when set, is the address students open (serve
	// -public-url: a DNS name, or a reverse proxy's address), as
	// ParsePublicURL returns it; followers' links and QR codes carry it,
	// and its host is accepted as one of Hosts. Empty: the server picks a
	// network address of the machine (see reachFor).
	PublicURL string
	// ClassroomCommand is the command a presenter's page names when the
	// server listens on loopback only: the one that serves the class.
	// Empty: ClassroomCommand.
	ClassroomCommand string
	// SocketsPerAddress, AddressRate and VotersPerAddress bound one client
	// address across all its connections (limits.go; defaults
	// defaultSocketsPerAddress, defaultAddressRate,
	// DefaultVotersPerAddress). A class behind one router shares one
	// address: raise them for a larger class.
	SocketsPerAddress, AddressRate, VotersPerAddress int
	// Memory is the server-wide memory budget every session reserves its
	// worst case from (MaxNodes × sessionNodeBytes), shared with the
	// notebook (serve -memory); nil: a budget of membudget.DefaultLimit
	// of the server's own.
	Memory *membudget.Budget
}

// Server serves the landing page, the session pages and their websockets.
// It is an http.Handler.
type Server struct {
	cfg      Config
	sessions *session.Store
	rooms    *room.Rooms // nil without Config.DB
	live     *live.Store
	mux      *http.ServeMux
	guard    webguard.Guard
	guarded  http.Handler
	upgrader websocket.Upgrader
	// exports holds a token per export being made (at most maxExports).
	exports chan struct{}
	// listening is the address ListenAndServe listens on.
	listening atomic.Pointer[net.Addr]
	// addrs holds the per-address limits of every follower socket.
	addrs *session.AddrLimits
}

var _ http.Handler = (*Server)(nil)

// New returns a server with cfg's limits.
func New(cfg Config) *Server {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	if cfg.MaxClients <= 0 {
		cfg.MaxClients = DefaultMaxClients
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.MaxPerClient <= 0 {
		cfg.MaxPerClient = DefaultMaxPerClient
	}
	if cfg.ExportCeiling <= 0 {
		cfg.ExportCeiling = defaultExportCeiling
	}
	if cfg.Memory == nil {
		cfg.Memory = membudget.New(membudget.DefaultLimit)
	}
	if cfg.SocketsPerAddress <= 0 {
		cfg.SocketsPerAddress = session.DefaultSocketsPerAddress
	}
	if cfg.AddressRate <= 0 {
		cfg.AddressRate = session.DefaultAddressRate
	}
	if cfg.VotersPerAddress <= 0 {
		cfg.VotersPerAddress = session.DefaultVotersPerAddress
	}
	s := &Server{
		exports:  make(chan struct{}, maxExports),
		cfg:      cfg,
		sessions: session.NewStore(cfg.MaxSessions, cfg.MaxPerClient, cfg.Idle, cfg.Memory),
		mux:      http.NewServeMux(),
		guard:    webguard.Guard{Hosts: cfg.Hosts},
		addrs:    session.NewAddrLimits(cfg.SocketsPerAddress, cfg.AddressRate),
	}
	if u, err := url.Parse(cfg.PublicURL); err == nil && u.Host != "" {
		s.guard.Hosts = append(append([]string(nil), cfg.Hosts...), u.Hostname())
	}
	s.guarded = s.guard.Wrap(s.mux)
	s.upgrader = websocket.Upgrader{
		ReadBufferSize:    1024,
		WriteBufferSize:   16 << 10,
		EnableCompression: true,
		CheckOrigin:       func(r *http.Request) bool { return s.guard.CheckOrigin(r) == nil },
	}
	s.mux.HandleFunc("GET /{$}", s.handleLanding)
	s.mux.HandleFunc("POST /sessions", s.handleCreate)
	s.mux.HandleFunc("POST /sessions/trace", s.handleOpenTrace)
	s.mux.HandleFunc("GET /s/{id}", s.handleSession)
	s.mux.HandleFunc("GET /s/{id}/ws", s.handleWS)
	s.mux.HandleFunc("GET /s/{id}/export", s.handleExport)
	s.mux.HandleFunc("GET /s/{id}/worksheet", s.handleWorksheet)
	s.mux.HandleFunc("GET /s/{id}/heuristic", s.handleHeuristic)
	if cfg.DB != nil {
		s.rooms = room.New(room.Config{DB: cfg.DB, Bus: cfg.Bus, Sessions: s.sessions, MaxNodes: cfg.MaxNodes,
			VotersPerAddress: cfg.VotersPerAddress, Logger: cfg.Logger})
		s.routeRooms()
	}
	s.routeMine()
	s.routeLive()
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", static.Handler()))
	// browsers ask for /favicon.ico whatever the page links: the same icon
	s.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawQuery = "/favicon.svg", "v="+static.Version()
		static.Handler().ServeHTTP(w, r2)
	})
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	return s
}

// Close stops every session and closes its connections.
func (s *Server) Close() {
	if s.rooms != nil {
		s.rooms.Close()
	}
	s.sessions.CloseAll()
	s.live.CloseAll()
}

// ServeHTTP sets the security headers every page shares and dispatches.
// Handle serves another handler beside the viewer's routes, such as the web
// notebook at /notebook/, under the same security headers. Call it before
// serving; pattern is an http.ServeMux pattern.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'")
	// The presenter's key is in the URL: no other site gets a Referer,
	// and this one's own requests keep their Origin (no-referrer would
	// make a same-origin form's Origin "null", which webguard refuses).
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Content-Type-Options", "nosniff")
	s.fromProxy(r)
	// webguard: Host is this server's address (no DNS rebinding); POSTs
	// and websockets come from its own pages (Origin, Sec-Fetch-Site);
	// bodies are read, and replies written, under deadlines.
	s.guarded.ServeHTTP(w, r)
}

// session returns the session with the given id (for tests and tools).
func (s *Server) session(id string) (*session.Session, bool) { return s.sessions.Get(id) }

// startSession starts a session on a search built elsewhere (tests,
// benchmarks, the command line). The search's node limit should already
// be set; the server does not change it.
func (s *Server) startSession(search *stepper.Search) (*session.Session, error) {
	return s.sessions.Add(search, s.cfg.MaxNodes, "")
}

// startSessionFor starts a session owned by the client of r.
func (s *Server) startSessionFor(r *http.Request, search *stepper.Search) (*session.Session, error) {
	return s.sessions.Add(search, s.cfg.MaxNodes, webguard.ClientIP(r))
}

func (s *Server) landingData(f templates.FormValues) templates.LandingData {
	d := templates.LandingData{
		Form: f, Heuristics: heuristicsByKind(), Cities: romaniaCities(), Maps: mapChoices(), Scripts: scriptChoices(),
		Sessions: s.sessions.Len(), Max: s.cfg.MaxSessions, MaxNodes: s.cfg.MaxNodes,
		Static: static.Version(), Rooms: s.rooms != nil,
	}
	for _, e := range examples() {
		d.Examples = append(d.Examples, templates.Example(e))
	}
	d.HeuristicViews = heuristicViews()
	d.Notebooks, _ = fs.Glob(stepvizexamples.Notebooks, "*.ipynb")
	return d
}

// heuristicViews is what a heuristic written on a page (the home form's,
// a room's load form) sees, by problem kind: the script package's words.
func heuristicViews() []templates.HeuristicView {
	var out []templates.HeuristicView
	for _, k := range script.HeuristicKinds() {
		v := templates.HeuristicView{Kind: k.Kind, Title: k.Title, State: k.State, Example: k.Example}
		for _, g := range k.Globals {
			v.Globals = append(v.Globals, [2]string{g.Name, g.Means})
		}
		out = append(out, v)
	}
	return out
}

func (s *Server) handleLanding(w http.ResponseWriter, r *http.Request) {
	render(w, r, http.StatusOK, templates.Landing(s.landingData(templates.FormValues{Source: "puzzle", Options: map[string]string{}})))
}

// handleCreate starts a session from the landing form and redirects to
// the presenter's page; invalid input re-renders the form with the
// engine's explanation next to the field it concerns.
func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if err := webguard.CheckContentType(r, "application/x-www-form-urlencoded", "multipart/form-data"); err != nil {
		httpError(w, usererr.Text(err), http.StatusUnsupportedMediaType)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		formError(w, err)
		return
	}
	fv := formValues(r.PostForm)
	if fv.Source == "line" && live.IsKind(fv.Line) { // a game or local search: its own live page
		http.Redirect(w, r, livePath+"?"+url.Values{"problem": {fv.Line}}.Encode(), http.StatusSeeOther)
		return
	}
	mem, err := s.reserveScript(fv)
	if err != nil {
		d := s.landingData(fv)
		d.Error, d.ErrorField = usererr.Text(err), "script"
		render(w, r, http.StatusServiceUnavailable, templates.Landing(d))
		return
	}
	defer mem.Release()
	search, err := searchFromForm(fv, s.cfg.MaxNodes)
	if err != nil {
		d := s.landingData(fv)
		d.Error, d.ErrorField = usererr.Text(err), usererr.FieldOf(err)
		render(w, r, http.StatusUnprocessableEntity, templates.Landing(d))
		return
	}
	sess, err := s.startLecture(r, search)
	if err != nil {
		d := s.landingData(fv)
		d.Error, d.ErrorField = usererr.Text(err), "problem"
		render(w, r, http.StatusServiceUnavailable, templates.Landing(d))
		return
	}
	if why := s.keepLecture(r.Context(), sess, fv, webguard.ClientIP(r)); why != "" {
		s.logf("session %s: %s", sess.ID, why)
		sess.AddWarning(why)
	}
	rememberKey(w, r, "s", sess.ID, sess.Key())
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf("session %s: %s | %s", sess.ID, search.Instance().Spec(), search.Options())
	}
	http.Redirect(w, r, presenterPath(sess), http.StatusSeeOther)
}

// formError answers a form that could not be read, saying why: too
// large, too slow (webguard's body deadline), or malformed.
func formError(w http.ResponseWriter, err error) {
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &tooBig):
		httpError(w, fmt.Sprintf("the form is larger than %d MB: paste a smaller grid", maxFormBytes>>20), http.StatusRequestEntityTooLarge)
	case errors.As(err, &ne) && ne.Timeout():
		httpError(w, "the form did not arrive in time (the connection is too slow); try again", http.StatusRequestTimeout)
	default:
		httpError(w, "the form is malformed: "+usererr.Text(err), http.StatusBadRequest)
	}
}

// presenterPath is the presenter's link to a session (it carries the key).
func presenterPath(sess *session.Session) string {
	return "/s/" + sess.ID + "?" + keyParam + "=" + url.QueryEscape(sess.Key())
}

// followerPath is the read-only link to a session.
func followerPath(sess *session.Session) string { return "/s/" + sess.ID }

// lookup finds the session of a request and whether the request carries
// its presenter key. A wrong key is an error, not a silent downgrade.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*session.Session, bool, bool) {
	sess, ok := s.sessions.Get(r.PathValue("id"))
	if !ok && s.rooms != nil {
		// A room's search outlives its session: rebuild it from its record.
		var err error
		if sess, ok, err = s.rooms.Session(r.Context(), r.PathValue("id")); err != nil {
			httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
			return nil, false, false
		}
	}
	if !ok && s.cfg.DB != nil {
		// A lecture outlives its session too.
		var err error
		if sess, ok, err = s.lectureSession(r.Context(), r.PathValue("id")); err != nil {
			httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
			return nil, false, false
		}
	}
	if !ok {
		httpError(w, "no such session (it may have ended, or the server restarted); start one at /", http.StatusNotFound)
		return nil, false, false
	}
	key := r.URL.Query().Get(keyParam)
	if key != "" && !sess.IsPresenter(key) {
		httpError(w, "wrong presenter key; drop ?key= from the link to follow read-only", http.StatusForbidden)
		return nil, false, false
	}
	return sess, key != "", true
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	sess, presenter, ok := s.lookup(w, r)
	if !ok {
		return
	}
	d, ok := s.sessionData(sess, presenter, r)
	if !ok {
		httpError(w, "the session has ended", http.StatusGone)
		return
	}
	if presenter && (!sess.Hashed() || sess.Kept()) { // not a room's search: the room lists it
		rememberKey(w, r, "s", sess.ID, r.URL.Query().Get(keyParam))
	}
	render(w, r, http.StatusOK, templates.Session(d))
}

// handleWS upgrades to a websocket and attaches the connection to the
// session's hub as presenter or follower.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	sess, presenter, ok := s.lookup(w, r)
	if !ok {
		return
	}
	sess.Connect(w, r, presenter, session.Conn{MaxClients: s.cfg.MaxClients, Addrs: s.addrs, Upgrader: &s.upgrader})
}

// render writes a component through a buffer, so a half-rendered page
// never reaches the browser.
func render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		httpError(w, "rendering failed: "+usererr.Text(err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

// mapChoices lists the embedded maps for the landing form.
func mapChoices() []templates.MapChoice {
	out := make([]templates.MapChoice, len(embeddedMaps))
	for i, m := range embeddedMaps {
		out[i] = templates.MapChoice{Name: m.Name, Title: m.Title, Start: m.Start, Goal: m.Goal}
	}
	return out
}

// heuristicsByKind lists each problem kind's heuristics, from a solvable
// instance of each kind (an unsolvable one is refused, and its kind's
// heuristics would be missing from the form).
func heuristicsByKind() map[string][]string {
	out := map[string][]string{}
	for _, line := range []string{"puzzle 283164705 goal=123804765", "grid S.G moves=8", "graph romania"} {
		if inst, err := problems.Parse(line, nil); err == nil {
			out[inst.Kind()] = inst.Heuristics()
		}
	}
	return out
}

// romaniaCities lists Romania's cities in alphabetical order.
func romaniaCities() []string {
	inst, err := problems.Parse("graph romania", nil)
	if err != nil {
		return nil
	}
	g, ok := inst.(*graph.Graph)
	if !ok {
		return nil
	}
	var out []string
	for _, n := range g.Nodes() {
		out = append(out, n.Name)
	}
	sort.Strings(out)
	return out
}

// ListenAndServe serves on addr until ctx is done, then shuts down.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(addr string)) error {
	// Headers must arrive within 10 s; bodies and replies get their
	// deadlines from webguard (websockets set their own); a keep-alive
	// connection is closed after 2 min without a request.
	srv := &http.Server{Addr: addr, Handler: s, ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	ln, err := listen(addr)
	if err != nil {
		return err
	}
	a := ln.Addr()
	s.listening.Store(&a)
	if ready != nil {
		ready(a.String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		s.Close()
		return srv.Shutdown(sctx)
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logger != nil {
		s.cfg.Logger.Printf(format, args...)
	}
}
