package main

import (
	"bufio"
	"bytes"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// lockedBuffer is a stderr both the process and the test touch.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startClusterServe runs `stepviz serve args...` with env and returns its base
// URL and its stderr; the process is killed when the test ends.
func startClusterServe(t *testing.T, exe string, env []string, args ...string) (string, *lockedBuffer) {
	t.Helper()
	cmd := exec.Command(exe, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "s.db")}, args...)...)
	cmd.Env = env
	errOut := &lockedBuffer{}
	cmd.Stderr = errOut
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed no address: %v; stderr %s", err, errOut)
	}
	base := regexp.MustCompile(`http://[^/ ]+`).FindString(line)
	if base == "" {
		t.Fatalf("no URL in %q", line)
	}
	return base, errOut
}

// TestServeCluster runs `stepviz serve -nats` as docs/deploy.md does,
// against nats-server started with docs/nats-server.conf: two instances
// with the login and the secret from files share a room; an instance with
// another secret refuses the room's record (and says so); one with a
// wrong password does not start. The log says which NATS an instance
// joined.
func TestServeCluster(t *testing.T) {
	const password = "serve-cluster-test-password"
	t.Setenv("STEPVIZ_NATS_PASSWORD", password) // for nats-server's configuration only
	opts, err := natsserver.ProcessConfigFile(filepath.Join("..", "..", "docs", "nats-server.conf"))
	if err != nil {
		t.Fatal(err)
	}
	opts.Host, opts.Port, opts.StoreDir, opts.NoLog, opts.NoSigs = "127.0.0.1", -1, t.TempDir(), true, true
	ns, err := natsserver.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats-server did not start")
	}
	t.Cleanup(ns.Shutdown)

	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pw, wrongPW := file("nats.password", password), file("wrong.password", "guess")
	secret, other := file("cluster.secret", strings.Repeat("k", 44)), file("other.secret", strings.Repeat("o", 44))
	var env []string // no secret or password in the environment: the files give them
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "STEPVIZ_NATS_") && !strings.HasPrefix(kv, "STEPVIZ_CLUSTER_") {
			env = append(env, kv)
		}
	}
	exe := buildStepviz(t)
	flags := func(pwFile, secretFile string) []string {
		return []string{"-nats", ns.ClientURL(), "-nats-user", "stepviz", "-nats-password-file", pwFile, "-cluster-secret", secretFile}
	}

	a, aErr := startClusterServe(t, exe, env, flags(pw, secret)...)
	if want := "joined NATS at " + ns.ClientURL(); !strings.Contains(aErr.String(), want) {
		t.Errorf("the start-up log does not say %q:\n%s", want, aErr)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(a+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
	if code == "" || key == "" {
		t.Fatalf("POST /rooms: %s to %q", resp.Status, resp.Header.Get("Location"))
	}
	status := func(base, path string) int {
		t.Helper()
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}

	b, _ := startClusterServe(t, exe, env, flags(pw, secret)...)
	if got := status(b, "/r/"+code+"?key="+url.QueryEscape(key)); got != http.StatusOK {
		t.Fatalf("the presenter's link on a second instance: %d; want 200", got)
	}

	c, cErr := startClusterServe(t, exe, env, flags(pw, other)...)
	if got := status(c, "/r/"+code); got != http.StatusNotFound {
		t.Fatalf("the room on an instance with another secret: %d; want 404", got)
	}
	if !strings.Contains(cErr.String(), "cluster: refused the record room."+code) {
		t.Fatalf("the instance with another secret did not report the record it refused; stderr:\n%s", cErr)
	}

	var out, errb strings.Builder
	cmd := exec.Command(exe, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "d.db")}, flags(wrongPW, secret)...)...)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, &out, &errb
	if err := cmd.Run(); err == nil || !strings.Contains(errb.String(), "refused this instance's login") {
		t.Fatalf("serve with a wrong password: %v, stderr %q; want it refused at start", err, errb.String())
	}
}
