package cluster_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stepviz/cluster"
	"stepviz/internal/usererr"
)

func TestRedacted(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"nats://10.0.0.5:4222", "nats://10.0.0.5:4222"},
		{"nats://ann:hunter2@10.0.0.5:4222", "nats://ann:xxxxx@10.0.0.5:4222"},
		{"tls://s3cr3t@n1:4222,nats://n2:4222", "tls://xxxxx@n1:4222,nats://n2:4222"},
		{"", ""},
	} {
		if got := cluster.Redacted(c.in); got != c.want {
			t.Errorf("Redacted(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestOpenSaysWhy: an instance that cannot join NATS says why in the
// user's words (no NATS client's "nats:" prefix) and what to change, and
// never prints a password given in the URL.
func TestOpenSaysWhy(t *testing.T) {
	plain := startNATS(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "nats://" + ln.Addr().String()
	ln.Close()
	silent := httptest.NewServer(http.NotFoundHandler()) // answers HTTP, never NATS's INFO
	defer silent.Close()
	dir := t.TempDir()
	writeCert(t, dir, "ca", true, nil, nil)
	ca := filepath.Join(dir, "ca.pem")
	for _, c := range []struct {
		name string
		cfg  cluster.Config
		want string
	}{
		{"nothing listening", cluster.Config{URL: closed, User: "stepviz"}, "cannot reach NATS at " + closed + ": nothing answers there; start nats-server -c nats-server.conf"},
		{"a password in the URL", cluster.Config{URL: strings.Replace(closed, "nats://", "nats://ann:hunter2@", 1)}, "nats://ann:xxxxx@"},
		{"wrong login", cluster.Config{URL: plain, User: "admin"}, "refused this instance's login: check -nats-user"},
		{"not NATS", cluster.Config{URL: "nats://" + silent.Listener.Addr().String(), User: "stepviz"}, "no NATS server answered in time; a firewall may be dropping the connection, or what listens there is not nats-server"},
		{"TLS asked of a plain server", cluster.Config{URL: plain, User: "stepviz", TLSCA: ca}, "does not offer TLS, which this instance asks for"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, err := cluster.Open(ctx, c.cfg)
			if err == nil {
				b.Close()
				t.Fatal("joined; want it refused")
			}
			msg := usererr.Text(err)
			if !strings.Contains(msg, c.want) || strings.Contains(msg, "nats: ") || strings.Contains(msg, "hunter2") {
				t.Errorf("refused with %q; want it to say %q, without a package's prefix or a password", msg, c.want)
			}
		})
	}
}

// TestNATSLostSaysSo: when NATS goes away under a running instance, what
// needs it (a new room; an event published) fails at once, saying NATS
// cannot be reached and that the server keeps trying, instead of a
// timeout's words after five seconds.
func TestNATSLostSaysSo(t *testing.T) {
	ns := startNATSServer(t)
	in := startInstance(t, ns.ClientURL())
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 20 * time.Second}
	if resp, err := client.PostForm(in.ts.URL+"/rooms", url.Values{}); err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /rooms with NATS up: %v %v", resp, err)
	}
	ns.Shutdown()
	const want = "cannot be reached just now"
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = in.bus.Publish(ctx, "k7m3qxw8fzt2hd", []byte(`{"kind":"show"}`))
		cancel()
		if err != nil && strings.Contains(usererr.Text(err), want) {
			break
		}
	}
	if msg := usererr.Text(err); !strings.Contains(msg, want) || !strings.Contains(msg, "keeps trying") || strings.Contains(msg, "nats: ") {
		t.Fatalf("publishing with NATS gone: %q; want it to say %q", msg, want)
	}
	resp, err := client.PostForm(in.ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	_, _ = io.Copy(&body, io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body.String(), want) || strings.Contains(body.String(), "deadline") || strings.Contains(body.String(), "reading room code") {
		t.Errorf("POST /rooms with NATS gone: %s %q; want 503 saying %q", resp.Status, body.String(), want)
	}
}
