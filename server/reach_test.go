package server

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"stepviz/internal/lan"
)

// TestReachFor checks where the followers' link points for each host a
// lecturer's browser may use and each address the server may listen on.
func TestReachFor(t *testing.T) {
	addrs := lan.Addrs()
	best := ""
	if len(addrs) > 0 {
		best = strings.TrimSuffix(lan.URL(addrs[0], 8080), "/")
	}
	for _, c := range []struct {
		name, public, listen, host string
		want                       string
		loopbackOnly               bool
	}{
		{"public URL wins", "https://lecture.example", "127.0.0.1:8080", "127.0.0.1:8080", "https://lecture.example", false},
		{"loopback listener, 127.0.0.1", "", "127.0.0.1:8080", "127.0.0.1:8080", "http://127.0.0.1:8080", true},
		{"loopback listener, localhost", "", "127.0.0.1:8080", "localhost:8080", "http://localhost:8080", true},
		{"every address, lecturer on 127.0.0.1", "", "[::]:8080", "127.0.0.1:8080", best, len(addrs) == 0},
		{"every address, lecturer on localhost", "", "0.0.0.0:8080", "localhost:8080", best, len(addrs) == 0},
		{"every address, lecturer on [::1]", "", "[::]:8080", "[::1]:8080", best, len(addrs) == 0},
		{"one network address", "", "192.168.7.9:8080", "127.0.0.1:8080", "http://192.168.7.9:8080", false},
		{"lecturer on a network address", "", "[::]:8080", "192.168.7.9:8080", "http://192.168.7.9:8080", false},
		{"lecturer on a DNS name", "", "[::]:8080", "lecture.example", "http://lecture.example", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				t.Skip("this machine has no network address")
			}
			s := New(Config{PublicURL: c.public})
			a, err := net.ResolveTCPAddr("tcp", c.listen)
			if err != nil {
				t.Fatal(err)
			}
			var na net.Addr = a
			s.listening.Store(&na)
			r := httptest.NewRequest("GET", "/", nil)
			r.Host = c.host
			got := s.reachFor(r)
			if got.Base != c.want || got.LoopbackOnly != c.loopbackOnly {
				t.Errorf("reachFor = %+v, want %s (loopback only %v)", got, c.want, c.loopbackOnly)
			}
			if got.LoopbackOnly && strings.Contains(got.Base, "0.0.0.0") {
				t.Errorf("reachFor = %+v", got)
			}
		})
	}
}

func TestParsePublicURL(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"https://lecture.example", "https://lecture.example", ""},
		{"https://lecture.example/", "https://lecture.example", ""},
		{"http://192.168.1.5:8080", "http://192.168.1.5:8080", ""},
		{"lecture.example", "", "give the address students open"},
		{"ftp://lecture.example", "", "give the address students open"},
		{"https://lecture.example/stepviz", "", "without a path"},
		{"https://u:p@lecture.example", "", "give the address students open"},
	} {
		got, err := ParsePublicURL(c.in)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("ParsePublicURL(%q) = %q, %v; want %q, %q", c.in, got, err, c.want, c.err)
		}
	}
}

// TestLoopbackNotice: served on loopback only (httptest), the presenter's
// pages say that no student can connect, and with which command to serve
// the class; a follower's page does not.
func TestLoopbackNotice(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	for _, c := range []struct {
		path   string
		notice bool
	}{
		{"/r/" + code + "?key=" + key, true},
		{"/r/" + code, false},
		{"/r/" + code + "/qr", true},
	} {
		status, body, _ := get(t, ts.URL+c.path)
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d", c.path, status)
		}
		has := strings.Contains(body, `data-testid="loopback-notice"`) && strings.Contains(body, ClassroomCommand)
		if has != c.notice {
			t.Errorf("GET %s: loopback notice %v, want %v", c.path, has, c.notice)
		}
	}
	srv, ts2, sess := liveServer(t, Config{}, "puzzle 283164705 goal=123804765", "astar h=manhattan")
	_ = srv
	_, body, _ := get(t, ts2.URL+presenterPath(sess))
	if !strings.Contains(body, `data-testid="loopback-notice"`) {
		t.Errorf("the session's presenter page does not say students cannot connect")
	}
	_, body, _ = get(t, ts2.URL+followerPath(sess))
	if strings.Contains(body, `data-testid="loopback-notice"`) {
		t.Errorf("a follower's page shows the lecturer's notice")
	}
	_, body, _ = get(t, ts2.URL+followerPath(sess)+"/qr")
	if !strings.Contains(body, `data-testid="loopback-notice"`) || !strings.Contains(body, `src="`+followerPath(sess)+`/qr.png"`) {
		t.Errorf("the session's QR page:\n%.500s", body)
	}
	if status, png, h := get(t, ts2.URL+followerPath(sess)+"/qr.png"); status != http.StatusOK || h.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
		t.Errorf("the session's QR code: %d %s", status, h.Get("Content-Type"))
	}
}

// BenchmarkReachFor is the cost of a followers' link on a page the
// lecturer opened on 127.0.0.1 of a server on every address (a listing of
// the interfaces and a routing lookup), and on a network address (none).
func BenchmarkReachFor(b *testing.B) {
	s := New(Config{})
	a, _ := net.ResolveTCPAddr("tcp", "[::]:8080")
	var na net.Addr = a
	s.listening.Store(&na)
	for _, host := range []string{"127.0.0.1:8080", "192.168.7.9:8080"} {
		b.Run(host, func(b *testing.B) {
			r := httptest.NewRequest("GET", "/", nil)
			r.Host = host
			for b.Loop() {
				_ = s.reachFor(r)
			}
		})
	}
}
