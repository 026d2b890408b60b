package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz/export"
)

const (
	// defaultExportCeiling is the largest export the server sends.
	defaultExportCeiling = 16 << 20
	// maxExports is how many exports are made at once; another request
	// meanwhile gets 503 with Retry-After.
	maxExports = 2
	// exportRetry is the Retry-After of a 503, in seconds.
	exportRetry = 5
)

// errTooLarge stops an export's measuring pass at the ceiling.
var errTooLarge = usererr.New("server", "export larger than the ceiling")

// sizeWriter counts what an export would write, discarding it, and stops
// the export once it passes limit or the request is cancelled.
type sizeWriter struct {
	ctx   context.Context
	n     int64
	limit int64
}

func (w *sizeWriter) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	w.n += int64(len(p))
	if w.n > w.limit {
		return 0, errTooLarge
	}
	return len(p), nil
}

// handleExport serves GET /s/{id}/export?format=F[&step=K]: the session's
// trace up to step K (default: the live step) in any export format, as a
// download. Presenters and followers alike may export; K may be any step
// up to the furthest a follower may view (viewLimit). The export is made
// from a fresh search on the session's problem and options, so it never
// touches the live search.
//
// Nothing is held in memory but the search and the export's own state:
// the export is first written to a counter (stopping at the ceiling), then
// streamed to the response with its Content-Length, so a failure is known
// before the first byte is sent. At most maxExports are made at once; an
// export past the ceiling gets 413 and the stepviz trace command that
// writes it.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	sess, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	name := r.URL.Query().Get("format")
	f, known := export.Lookup(name)
	if !known {
		httpError(w, fmt.Sprintf("unknown export format %q; formats are %v", name, export.FormatNames()), http.StatusBadRequest)
		return
	}
	src, ok := exportSourceOf(w, r, sess, 0)
	if !ok {
		return
	}
	release, ok := s.exportSlot(w)
	if !ok {
		return
	}
	defer release()
	search, ok := src.search(w)
	if !ok {
		return
	}
	inst, o, step := src.inst, src.o, src.step
	size := &sizeWriter{ctx: r.Context(), limit: s.cfg.ExportCeiling}
	switch err := export.Write(size, f.Name, search, step); {
	case errors.Is(err, errTooLarge):
		httpError(w, fmt.Sprintf("the %s export up to step %d is larger than this server sends (%d MB). Make it on your own machine with\n\n    %s\n", f.Name, step, s.cfg.ExportCeiling>>20, traceCommand(inst, o, f, step)), http.StatusRequestEntityTooLarge)
		return
	case r.Context().Err() != nil:
		// the client left (nobody reads this) or the reply's deadline
		// passed: never an empty 200
		httpError(w, fmt.Sprintf("the %s export up to step %d was stopped before it was made (it took too long, or the request was cancelled). Try again, or make it on your own machine with\n\n    %s\n", f.Name, step, traceCommand(inst, o, f, step)), http.StatusServiceUnavailable)
		return
	case err != nil:
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", f.MIME)
	w.Header().Set("Content-Length", strconv.FormatInt(size.n, 10))
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", downloadName(inst, o, step, "", f.Ext)))
	if err := export.Write(w, f.Name, search, step); err != nil {
		// headers are sent: end the response short, so the client sees a
		// truncated download rather than a complete-looking file
		panic(http.ErrAbortHandler)
	}
}

// downloadName is a download's file name, saying what it holds: the
// problem line (at most 24 characters of it, in letters, digits and
// dashes), the algorithm and the step, then suffix and ext: "graph
// romania", astar, step 5 and .md make stepviz-graph-romania-astar-step5
// with .md after it.
func downloadName(inst stepper.Instance, o stepper.Options, step int, suffix, ext string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(inst.Spec()) {
		if b.Len() >= 24 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	problem := strings.Trim(b.String(), "-")
	return fmt.Sprintf("stepviz-%s-%s-step%d%s%s", problem, o.Algorithm, step, suffix, ext)
}

// traceCommand is the stepviz trace command line that writes the same
// export: the problem line, every option as its flag, the steps and the
// format.
func traceCommand(inst stepper.Instance, o stepper.Options, f export.Format, step int) string {
	args := append(searchArgs("trace", inst, o), "-steps", strconv.Itoa(step), "-format", f.Name, "-o", "stepviz-trace"+f.Ext)
	return strings.Join(args, " ")
}

// searchArgs are the words of a stepviz command (trace, worksheet) that
// make the search of inst under o: the problem line and every option as
// its flag.
func searchArgs(cmd string, inst stepper.Instance, o stepper.Options) []string {
	args := []string{"stepviz", cmd, "-problem", shellQuote(inst.Spec())}
	fields := strings.Fields(o.String())
	args = append(args, "-algo", fields[0])
	for _, kv := range fields[1:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "tree":
			args = append(args, "-tree")
		case "h", "w", "tie", "goaltest", "open", "closed", "depth", "order", "duplicates", "maxnodes":
			args = append(args, "-"+k, shellQuote(v))
		}
	}
	return args
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,=:/+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
