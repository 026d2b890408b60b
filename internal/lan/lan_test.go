package lan

import (
	"net"
	"net/netip"
	"testing"
)

func TestReachable(t *testing.T) {
	for _, c := range []struct {
		ip   string
		want bool
	}{
		{"127.0.0.1", false}, {"::1", false}, {"0.0.0.0", false}, {"::", false},
		{"169.254.3.4", false}, {"fe80::1", false}, {"224.0.0.1", false},
		{"192.168.1.5", true}, {"10.231.0.1", true}, {"172.16.0.9", true}, {"fd00::2", true},
		{"192.0.2.2", true}, {"2a00:1450::1", true}, {"::ffff:192.168.1.5", true},
	} {
		if got := Reachable(netip.MustParseAddr(c.ip)); got != c.want {
			t.Errorf("Reachable(%s) = %v, want %v", c.ip, got, c.want)
		}
	}
}

func TestAddrsAreReachableAndLocal(t *testing.T) {
	as := Addrs()
	seen := map[netip.Addr]bool{}
	for _, a := range as {
		if !Reachable(a) {
			t.Errorf("Addrs lists %s, which no other device can reach", a)
		}
		if !IsLocal(a) {
			t.Errorf("Addrs lists %s, which is not this machine's", a)
		}
		if seen[a] {
			t.Errorf("Addrs lists %s twice", a)
		}
		seen[a] = true
	}
	for i := 1; i < len(as); i++ {
		if as[i].Is4() && !as[i-1].Is4() && !defaultRoute()[as[i-1]] {
			t.Errorf("Addrs puts IPv6 %s before IPv4 %s", as[i-1], as[i])
		}
	}
}

func TestListening(t *testing.T) {
	check := func(t *testing.T, listen string, wantPort int, want func([]netip.Addr) bool) {
		t.Helper()
		addrs, port := Listening(&net.TCPAddr{IP: net.ParseIP(netip.MustParseAddrPort(listen).Addr().String()), Port: int(netip.MustParseAddrPort(listen).Port())})
		if port != wantPort || !want(addrs) {
			t.Errorf("Listening(%s) = %v, %d", listen, addrs, port)
		}
	}
	none := func(a []netip.Addr) bool { return len(a) == 0 }
	check(t, "127.0.0.1:8080", 8080, none)
	check(t, "[::1]:8081", 8081, none)
	check(t, "192.168.7.9:8082", 8082, func(a []netip.Addr) bool { return len(a) == 1 && a[0].String() == "192.168.7.9" })
	all := Addrs()
	check(t, "[::]:8083", 8083, func(a []netip.Addr) bool { return len(a) == len(all) })
	check(t, "0.0.0.0:8084", 8084, func(a []netip.Addr) bool {
		for _, x := range a {
			if !x.Is4() {
				return false
			}
		}
		return true
	})
}

func TestURL(t *testing.T) {
	for _, c := range []struct{ ip, want string }{
		{"192.168.1.5", "http://192.168.1.5:8080/"},
		{"fd00::2", "http://[fd00::2]:8080/"},
	} {
		if got := URL(netip.MustParseAddr(c.ip), 8080); got != c.want {
			t.Errorf("URL(%s) = %q, want %q", c.ip, got, c.want)
		}
	}
}

// BenchmarkIsLocal is what webguard pays for a Host naming another of the
// machine's addresses than the connection's.
func BenchmarkIsLocal(b *testing.B) {
	ip := netip.MustParseAddr("203.0.113.9")
	for b.Loop() {
		_ = IsLocal(ip)
	}
}
