// Package lan answers the classroom's question: by which addresses can the
// other devices on this machine's networks (the students' phones and
// laptops) reach a server listening here? A server listening on loopback
// cannot be reached from any other device; one listening on every address
// (":8080", "0.0.0.0:8080", "[::]:8080") is reached by the machine's
// interface addresses; one listening on one address, by that address.
package lan

import (
	"net"
	"net/netip"
	"slices"
	"strconv"
	"sync"
	"time"
)

// refresh is how long the machine's addresses are reused before they are
// listed again: a laptop that changes networks is seen within it.
const refresh = 5 * time.Second

// cache holds a listing for refresh.
type cache[T any] struct {
	mu   sync.Mutex
	at   time.Time
	val  T
	list func() T
}

func (c *cache[T]) get() T {
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := time.Now(); c.at.IsZero() || now.Sub(c.at) > refresh {
		c.val, c.at = c.list(), now
	}
	return c.val
}

var (
	addrsCache = &cache[[]netip.Addr]{list: listAddrs}
	localCache = &cache[map[netip.Addr]bool]{list: listLocal}
)

// Addrs returns the addresses of this machine that other devices may
// reach (a fresh copy; the listing is reused for a few seconds): every unicast address of an interface that is up, neither
// loopback nor link-local (a link-local address needs a zone a QR code
// cannot carry), best first: the address the machine's default route
// leaves from, then IPv4 before IPv6, then private (RFC 1918, ULA) before
// the rest, then interfaces that are running. Cost: O(addresses) copying;
// every few seconds, one listing of the interfaces and one routing lookup
// (no packet is sent).
func Addrs() []netip.Addr { return slices.Clone(addrsCache.get()) }

func listAddrs() []netip.Addr {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil
	}
	type cand struct {
		a       netip.Addr
		running bool
	}
	var cs []cand
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		as, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range as {
			pfx, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip, ok := netip.AddrFromSlice(pfx.IP)
			if !ok {
				continue
			}
			ip = ip.Unmap()
			if Reachable(ip) {
				cs = append(cs, cand{ip, ifc.Flags&net.FlagRunning != 0})
			}
		}
	}
	route := defaultRoute()
	rank := func(c cand) int {
		r := 0
		if !route[c.a] {
			r += 8
		}
		if !c.a.Is4() {
			r += 4
		}
		if !c.a.IsPrivate() {
			r += 2
		}
		if !c.running {
			r++
		}
		return r
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return rank(x) - rank(y) })
	out := make([]netip.Addr, 0, len(cs))
	for _, c := range cs {
		if !slices.Contains(out, c.a) {
			out = append(out, c.a)
		}
	}
	return out
}

// Reachable reports whether another device could reach this machine by
// ip: a unicast address that is not loopback, link-local or unspecified.
func Reachable(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsValid() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && !ip.IsUnspecified() &&
		!ip.IsMulticast() && (ip.IsGlobalUnicast() || ip.IsPrivate())
}

// defaultRoute returns the source addresses the kernel would pick for a
// packet to the Internet, IPv4 and IPv6: connecting a UDP socket chooses a
// route and sends nothing. Documentation addresses (RFC 5737, RFC 3849)
// stand for "the Internet".
func defaultRoute() map[netip.Addr]bool {
	out := map[netip.Addr]bool{}
	for _, dst := range []string{"198.51.100.1:9", "[2001:db8::1]:9"} {
		c, err := net.Dial("udp", dst)
		if err != nil {
			continue
		}
		if ua, ok := c.LocalAddr().(*net.UDPAddr); ok {
			if ip, ok := netip.AddrFromSlice(ua.IP); ok {
				out[ip.Unmap()] = true
			}
		}
		_ = c.Close()
	}
	return out
}

// Listening says how a server listening on listen (a TCP address such as
// ln.Addr()) is reached: the addresses other devices may use, best first
// (from Addrs for a server on every address), and its port. With none, the
// server can be reached from this machine only.
func Listening(listen net.Addr) (addrs []netip.Addr, port int) {
	ap, err := netip.ParseAddrPort(listen.String())
	if err != nil {
		return nil, 0
	}
	ip := ap.Addr().Unmap()
	switch {
	case ip.IsUnspecified():
		addrs = Addrs()
		if ip.Is4() {
			addrs = slices.DeleteFunc(addrs, func(a netip.Addr) bool { return !a.Is4() })
		}
	case Reachable(ip):
		addrs = []netip.Addr{ip}
	}
	return addrs, int(ap.Port())
}

// URL is http://ip:port/ with ip in brackets when it is IPv6.
func URL(ip netip.Addr, port int) string {
	return "http://" + net.JoinHostPort(ip.String(), strconv.Itoa(port)) + "/"
}

// IsLocal reports whether ip is one of this machine's interface addresses
// (loopback included). Cost: a map lookup; every few seconds, one listing
// of the interface addresses.
func IsLocal(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsLoopback() || localCache.get()[ip]
}

func listLocal() map[netip.Addr]bool {
	out := map[netip.Addr]bool{}
	as, err := net.InterfaceAddrs()
	if err != nil {
		return out
	}
	for _, a := range as {
		if pfx, ok := a.(*net.IPNet); ok {
			if x, ok := netip.AddrFromSlice(pfx.IP); ok {
				out[x.Unmap()] = true
			}
		}
	}
	return out
}
