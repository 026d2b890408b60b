package server

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/server/session"
)

// Hostile clients of one address (127.0.0.2) against the limits that hold
// across connections; another address (127.0.0.3) must still be served.
// Any 127.0.0.0/8 address reaches a server on 127.0.0.1 on Linux.
const (
	hostileIP = "127.0.0.2"
	otherIP   = "127.0.0.3"
)

// dialerFrom dials websockets from the client address ip.
func dialerFrom(ip string) *websocket.Dialer {
	nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &websocket.Dialer{NetDialContext: nd.DialContext, HandshakeTimeout: 10 * time.Second}
}

// clientFrom is an HTTP client from ip that does not follow redirects.
func clientFrom(ip string) *http.Client {
	nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{
		Transport:     &http.Transport{DialContext: nd.DialContext, MaxIdleConnsPerHost: 4},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}
}

// wsFrom dials u from ip and returns the connection, or the refusal's
// status and body.
func wsFrom(t testing.TB, ip, u string) (*websocket.Conn, int, string) {
	t.Helper()
	c, resp, err := dialerFrom(ip).Dial(u, nil)
	if err == nil {
		t.Cleanup(func() { c.Close() })
		return c, http.StatusSwitchingProtocols, ""
	}
	if resp == nil {
		t.Fatalf("dial %s from %s: %v", u, ip, err)
	}
	body, _ := io.ReadAll(resp.Body)
	return nil, resp.StatusCode, string(body)
}

func wsBase(ts *httptest.Server) string { return "ws" + strings.TrimPrefix(ts.URL, "http") }

// TestAddressSocketsBounded: one address cannot fill a session's slots:
// past session.DefaultSocketsPerAddress its follower sockets are refused with a
// reason, while another address's follower and the presenter (from the
// same address) still connect. Sockets opened faster than the address's
// join rate are refused until the bucket refills, as a page would retry.
func TestAddressSocketsBounded(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, puzzleLine, puzzleOpts)
	u := wsBase(ts) + "/s/" + sess.ID + "/ws"
	throttled := 0
	for i := 0; i < session.DefaultSocketsPerAddress; {
		c, status, body := wsFrom(t, hostileIP, u)
		switch {
		case c != nil:
			i++
		case strings.Contains(body, "new connections"):
			throttled++
			time.Sleep(50 * time.Millisecond)
		default:
			t.Fatalf("follower %d of one address refused: HTTP %d %s", i+1, status, body)
		}
	}
	t.Logf("%d joins throttled on the way", throttled)
	time.Sleep(time.Second) // the join bucket refills
	c, status, body := wsFrom(t, hostileIP, u)
	if c != nil || status != http.StatusServiceUnavailable || !strings.Contains(body, "your network") {
		t.Fatalf("follower %d of one address: HTTP %d %q, want 503 saying the network has too many pages", session.DefaultSocketsPerAddress+1, status, body)
	}
	if c, status, body := wsFrom(t, otherIP, u); c == nil {
		t.Errorf("another address's follower refused: HTTP %d %s", status, body)
	}
	if c, status, body := wsFrom(t, hostileIP, u+"?key="+url.QueryEscape(sess.Key())); c == nil {
		t.Errorf("the presenter refused: HTTP %d %s", status, body)
	}
}

// TestPresenterNotLockedOut: followers filling a session's MaxClients
// never keep the presenter out.
func TestPresenterNotLockedOut(t *testing.T) {
	_, ts, sess := liveServer(t, Config{MaxClients: 5}, puzzleLine, puzzleOpts)
	u := wsBase(ts) + "/s/" + sess.ID + "/ws"
	for range 5 {
		if c, status, body := wsFrom(t, hostileIP, u); c == nil {
			t.Fatalf("follower refused: HTTP %d %s", status, body)
		}
	}
	waitFor(t, func() bool { return sess.Stats().Followers == 5 })
	if c, status, _ := wsFrom(t, otherIP, u); c != nil || status != http.StatusServiceUnavailable {
		t.Errorf("a sixth follower: HTTP %d, want 503", status)
	}
	c, status, body := wsFrom(t, otherIP, u+"?key="+url.QueryEscape(sess.Key()))
	if c == nil {
		t.Fatalf("the presenter of a full session refused: HTTP %d %s", status, body)
	}
	var h hello
	readAs(t, c, msgHello, &h)
	if h.Role != rolePresenter {
		t.Errorf("role %q", h.Role)
	}
}

// TestAddressRateShared: followers of one address that each keep under
// their own rate still share one budget: sending together past
// session.DefaultAddressRate closes them with a reason, while another address's
// follower querying at its own pace is not closed.
func TestAddressRateShared(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, puzzleLine, puzzleOpts)
	u := wsBase(ts) + "/s/" + sess.ID + "/ws"
	const socks, perSock = 40, 40 // 1,600 messages at once, each socket within its own burst
	var conns []*websocket.Conn
	for range socks {
		c, status, body := wsFrom(t, hostileIP, u)
		if c == nil {
			t.Fatalf("HTTP %d %s", status, body)
		}
		conns = append(conns, c)
	}
	other, status, body := wsFrom(t, otherIP, u)
	if other == nil {
		t.Fatalf("HTTP %d %s", status, body)
	}
	closed := make(chan string, socks)
	for _, c := range conns {
		go func() {
			_ = c.SetReadDeadline(time.Now().Add(15 * time.Second))
			for {
				if _, _, err := c.ReadMessage(); err != nil {
					ce, _ := err.(*websocket.CloseError)
					if ce != nil {
						closed <- ce.Text
					} else {
						closed <- err.Error()
					}
					return
				}
			}
		}()
	}
	live := []byte(`{"type":"live"}`)
	for range perSock {
		for _, c := range conns {
			_ = c.WriteMessage(websocket.TextMessage, live)
		}
	}
	for range 10 {
		_ = other.WriteMessage(websocket.TextMessage, live)
	}
	select {
	case reason := <-closed:
		if !strings.Contains(reason, "from your network") {
			t.Errorf("closed with %q, want the address's limit", reason)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("1,600 messages from one address at once: no socket closed")
	}
	// The other address's follower is still served.
	send(t, other, clientMsg{Type: queryInspect, Node: 0})
	for {
		w := readWire(t, other)
		if w.Type == msgInspect {
			break
		}
	}
}

// roomFrom opens a room from ip and returns its code and key.
func roomFrom(t testing.TB, ts *httptest.Server, ip string) (string, string) {
	t.Helper()
	resp, err := clientFrom(ip).PostForm(ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		t.Fatalf("POST /rooms: %s", resp.Status)
	}
	return strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
}

// TestRoomSessionsCountAgainstOpener: the searches of one address's rooms
// take at most its session quota, however many are opened, so another
// address can still start a session.
func TestRoomSessionsCountAgainstOpener(t *testing.T) {
	srv, ts := roomServer(t, "")
	code, key := roomFrom(t, ts, hostileIP)
	c, status, body := wsFrom(t, hostileIP, wsBase(ts)+"/r/"+code+"/ws?t=presenter-token-0000&key="+url.QueryEscape(key))
	if c == nil {
		t.Fatalf("HTTP %d %s", status, body)
	}
	p := &roomConn{t, c}
	lanes := []string{"bfs", "astar h=manhattan", "astar h=misplaced", "greedy h=manhattan"}
	const loads = 15 // 60 searches: more than the server's 50 sessions
	var m roomMsg
	for i := range loads {
		p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: lanes})
		m = p.room(func(m roomMsg) bool { return m.Current == i })
	}
	hc := clientFrom(hostileIP)
	opened := 0
	for _, e := range m.History {
		for _, l := range e.Lanes {
			resp, err := hc.Get(ts.URL + "/s/" + l.ID)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				opened++
			}
		}
	}
	if opened != 4*loads {
		t.Errorf("%d of %d room searches opened, want all (unwatched ones make room)", opened, 4*loads)
	}
	held := srv.sessions.Owned(hostileIP)
	if held > DefaultMaxPerClient {
		t.Errorf("one address's rooms hold %d sessions, over the quota of %d", held, DefaultMaxPerClient)
	}
	status, loc, body := postFrom(t, ts.URL, otherIP, exampleForm)
	if status != http.StatusSeeOther || !strings.HasPrefix(loc, "/s/") {
		t.Errorf("another address's session: HTTP %d %.200s", status, body)
	}
}

// TestVotesPerAddress: fresh tokens on fresh sockets from one address cast
// at most session.DefaultVotersPerAddress answers to a poll; a follower who has
// answered may change its answer; another address still answers.
func TestVotesPerAddress(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	p.room(func(m roomMsg) bool { return m.Current == 0 })
	p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0})
	q := p.poll(nil)
	base := wsBase(ts) + "/r/" + code + "/ws?t="
	answer := func(ip, token string) (bool, string) {
		t.Helper()
		c, status, body := wsFrom(t, ip, base+token)
		if c == nil {
			t.Fatalf("HTTP %d %s", status, body)
		}
		defer c.Close()
		f := &roomConn{t, c}
		f.room(nil)
		f.send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: q.Right})
		for {
			_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
			var m struct{ Type, Message, Yours string }
			if err := c.ReadJSON(&m); err != nil {
				t.Fatalf("reading: %v", err)
			}
			switch {
			case m.Type == msgError:
				return false, m.Message
			case m.Type == msgPoll && m.Yours == q.Right:
				return true, ""
			}
		}
	}
	accepted := 0
	var refusal string
	for i := range session.DefaultVotersPerAddress + 10 {
		ok, why := answer(hostileIP, fmt.Sprintf("stuffing-token-%05d", i))
		if ok {
			accepted++
		} else {
			refusal = why
		}
	}
	if accepted != session.DefaultVotersPerAddress || !strings.Contains(refusal, "your network") {
		t.Errorf("one address cast %d answers (last refusal %q), want %d and a refusal naming the network", accepted, refusal, session.DefaultVotersPerAddress)
	}
	if ok, why := answer(hostileIP, "stuffing-token-00000"); !ok {
		t.Errorf("a follower who answered could not answer again: %s", why)
	}
	if ok, why := answer(otherIP, "another-address-0000"); !ok {
		t.Errorf("another address's follower refused: %s", why)
	}
	got := p.poll(func(m pollMsg) bool { return m.Answers >= session.DefaultVotersPerAddress+1 })
	if got.Answers != session.DefaultVotersPerAddress+1 {
		t.Errorf("the poll holds %d answers, want %d", got.Answers, session.DefaultVotersPerAddress+1)
	}
}
