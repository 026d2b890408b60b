package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/testenv"
	"stepviz/server"
)

// studentEnv names the followers' link the student helper opens; set only
// when the test binary runs again as the student, inside its namespace.
const studentEnv = "STEPVIZ_STUDENT_URL"

// TestClassroomFromAnotherDevice is the classroom's end-to-end test: the
// server is started as README's classroom command says (serve -class); a
// "student" device is a network namespace with an address of its own,
// joined to this machine by a veth pair, routed to it as a phone on the
// lecture hall's network would be. The lecturer opens a room from
// http://127.0.0.1 and shows a search; the room's QR code, decoded with
// zbarimg, carries an address the student can reach, and the student, from
// its namespace, opens that link and joins the search over its websockets.
// Traffic goes to loopback and the namespace only; it needs root (skipped
// without, unless CI=true).
func TestClassroomFromAnotherDevice(t *testing.T) {
	if os.Getuid() != 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("the classroom test puts a student in a network namespace, which needs root: run CI as root")
		}
		t.Skip("the student's network namespace needs root")
	}
	ipTool := testenv.Tool(t, "ip", "iproute2")
	zbar := testenv.Tool(t, "zbarimg", "zbar-tools")
	exe := buildStepviz(t)
	ns := newStudentNamespace(t, ipTool)

	// README's classroom command, on a free port and a fresh database.
	readme, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Serving a class\n")
	var args []string
	for _, line := range strings.Split(section, "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/stepviz" {
			args = f[3:]
			if strings.Join(f, " ") != server.ClassroomCommand {
				t.Errorf("README says %q, the pages %q", strings.Join(f, " "), server.ClassroomCommand)
			}
			break
		}
	}
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("README's second section has no classroom command (go run ./cmd/stepviz serve ...)")
	}
	// every address, on a port the server picks: a port picked here and
	// freed could be taken by another test before the server binds it
	srv := startServeCmd(t, exec.Command(exe, append(args, "-addr", ":0", "-db", filepath.Join(t.TempDir(), "stepviz.db"))...), nil)
	base, students := srv.base, srv.banner[1]
	if !strings.Contains(students, "students open http://") || strings.Contains(students, "[::]") || strings.Contains(students, "0.0.0.0") || strings.Contains(students, "127.0.0.1") {
		t.Fatalf("the second line should name the addresses students open: %q", students)
	}

	// The lecturer's laptop: a room opened from http://127.0.0.1, a search shown.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	loc := postForm(t, base, "/rooms", nil)
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
	p := roomWS(t, base, code, key, "presenter-token-000000")
	sendJSON(t, p, map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
	readUntil(t, p, "the search shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	for range 3 {
		sendJSON(t, p, map[string]any{"type": "drive", "command": "step", "lane": -1})
	}
	page := getBody(t, client, base+"/r/"+code+"?key="+url.QueryEscape(key))
	if strings.Contains(page, `data-testid="loopback-notice"`) {
		t.Errorf("the presenter's page says students cannot connect, though the server listens on every address")
	}

	// The QR code on the lecturer's page, decoded as a phone would.
	png := filepath.Join(t.TempDir(), "qr.png")
	if err := os.WriteFile(png, []byte(getBody(t, client, base+"/r/"+code+"/qr.png")), 0o600); err != nil {
		t.Fatal(err)
	}
	dec, err := exec.Command(zbar, "--raw", "-q", png).Output()
	if err != nil {
		t.Fatalf("zbarimg: %v", err)
	}
	link := strings.TrimSpace(string(dec))
	u, err := url.Parse(link)
	if err != nil || u.Path != "/r/"+code {
		t.Fatalf("the QR code says %q, want a link to /r/%s", link, code)
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err != nil || ip.IsLoopback() || ip.IsUnspecified() {
		t.Fatalf("the QR code says %q: no student's device can open that host", link)
	}
	if !strings.Contains(page, link) {
		t.Errorf("the page's followers' link is not the QR code's %s", link)
	}
	if big := getBody(t, client, base+"/r/"+code+"/qr"); !strings.Contains(big, `data-testid="qr-big"`) || !strings.Contains(big, link) {
		t.Errorf("the projector's QR page does not show the code and %s", link)
	}

	// A session from the landing page has its QR code too.
	form := url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"bfs"}}
	sreq, _ := http.NewRequest("POST", base+"/sessions", strings.NewReader(form.Encode()))
	sreq.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	sreq.Header.Set("Origin", base)
	sresp, err := client.Do(sreq)
	if err != nil {
		t.Fatal(err)
	}
	sresp.Body.Close()
	sloc, _ := url.Parse(sresp.Header.Get("Location"))
	if err := os.WriteFile(png, []byte(getBody(t, client, base+sloc.Path+"/qr.png")), 0o600); err != nil {
		t.Fatal(err)
	}
	sdec, err := exec.Command(zbar, "--raw", "-q", png).Output()
	if err != nil {
		t.Fatalf("zbarimg on the session's code: %v", err)
	}
	if su, err := url.Parse(strings.TrimSpace(string(sdec))); err != nil || su.Host != u.Host || su.Path != sloc.Path {
		t.Errorf("the session's QR code says %q, want %s%s", sdec, u.Host, sloc.Path)
	}

	// The student, from its own device.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st := exec.CommandContext(ctx, ipTool, "netns", "exec", ns, self, "-test.run=^TestClassroomStudent$", "-test.v")
	st.Env = append(os.Environ(), studentEnv+"="+link)
	res, err := st.CombinedOutput()
	if err != nil || !strings.Contains(string(res), "student joined at step 3") {
		t.Fatalf("the student in namespace %s could not join %s: %v\n%s", ns, link, err, res)
	}
	t.Logf("a student on its own address opened %s and joined the search at step 3", link)
}

// TestClassroomStudent is the student's device of
// TestClassroomFromAnotherDevice, run in its network namespace; alone, it
// is skipped. It opens the followers' link as a browser would (its Host,
// its Origin), reads the room's live search, opens the search's page and
// joins its websocket, and prints the step it joined at.
func TestClassroomStudent(t *testing.T) {
	link := os.Getenv(studentEnv)
	if link == "" {
		t.Skip("runs inside TestClassroomFromAnotherDevice's namespace")
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	origin := u.Scheme + "://" + u.Host
	client := &http.Client{Timeout: 10 * time.Second}
	page := getBody(t, client, link)
	if !strings.Contains(page, `data-testid="room"`) {
		t.Fatalf("the followers' link is not the room's page:\n%.300s", page)
	}
	h := http.Header{"Origin": {origin}}
	ws := "ws://" + u.Host
	rc, _, err := websocket.DefaultDialer.Dial(ws+u.Path+"/ws?t=student-token-00000000", h)
	if err != nil {
		t.Fatalf("the room's websocket: %v", err)
	}
	defer rc.Close()
	room := readUntil(t, rc, "the room", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	id := room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)["id"].(string)
	if sp := getBody(t, client, origin+"/s/"+id); !strings.Contains(sp, `data-testid="role"`) {
		t.Fatalf("the search's page:\n%.300s", sp)
	}
	sc, _, err := websocket.DefaultDialer.Dial(ws+"/s/"+id+"/ws", h)
	if err != nil {
		t.Fatalf("the search's websocket: %v", err)
	}
	defer sc.Close()
	_ = sc.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		kind, raw, err := sc.ReadMessage()
		if err != nil {
			t.Fatalf("waiting for the join: %v", err)
		}
		var m struct {
			Type, Reason string
			Step         *int
		}
		_ = json.Unmarshal(frameJSON(kind, raw), &m)
		if m.Type == "state" && m.Reason == "join" && m.Step != nil {
			fmt.Printf("student joined at step %d\n", *m.Step)
			return
		}
	}
}

// newStudentNamespace makes a network namespace with a veth pair to this
// machine (10.231.N.1/30 here, .2/30 there, N from the process id so
// that concurrent runs do not meet) and a default route through it, and
// removes both when the test ends. It returns the namespace's name.
func newStudentNamespace(t *testing.T, ipTool string) string {
	t.Helper()
	n := os.Getpid() % 250
	ns, host, peer := fmt.Sprintf("svstudent%d", os.Getpid()), fmt.Sprintf("svh%d", os.Getpid()), fmt.Sprintf("svs%d", os.Getpid())
	run := func(args ...string) {
		t.Helper()
		if out, err := exec.Command(ipTool, args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("netns", "add", ns)
	t.Cleanup(func() {
		_ = exec.Command(ipTool, "link", "del", host).Run()
		_ = exec.Command(ipTool, "netns", "del", ns).Run()
	})
	run("link", "add", host, "type", "veth", "peer", "name", peer)
	run("link", "set", peer, "netns", ns)
	run("addr", "add", fmt.Sprintf("10.231.%d.1/30", n), "dev", host)
	run("link", "set", host, "up")
	run("netns", "exec", ns, "ip", "addr", "add", fmt.Sprintf("10.231.%d.2/30", n), "dev", peer)
	run("netns", "exec", ns, "ip", "link", "set", peer, "up")
	run("netns", "exec", ns, "ip", "link", "set", "lo", "up")
	// This machine is the student's way to everything, as the hall's
	// router would be: any of its addresses is reached through the veth.
	run("netns", "exec", ns, "ip", "route", "add", "default", "via", fmt.Sprintf("10.231.%d.1", n))
	return ns
}

func getBody(t *testing.T, c *http.Client, u string) string {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %v\n%.300s", u, resp.Status, err, b)
	}
	return string(b)
}
