package webguard

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"stepviz/internal/lan"
)

// TestWrap sends requests to a real server on 127.0.0.1 as a rebinding
// page, a cross-origin page and a same-origin page would.
func TestWrap(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })
	srv := httptest.NewServer(Guard{Hosts: []string{"lecture.example", "proxy.example:443"}}.Wrap(ok))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	port := addr[strings.LastIndex(addr, ":")+1:]
	type row = struct {
		name, method, host string
		header             map[string]string
		status             int
		want               string
	}
	var own []row
	for _, a := range lan.Addrs() {
		hp := net.JoinHostPort(a.String(), port)
		own = append(own, row{"this machine's address " + a.String(), "GET", hp, nil, 200, "ok"},
			row{"this machine's address " + a.String() + " as Origin", "POST", addr, map[string]string{"Origin": "http://" + hp}, 200, "ok"},
			row{"this machine's address " + a.String() + ", other port", "GET", net.JoinHostPort(a.String(), "1"), nil, 421, "does not answer"})
	}
	for _, tc := range append(own, []struct {
		name, method, host string
		header             map[string]string
		status             int
		want               string
	}{
		{"served address", "GET", addr, nil, 200, "ok"},
		{"localhost", "GET", "localhost:" + port, nil, 200, "ok"},
		{"rebound name", "GET", "evil.example:" + port, nil, 421, `does not answer to the host "evil.example:` + port},
		{"rebound name, websocket", "GET", "evil.example:" + port, map[string]string{"Upgrade": "websocket", "Origin": "http://evil.example:" + port}, 421, "-host evil.example"},
		{"other port", "GET", "127.0.0.1:1", nil, 421, "does not answer"},
		{"another machine's address", "GET", "203.0.113.9:" + port, nil, 421, "does not answer"},
		{"another machine's address as Origin", "POST", addr, map[string]string{"Origin": "http://203.0.113.9:" + port}, 403, "did not serve"},
		{"no port", "GET", "127.0.0.1", nil, 421, "does not answer"},
		{"listed name", "GET", "lecture.example:" + port, nil, 200, "ok"},
		{"listed name with port", "GET", "proxy.example:443", nil, 200, "ok"},
		{"listed name, other port", "GET", "proxy.example:80", nil, 421, "does not answer"},
		{"same-origin POST", "POST", addr, map[string]string{"Origin": "http://" + addr}, 200, "ok"},
		{"POST without Origin (curl)", "POST", addr, nil, 200, "ok"},
		{"cross-origin POST", "POST", addr, map[string]string{"Origin": "http://evil.example"}, 403, `from the page "http://evil.example"`},
		{"Origin null", "POST", addr, map[string]string{"Origin": "null"}, 403, "did not serve"},
		{"Origin null, cross-site", "POST", addr, map[string]string{"Origin": "null", "Sec-Fetch-Site": "cross-site"}, 403, "did not serve"},
		{"Origin null, same-origin (no-referrer page)", "POST", addr, map[string]string{"Origin": "null", "Sec-Fetch-Site": "same-origin"}, 200, "ok"},
		{"Origin with the rebound Host", "POST", "lecture.example:" + port, map[string]string{"Origin": "http://evil.example:" + port}, 403, "did not serve"},
		{"cross-site, no Origin", "POST", addr, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "Sec-Fetch-Site: cross-site"},
		{"cross-origin websocket", "GET", addr, map[string]string{"Upgrade": "websocket", "Origin": "http://evil.example"}, 403, "did not serve"},
		{"cross-origin GET of a page", "GET", addr, map[string]string{"Origin": "http://evil.example"}, 200, "ok"},
	}...) {
		req, _ := http.NewRequest(tc.method, srv.URL, nil)
		req.Host = tc.host
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status || !strings.Contains(string(b), tc.want) {
			t.Errorf("%s: %d %q, want %d with %q", tc.name, res.StatusCode, b, tc.status, tc.want)
		}
	}
}

func TestCheckContentType(t *testing.T) {
	for _, tc := range []struct {
		ct string
		ok bool
	}{
		{"application/json", true},
		{"application/json; charset=utf-8", true},
		{"Application/JSON", true},
		{"text/plain", false},
		{"text/plain; application/json", false},
		{"application/x-www-form-urlencoded", false},
		{"", false},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		r.Header.Set("Content-Type", tc.ct)
		if err := CheckContentType(r, "application/json"); (err == nil) != tc.ok {
			t.Errorf("%q: %v", tc.ct, err)
		}
	}
}

func TestBodyTimeout(t *testing.T) {
	for _, tc := range []struct {
		guard Guard
		n     int64
		want  time.Duration
	}{
		{Guard{}, -1, 15 * time.Second},
		{Guard{}, 0, 15 * time.Second},
		{Guard{}, 1 << 20, 16 * time.Second},
		{Guard{}, 20 << 20, 35 * time.Second},
		{Guard{}, 1 << 40, 47 * time.Second},
		{Guard{BodyTimeout: time.Second}, 3 << 20, 4 * time.Second},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		r.ContentLength = tc.n
		if got := tc.guard.bodyTimeout(r); got != tc.want {
			t.Errorf("Content-Length %d: %v, want %v", tc.n, got, tc.want)
		}
	}
}

// TestHandlerOutlivesBodyDeadline: once a request's body is read (or it
// has none), a handler may work past the body's deadline, up to the
// reply's, without its context being cancelled; a body that stalls is
// still cut off at the body's deadline.
func TestHandlerOutlivesBodyDeadline(t *testing.T) {
	const body, reply = 300 * time.Millisecond, 5 * time.Second
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, "body: "+err.Error(), http.StatusRequestTimeout)
			return
		}
		select {
		case <-time.After(3 * body):
			_, _ = io.WriteString(w, "done")
		case <-r.Context().Done():
			// the reply is sent anyway, so the test sees the cancel
			http.Error(w, "cancelled", http.StatusServiceUnavailable)
		}
	})
	srv := httptest.NewServer(Guard{BodyTimeout: body, WriteTimeout: reply}.Wrap(slow))
	defer srv.Close()
	for _, tc := range []struct {
		method string
		body   io.Reader
	}{{"GET", nil}, {"POST", strings.NewReader("a small body")}} {
		req, err := http.NewRequest(tc.method, srv.URL, tc.body)
		if err != nil {
			t.Fatal(err)
		}
		if tc.method == "POST" {
			req.Header.Set("Origin", srv.URL)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.method, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(b) != "done" {
			t.Errorf("%s whose handler works 3 times the body's deadline: %d %q, want 200 \"done\"", tc.method, resp.StatusCode, b)
		}
	}

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	host := srv.Listener.Addr().String()
	if _, err := io.WriteString(conn, "POST / HTTP/1.1\r\nHost: "+host+"\r\nOrigin: http://"+host+"\r\nContent-Length: 100\r\n\r\nonly a part"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(reply))
	got, _ := io.ReadAll(conn)
	if !strings.Contains(string(got), "408") || !strings.Contains(string(got), "body: ") {
		t.Errorf("a body that stalls: %q, want 408 once the body's deadline passed", got)
	}
}
