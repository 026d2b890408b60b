package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"

	"stepviz/examples"
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
	// Dir, if set, is where saved notebooks are also written (ID.ipynb),
	// so they survive a restart.
	Dir string
	// MaxDocs is how many saved notebooks are kept in memory (default 500).
	MaxDocs int
	// MaxKernels is how many pages may have a session at once (default 16).
	MaxKernels int
	// MaxNodes caps every search a page runs that does not set maxnodes
	// itself (default 1,000,000 nodes, about 64 MB: the hardest 8-puzzle
	// under BFS takes half of it).
	MaxNodes int
}

// Handler is the web notebook. Routes, under Prefix:
//
//	GET  /                 a new notebook
//	GET  /examples/NAME    an example notebook (saving makes a copy)
//	GET  /n/ID             a saved notebook
//	GET  /n/ID/ipynb       its .ipynb file
//	POST /save             save JSON {id?, title, cells}; answers {id, url, ipynb}
//	POST /open?name=FILE   open an .ipynb or a JSON trace body as a new
//	                       notebook; answers {id, url, ipynb}, and
//	                       run: "all" for a trace
//	GET  /ws               the kernel websocket of one page
//	GET  /static/notebook.{js,css}
type Handler struct {
	cfg     Config
	mux     *http.ServeMux
	docs    *store
	kernels chan struct{} // a token per running page
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
	if cfg.MaxDocs <= 0 {
		cfg.MaxDocs = 500
	}
	if cfg.MaxKernels <= 0 {
		cfg.MaxKernels = 16
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = 1_000_000
	}
	h := &Handler{cfg: cfg, mux: http.NewServeMux(), docs: newStore(cfg.MaxDocs, cfg.Dir), kernels: make(chan struct{}, cfg.MaxKernels)}
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
	return h
}

// ServeHTTP routes a request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// maxSave caps a saved notebook's JSON.
const maxSave = 16 << 20

func (h *Handler) page(w http.ResponseWriter, r *http.Request, status int, id string, doc *Doc, errMsg string) {
	d := templates.NotebookData{Prefix: h.cfg.Prefix, Static: static.Version, ID: id, Error: errMsg, Examples: h.exampleList()}
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
		http.Error(w, "notebook: rendering the page: "+err.Error(), http.StatusInternalServerError)
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

func (h *Handler) handleSaved(w http.ResponseWriter, r *http.Request) {
	doc, ok := h.docs.get(r.PathValue("id"))
	if !ok {
		h.page(w, r, http.StatusNotFound, "", nil, "this notebook is not saved here (the server keeps the newest "+fmt.Sprint(h.cfg.MaxDocs)+"); open your .ipynb file instead")
		return
	}
	h.page(w, r, http.StatusOK, r.PathValue("id"), doc, "")
}

func (h *Handler) handleDownload(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	doc, ok := h.docs.get(id)
	if !ok {
		http.Error(w, "notebook: no saved notebook "+id, http.StatusNotFound)
		return
	}
	var b bytes.Buffer
	if err := WriteIpynb(&b, doc); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
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
	Title string `json:"title"`
	Cells []Cell `json:"cells"`
}

func (h *Handler) handleSave(w http.ResponseWriter, r *http.Request) {
	var req saveRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, maxSave))
	if err := dec.Decode(&req); err != nil {
		jsonError(w, http.StatusBadRequest, "notebook: the notebook to save is not valid JSON: "+err.Error())
		return
	}
	doc := &Doc{Title: req.Title}
	for _, c := range req.Cells {
		if c.Kind != "code" {
			c.Kind = "markdown"
		}
		doc.Cells = append(doc.Cells, c)
	}
	id, err := h.docs.put(req.ID, doc)
	if err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	h.savedReply(w, id)
}

// maxOpen caps a file opened with POST /open: a notebook or a trace.
const maxOpen = 16 << 20

// handleOpen opens an uploaded .ipynb notebook, or a JSON or JSONL trace
// (told apart by its "format" field), as a new saved notebook. A trace
// becomes the cells that rebuild it (TraceDoc), and the reply asks the
// page to run them ("run": "all"). The query's name is the file's name.
func (h *Handler) handleOpen(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxOpen+1))
	if err != nil {
		jsonError(w, http.StatusBadRequest, "notebook: reading the file: "+err.Error())
		return
	}
	if len(data) > maxOpen {
		jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("notebook: the file is larger than %d MB: open a shorter trace (stepviz trace -steps N), or the notebook in Jupyter", maxOpen>>20))
		return
	}
	var doc *Doc
	trace := isTrace(data)
	if trace {
		doc, err = TraceDoc(data, r.URL.Query().Get("name"))
	} else if doc, err = ReadIpynb(bytes.NewReader(data)); err != nil && strings.Contains(err.Error(), "not an .ipynb") {
		err = fmt.Errorf("%v (Open also takes a stepviz trace, .json or .jsonl, from export json or stepviz trace)", err)
	}
	if err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	if doc.Title == "" {
		doc.Title = docTitle(doc)
	}
	id, err := h.docs.put("", doc)
	if err != nil {
		jsonError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if trace {
		h.savedReply(w, id, "run", "all")
		return
	}
	h.savedReply(w, id)
}

// savedReply answers with a saved notebook's id, page and file, and the
// extra key-value pairs given.
func (h *Handler) savedReply(w http.ResponseWriter, id string, extra ...string) {
	reply := map[string]string{
		"id": id, "url": h.cfg.Prefix + "/n/" + id, "ipynb": h.cfg.Prefix + "/n/" + id + "/ipynb",
	}
	for i := 0; i+1 < len(extra); i += 2 {
		reply[extra[i]] = extra[i+1]
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(reply)
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
