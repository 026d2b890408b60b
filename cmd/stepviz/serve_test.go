package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"stepviz/store"
)

// buildStepviz builds the binary into a temporary directory.
func buildStepviz(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "stepviz")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// TestServeMountsTheNotebook runs `stepviz serve` as a lecturer would and
// checks the landing page links every example notebook, the web notebook
// answers under /notebook, and SIGTERM stops the server cleanly.
func TestServeMountsTheNotebook(t *testing.T) {
	cmd := exec.Command(buildStepviz(t), "serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "stepviz.db"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v", err)
	}
	base := regexp.MustCompile(`http://[^/ ]+/`).FindString(line)
	if base == "" {
		t.Fatalf("no URL in %q", line)
	}
	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(base + strings.TrimPrefix(path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", path, resp.Status)
		}
		return string(body)
	}
	landing := get("/")
	links := regexp.MustCompile(`href="/notebook/examples/([^"]+\.ipynb)"`).FindAllStringSubmatch(landing, -1)
	if len(links) < 5 {
		t.Fatalf("the landing page links %d example notebooks, want the 5 of examples/", len(links))
	}
	for _, l := range links {
		if page := get("/notebook/examples/" + l[1]); !strings.Contains(page, "notebook") {
			t.Errorf("/notebook/examples/%s does not look like the notebook page", l[1])
		}
	}
	get("/notebook")
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM, want 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("serve did not stop within 10 s of SIGTERM")
	}
}

// TestServeRefusesABadDatabase starts the server on a file that is not a
// stepviz database: it exits at once with the reason, and the file is
// left alone.
func TestServeRefusesABadDatabase(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "notes.db")
	if err := os.WriteFile(bad, []byte(strings.Repeat("lecture notes, not a database\n", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	code := run([]string{"serve", "-addr", "127.0.0.1:0", "-db", bad}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "not a usable stepviz database") || !strings.Contains(errb.String(), bad) {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if b, _ := os.ReadFile(bad); !strings.HasPrefix(string(b), "lecture notes") {
		t.Fatal("the file was changed")
	}
}

// TestServeSecondOnOneDatabase: a second serve on a database another
// serve holds exits at once saying so, in the user's words.
func TestServeSecondOnOneDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stepviz.db")
	first, err := store.Open(path) // the running server's hold on it
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	var out, errb strings.Builder
	code := run([]string{"serve", "-addr", "127.0.0.1:0", "-db", path}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "already in use by another stepviz serve") || strings.Contains(errb.String(), "store:") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// TestServeNATSUnreachable: -nats naming a server that is not there is an
// error at start that says what to do.
func TestServeNATSUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	for _, c := range []struct {
		secret string
		want   []string
	}{
		{"0123456789abcdef0123456789abcdef", []string{"cannot reach NATS", "nothing answers there", "nats-server -c nats-server.conf"}},
		{"", []string{"no cluster secret", "-cluster-secret FILE"}},
	} {
		t.Setenv("STEPVIZ_CLUSTER_SECRET", c.secret)
		var out, errb strings.Builder
		code := run([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "s.db"), "-nats", "nats://" + addr}, &out, &errb)
		for _, w := range c.want {
			if code != exitUsage || !strings.Contains(errb.String(), w) || strings.Contains(errb.String(), "nats: ") {
				t.Fatalf("exit %d, stderr %q; want it to say %q", code, errb.String(), w)
			}
		}
	}
}
