package main

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{{"-nope"}, {"extra"}, {"-max-nodes", "0"}, {"-max-sessions", "-1"}} {
		code, _, stderr := runCmd(t, append([]string{"serve"}, args...)...)
		if code != exitUsage || stderr == "" {
			t.Errorf("serve %v: code %d, stderr %q; want %d and a message", args, code, stderr, exitUsage)
		}
	}
	code, _, stderr := runCmd(t, "serve", "-addr", "256.0.0.1:1")
	if code != 1 || !strings.Contains(stderr, "cannot listen") {
		t.Errorf("serve on a bad address: code %d, stderr %q", code, stderr)
	}
}

// TestServeServes starts `stepviz serve` on a free port of 127.0.0.1,
// fetches the landing page and stops it with SIGTERM.
func TestServeServes(t *testing.T) {
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- runServe([]string{"-addr", "127.0.0.1:0"}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no address in %q", line)
	}
	url := strings.Fields(line[i:])[0]
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s: HTTP %d", url, resp.StatusCode)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit code %d after SIGTERM", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
}
