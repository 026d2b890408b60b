package wsread

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// TestRead: messages up to the limit are read whole, compressed or not; a
// longer one is a *TooLargeError, however small it is on the wire.
func TestRead(t *testing.T) {
	const limit = 1000
	got := make(chan error, 1)
	var data []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := websocket.Upgrader{EnableCompression: true}
		c, err := u.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		for {
			var err error
			_, data, err = Read(c, limit)
			got <- err
			if err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	d := websocket.Dialer{EnableCompression: true}
	c, _, err := d.Dial("ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	check := func(t *testing.T, msg []byte, compress, tooLarge bool) {
		t.Helper()
		c.EnableWriteCompression(compress)
		if err := c.WriteMessage(websocket.TextMessage, msg); err != nil {
			t.Fatal(err)
		}
		err := <-got
		var tl *TooLargeError
		switch {
		case tooLarge && (!errors.As(err, &tl) || tl.Limit != limit):
			t.Fatalf("%d bytes (compressed %v): %v, want a TooLargeError", len(msg), compress, err)
		case !tooLarge && (err != nil || !bytes.Equal(data, msg)):
			t.Fatalf("%d bytes (compressed %v): %v, %d bytes read", len(msg), compress, err, len(data))
		}
	}
	for _, tc := range []struct {
		size     int
		compress bool
	}{{0, false}, {10, false}, {limit, false}, {limit, true}, {10, true}} {
		check(t, bytes.Repeat([]byte{'a'}, tc.size), tc.compress, false)
	}
	check(t, bytes.Repeat([]byte{'a'}, 1<<20), true, true) // ~1 KB on the wire
}
