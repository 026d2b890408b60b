package server

import (
	"errors"
	"fmt"
	"net"
	"syscall"

	"stepviz/internal/usererr"
)

// listen opens a TCP listener on addr, or says in the operator's words
// why it cannot and what to give -addr instead (listenError).
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, listenError(addr, err)
	}
	return ln, nil
}

// listenError is err, from net.Listen on addr, as the operator reads it:
// what is wrong with addr and what to do, never the system call.
func listenError(addr string, err error) *usererr.Error {
	host, _, splitErr := net.SplitHostPort(addr)
	var dns *net.DNSError
	var bad *net.AddrError
	why := ""
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		why = "another program already listens there (another stepviz serve?): stop it, or pick another port with -addr"
	case errors.Is(err, syscall.EACCES):
		why = "this user may not listen on that port (below 1024 needs root): pick a port from 1024 up with -addr, such as 127.0.0.1:8080, with a reverse proxy in front for port 80 or 443 (docs/deploy.md)"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		why = fmt.Sprintf("%s is not an address of this machine: give one of its addresses with -addr, such as 127.0.0.1:8080 (or -class to serve every address)", host)
	case errors.As(err, &dns):
		why = fmt.Sprintf("the name %q is not known here: give an address of this machine with -addr, such as 127.0.0.1:8080", host)
	case splitErr != nil || errors.As(err, &bad):
		why = "give -addr as host:port with a port from 1 to 65535, such as 127.0.0.1:8080 (or :8080 for every address)"
	default:
		return usererr.Errorf("server", "cannot listen on %s: %v", addr, err)
	}
	return usererr.Errorf("server", "cannot listen on %s: %s", addr, why)
}
