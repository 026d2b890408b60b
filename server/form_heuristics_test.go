package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"path/filepath"

	"stepviz/script"
	"stepviz/server/session"
	persist "stepviz/store"
)

// ownForm is the landing form for a built-in problem with the student's
// heuristics script, searched by A* with the Heuristic list at h.
func ownForm(source, heuristics, h string) url.Values {
	f := url.Values{"source": {source}, "heuristics": {heuristics}, "algo": {"astar"}, "h": {h}}
	switch source {
	case "puzzle":
		f.Set("puzzle", "283164705")
		f.Set("puzzle_goal", "123804765")
	case "graph":
		f.Set("graph_start", "Arad")
		f.Set("graph_goal", "Bucharest")
	}
	return f
}

// TestFormHeuristics: the home page's form takes a heuristics script for
// a built-in problem; the session searches with the student's heuristic
// (chosen, or the first one when the list is left at the default), and
// its Check h report names it and answers both questions. A script that
// fails comes back on the form next to the field, at its line.
func TestFormHeuristics(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	misplaced := "def h_tiles(s):\n    return len([i for i in range(len(s)) if s[i] != 0 and s[i] != goal[i]])\n"
	far := "def h_far(s):\n    if s == goal:\n        return 0\n    return 1000\n"
	cases := []struct {
		name     string
		form     url.Values
		wantH    string   // the session's heuristic
		wantRep  []string // in the Check h report
		wantSpec string   // the problem line the session searches
	}{
		{"puzzle, chosen", ownForm("puzzle", misplaced, "tiles"), "tiles",
			[]string{"tiles", "admissible  yes", "consistent  yes", "-heuristics mine.star -h tiles", "save your heuristic as mine.star"}, "puzzle"},
		{"puzzle, list left at the default", ownForm("puzzle", misplaced, "default"), "tiles",
			[]string{"admissible  yes"}, "puzzle"},
		{"romania", ownForm("graph", far, "far"), "far",
			[]string{"far", "admissible  NO", "h = 1000 > h*", "consistent  NO"}, "graph romania"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, page := post(t, ts.URL+"/sessions", c.form)
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("status %d, want a session; error %q", resp.StatusCode, byTestID(t, page, "form-error"))
			}
			id, _, _ := strings.Cut(strings.TrimPrefix(resp.Header.Get("Location"), "/s/"), "?")
			sess, ok := srv.session(id)
			if !ok {
				t.Fatalf("no session %s", id)
			}
			var h, spec string
			sess.Do(func(lv session.Live) { h, spec = lv.Search.Options().Heuristic, lv.Search.Instance().Spec() })
			if h != c.wantH || !strings.HasPrefix(spec, c.wantSpec) {
				t.Errorf("session searches %q with h=%q, want %q with h=%q", spec, h, c.wantSpec, c.wantH)
			}
			code, rep, _ := get(t, ts.URL+"/s/"+id+"/heuristic")
			for _, w := range c.wantRep {
				if code != http.StatusOK || !strings.Contains(rep, w) {
					t.Errorf("Check h report (%d) lacks %q:\n%s", code, w, rep)
				}
			}
		})
	}
}

// TestFormHeuristicsRefused: a heuristics script that cannot be used
// brings the form back (the text kept) with the reason next to the field,
// naming the line; one over script.MaxSource bytes is refused before
// Starlark reads it; a form from another site is refused.
func TestFormHeuristicsRefused(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	cases := []struct {
		name, source, src string
		want              []string // in the field's error
	}{
		{"syntax error", "puzzle", "def h_mine(s)\n    return 0\n", []string{"mine.star:1:", "syntax error", "a ':' is missing at the end of line 1"}},
		{"runtime error", "puzzle", "def h_mine(s):\n    x = 1\n    return s[99]\n", []string{"mine.star:3:13", "h_mine", "index 99 out of range"}},
		{"bad value", "graph", "def h_mine(s):\n    return \"far\"\n", []string{"mine.star:", "h_mine", "number"}},
		{"unknown global", "graph", "def h_mine(s):\n    return start\n", []string{"mine.star:2:12", "start", "goal, coords"}},
		{"no heuristic", "puzzle", "x = 1\n", []string{"def h_NAME(s)"}},
		{"too large", "puzzle", "def h_mine(s):\n    return 0\n#" + strings.Repeat("x", script.MaxSource), []string{"at most 1048576"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, page := post(t, ts.URL+"/sessions", ownForm(c.source, c.src, "mine"))
			if resp.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want the form back with an error", resp.StatusCode)
			}
			errs := strings.Join(byTestID(t, page, "error-heuristics"), " ")
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("the heuristics field's error %q lacks %q", errs, w)
				}
			}
			if kept := strings.Join(byTestID(t, page, "heuristics"), ""); c.name != "too large" && kept != strings.Join(strings.Fields(c.src), " ") {
				t.Errorf("the field holds %q, want the text sent back, %q", kept, c.src)
			}
		})
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/sessions", strings.NewReader(ownForm("puzzle", "def h_mine(s):\n    return 0\n", "mine").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://elsewhere.example")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a form posted from another site: status %d, want 403", resp.StatusCode)
	}
}

// TestFormHeuristicsKept: the student's heuristic goes with the session:
// its JSON trace carries the script (so a replay rebuilds it), its
// worksheet shows its h, and on a server with a database the lecture
// rebuilt after a restart still searches and checks with it.
func TestFormHeuristicsKept(t *testing.T) {
	db, err := persist.Open(filepath.Join(t.TempDir(), "stepviz.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	src := "def h_mine(s):\n    if s == goal:\n        return 0\n    return 4321\n"
	first := New(Config{DB: db})
	ts := newTestServer(t, first)
	resp, page := post(t, ts.URL+"/sessions", ownForm("graph", src, "mine"))
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want a session; error %q", resp.StatusCode, byTestID(t, page, "form-error"))
	}
	id, key, _ := strings.Cut(strings.TrimPrefix(resp.Header.Get("Location"), "/s/"), "?")
	for _, c := range []struct{ path, want string }{
		{"/export?format=json", `"mine.star"`},
		{"/export?format=json", `return 4321`},
		{"/worksheet?format=md&step=1&answers=1&" + key, "4321"},
	} {
		if code, body, _ := get(t, ts.URL+"/s/"+id+c.path); code != http.StatusOK || !strings.Contains(strings.ReplaceAll(body, `\n`, "\n"), c.want) {
			t.Errorf("GET %s: %d, lacks %q:\n%.400s", c.path, code, c.want, body)
		}
	}
	ts.Close()
	first.Close()

	again := New(Config{DB: db})
	t.Cleanup(again.Close)
	ts2 := newTestServer(t, again)
	code, rep, _ := get(t, ts2.URL+"/s/"+id+"/heuristic")
	if code != http.StatusOK || !strings.Contains(rep, "heuristic mine ") || !strings.Contains(rep, "h = 4321 > h*") {
		t.Errorf("Check h after a restart: %d\n%s", code, rep)
	}
}
