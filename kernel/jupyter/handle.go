package jupyter

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"stepviz/internal/usererr"
	"stepviz/kernel"
	"stepviz/viz/export"
)

// handle answers one request, wrapped in busy and idle. It reports whether
// the request was a cell that failed with stop_on_error set, after which
// the waiting cells are aborted.
func (s *server) handle(ctx context.Context, ch *channel, msg *Message) (abort bool) {
	s.publish(msg, "status", map[string]string{"execution_state": "busy"})
	defer s.publish(msg, "status", map[string]string{"execution_state": "idle"})
	switch msg.Header.MsgType {
	case "kernel_info_request":
		s.reply(ch, msg, "kernel_info_reply", kernelInfo())
	case "execute_request":
		abort = s.execute(ctx, ch, msg)
	case "complete_request":
		var req struct {
			Code      string `json:"code"`
			CursorPos int    `json:"cursor_pos"`
		}
		s.decodeContent(msg, &req)
		var matches []string
		var start, end int
		s.withSession(ctx, func(sess *kernel.Session) { matches, start, end = sess.Complete(req.Code, req.CursorPos) })
		if matches == nil {
			matches = []string{}
		}
		s.reply(ch, msg, "complete_reply", map[string]any{
			"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": end, "metadata": map[string]any{},
		})
	case "inspect_request":
		var req struct {
			Code      string `json:"code"`
			CursorPos int    `json:"cursor_pos"`
		}
		s.decodeContent(msg, &req)
		var help string
		var found bool
		s.withSession(ctx, func(sess *kernel.Session) { help, found = sess.Inspect(req.Code, req.CursorPos) })
		data := map[string]string{}
		if found {
			data["text/plain"] = help
		}
		s.reply(ch, msg, "inspect_reply", map[string]any{"status": "ok", "found": found, "data": data, "metadata": map[string]any{}})
	case "is_complete_request":
		var req struct {
			Code string `json:"code"`
		}
		s.decodeContent(msg, &req)
		st, indent := kernel.Completeness(req.Code)
		content := map[string]any{"status": st}
		if st == "incomplete" {
			content["indent"] = indent
		}
		s.reply(ch, msg, "is_complete_reply", content)
	case "comm_info_request":
		s.reply(ch, msg, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	case "comm_open", "comm_msg", "comm_close":
		// Front ends open comms for widgets and extensions a kernel may
		// not have; the protocol says to ignore them quietly (no reply:
		// they are not requests).
	case "history_request":
		var req historyRequest
		s.decodeContent(msg, &req)
		var hist any
		s.withSession(ctx, func(*kernel.Session) { hist = s.history.reply(req) })
		s.reply(ch, msg, "history_reply", map[string]any{"status": "ok", "history": hist})
	case "interrupt_request":
		s.interrupt()
		s.reply(ch, msg, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var req struct {
			Restart bool `json:"restart"`
		}
		s.decodeContent(msg, &req)
		s.interrupt()
		s.reply(ch, msg, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
		s.quit()
	default:
		s.logf("%s: ignoring %s (not supported)", ch.name, msg.Header.MsgType)
	}
	return abort
}

func (s *server) decodeContent(msg *Message, v any) {
	if err := json.Unmarshal(msg.Content, v); err != nil {
		s.logf("%s: bad content: %v", msg.Header.MsgType, err)
	}
}

// kernelInfo is the kernel_info_reply content.
func kernelInfo() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       ProtocolVersion,
		"implementation":         "stepviz",
		"implementation_version": "1.0",
		"language_info":          export.LanguageInfo(),
		"banner":                 "stepviz: step A*, BFS and their relatives one expansion at a time. Type help.",
		"help_links":             []map[string]string{},
		"debugger":               false,
	}
}

// execute runs a cell: execute_input, its outputs as display_data and
// update_display_data, then execute_reply (and an error message if it
// failed). An interrupt on the control channel cancels it. It reports
// whether the cell failed with stop_on_error set (the default).
func (s *server) execute(ctx context.Context, ch *channel, msg *Message) bool {
	var req struct {
		Code         string `json:"code"`
		Silent       bool   `json:"silent"`
		StoreHistory *bool  `json:"store_history"`
		StopOnError  *bool  `json:"stop_on_error"`
	}
	s.decodeContent(msg, &req)
	store := !req.Silent && (req.StoreHistory == nil || *req.StoreHistory)
	var count int
	// A value (show stats, compare) is held back until the next output:
	// the last output of a cell that succeeds, if it is a value, is the
	// cell's execute_result, as an IPython cell's value is its last
	// expression; every other output is display_data.
	var held *kernel.Output
	// The cell's outputs are published by an outbox of their own, so that
	// making a live frame's PNGs never holds up the run or its interrupt.
	ob := s.newOutbox(msg)
	err := context.Canceled // if the kernel stops before the cell starts
	s.withSession(ctx, func(sess *kernel.Session) {
		// The count and the cancel function are set by the owner, so
		// cells from the shell and control channels take turns.
		cellCtx, cancel := context.WithCancel(ctx)
		s.mu.Lock()
		if store {
			s.execCount++
		}
		count = s.execCount
		s.cancelCell = cancel
		s.mu.Unlock()
		if store {
			s.history.add(count, req.Code)
		}
		defer func() {
			s.mu.Lock()
			s.cancelCell = nil
			s.mu.Unlock()
			cancel()
		}()
		if !req.Silent {
			s.publish(msg, "execute_input", map[string]any{"code": req.Code, "execution_count": count})
		}
		err = sess.Execute(cellCtx, req.Code, func(o kernel.Output) {
			if req.Silent {
				return
			}
			if held != nil {
				ob.add(*held)
				held = nil
			}
			if o.Value && o.DisplayID == "" {
				held = &o
				return
			}
			ob.add(o)
		})
	})
	ename, evalue, tb := "StepvizError", "", []string(nil)
	if err != nil {
		ename, evalue, tb = "StepvizError", usererr.Text(err), []string{usererr.Text(err)}
		var ce *kernel.CellError
		if errors.As(err, &ce) {
			evalue = ce.UserText()
			tb = ce.Traceback()
		}
		if errors.Is(err, context.Canceled) {
			ename = "KeyboardInterrupt"
		}
	}
	errReply := func() {
		s.reply(ch, msg, "execute_reply", map[string]any{
			"status": "error", "execution_count": count, "ename": ename, "evalue": evalue, "traceback": tb,
			"user_expressions": map[string]any{}, "payload": []any{},
		})
	}
	if errors.Is(err, context.Canceled) {
		// An interrupted cell is answered at once: the outputs still on
		// their way (the last frame, its PNGs) follow on iopub before the
		// idle status, where a client collects them.
		errReply()
		ob.close()
		if held != nil {
			s.publishOutput(msg, *held)
		}
		if !req.Silent {
			s.publish(msg, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
		}
		return req.StopOnError == nil || *req.StopOnError
	}
	ob.close()
	if held != nil {
		if err == nil {
			s.publishResult(msg, *held, count)
			if store {
				text := held.Text
				s.withSession(ctx, func(*kernel.Session) { s.history.setOutput(count, text) })
			}
		} else {
			s.publishOutput(msg, *held)
		}
	}
	if err == nil {
		s.reply(ch, msg, "execute_reply", map[string]any{
			"status": "ok", "execution_count": count, "user_expressions": map[string]any{}, "payload": []any{},
		})
		return false
	}
	if !req.Silent {
		s.publish(msg, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
	}
	errReply()
	return req.StopOnError == nil || *req.StopOnError
}

// publishResult sends a cell's value as execute_result, numbered like
// the cell (jupyter console prints it as Out[count]); its drawings go
// first, each as its own display_data (see pictures.go).
func (s *server) publishResult(parent *Message, o kernel.Output, count int) {
	rest, pics := splitPictures(o.HTML)
	for k, p := range pics {
		p.subject = o.Subject
		s.publishPicture(parent, p, "", false, k)
	}
	s.publish(parent, "execute_result", map[string]any{"execution_count": count, "data": textBundle(o.Text, rest), "metadata": map[string]any{}})
}

// textBundle is the MIME bundle of an output's words: text/plain, and
// text/markdown of its HTML without drawings when that shows more than
// the text (see markdown.go).
func textBundle(text, rest string) map[string]string {
	data := map[string]string{"text/plain": text}
	if hasText(rest) {
		if md, plain := toMarkdown(rest); !plain {
			data["text/markdown"] = md
		}
	}
	return data
}

// publishOutput sends an output as display_data, or update_display_data
// when it updates a live view: its text and HTML without drawings as one
// display, then each drawing as its own (see pictures.go). A live view's
// parts have ids DisplayID, DisplayID-picture-1, ...; an update with fewer
// drawings than the view had blanks the ones left over.
func (s *server) publishOutput(parent *Message, o kernel.Output) {
	rest, pics := splitPictures(o.HTML)
	update := o.Update && o.DisplayID != ""
	if hasText(rest) || len(pics) == 0 || o.DisplayID != "" {
		s.publishData(parent, textBundle(o.Text, rest), o.DisplayID, update)
	} else if o.Text != "" {
		// Pictures only: the first carries the output's text after its own.
		pics[0].note = o.Text
	}
	for k, p := range pics {
		p.subject = o.Subject
		if o.Passing {
			s.publishData(parent, p.svgBundle(), partID(o.DisplayID, k+1), update)
			continue
		}
		s.publishPicture(parent, p, o.DisplayID, update, k+1)
	}
	if o.DisplayID == "" {
		return
	}
	s.partsMu.Lock()
	defer s.partsMu.Unlock()
	if s.pictureParts == nil {
		s.pictureParts = map[string]int{}
	}
	had := s.pictureParts[o.DisplayID]
	if !update {
		had = 0
	}
	for k := len(pics) + 1; k <= had; k++ {
		s.publishData(parent, map[string]string{"text/plain": "(not drawn at this step)"}, partID(o.DisplayID, k), true)
	}
	s.pictureParts[o.DisplayID] = max(had, len(pics))
}

// publishPicture sends drawing k of an output as its own display.
func (s *server) publishPicture(parent *Message, p picture, display string, update bool, k int) {
	data, err := p.bundle()
	if err != nil {
		s.logf("picture %q: no png: %v", p.label, err)
	}
	s.publishData(parent, data, partID(display, k), update)
}

// partID is the display id of part k of a live view ("" for none).
func partID(display string, k int) string {
	if display == "" {
		return ""
	}
	return display + "-picture-" + strconv.Itoa(k)
}

// publishData sends one MIME bundle as display_data, or as
// update_display_data of display.
func (s *server) publishData(parent *Message, data map[string]string, display string, update bool) {
	content := map[string]any{"data": data, "metadata": map[string]any{}, "transient": map[string]any{}}
	if display != "" {
		content["transient"] = map[string]any{"display_id": display}
	}
	typ := "display_data"
	if update && display != "" {
		typ = "update_display_data"
	}
	s.publish(parent, typ, content)
}
