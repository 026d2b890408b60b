package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"stepviz/internal/membudget"
	"stepviz/script"
	"stepviz/server/session"
)

// TestMemoryBudgetBoundsSessions: sessions reserve their worst case from
// the server-wide budget; when it is full a new one is refused with a
// message saying what holds the memory, after an idle session has been
// reclaimed if there is one; a stopped session gives its share back.
func TestMemoryBudgetBoundsSessions(t *testing.T) {
	const nodes = 10_000
	budget := membudget.New(3 * nodes * session.NodeBytes)
	srv := New(Config{MaxNodes: nodes, Memory: budget, Idle: time.Hour})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ips := []string{"127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"}
	for _, ip := range ips[:3] {
		if status, _, body := postFrom(t, ts.URL, ip, exampleForm); status != http.StatusSeeOther {
			t.Fatalf("session within the budget refused: HTTP %d %.300s", status, body)
		}
	}
	if got := budget.Used(); got != 3*nodes*session.NodeBytes {
		t.Errorf("3 sessions of %d nodes reserve %d bytes, want %d", nodes, got, 3*nodes*session.NodeBytes)
	}
	status, _, body := postFrom(t, ts.URL, ips[3], exampleForm)
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "lecture sessions") || !strings.Contains(body, "-memory") {
		t.Errorf("a session over the budget: HTTP %d %.400s, want 503 naming what holds the memory and -memory", status, body)
	}
	srv.sessions.CloseAll()
	if got := budget.Used(); got != 0 {
		t.Errorf("stopped sessions still hold %d bytes", got)
	}
}

// TestMemoryBudgetBoundsScripts: a landing form with a script reserves
// what one Starlark call may grow the heap by while it is answered: when
// the budget cannot hold it the form is refused with the reason, and a
// form answered gives it back.
func TestMemoryBudgetBoundsScripts(t *testing.T) {
	form := url.Values{"source": {"script"}, "script_example": {"jugs.star"}, "script_params": {"caps=3,5 target=4"}, "algo": {"bfs"}, "max_nodes": {"1000"}}
	for _, tc := range []struct {
		name   string
		budget int64
		status int
	}{
		{"a budget without room for a call", script.CallHeap - 1, http.StatusServiceUnavailable},
		{"a budget with room for a call and a session", script.CallHeap + DefaultMaxNodes*session.NodeBytes, http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			budget := membudget.New(tc.budget)
			srv := New(Config{Memory: budget})
			t.Cleanup(srv.Close)
			ts := newTestServer(t, srv)
			status, _, body := postFrom(t, ts.URL, "127.0.0.1", form)
			if status != tc.status {
				t.Fatalf("HTTP %d, want %d: %.300s", status, tc.status, body)
			}
			if status == http.StatusServiceUnavailable && !strings.Contains(body, "scripts") {
				t.Errorf("the refusal does not say the script needs memory: %.400s", body)
			}
			if got, held := budget.Used(), budget.Usage()["scripts"]; held != 0 {
				t.Errorf("after the answer the budget holds %d bytes for scripts (%d in all)", held, got)
			}
		})
	}
}
