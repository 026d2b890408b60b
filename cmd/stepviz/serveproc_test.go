package main

import (
	"bufio"
	"bytes"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// serveProc is `stepviz serve` running as a child process.
type serveProc struct {
	cmd    *exec.Cmd
	addr   string    // 127.0.0.1:PORT, the address it serves this machine on
	base   string    // http://127.0.0.1:PORT
	banner [2]string // its banner: where it serves, then who else can open it
	stderr *bytes.Buffer
}

// bannerURL finds the address in the banner's first line.
var bannerURL = regexp.MustCompile(`http://(127\.0\.0\.1:[1-9][0-9]*)/`)

// startServeCmd starts cmd, a `stepviz serve`, and waits for its
// two-line banner; the rest of its output is discarded. stop ends it when
// the test ends (t.Cleanup); nil kills it.
func startServeCmd(t *testing.T, cmd *exec.Cmd, stop func(*exec.Cmd)) *serveProc {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if stop == nil {
		stop = func(c *exec.Cmd) { _ = c.Process.Kill(); _ = c.Wait() }
	}
	t.Cleanup(func() { stop(cmd) })
	out := bufio.NewReader(stdout)
	for i := range p.banner {
		if p.banner[i], err = out.ReadString('\n'); err != nil {
			t.Fatalf("%s printed no banner: %v\n%s%s", cmd, err, strings.Join(p.banner[:], ""), p.stderr)
		}
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	m := bannerURL.FindStringSubmatch(p.banner[0])
	if m == nil {
		t.Fatalf("the banner's first line is %q, want http://127.0.0.1:PORT/ in it", p.banner[0])
	}
	p.addr, p.base = m[1], "http://"+m[1]
	return p
}

// startServe runs the binary on addr with the database db and waits until
// it serves. With port 0 (127.0.0.1:0) the server picks a free port, which
// the banner names: a restart on the same port passes the returned addr.
func startServe(t *testing.T, exe, addr, db string) *serveProc {
	t.Helper()
	p := startServeCmd(t, exec.Command(exe, "serve", "-addr", addr, "-db", db), nil)
	if !strings.HasSuffix(addr, ":0") && p.addr != addr {
		t.Fatalf("the server says %q, want it to serve on %s", p.banner[0], addr)
	}
	return p
}
