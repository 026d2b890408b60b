// Package webguard holds the checks every stepviz web handler makes before
// it does anything: the Host a browser asked for is the address served (no
// DNS rebinding), a state-changing request or a websocket comes from a page
// this server served (Origin, Sec-Fetch-Site), a body has the content type
// its handler reads, and reading it has a deadline. docs/security.md lists
// where each is applied.
package webguard

import (
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"stepviz/internal/lan"
)

// Guard checks requests before they reach the wrapped handler. The zero
// value accepts the served address only (see Host).
type Guard struct {
	// Hosts are further names the server may be reached by (a DNS name, or
	// name:port behind a proxy): the -host flag of serve. A name without a
	// port matches any port.
	Hosts []string
	// BodyTimeout bounds reading a request's body (default 15 s), plus a
	// second for every MB its Content-Length declares, up to 32 more (a
	// 32 MB trace over a slow link); WriteTimeout bounds writing a reply
	// (default 60 s), and so the handler's work once the body is read. Websocket upgrades get neither: their pumps set their
	// own deadlines.
	BodyTimeout, WriteTimeout time.Duration
}

// Default deadlines of Guard.
const (
	DefaultBodyTimeout  = 15 * time.Second
	DefaultWriteTimeout = 60 * time.Second
)

// Wrap returns h behind the guard's checks. A refused request gets 421
// (wrong Host) or 403 (cross-origin) with a sentence saying what to do.
func (g Guard) Wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := g.CheckHost(r); err != nil {
			http.Error(w, err.Error(), http.StatusMisdirectedRequest)
			return
		}
		if changesState(r) || IsWebsocket(r) {
			if err := g.CheckOrigin(r); err != nil {
				http.Error(w, err.Error(), http.StatusForbidden)
				return
			}
		}
		if !IsWebsocket(r) {
			rc := http.NewResponseController(w)
			now := time.Now()
			reply := now.Add(or(g.WriteTimeout, DefaultWriteTimeout))
			_ = rc.SetWriteDeadline(reply)
			// Once the body is read, the server only reads the connection
			// to notice the client leaving, and a read that passes its
			// deadline cancels the request's context: so from then on the
			// read deadline is the reply's, and a handler that takes
			// longer than a body may (an export) is not cut off at the
			// body's deadline.
			if r.Body == nil || r.Body == http.NoBody {
				_ = rc.SetReadDeadline(reply)
			} else {
				_ = rc.SetReadDeadline(now.Add(g.bodyTimeout(r)))
				r.Body = &bodyRead{ReadCloser: r.Body, done: func() { _ = rc.SetReadDeadline(reply) }}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// bodyRead calls done once its body has been read to its end.
type bodyRead struct {
	io.ReadCloser
	done func()
}

func (b *bodyRead) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && b.done != nil {
		b.done()
		b.done = nil
	}
	return n, err
}

// bodyTimeout is the time a request's body may take: BodyTimeout and a
// second a declared MB, at most 32.
func (g Guard) bodyTimeout(r *http.Request) time.Duration {
	mb := min(max(r.ContentLength, 0)>>20, 32)
	return or(g.BodyTimeout, DefaultBodyTimeout) + time.Duration(mb)*time.Second
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// changesState: every method but GET, HEAD and OPTIONS may change state.
func changesState(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// IsWebsocket reports whether r asks to upgrade to a websocket.
func IsWebsocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// served is the address the request's connection was accepted on.
func served(r *http.Request) (net.IP, string, bool) {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return nil, "", false
	}
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return nil, "", false
	}
	return net.ParseIP(host), port, true
}

// allowed reports whether hostport (a Host header or an Origin's host) names
// this server: the IP and port the connection came in on, another of this
// machine's own addresses with that port (a lecturer's page on 127.0.0.1
// and the students' link on the network address), localhost with that
// port when that IP is a loopback one, or one of g.Hosts. An IP literal
// cannot be rebound to another machine; a DNS name can, so only the names
// the operator listed are accepted. Cost: a listing of the interface
// addresses when the IP is not the connection's own.
func (g Guard) allowed(r *http.Request, hostport string) bool {
	host, port := hostport, ""
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		host, port = h, p
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	for _, a := range g.Hosts {
		ah, ap := a, ""
		if h, p, err := net.SplitHostPort(a); err == nil {
			ah, ap = h, p
		}
		if strings.EqualFold(strings.Trim(ah, "[]"), host) && (ap == "" || ap == port) {
			return true
		}
	}
	ip, sport, ok := served(r)
	if !ok || ip == nil {
		return false
	}
	if port == "" {
		port = "80"
	}
	if port != sport {
		return false
	}
	if host == "localhost" {
		return ip.IsLoopback()
	}
	hip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	if own, ok := netip.AddrFromSlice(ip); ok && own.Unmap() == hip.Unmap() {
		return true
	}
	return lan.IsLocal(hip)
}

// servedAddr describes the served address for an error message.
func servedAddr(r *http.Request) string {
	if ip, port, ok := served(r); ok && ip != nil {
		return net.JoinHostPort(ip.String(), port)
	}
	return "unknown"
}

// CheckHost refuses a Host that does not name this server: a page on
// another site whose DNS name was rebound to this address sends its own name.
func (g Guard) CheckHost(r *http.Request) error {
	if g.allowed(r, r.Host) {
		return nil
	}
	return fmt.Errorf("stepviz: this server does not answer to the host %q: open it by its address, http://%s/ (or start it with -host %s if that name is meant to reach it)",
		r.Host, servedAddr(r), hostOnly(r.Host))
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}

// CheckOrigin refuses a request a page of another site made: its Origin
// must name this server (compared with the served address and -host names,
// not with the request's own Host); without Origin, Sec-Fetch-Site must be
// same-origin or none. A client that is not a browser sends neither and is
// accepted: it holds no visitor's credentials to misuse.
func (g Guard) CheckOrigin(r *http.Request) error {
	origin := r.Header.Get("Origin")
	if origin == "null" && r.Header.Get("Sec-Fetch-Site") == "same-origin" {
		// a page of ours under Referrer-Policy no-referrer: the browser
		// itself vouches for it
		return nil
	}
	if origin == "" {
		switch site := r.Header.Get("Sec-Fetch-Site"); site {
		case "", "same-origin", "none":
			return nil
		default:
			return fmt.Errorf("stepviz: refused a %s request from another site (Sec-Fetch-Site: %s): use the pages this server serves", r.Method, site)
		}
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || !g.allowed(r, originHost(u)) {
		return fmt.Errorf("stepviz: refused a %s request from the page %q, which this server did not serve: use the pages at http://%s/", r.Method, origin, servedAddr(r))
	}
	return nil
}

// originHost is u's host:port, with the scheme's default port.
func originHost(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	if u.Scheme == "https" {
		return net.JoinHostPort(u.Hostname(), "443")
	}
	return net.JoinHostPort(u.Hostname(), "80")
}

// CheckContentType refuses a body whose media type is not one of types
// (such as "application/json"): a page of another site can send
// text/plain, a form or multipart without asking, but not JSON.
func CheckContentType(r *http.Request, types ...string) error {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil {
		for _, t := range types {
			if strings.EqualFold(mt, t) {
				return nil
			}
		}
	}
	return fmt.Errorf("stepviz: the request's content type is %q; this address takes %s", ct, strings.Join(types, " or "))
}

// ClientIP is the address a request came from, without its port: the
// owner of what the request creates. Headers such as X-Forwarded-For are
// not read here: the server replaces RemoteAddr with the client a trusted
// proxy names before any handler runs (server/proxy.go).
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil {
		if v4 := ip.To4(); v4 != nil {
			return v4.String()
		}
		// an IPv6 client owns its /64 at least: count the prefix
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return host
}
