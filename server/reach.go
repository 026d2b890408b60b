package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"stepviz/internal/lan"
)

// ClassroomCommand is the command that serves a class from a checkout of
// the source (README, second section): it listens on every address of the
// machine. A server shows Config.ClassroomCommand instead when it is set
// (stepviz serve sets it to the command its user ran, with -class).
const ClassroomCommand = "go run ./cmd/stepviz serve -class"

// classroomCommand is the command the loopback notice shows:
// Config.ClassroomCommand, or ClassroomCommand when that is empty.
func (s *Server) classroomCommand() string {
	if s.cfg.ClassroomCommand != "" {
		return s.cfg.ClassroomCommand
	}
	return ClassroomCommand
}

// reach is where the students' devices reach the server: the base of the
// followers' links and QR codes.
type reach struct {
	// Base is scheme://host[:port] with no trailing slash.
	Base string
	// LoopbackOnly is set when no other device can reach the server: it
	// listens on loopback only (or the machine has no network address).
	LoopbackOnly bool
}

// ParsePublicURL checks a -public-url value: an http or https URL with a
// host and no path, query or fragment (the app's paths are absolute).
// It returns the URL without a trailing slash.
func ParsePublicURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", fmt.Errorf("-public-url %q: give the address students open, such as https://lecture.example or http://192.168.1.5:8080", s)
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("-public-url %q: give it without a path (the server's pages are at the root of its address), such as %s://%s", s, u.Scheme, u.Host)
	}
	return u.Scheme + "://" + u.Host, nil
}

// reachFor is where students reach the server, for the page of request
// r: Config.PublicURL when set; else the host r named when another device
// could open it too (a DNS name, or an address that is not loopback);
// else, for a lecturer browsing 127.0.0.1 or localhost, the machine's best
// network address (lan.Addrs) on the listening port; and when the server
// listens on loopback only, r's own host with LoopbackOnly set. Cost: one
// listing of the interfaces when the lecturer browses loopback.
func (s *Server) reachFor(r *http.Request) reach {
	if s.cfg.PublicURL != "" {
		return reach{Base: s.cfg.PublicURL}
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	own := reach{Base: scheme + "://" + r.Host}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if ip, err := netip.ParseAddr(host); err == nil {
		if lan.Reachable(ip) {
			return own
		}
	} else if h := strings.ToLower(strings.TrimSuffix(host, ".")); h != "localhost" && !strings.HasSuffix(h, ".localhost") {
		return own
	}
	listen := s.listenAddr()
	if listen == nil {
		listen, _ = r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	}
	if listen == nil {
		own.LoopbackOnly = true
		return own
	}
	addrs, port := lan.Listening(listen)
	if len(addrs) == 0 {
		own.LoopbackOnly = true
		return own
	}
	return reach{Base: strings.TrimSuffix(lan.URL(addrs[0], port), "/")}
}

// listenAddr is the address ListenAndServe listens on, nil before it does
// (a server under httptest: the request's local address stands for it).
func (s *Server) listenAddr() net.Addr {
	if a := s.listening.Load(); a != nil {
		return *a
	}
	return nil
}

// StudentURLs lists the addresses students can open for a server listening
// on listen, best first: PublicURL alone when set, else one URL per
// network address of the machine. None: it listens on loopback only.
func StudentURLs(publicURL string, listen net.Addr) []string {
	if publicURL != "" {
		return []string{strings.TrimSuffix(publicURL, "/") + "/"}
	}
	addrs, port := lan.Listening(listen)
	out := make([]string, len(addrs))
	for i, a := range addrs {
		out[i] = lan.URL(a, port)
	}
	return out
}

// LocalURL is the address the lecturer opens on the serving machine
// itself: listen's address, or 127.0.0.1 when it listens on every address.
func LocalURL(listen net.Addr) string {
	ap, err := netip.ParseAddrPort(listen.String())
	if err != nil {
		return "http://" + listen.String() + "/"
	}
	ip := ap.Addr().Unmap()
	if ip.IsUnspecified() {
		ip = netip.MustParseAddr("127.0.0.1")
	}
	return lan.URL(ip, int(ap.Port()))
}
