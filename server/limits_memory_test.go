package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"stepviz/internal/membudget"
)

// TestMemoryBudgetBoundsSessions: sessions reserve their worst case from
// the server-wide budget; when it is full a new one is refused with a
// message saying what holds the memory, after an idle session has been
// reclaimed if there is one; a stopped session gives its share back.
func TestMemoryBudgetBoundsSessions(t *testing.T) {
	const nodes = 10_000
	budget := membudget.New(3 * nodes * sessionNodeBytes)
	srv := New(Config{MaxNodes: nodes, Memory: budget, Idle: time.Hour})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	ips := []string{"127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"}
	for _, ip := range ips[:3] {
		if status, _, body := postFrom(t, ts.URL, ip, exampleForm); status != http.StatusSeeOther {
			t.Fatalf("session within the budget refused: HTTP %d %.300s", status, body)
		}
	}
	if got := budget.Used(); got != 3*nodes*sessionNodeBytes {
		t.Errorf("3 sessions of %d nodes reserve %d bytes, want %d", nodes, got, 3*nodes*sessionNodeBytes)
	}
	status, _, body := postFrom(t, ts.URL, ips[3], exampleForm)
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "lecture sessions") || !strings.Contains(body, "-memory") {
		t.Errorf("a session over the budget: HTTP %d %.400s, want 503 naming what holds the memory and -memory", status, body)
	}
	srv.sessions.closeAll()
	if got := budget.Used(); got != 0 {
		t.Errorf("stopped sessions still hold %d bytes", got)
	}
}
