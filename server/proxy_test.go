package server

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestForwardedClient(t *testing.T) {
	local := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/24")}
	for _, c := range []struct {
		name, remote string
		xff          []string
		want         string
	}{
		{"no proxy trusted", "192.0.2.7:5000", []string{"198.51.100.1"}, "192.0.2.7:5000"},
		{"nginx's entry", "127.0.0.1:5000", []string{"198.51.100.1"}, "198.51.100.1:5000"},
		{"a client's forged entry left of nginx's", "127.0.0.1:5000", []string{"203.0.113.9, 198.51.100.1"}, "198.51.100.1:5000"},
		{"a load balancer, then nginx", "127.0.0.1:5000", []string{"198.51.100.1, 10.0.0.3"}, "198.51.100.1:5000"},
		{"the header given twice", "127.0.0.1:5000", []string{"198.51.100.1", "10.0.0.3"}, "198.51.100.1:5000"},
		{"IPv6 client", "127.0.0.1:5000", []string{"2001:db8::1"}, "[2001:db8::1]:5000"},
		{"no header", "127.0.0.1:5000", nil, "127.0.0.1:5000"},
		{"not an address", "127.0.0.1:5000", []string{"unknown"}, "127.0.0.1:5000"},
		{"only proxies", "127.0.0.1:5000", []string{"10.0.0.3"}, "127.0.0.1:5000"},
		{"a stranger's header ignored", "127.0.0.2:5000", []string{"198.51.100.1"}, "127.0.0.2:5000"},
		{"IPv4-mapped proxy", "[::ffff:127.0.0.1]:5000", []string{"198.51.100.1"}, "198.51.100.1:5000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := forwardedClient(c.remote, c.xff, local); got != c.want {
				t.Errorf("forwardedClient(%q, %q) = %q, want %q", c.remote, c.xff, got, c.want)
			}
		})
	}
}

func TestParseTrustedProxy(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"127.0.0.1", "127.0.0.1/32"}, {" 10.0.0.9/24 ", "10.0.0.0/24"}, {"::1", "::1/128"},
		{"::ffff:10.0.0.1", "10.0.0.1/32"}, {"nginx", ""}, {"10.0.0.0/33", ""}, {"", ""},
	} {
		p, err := ParseTrustedProxy(c.in)
		switch {
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), "give the proxy's IP address")):
			t.Errorf("ParseTrustedProxy(%q) = %v, %v; want the error saying what to give", c.in, p, err)
		case c.want != "" && (err != nil || p.String() != c.want):
			t.Errorf("ParseTrustedProxy(%q) = %v, %v; want %s", c.in, p, err, c.want)
		}
	}
}

// TestTrustedProxyCountsEachClient: behind a proxy every request comes
// from the proxy's address. With -trusted-proxy naming it, the
// per-address socket limit counts the students X-Forwarded-For names, so
// two students each get their share; a peer that is not trusted is
// counted by its own address whatever X-Forwarded-For it sends.
func TestTrustedProxyCountsEachClient(t *testing.T) {
	const share = 2
	cfg := Config{SocketsPerAddress: share, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	_, ts, sess := liveServer(t, cfg, puzzleLine, puzzleOpts)
	u := wsBase(ts) + "/s/" + sess.ID + "/ws"
	dial := func(from, forwarded string) (bool, string) {
		t.Helper()
		h := http.Header{"X-Forwarded-For": {forwarded}}
		for {
			c, resp, err := dialerFrom(from).Dial(u, h)
			if err == nil {
				t.Cleanup(func() { c.Close() })
				return true, ""
			}
			if resp == nil {
				t.Fatalf("dial from %s: %v", from, err)
			}
			var body strings.Builder
			buf := make([]byte, 512)
			n, _ := resp.Body.Read(buf)
			body.Write(buf[:n])
			if !strings.Contains(body.String(), "new connections") {
				return false, body.String()
			}
			time.Sleep(50 * time.Millisecond) // the join rate: retry as a page would
		}
	}
	for _, c := range []struct {
		from, forwarded string
		want            bool
	}{
		{"127.0.0.1", "198.51.100.1", true},
		{"127.0.0.1", "198.51.100.1", true},
		{"127.0.0.1", "198.51.100.2", true}, // another student behind the same proxy
		{"127.0.0.1", "198.51.100.2", true},
		{"127.0.0.1", "198.51.100.1", false}, // the first student's share is full
		{hostileIP, "198.51.100.3", true},
		{hostileIP, "198.51.100.4", true},
		{hostileIP, "198.51.100.5", false}, // not a proxy: its header counts for nothing
	} {
		if ok, body := dial(c.from, c.forwarded); ok != c.want {
			t.Fatalf("a follower from %s forwarded for %s: connected %v (%s), want %v", c.from, c.forwarded, ok, body, c.want)
		}
	}
}
