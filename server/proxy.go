package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// A reverse proxy or load balancer (nginx, Caddy) connects to the server
// from its own address, so every student behind it would count as one
// client address for the per-address limits (docs/security.md): a whole
// department's followers would share one class's share. A request whose
// peer is a trusted proxy (serve -trusted-proxy) is counted by the client
// address the proxy names in X-Forwarded-For instead; a request from any
// other peer is counted by its peer address, whatever headers it sends.

// maxForwardedEntries bounds how many X-Forwarded-For entries are read,
// from the last: each is a proxy on the way, and a chain is short.
const maxForwardedEntries = 16

// ParseTrustedProxy parses a -trusted-proxy value: an IP address (such as
// 127.0.0.1) or a range in CIDR notation (such as 10.0.0.0/24).
func ParseTrustedProxy(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Masked(), nil
	}
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		a = a.Unmap()
		return netip.PrefixFrom(a, a.BitLen()), nil
	}
	return netip.Prefix{}, fmt.Errorf("give the proxy's IP address, such as 127.0.0.1, or a range of them, such as 10.0.0.0/24, not %q", s)
}

// forwardedClient is the remote address ("IP:port") a request is counted
// by. When remote's IP is in trusted, it is the first address of
// X-Forwarded-For (xff, the header's values in order), read from its last
// entry back, that is not itself a trusted proxy; with the port of remote.
// Otherwise, or when that entry is missing or not an IP address, remote
// unchanged. Cost: O(entries read), at most maxForwardedEntries.
func forwardedClient(remote string, xff []string, trusted []netip.Prefix) string {
	host, port, err := net.SplitHostPort(remote)
	if err != nil || !inPrefixes(host, trusted) {
		return remote
	}
	entries := strings.Split(strings.Join(xff, ","), ",")
	for i := len(entries) - 1; i >= 0 && i >= len(entries)-maxForwardedEntries; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(entries[i]))
		if err != nil || a.Zone() != "" {
			return remote
		}
		if !inPrefixes(a.Unmap().String(), trusted) {
			return net.JoinHostPort(a.Unmap().String(), port)
		}
	}
	return remote
}

// inPrefixes reports whether the IP address ip is in one of ps.
func inPrefixes(ip string, ps []netip.Prefix) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// fromProxy sets r's RemoteAddr to the client a trusted proxy names
// (forwardedClient), before any handler counts it.
func (s *Server) fromProxy(r *http.Request) {
	if len(s.cfg.TrustedProxies) > 0 {
		r.RemoteAddr = forwardedClient(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), s.cfg.TrustedProxies)
	}
}
