package server

import (
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"stepviz/internal/usererr"
)

// TestListenErrors: each way -addr can fail to listen is told in the
// operator's words, with what to give instead: no system call, no
// package prefix in the text the terminal shows.
func TestListenErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	opErr := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	for _, c := range []struct {
		name, addr string
		err        error // nil: listen on addr for real
		want       string
	}{
		{"port taken", busy.Addr().String(), nil, "another program already listens there"},
		{"port out of range", "127.0.0.1:99999", nil, "a port from 1 to 65535"},
		{"no port", "8080", nil, "give -addr as host:port"},
		{"port below 1024", "127.0.0.1:80", opErr(syscall.EACCES), "pick a port from 1024 up with -addr"},
		{"not this machine's", "10.9.9.9:8080", opErr(syscall.EADDRNOTAVAIL), "10.9.9.9 is not an address of this machine"},
		{"unknown name", "nohost:8080", &net.OpError{Op: "listen", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "nohost", IsNotFound: true}}, `the name "nohost" is not known here`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got error
			if c.err == nil {
				ln, err := listen(c.addr)
				if err == nil {
					ln.Close()
					t.Fatalf("listen(%q) succeeded", c.addr)
				}
				got = err
			} else {
				got = listenError(c.addr, c.err)
			}
			checkListenText(t, got, c.addr, c.want)
		})
	}
}

func checkListenText(t *testing.T, err error, addr, want string) {
	t.Helper()
	text := usererr.Text(err)
	if !strings.HasPrefix(text, "cannot listen on "+addr+": ") || !strings.Contains(text, want) {
		t.Errorf("text %q, want it to start with the address and say %q", text, want)
	}
	for _, internal := range []string{"server:", "listen tcp", "bind:", "lookup "} {
		if strings.Contains(text, internal) {
			t.Errorf("text %q shows %q", text, internal)
		}
	}
	if !strings.HasPrefix(err.Error(), "server: ") {
		t.Errorf("log text %q, want the package prefix", err.Error())
	}
}
