package cluster_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/testenv"
	"stepviz/server"
)

// proxyHost is the name the test's nginx serves, as a real deployment's.
const proxyHost = "stepviz.example.edu"

// deployNginx is docs/deploy.md's nginx set-up for several instances:
// section 3's upstream (with ip_hash; when sticky) and section 2's
// location, proxy_pass pointed at the upstream; listening on 127.0.0.1
// without TLS (the certificate lines are nginx's own business).
func deployNginx(t *testing.T, dir string, port int, sticky bool, backends ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var upstream string
	for _, line := range strings.Split(doc, "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, "upstream stepviz {") {
			upstream = l[:strings.Index(l, "}")+1]
		}
	}
	upstream = replaceOnce(t, "deploy.md's upstream", upstream, "server 127.0.0.1:8081; server 127.0.0.1:8082;",
		fmt.Sprintf("server %s; server %s;", backends[0], backends[1]))
	if sticky {
		upstream = replaceOnce(t, "deploy.md's upstream", upstream, "{", "{ ip_hash;")
	}
	i := strings.Index(doc, "        location / {")
	if i < 0 {
		t.Fatal("deploy.md has no nginx location block")
	}
	location := doc[i : i+strings.Index(doc[i:], "\n        }\n")+len("\n        }\n")]
	location = replaceOnce(t, "deploy.md's location", location, "proxy_pass http://127.0.0.1:8080;", "proxy_pass http://stepviz;")
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers write their temporary files in the test's directory
	}
	conf := fmt.Sprintf(`%s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    %s
    server {
        listen 127.0.0.1:%d;
        server_name %s;
%s    }
}
`, user, dir, upstream, port, proxyHost, location)
	p := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(p, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// startNginx runs nginx with conf in the foreground until the test ends.
func startNginx(t *testing.T, bin, dir, conf string, port int) {
	t.Helper()
	cmd := exec.Command(bin, "-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log"))
	out, err := os.Create(filepath.Join(dir, "out.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM} // gone with the test, even killed
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// SIGTERM: nginx's master stops its workers, then itself (SIGKILL
		// would leave the workers running).
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
		}
		if t.Failed() {
			for _, f := range []string{"out.log", "error.log"} {
				b, _ := os.ReadFile(filepath.Join(dir, f))
				t.Logf("nginx's %s:\n%s", f, b)
			}
		}
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx did not listen on %d within 10 s: %s", port, b)
		}
	}
}

// TestNginxTwoInstances: docs/deploy.md's nginx (section 2's location,
// section 3's upstream, round robin and with ip_hash) in front of two
// instances on NATS, reached as https://stepviz.example.edu would be (its
// Host): a room is opened, its presenter and a follower of its search
// connect by websocket through the proxy, and the follower is shown the
// presenter's steps, whichever instance each request reaches. With
// ip_hash, a session started from the landing page (not shared between
// instances) is found on every request, because a client is kept on one
// instance.
func TestNginxTwoInstances(t *testing.T) {
	bin := testenv.Tool(t, "nginx", "nginx-light")
	natsURL := startNATS(t)
	var backends []string
	for range 2 {
		in := startInstance(t, natsURL, func(c *server.Config) { c.Hosts = []string{proxyHost} })
		backends = append(backends, strings.TrimPrefix(in.ts.URL, "http://"))
	}
	for _, sticky := range []bool{false, true} {
		t.Run(fmt.Sprintf("ip_hash %v", sticky), func(t *testing.T) {
			dir, port := t.TempDir(), freePort(t)
			startNginx(t, bin, dir, deployNginx(t, dir, port, sticky, backends...), port)
			base := fmt.Sprintf("http://127.0.0.1:%d", port)
			origin := "http://" + proxyHost
			client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			post := func(path string, form url.Values) *http.Response {
				t.Helper()
				req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
				req.Host = proxyHost
				req.Header.Set("Origin", origin)
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				resp, err := client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp
			}
			dial := func(path string) *websocket.Conn {
				t.Helper()
				h := http.Header{"Host": {proxyHost}, "Origin": {origin}}
				c, resp, err := websocket.DefaultDialer.Dial("ws://127.0.0.1:"+fmt.Sprint(port)+path, h)
				if err != nil {
					code := 0
					if resp != nil {
						code = resp.StatusCode
					}
					t.Fatalf("websocket %s through nginx: %v (status %d)", path, err, code)
				}
				t.Cleanup(func() { c.Close() })
				return c
			}

			resp := post("/rooms", url.Values{})
			loc, _ := url.Parse(resp.Header.Get("Location"))
			if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc.Path, "/r/") {
				t.Fatalf("opening a room through nginx: %d %q", resp.StatusCode, resp.Header.Get("Location"))
			}
			code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
			p := readAll(dial("/r/" + code + "/ws?t=presenter-token-00000&key=" + url.QueryEscape(key)))
			p.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
			room := until(t, p, "the search shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
			search := room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)["id"].(string)
			f := dial("/s/" + search + "/ws")
			for range 3 {
				p.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
			}
			_ = f.SetReadDeadline(time.Now().Add(15 * time.Second))
			for at := -1; at != 3; {
				kind, raw, err := f.ReadMessage()
				if err != nil {
					t.Fatalf("the follower through nginx, at step %d: %v", at, err)
				}
				var m struct {
					Type  string
					Step  *int
					Event struct{ Step int }
				}
				_ = json.Unmarshal(frameJSON(kind, raw), &m)
				switch {
				case m.Type == "step":
					at = m.Event.Step
				case m.Step != nil:
					at = *m.Step
				}
			}

			if !sticky {
				return
			}
			// A landing-page session lives on one instance: ip_hash keeps this
			// client there.
			resp = post("/sessions", url.Values{"source": {"grid"}, "grid_rows": {"S..\n.#G"}})
			if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/s/") {
				t.Fatalf("starting a session through nginx: %d %q", resp.StatusCode, resp.Header.Get("Location"))
			}
			for i := range 6 {
				req, _ := http.NewRequest("GET", base+resp.Header.Get("Location"), nil)
				req.Host = proxyHost
				r, err := client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				r.Body.Close()
				if r.StatusCode != http.StatusOK {
					t.Fatalf("request %d for the session through nginx: %d; want 200 (the instance that holds it)", i, r.StatusCode)
				}
			}
		})
	}
}

// TestNginxCountsEachStudent: behind docs/deploy.md's nginx, with
// -trusted-proxy naming it as section 2 says, each student is counted by
// the address nginx names in X-Forwarded-For: two students (two source
// addresses) each get their own share of follower sockets, and a
// student past their share is refused. Without the header or the flag,
// every student would be nginx's one address.
func TestNginxCountsEachStudent(t *testing.T) {
	bin := testenv.Tool(t, "nginx", "nginx-light")
	in := startInstance(t, startNATS(t), func(c *server.Config) {
		c.Hosts = []string{proxyHost}
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		c.SocketsPerAddress = 1
	})
	backend := strings.TrimPrefix(in.ts.URL, "http://")
	dir, port := t.TempDir(), freePort(t)
	startNginx(t, bin, dir, deployNginx(t, dir, port, false, backend, backend), port)
	origin := "http://" + proxyHost
	req, _ := http.NewRequest("POST", fmt.Sprintf("http://127.0.0.1:%d/sessions", port), strings.NewReader(url.Values{"source": {"grid"}, "grid_rows": {"S..\n.#G"}}.Encode()))
	req.Host = proxyHost
	req.Header.Set("Origin", origin)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc.Path, "/s/") {
		t.Fatalf("starting a session through nginx: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	ws := fmt.Sprintf("ws://127.0.0.1:%d%s/ws", port, loc.Path)
	for _, c := range []struct {
		student string // the source address nginx sees
		want    bool
	}{
		{"127.0.0.2", true},
		{"127.0.0.3", true}, // another student behind the same nginx
		{"127.0.0.2", false},
	} {
		nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(c.student)}, Timeout: 10 * time.Second}
		d := &websocket.Dialer{NetDialContext: nd.DialContext, HandshakeTimeout: 10 * time.Second}
		conn, resp, err := d.Dial(ws, http.Header{"Host": {proxyHost}, "Origin": {origin}})
		if err == nil {
			t.Cleanup(func() { conn.Close() })
		} else if resp == nil {
			t.Fatalf("a follower from %s: %v", c.student, err)
		}
		if got := err == nil; got != c.want {
			t.Fatalf("a follower from %s through nginx: connected %v (%v), want %v", c.student, got, err, c.want)
		}
	}
}
