package cluster_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/cluster"
	persist "stepviz/store"
)

// TestClusterAuthRefusesStrangers: on the documented nats-server
// configuration, a client that does not log in as the stepviz user can
// neither connect (so neither publish nor read), and an instance with a
// wrong credential or no cluster secret does not start.
func TestClusterAuthRefusesStrangers(t *testing.T) {
	natsURL := startNATS(t)
	for _, c := range []struct {
		name string
		opts []nats.Option
	}{
		{"anonymous", nil},
		{"wrong password", []nats.Option{nats.UserInfo("stepviz", "guess")}},
		{"unknown user", []nats.Option{nats.UserInfo("admin", testPassword)}},
		{"a token", []nats.Option{nats.Token(testPassword)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			nc, err := nats.Connect(natsURL, append(c.opts, nats.MaxReconnects(0))...)
			if err == nil {
				nc.Close()
				t.Fatal("connected; want the login refused")
			}
			if !strings.Contains(strings.ToLower(err.Error()), "authorization") {
				t.Fatalf("refused with %v; want an authorization error", err)
			}
		})
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range []struct {
		name    string
		cfg     cluster.Config
		secret  string
		wantErr string
	}{
		{"wrong password", cluster.Config{URL: natsURL, User: "stepviz"}, testSecret, "refused this instance's login"},
		{"no login", cluster.Config{URL: natsURL}, testSecret, "refused this instance's login"},
		{"no cluster secret", testConfig(natsURL), "", "no cluster secret"},
		{"short cluster secret", testConfig(natsURL), "short", "too short"},
	} {
		t.Run("instance with "+c.name, func(t *testing.T) {
			if c.name == "wrong password" {
				t.Setenv(cluster.EnvPassword, "guess")
			}
			t.Setenv(cluster.EnvSecret, c.secret)
			b, err := cluster.Open(ctx, c.cfg)
			if err == nil {
				b.Close()
				t.Fatal("the instance started; want it refused")
			}
			if !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("error %q; want it to say %q", err, c.wantErr)
			}
		})
	}
}

// lecture is a room on a two-instance cluster: the presenter on instance
// 0 with one search at step 5, a follower of that search and a follower of
// the room on instance 1.
type lecture struct {
	natsURL   string
	ins       []*instance
	code, key string
	search    string
	presenter *roomWS
	room1     *roomWS
	follower  *follower
}

func startLecture(t *testing.T) *lecture {
	t.Helper()
	return startLectureOn(t, startNATS(t))
}

// startLectureOn is startLecture on the NATS server at natsURL.
func startLectureOn(t *testing.T, natsURL string) *lecture {
	t.Helper()
	return startLectureWith(t, natsURL, startInstance(t, natsURL), startInstance(t, natsURL))
}

// startLectureWith is startLecture on two instances already joined to the
// NATS at natsURL: the presenter on a, the followers on b.
func startLectureWith(t *testing.T, natsURL string, a, b *instance) *lecture {
	t.Helper()
	l := &lecture{natsURL: natsURL, ins: []*instance{a, b}}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(l.ins[0].ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	l.code, l.key = strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
	l.presenter = roomConn(t, wsBase(l.ins[0].ts), l.code, l.key, "presenter-token-00000")
	l.presenter.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=manhattan"}})
	room := until(t, l.presenter, "the search shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	l.search = room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)["id"].(string)
	l.follower = follow(func() []string { return []string{wsBase(l.ins[1].ts) + "/s/" + l.search + "/ws"} })
	t.Cleanup(func() { close(l.follower.stop) })
	waitAll(t, "the follower joined", []*follower{l.follower}, 0)
	l.room1 = roomConn(t, wsBase(l.ins[1].ts), l.code, "", "follower-token-00001")
	until(t, l.room1, "the room on instance 1", func(m map[string]any) bool { return m["type"] == "room" })
	l.step(t, 5)
	return l
}

// step drives the search forward to step n and waits for the follower.
func (l *lecture) step(t *testing.T, n int64) {
	t.Helper()
	for l.follower.at.Load() < n {
		at := l.follower.at.Load()
		l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
		waitAll(t, "a step", []*follower{l.follower}, at+1)
	}
}

// attacker logs in to NATS with the instances' own credentials (a leaked
// password) but without the cluster secret.
func (l *lecture) attacker(t *testing.T) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(l.natsURL, nats.UserInfo("stepviz", testPassword))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// forge publishes ev as a room event, as an instance's code would before
// signing, on the room's subject (the stream stores it).
func (l *lecture) forge(t *testing.T, nc *nats.Conn, ev map[string]any) {
	t.Helper()
	b, _ := json.Marshal(ev)
	js, _ := jetstream.New(nc)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := js.Publish(ctx, cluster.EvtSubject(l.code), b); err != nil {
		t.Fatalf("the attacker could not publish (the test needs the stream to store it): %v", err)
	}
}

// refusedAtLeast waits until instance i has refused n events or records.
func (l *lecture) refusedAtLeast(t *testing.T, i int, n int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for l.ins[i].bus.Refused() < n {
		if time.Now().After(deadline) {
			t.Fatalf("instance %d refused %d events, want at least %d", i, l.ins[i].bus.Refused(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestClusterForgedEventsRefused: a client with valid NATS credentials
// but without the cluster secret cannot move a search, replay a genuine
// move, ask a poll, stuff answers, load a search or replace a room's key
// hash. Each attack is followed by a genuine action; the instances must
// show the genuine one and nothing of the forged.
func TestClusterForgedEventsRefused(t *testing.T) {
	l := startLecture(t)
	nc := l.attacker(t)

	t.Run("move a search", func(t *testing.T) {
		before := l.ins[1].bus.Refused()
		l.forge(t, nc, map[string]any{"kind": "move", "origin": "attacker", "search": l.search, "step": 2})
		l.refusedAtLeast(t, 1, before+1)
		l.step(t, 6)
		if steps, ok := l.follower.inOrder(); !ok {
			t.Fatalf("the forged move reached the follower: steps %v", steps)
		}
	})

	t.Run("replay a genuine move", func(t *testing.T) {
		js, _ := jetstream.New(nc)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		st, err := js.Stream(ctx, cluster.StreamName)
		if err != nil {
			t.Fatal(err)
		}
		var old []byte
		for seq := uint64(1); old == nil; seq++ {
			m, err := st.GetMsg(ctx, seq)
			if err != nil {
				t.Fatalf("no genuine move to step 3 in the stream: %v", err)
			}
			if bytes.Contains(m.Data, []byte(`"kind":"move"`)) && bytes.Contains(m.Data, []byte(`"step":3}`)) {
				old = m.Data
			}
		}
		before := l.ins[1].bus.Refused()
		if err := nc.Publish(cluster.EvtSubject(l.code), old); err != nil {
			t.Fatal(err)
		}
		l.refusedAtLeast(t, 1, before+1)
		l.step(t, 7)
		if steps, ok := l.follower.inOrder(); !ok {
			t.Fatalf("the replayed move reached the follower: steps %v", steps)
		}
	})

	var pollID, right any
	t.Run("ask a poll", func(t *testing.T) {
		l.forge(t, nc, map[string]any{"kind": "ask", "poll": map[string]any{
			"ID": 77, "RoomID": l.code, "SearchID": l.search, "Step": 7, "Kind": "next", "Node": -1,
			"Question": "Your exam is cancelled. Which node is expanded next?", "Answer": "0", "Created": time.Now().UnixNano()}})
		l.presenter.WriteJSON(map[string]any{"type": "ask", "kind": "next", "lane": 0})
		q := until(t, l.room1, "a poll on instance 1", func(m map[string]any) bool { return m["type"] == "poll" })
		if strings.Contains(fmt.Sprint(q), "cancelled") || q["id"] == 77.0 {
			t.Fatalf("the forged poll reached a follower: %v", q)
		}
		pq := until(t, l.presenter, "the poll", func(m map[string]any) bool { return m["type"] == "poll" })
		pollID, right = q["id"], pq["right"]
	})

	t.Run("stuff answers", func(t *testing.T) {
		before := l.ins[0].bus.Refused()
		for i := range 50 {
			l.forge(t, nc, map[string]any{"kind": "answer", "pollId": pollID, "pseudonym": fmt.Sprintf("stuffed-%03d", i), "answer": right})
		}
		l.refusedAtLeast(t, 0, before+50)
		l.room1.WriteJSON(map[string]any{"type": "answer", "poll": pollID, "answer": right})
		m := until(t, l.presenter, "the genuine answer", func(m map[string]any) bool { return m["type"] == "poll" && m["answers"] != 0.0 })
		if m["answers"] != 1.0 {
			t.Fatalf("the presenter counts %v answers; want the one genuine answer", m["answers"])
		}
	})

	t.Run("load a search", func(t *testing.T) {
		l.forge(t, nc, map[string]any{"kind": "load", "searches": []map[string]any{{
			"ID": "attackersearch0001", "Problem": "puzzle 123456780 goal=123456780", "Options": "bfs"}}})
		l.presenter.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"bfs"}})
		m := until(t, l.room1, "the second search on instance 1", func(m map[string]any) bool {
			h, _ := m["history"].([]any)
			return m["type"] == "room" && len(h) >= 2
		})
		if h := m["history"].([]any); len(h) != 2 || strings.Contains(fmt.Sprint(h), "attacker") {
			t.Fatalf("the room's history on instance 1: %v; want the two genuine searches", h)
		}
	})

	t.Run("replace the key hash", func(t *testing.T) {
		js, _ := jetstream.New(nc)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		kv, err := js.KeyValue(ctx, cluster.Bucket)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256([]byte("attacker-key"))
		rec, _ := json.Marshal(map[string]any{"id": l.code, "keyHash": hex.EncodeToString(h[:]), "created": time.Now().Unix()})
		if _, err := kv.Put(ctx, "room."+l.code, rec); err != nil {
			t.Fatalf("the attacker could not write the record (the test needs it written): %v", err)
		}
		fresh := startInstance(t, l.natsURL)
		for _, c := range []struct {
			key  string
			want int
		}{{"attacker-key", http.StatusForbidden}, {l.key, http.StatusOK}} {
			resp, err := http.Get(fresh.ts.URL + "/r/" + l.code + "?key=" + url.QueryEscape(c.key))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("a fresh instance answers %d to the key %q; want %d", resp.StatusCode, c.key, c.want)
			}
		}
		if fresh.bus.Refused() == 0 {
			t.Error("the fresh instance did not report the forged record")
		}
	})

	t.Run("redirect the short code", func(t *testing.T) {
		js, _ := jetstream.New(nc)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		kv, err := js.KeyValue(ctx, cluster.Bucket)
		if err != nil {
			t.Fatal(err)
		}
		short := persist.ShortCode(l.code)
		if _, err := kv.Put(ctx, "short."+short, []byte("attackerroom00")); err != nil {
			t.Fatalf("the attacker could not write the record (the test needs it written): %v", err)
		}
		fresh := startInstance(t, l.natsURL)
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Get(fresh.ts.URL + "/j/" + short)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || got != "/r/"+l.code {
			t.Fatalf("a fresh instance sends /j/%s to %d %q; want 303 to the genuine room /r/%s", short, resp.StatusCode, got, l.code)
		}
	})
}
