package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz/export"
)

// limitBuffer holds what a worksheet writes, failing past limit bytes or
// once the request is cancelled.
type limitBuffer struct {
	bytes.Buffer
	ctx   context.Context
	limit int64
}

func (b *limitBuffer) Write(p []byte) (int, error) {
	if err := b.ctx.Err(); err != nil {
		return 0, err
	}
	if int64(b.Len()+len(p)) > b.limit {
		return 0, errTooLarge
	}
	return b.Buffer.Write(p)
}

// handleWorksheet serves GET /s/{id}/worksheet?format=md|tex|html
// [&answers=1][&step=K]: the session's search as a homework sheet of
// steps 1..K (default: the live step), or its answer key with answers=1,
// as the stepviz worksheet command writes them with its default blanks
// (open, f, order). The key is the presenter's only (the presenter key in
// the link); K is 1 to the furthest step a follower may view, at most
// export.MaxWorksheetSteps. Made from a fresh search on the session's problem
// and options, in memory up to the export ceiling, at most maxExports at
// once with the exports.
func (s *Server) handleWorksheet(w http.ResponseWriter, r *http.Request) {
	sess, presenter, ok := s.lookup(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	format := q.Get("format")
	if !slices.Contains(export.WorksheetFormats, format) {
		httpError(w, fmt.Sprintf("worksheet format %q: want one of %s", format, strings.Join(export.WorksheetFormats, ", ")), http.StatusBadRequest)
		return
	}
	answers := q.Get("answers") == "1"
	if answers && !presenter {
		httpError(w, "the answer key is for the presenter: download it from the presenter's link", http.StatusForbidden)
		return
	}
	src, ok := exportSourceOf(w, r, sess, 1)
	if !ok {
		return
	}
	inst, o, step := src.inst, src.o, src.step
	switch {
	case step < 1:
		httpError(w, "a worksheet traces at least one step: step the search, then download it", http.StatusBadRequest)
		return
	case step > export.MaxWorksheetSteps:
		httpError(w, fmt.Sprintf("a worksheet of %d steps is more than a student fills in by hand; go back to step %d or less, or make it on your own machine with\n\n    %s\n", step, export.MaxWorksheetSteps, worksheetCommand(inst, o, format, step)), http.StatusBadRequest)
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
	buf := &limitBuffer{ctx: r.Context(), limit: s.cfg.ExportCeiling}
	switch err := export.WriteWorksheet(buf, format, search, step, export.Blanks{Open: true, F: true, Order: true}, answers); {
	case errors.Is(err, errTooLarge):
		httpError(w, fmt.Sprintf("the worksheet of %d steps is larger than this server sends (%d MB). Make it on your own machine with\n\n    %s\n", step, s.cfg.ExportCeiling>>20, worksheetCommand(inst, o, format, step)), http.StatusRequestEntityTooLarge)
		return
	case r.Context().Err() != nil:
		httpError(w, fmt.Sprintf("the worksheet of %d steps was stopped before it was made (it took too long, or the request was cancelled). Try again, or make it on your own machine with\n\n    %s\n", step, worksheetCommand(inst, o, format, step)), http.StatusServiceUnavailable)
		return
	case err != nil:
		httpError(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	f, _ := export.Lookup(format)
	name := downloadName(inst, o, step, "-worksheet", f.Ext)
	if answers {
		name = downloadName(inst, o, step, "-worksheet-key", f.Ext)
	}
	w.Header().Set("Content-Type", f.MIME)
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	_, _ = w.Write(buf.Bytes())
}

// worksheetCommand is the stepviz worksheet command line that writes the
// same sheet and its key.
func worksheetCommand(inst stepper.Instance, o stepper.Options, format string, step int) string {
	return strings.Join(append(searchArgs("worksheet", inst, o), "-steps", strconv.Itoa(step), "-o", "sheet."+format), " ")
}
