package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"stepviz/examples"
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/static"
	"stepviz/templates"
)

// Config configures the notebook handler. The zero value is valid.
type Config struct {
	// Prefix is the path the handler is mounted at (default "/notebook");
	// it serves Prefix and everything under Prefix/.
	Prefix string
	// Examples holds the .ipynb files the Open menu offers (default: the
	// embedded examples/*.ipynb).
	Examples fs.FS
	// Store keeps saved notebooks (default: a MemStore with default
	// Limits, which keeps them until the server stops).
	Store Store
	// Hosts are further names the server may be reached by (webguard.Guard).
	Hosts []string
	// MaxKernels is how many pages may have a session at once (default 16),
	// KernelsPerAddress how many of one client address (default
	// DefaultKernelsPerAddress). A page that needs a slot when none is
	// free takes the slot of a page unused for KernelIdle (default
	// DefaultKernelIdle), see kernelSlots.
	MaxKernels, KernelsPerAddress int
	// Memory, when set, is the server-wide budget (shared with the lecture
	// server) every page's searches and checks reserve from, and saves;
	// nil: only the per-page NodeCeiling bounds them.
	Memory     *membudget.Budget
	KernelIdle time.Duration
	// MaxNodes caps every search a page runs that does not set maxnodes
	// itself (default 1,000,000 nodes, about 64 MB: the hardest 8-puzzle
	// under BFS takes half of it).
	MaxNodes int
	// NodeCeiling is the most nodes a page may hold: maxnodes= on a search
	// line may not ask for more, and all of a page's searches together
	// hold at most this many (default 4 × MaxNodes, about 256 MB).
	NodeCeiling int
}

// Handler is the web notebook. Routes, under Prefix:
//
//	GET  /                 a new notebook
//	GET  /examples/NAME    an example notebook (saving makes a copy)
//	GET  /n/ID             a saved notebook
//	GET  /n/ID/ipynb       its .ipynb file
//	POST /save             save JSON {id?, key?, title, cells}; answers
//	                       {id, url, ipynb, kept}, and key when it made
//	                       a new notebook (the write key: required to
//	                       save over it)
//	POST /open?name=FILE   open an .ipynb or a JSON trace body as a new
//	                       notebook; answers as /save does, and
//	                       run: "all" for a trace
//
// Every request passes webguard: Host is the served address, POSTs and the
// websocket come from this server's pages, and POST bodies must be JSON.
//
//	GET  /ws               the kernel websocket of one page
//	GET  /static/notebook.{js,css}
type Handler struct {
	cfg     Config
	mux     *http.ServeMux
	guard   webguard.Guard
	guarded http.Handler
	docs    Store
	slots   *kernelSlots // a slot per running page
	running atomic.Int32 // cells running now
}

var _ http.Handler = (*Handler)(nil)

// NewHandler returns the notebook handler. Mount it at cfg.Prefix and
// below: mux.Handle("/notebook", h); mux.Handle("/notebook/", h).
func NewHandler(cfg Config) *Handler {
	if cfg.Prefix == "" {
		cfg.Prefix = "/notebook"
	}
	cfg.Prefix = "/" + strings.Trim(cfg.Prefix, "/")
	if cfg.Examples == nil {
		cfg.Examples = examples.Notebooks
	}
	if cfg.Store == nil {
		cfg.Store = NewMemStore(Limits{}, nil)
	}
	if cfg.MaxKernels <= 0 {
		cfg.MaxKernels = 16
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = 1_000_000
	}
	if cfg.NodeCeiling <= 0 {
		cfg.NodeCeiling = 4 * cfg.MaxNodes
	}
	cfg.MaxNodes = min(cfg.MaxNodes, cfg.NodeCeiling)
	if cfg.KernelsPerAddress <= 0 {
		cfg.KernelsPerAddress = DefaultKernelsPerAddress
	}
	if cfg.KernelIdle <= 0 {
		cfg.KernelIdle = DefaultKernelIdle
	}
	h := &Handler{cfg: cfg, mux: http.NewServeMux(), docs: cfg.Store,
		slots: newKernelSlots(cfg.MaxKernels, cfg.KernelsPerAddress, cfg.KernelIdle)}
	p := cfg.Prefix
	h.mux.HandleFunc("GET "+p, h.handleNew)
	h.mux.HandleFunc("GET "+p+"/{$}", h.handleNew)
	h.mux.HandleFunc("GET "+p+"/examples/{name}", h.handleExample)
	h.mux.HandleFunc("GET "+p+"/n/{id}", h.handleSaved)
	h.mux.HandleFunc("GET "+p+"/n/{id}/ipynb", h.handleDownload)
	h.mux.HandleFunc("POST "+p+"/save", h.handleSave)
	h.mux.HandleFunc("POST "+p+"/open", h.handleOpen)
	h.mux.HandleFunc("GET "+p+"/ws", h.handleWS)
	h.mux.HandleFunc("GET "+p+"/static/{file}", h.handleStatic)
	h.guard = webguard.Guard{Hosts: cfg.Hosts}
	h.guarded = h.guard.Wrap(h.mux)
	return h
}

// ServeHTTP checks a request (webguard) and routes it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.guarded.ServeHTTP(w, r) }

// maxSave caps a saved notebook's JSON.
const maxSave = 16 << 20

func (h *Handler) page(w http.ResponseWriter, r *http.Request, status int, id string, doc *Doc, errMsg string) {
	d := templates.NotebookData{Prefix: h.cfg.Prefix, Static: static.Version(), ID: id, Error: errMsg, Examples: h.exampleList()}
	if doc != nil {
		d.Title = doc.Title
		for _, c := range doc.Cells {
			nc := templates.NotebookCell{Kind: c.Kind, Source: c.Source, Count: c.Count}
			for _, o := range c.Outputs {
				nc.Outputs = append(nc.Outputs, templates.NotebookOutput{Text: o.Text, Error: o.Error})
			}
			d.Cells = append(d.Cells, nc)
		}
	}
	if len(d.Cells) == 0 {
		d.Cells = []templates.NotebookCell{{Kind: "code"}}
	}
	// render into a buffer so a half-written page never reaches the browser
	var b bytes.Buffer
	if err := templates.Notebook(d).Render(r.Context(), &b); err != nil {
		httpError(w, "rendering the page: "+usererr.Text(err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

func (h *Handler) handleNew(w http.ResponseWriter, r *http.Request) {
	h.page(w, r, http.StatusOK, "", nil, "")
}

// exampleList lists the example notebooks, titled by their first heading.
func (h *Handler) exampleList() []templates.NotebookExample {
	names, _ := fs.Glob(h.cfg.Examples, "*.ipynb")
	sort.Strings(names)
	var out []templates.NotebookExample
	for _, n := range names {
		title := strings.TrimSuffix(n, ".ipynb")
		if doc, err := h.readExample(n); err == nil {
			if t := docTitle(doc); t != "" {
				title = t
			}
		}
		out = append(out, templates.NotebookExample{Name: n, Title: title})
	}
	return out
}

func (h *Handler) readExample(name string) (*Doc, error) {
	f, err := h.cfg.Examples.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadIpynb(f)
}

// docTitle is a notebook's title, or its first markdown heading.
func docTitle(doc *Doc) string {
	if doc.Title != "" {
		return doc.Title
	}
	for _, c := range doc.Cells {
		if c.Kind != "markdown" {
			continue
		}
		for _, line := range strings.Split(c.Source, "\n") {
			if t, ok := strings.CutPrefix(line, "# "); ok {
				return strings.TrimSpace(t)
			}
		}
	}
	return ""
}

func (h *Handler) handleExample(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !strings.HasSuffix(name, ".ipynb") {
		name += ".ipynb"
	}
	if name != path.Base(name) || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	doc, err := h.readExample(name)
	if err != nil {
		h.page(w, r, http.StatusNotFound, "", nil, fmt.Sprintf("no example notebook %q: pick one from the Examples menu", name))
		return
	}
	if doc.Title == "" {
		doc.Title = docTitle(doc)
	}
	h.page(w, r, http.StatusOK, "", doc, "")
}

// storeStatus is the HTTP status of a Store error.
func storeStatus(err error) int {
	var ev *EvictedError
	var q *QuotaError
	switch {
	case errors.Is(err, ErrNotFound):
		return http.StatusNotFound
	case errors.As(err, &ev):
		return http.StatusGone
	case errors.Is(err, ErrWrongKey):
		return http.StatusForbidden
	case errors.As(err, &q):
		return http.StatusInsufficientStorage
	}
	return http.StatusInternalServerError
}

// notSavedHere is what a page says of a notebook the store does not hold.
func (h *Handler) notSavedHere(err error) string {
	if errors.Is(err, ErrNotFound) {
		msg := "this notebook is not saved here"
		if !h.docs.Policy().Durable {
			msg += " (this server keeps saved notebooks only until it restarts)"
		}
		return msg + "; open your downloaded .ipynb file instead"
	}
	return usererr.Text(err)
}

func (h *Handler) handleSaved(w http.ResponseWriter, r *http.Request) {
	doc, err := h.docs.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		h.page(w, r, storeStatus(err), "", nil, h.notSavedHere(err))
		return
	}
	h.page(w, r, http.StatusOK, r.PathValue("id"), doc, "")
}

func (h *Handler) handleDownload(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	doc, err := h.docs.Get(r.Context(), id)
	if err != nil {
		httpError(w, h.notSavedHere(err), storeStatus(err))
		return
	}
	var b bytes.Buffer
	if err := WriteIpynb(&b, doc); err != nil {
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/x-ipynb+json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fileName(doc, id)))
	_, _ = w.Write(b.Bytes())
}

// fileName is the download name: the title made safe, or the id.
func fileName(doc *Doc, id string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(doc.Title) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	name := strings.Trim(b.String(), "-")
	if name == "" {
		name = id
	}
	return name + ".ipynb"
}

// saveRequest is what the page sends to save.
type saveRequest struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Title string `json:"title"`
	Cells []Cell `json:"cells"`
}

func (h *Handler) handleSave(w http.ResponseWriter, r *http.Request) {
	if err := webguard.CheckContentType(r, "application/json"); err != nil {
		jsonError(w, http.StatusUnsupportedMediaType, usererr.Text(err))
		return
	}
	mem, ok := h.reserveBody(w, r, "notebook saves", maxSave)
	if !ok {
		return
	}
	defer mem.Release()
	var req saveRequest
	r.Body = http.MaxBytesReader(w, r.Body, maxSave)
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the notebook is larger than %d MB: clear big outputs, or download it instead", maxSave>>20))
			return
		}
		jsonError(w, http.StatusBadRequest, "the notebook to save is not valid JSON: "+usererr.Text(err))
		return
	}
	doc := &Doc{Title: req.Title}
	for _, c := range req.Cells {
		if c.Kind != "code" {
			c.Kind = "markdown"
		}
		doc.Cells = append(doc.Cells, c)
	}
	var sv Saved
	var err error
	if req.ID == "" {
		sv, err = h.docs.Create(r.Context(), webguard.ClientIP(r), doc)
	} else if !ValidID(req.ID) {
		err = usererr.Errorf("notebook", "bad notebook id %q: save without an id to make a new notebook", req.ID)
		jsonError(w, http.StatusBadRequest, usererr.Text(err))
		return
	} else {
		sv, err = h.docs.Update(r.Context(), req.ID, req.Key, doc)
	}
	if err != nil {
		jsonError(w, storeStatus(err), usererr.Text(err))
		return
	}
	h.savedReply(w, sv)
}

// maxOpen caps a file opened with POST /open: a notebook or a trace.
const maxOpen = 16 << 20

// handleOpen opens an uploaded .ipynb notebook, or a JSON or JSONL trace
// (told apart by its "format" field), as a new saved notebook. A trace
// becomes the cells that rebuild it (TraceDoc), and the reply asks the
// page to run them ("run": "all"). The query's name is the file's name.
func (h *Handler) handleOpen(w http.ResponseWriter, r *http.Request) {
	if err := webguard.CheckContentType(r, "application/json", "application/x-ipynb+json"); err != nil {
		jsonError(w, http.StatusUnsupportedMediaType, usererr.Text(err))
		return
	}
	mem, ok := h.reserveBody(w, r, "notebook saves", maxOpen)
	if !ok {
		return
	}
	defer mem.Release()
	data, err := io.ReadAll(io.LimitReader(r.Body, maxOpen+1))
	if err != nil {
		jsonError(w, http.StatusBadRequest, "reading the file: "+usererr.Text(err))
		return
	}
	if len(data) > maxOpen {
		jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d MB: open a shorter trace (stepviz trace -steps N), or the notebook in Jupyter", maxOpen>>20))
		return
	}
	var doc *Doc
	trace := isTrace(data)
	if trace {
		doc, err = TraceDoc(data, r.URL.Query().Get("name"))
	} else if doc, err = ReadIpynb(bytes.NewReader(data)); err != nil && strings.Contains(err.Error(), "not an .ipynb") {
		err = usererr.Errorf("", "%w (Open also takes a stepviz trace, .json or .jsonl, from export json or stepviz trace)", err)
	}
	if err != nil {
		jsonError(w, http.StatusBadRequest, usererr.Text(err))
		return
	}
	if doc.Title == "" {
		doc.Title = docTitle(doc)
	}
	sv, err := h.docs.Create(r.Context(), webguard.ClientIP(r), doc)
	if err != nil {
		jsonError(w, storeStatus(err), usererr.Text(err))
		return
	}
	if trace {
		h.savedReply(w, sv, "run", "all")
		return
	}
	h.savedReply(w, sv)
}

// savedReply answers with a saved notebook's id, page and file, its write
// key when it is new, what the store promises, and the extra key-value
// pairs given.
func (h *Handler) savedReply(w http.ResponseWriter, sv Saved, extra ...string) {
	id := sv.ID
	reply := map[string]string{
		"id": id, "url": h.cfg.Prefix + "/n/" + id, "ipynb": h.cfg.Prefix + "/n/" + id + "/ipynb",
		"kept": h.docs.Policy().Kept(),
	}
	if sv.Key != "" {
		reply["key"] = sv.Key
	}
	for i := 0; i+1 < len(extra); i += 2 {
		reply[extra[i]] = extra[i+1]
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(reply)
}

// httpError is http.Error with msg, a message in the user's words.
func httpError(w http.ResponseWriter, msg string, code int) {
	http.Error(w, msg, code)
}

func jsonError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// handleStatic serves the notebook's own script and style sheet from the
// embedded static files, so the handler works wherever it is mounted.
func (h *Handler) handleStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name != "notebook.js" && name != "notebook.css" {
		http.NotFound(w, r)
		return
	}
	b, err := fs.ReadFile(static.FS, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := "text/javascript; charset=utf-8"
	if strings.HasSuffix(name, ".css") {
		ct = "text/css; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(b)
}
