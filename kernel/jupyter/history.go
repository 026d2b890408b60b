package jupyter

import (
	"path"
	"slices"
)

// historySession is the session number history entries carry. The kernel
// keeps no history across restarts, so there is one session, the current
// one; requests for session 0 (IPython's "current") or any negative
// offset from it are answered from it too.
const historySession = 1

// maxHistory bounds the cells kept: the oldest are dropped past it.
const maxHistory = 10_000

// histEntry is one executed cell: its execution count, its code and the
// text/plain of its result (execute_result), if any.
type histEntry struct {
	line   int
	input  string
	output string
	hasOut bool
}

// history is the record of this kernel's cells for history_request, so
// that jupyter console and other front ends recall earlier cells. It is
// used only on the session's owner goroutine ([server.withSession]).
type history struct {
	entries []histEntry
}

// add records a cell run with store_history. O(1) amortised.
func (h *history) add(line int, input string) {
	h.entries = append(h.entries, histEntry{line: line, input: input})
	if len(h.entries) > maxHistory {
		h.entries = slices.Delete(h.entries, 0, len(h.entries)-maxHistory)
	}
}

// setOutput records the result text of the cell numbered line.
func (h *history) setOutput(line int, out string) {
	for i := len(h.entries) - 1; i >= 0; i-- {
		if h.entries[i].line == line {
			h.entries[i].output, h.entries[i].hasOut = out, true
			return
		}
	}
}

// historyRequest is the content of a history_request.
type historyRequest struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           *int   `json:"stop"`
	N              *int   `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// reply answers a history_request with IPython's conventions: "tail" the
// last n cells, "range" the cells numbered start <= line < stop of a
// session (stop absent: to the end), "search" the last n cells matching a
// glob pattern (unique: each input once). Each entry is [session, line,
// input], or [session, line, [input, output]] with output set (output
// null for a cell without a result). Cost: O(entries).
func (h *history) reply(req historyRequest) []any {
	var picked []histEntry
	switch req.HistAccessType {
	case "range":
		if req.Session > 0 && req.Session != historySession {
			return []any{}
		}
		for _, e := range h.entries {
			if e.line >= req.Start && (req.Stop == nil || e.line < *req.Stop) {
				picked = append(picked, e)
			}
		}
	case "search":
		pattern := req.Pattern
		if pattern == "" {
			pattern = "*"
		}
		seen := map[string]bool{}
		for i := len(h.entries) - 1; i >= 0; i-- {
			e := h.entries[i]
			if ok, err := path.Match(pattern, e.input); err != nil || !ok {
				continue
			}
			if req.Unique {
				if seen[e.input] {
					continue
				}
				seen[e.input] = true
			}
			picked = append(picked, e)
			if req.N != nil && len(picked) >= *req.N {
				break
			}
		}
		slices.Reverse(picked)
	default: // "tail"
		picked = h.entries
		if req.N != nil && *req.N >= 0 && *req.N < len(picked) {
			picked = picked[len(picked)-*req.N:]
		}
	}
	out := make([]any, 0, len(picked))
	for _, e := range picked {
		if req.Output {
			var o any
			if e.hasOut {
				o = e.output
			}
			out = append(out, []any{historySession, e.line, []any{e.input, o}})
		} else {
			out = append(out, []any{historySession, e.line, e.input})
		}
	}
	return out
}
