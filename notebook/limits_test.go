package notebook

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
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
