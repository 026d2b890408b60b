package notebook

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestKernelSlotHeldUntilTheCellEnds: closing a tab does not free its
// kernel slot while its cell still runs (else 24 closed tabs would run
// 24 cells under a cap of 16). With one slot, a page whose tab closed
// during a slow cell keeps the slot until that cell has returned: any
// page let in afterwards finds no cell running.
func TestKernelSlotHeldUntilTheCellEnds(t *testing.T) {
	h := NewHandler(Config{MaxKernels: 1})
	mux := http.NewServeMux()
	mux.Handle("/notebook/", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	a := dial(t, srv)
	a.send(clientMsg{Op: "execute", Cell: "c1", Code: "puzzle 867254301 goal=123456780\nsearch bfs\nrun 100000"})
	if d := a.until(doneOf("c1")); d[len(d)-1].Error != "" {
		t.Fatalf("setting up: %s", d[len(d)-1].Error)
	}
	// show takes a snapshot of 100,000 nodes: Stop cannot cut that short
	a.send(clientMsg{Op: "execute", Cell: "c2", Code: "show open"})
	a.until(func(m serverMsg) bool { return m.Type == "status" && m.Cell == "c2" })
	a.ws.Close()
	closed := time.Now()
	refused := 0
	for {
		ws, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
		if err == nil {
			if n := h.running.Load(); n != 0 {
				t.Fatalf("a new page got the only slot while %d cell(s) of the closed tab still ran", n)
			}
			ws.Close()
			break
		}
		if res == nil || res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("dial: %v", err)
		}
		refused++
		if time.Since(closed) > 20*time.Second {
			t.Fatalf("the slot was not freed 20 s after the tab closed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the slot came free %v after the tab closed (%d pages refused meanwhile)", time.Since(closed).Round(time.Millisecond), refused)
}
