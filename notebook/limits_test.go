package notebook

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/kernel"
)

// TestKernelSocketRefusesCompressionAndBigMessages: the kernel socket never
// negotiates permessage-deflate (a cell's code is read as sent, so a small
// frame cannot inflate into a large message), and a message over the 1 MB
// cell limit closes the socket with 1009.
func TestKernelSocketRefusesCompressionAndBigMessages(t *testing.T) {
	srv := newServer(t, Config{})
	d := websocket.Dialer{EnableCompression: true}
	ws, resp, err := d.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if ext := resp.Header.Get("Sec-Websocket-Extensions"); ext != "" {
		t.Errorf("the kernel socket negotiated %q", ext)
	}
	if err := ws.WriteMessage(websocket.TextMessage, bytes.Repeat([]byte{' '}, maxMessageSize+1)); err != nil {
		t.Fatal(err)
	}
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, _, err := ws.ReadMessage()
		if err == nil {
			continue
		}
		ce, ok := err.(*websocket.CloseError)
		if !ok || ce.Code != websocket.CloseMessageTooBig {
			t.Fatalf("closed with %v, want 1009", err)
		}
		return
	}
}

// dialFrom opens a kernel socket from the client address ip (any
// 127.0.0.0/8 address reaches the test server); it returns the refusal's
// status and body instead when there is one.
func dialFrom(t *testing.T, srv *httptest.Server, ip string) (*wsClient, int, string) {
	t.Helper()
	nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	d := websocket.Dialer{NetDialContext: nd.DialContext}
	ws, res, err := d.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/notebook/ws", nil)
	if err != nil {
		if res == nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		return nil, res.StatusCode, string(body)
	}
	t.Cleanup(func() { ws.Close() })
	return &wsClient{t: t, ws: ws}, http.StatusSwitchingProtocols, ""
}

// TestKernelsPerAddress: one address holds at most
// DefaultKernelsPerAddress kernels, so another address still gets one.
func TestKernelsPerAddress(t *testing.T) {
	srv := newServer(t, Config{})
	for i := range DefaultKernelsPerAddress {
		if c, status, body := dialFrom(t, srv, "127.0.0.2"); c == nil {
			t.Fatalf("page %d refused: HTTP %d %s", i+1, status, body)
		}
	}
	if c, status, body := dialFrom(t, srv, "127.0.0.2"); c != nil || status != http.StatusServiceUnavailable || !strings.Contains(body, "your network") {
		t.Errorf("page %d of one address: HTTP %d %q, want 503 naming the network", DefaultKernelsPerAddress+1, status, body)
	}
	if c, status, body := dialFrom(t, srv, "127.0.0.3"); c == nil {
		t.Errorf("another address refused: HTTP %d %s", status, body)
	}
}

// TestIdleKernelEvicted: when the kernels are all taken, a page unused
// for KernelIdle gives its slot to a new page and is closed with a reason;
// a page whose cell is running is never evicted.
func TestIdleKernelEvicted(t *testing.T) {
	srv := newServer(t, Config{MaxKernels: 1, KernelIdle: 300 * time.Millisecond})
	busy, _, _ := dialFrom(t, srv, "127.0.0.2")
	busy.send(clientMsg{Op: "execute", Cell: "c1", Code: slowCell})
	busy.until(func(m serverMsg) bool { return m.Type == "status" && m.Cell == "c1" })
	time.Sleep(500 * time.Millisecond)
	if c, status, _ := dialFrom(t, srv, "127.0.0.3"); c != nil || status != http.StatusServiceUnavailable {
		t.Fatalf("a page running a cell was evicted (HTTP %d)", status)
	}
	busy.send(clientMsg{Op: "interrupt"})
	busy.until(doneOf("c1"))
	time.Sleep(500 * time.Millisecond)
	if c, status, body := dialFrom(t, srv, "127.0.0.3"); c == nil {
		t.Fatalf("a new page was refused while the only page was idle: HTTP %d %s", status, body)
	}
	_ = busy.ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, _, err := busy.ws.ReadMessage()
		if err == nil {
			continue
		}
		ce, ok := err.(*websocket.CloseError)
		if !ok || ce.Code != websocket.CloseTryAgainLater || !strings.Contains(ce.Text, "another page needed") {
			t.Fatalf("the idle page ended with %v, want 1013 saying another page needed its kernel", err)
		}
		return
	}
}

// TestQueuedCodeBounded: the cells one page has waiting hold at most
// maxQueuedBytes of code; past it a cell is refused at once with a reason.
func TestQueuedCodeBounded(t *testing.T) {
	srv := newServer(t, Config{})
	c, _, _ := dialFrom(t, srv, "127.0.0.2")
	c.send(clientMsg{Op: "execute", Cell: "slow", Code: slowCell})
	c.until(func(m serverMsg) bool { return m.Type == "status" && m.Cell == "slow" })
	big := "# " + strings.Repeat("x", 900<<10)
	const cells = 8 // 7.2 MB
	for i := range cells {
		c.send(clientMsg{Op: "execute", Cell: fmt.Sprintf("big%d", i), Code: big})
	}
	refused := c.until(func(m serverMsg) bool { return m.Type == "done" && strings.HasPrefix(m.Cell, "big") })
	last := refused[len(refused)-1]
	if !strings.Contains(last.Error, "MB of code") {
		t.Fatalf("cell %s: %q, want a refusal naming the queued code", last.Cell, last.Error)
	}
	if n, _ := strconv.Atoi(strings.TrimPrefix(last.Cell, "big")); n*len(big) > maxQueuedBytes || (n+1)*len(big) <= maxQueuedBytes {
		t.Errorf("the first cell refused was %s: %d bytes were waiting", last.Cell, n*len(big))
	}
	c.send(clientMsg{Op: "interrupt"})
}

// slowCell runs until interrupted (or its page's node cap): a BFS of the
// 15-puzzle.
const slowCell = "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nsearch bfs\nrun"

// TestMemoryBudgetShared: a page's searches and checks reserve their worst
// case from the server-wide budget: a search gets at most half of what is
// free (so one page cannot take it all), a check that does not fit is
// refused with a message naming what holds the memory, and a closed page
// gives everything back.
func TestMemoryBudgetShared(t *testing.T) {
	const budgetNodes = 1_000_000
	mem := membudget.New(budgetNodes * kernel.NodeBytes)
	srv := newServer(t, Config{Memory: mem})
	a, _, _ := dialFrom(t, srv, "127.0.0.2")
	a.send(clientMsg{Op: "execute", Cell: "c1", Code: "puzzle 283164705 goal=123804765\nbig = search bfs maxnodes=4000000"})
	if d := a.until(doneOf("c1")); d[len(d)-1].Error != "" {
		t.Fatalf("c1: %s", d[len(d)-1].Error)
	}
	if got := mem.Used(); got != budgetNodes*kernel.NodeBytes/2 {
		t.Errorf("a search asking for 4M nodes reserved %d bytes, want half the budget (%d)", got, budgetNodes*kernel.NodeBytes/2)
	}
	a.send(clientMsg{Op: "execute", Cell: "c2", Code: "check h=manhattan states=2000000"})
	d := a.until(doneOf("c2"))
	if e := d[len(d)-1].Error; !strings.Contains(e, "notebook searches") || !strings.Contains(e, "-memory") {
		t.Errorf("a check over the budget: %q, want a refusal naming what holds the memory", e)
	}
	b, _, _ := dialFrom(t, srv, "127.0.0.3")
	b.send(clientMsg{Op: "execute", Cell: "c1", Code: "puzzle 283164705 goal=123804765\nsearch astar h=manhattan"})
	if d := b.until(doneOf("c1")); d[len(d)-1].Error != "" {
		t.Errorf("another page's search: %s", d[len(d)-1].Error)
	}
	a.ws.Close()
	b.ws.Close()
	deadline := time.Now().Add(10 * time.Second)
	for mem.Used() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := mem.Used(); got != 0 {
		t.Errorf("closed pages still hold %d bytes", got)
	}
}

// TestSavesReserveMemory: a save reserves saveFactor times its body from
// the budget while it is handled: one that does not fit is refused with
// 503 and the reason, and a save that fits gives its share back.
func TestSavesReserveMemory(t *testing.T) {
	mem := membudget.New(4 << 20)
	srv := newServer(t, Config{Memory: mem})
	cell := strings.Repeat("x", 1<<20)
	status, m := post(t, srv.URL+"/notebook/save", "application/json", `{"title": "big", "cells": [{"kind": "code", "source": "# `+cell+`"}]}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(m["error"], "notebook saves") {
		t.Errorf("a 1 MB save under a 4 MB budget: HTTP %d %v, want 503 naming the saves", status, m)
	}
	status, m = post(t, srv.URL+"/notebook/save", "application/json", `{"title": "small", "cells": [{"kind": "code", "source": "search bfs"}]}`)
	if status != http.StatusOK {
		t.Errorf("a small save: HTTP %d %v", status, m)
	}
	if got := mem.Used(); got != 0 {
		t.Errorf("saves done still hold %d bytes", got)
	}
}
