package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"stepviz/internal/usererr"
)

// downErr is an error whose service is down for now, as the cluster's is
// while the NATS server keeping the rooms is.
type downErr struct{ error }

func (downErr) Unavailable() bool { return true }
func (d downErr) Unwrap() error   { return d.error }

// TestErrorStatus: an error that says its service is down for now, even
// wrapped for the log or in the user's words, answers 503 with a
// Retry-After; any other, 500 without one.
func TestErrorStatus(t *testing.T) {
	down := downErr{errors.New("nats: no responders available for request")}
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"down", down, http.StatusServiceUnavailable},
		{"down, wrapped for the log", fmt.Errorf("room abc: %w", down), http.StatusServiceUnavailable},
		{"down, in the user's words", usererr.Errorf("room", "cannot open the room: %w", down), http.StatusServiceUnavailable},
		{"other", errors.New("disk full"), http.StatusInternalServerError},
		{"other, in the user's words", usererr.New("store", "the database is locked"), http.StatusInternalServerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			got := errorStatus(w, tc.err)
			if got != tc.want {
				t.Errorf("status %d, want %d", got, tc.want)
			}
			if retry := w.Header().Get("Retry-After"); (got == http.StatusServiceUnavailable) != (retry != "") {
				t.Errorf("status %d with Retry-After %q: want one exactly with 503", got, retry)
			}
		})
	}
}
