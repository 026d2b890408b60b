package main

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// TestServingBanner: the start-up lines say who can open the server: the
// class's command on loopback alone, the proxy's names behind a proxy
// (-host) and, while the proxy is not trusted, -trusted-proxy; the public
// URL when one is given.
func TestServingBanner(t *testing.T) {
	for _, c := range []struct {
		name, addr, public string
		hosts              []string
		trusted            bool
		want, not          string
	}{
		{"loopback", "127.0.0.1:8080", "", nil, false, "only this computer can open it; to serve a class, start it with: stepviz serve -class", "proxy"},
		{"behind a proxy", "127.0.0.1:8080", "", []string{"stepviz.example.edu"}, true, "students reach it through your proxy as stepviz.example.edu (-host); only this computer can open it directly", "-trusted-proxy"},
		{"behind a proxy not trusted", "127.0.0.1:8080", "", []string{"stepviz.example.edu"}, false, "directly; give -trusted-proxy with the proxy's address (such as 127.0.0.1), or every student counts as that one address", "-class"},
		{"public URL behind a proxy", "127.0.0.1:8080", "https://lecture.example", nil, true, "students open https://lecture.example/", "-trusted-proxy"},
		{"public URL behind a proxy not trusted", "127.0.0.1:8080", "https://lecture.example", nil, false, "students open https://lecture.example/; give -trusted-proxy", "-class"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			printServing(&b, c.addr, c.public, "stepviz serve -class", c.hosts, c.trusted)
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], "stepviz: serving the lecture viewer on http://127.0.0.1:8080/") || strings.HasSuffix(lines[1], "; ") {
				t.Fatalf("banner %q, want two lines, the first with the address", b.String())
			}
			if !strings.Contains(lines[1], c.want) || strings.Contains(lines[1], c.not) {
				t.Errorf("second line %q, want %q and no %q", lines[1], c.want, c.not)
			}
		})
	}
}

// TestServeAddressTaken: serve on a port another program holds exits at
// once, non-zero, saying so in the operator's words.
func TestServeAddressTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var out, errb strings.Builder
	code := run([]string{"serve", "-addr", ln.Addr().String(), "-db", filepath.Join(t.TempDir(), "s.db")}, &out, &errb)
	if code == 0 || !strings.Contains(errb.String(), "another program already listens there") ||
		strings.Contains(errb.String(), "server:") || strings.Contains(errb.String(), "listen tcp") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}
