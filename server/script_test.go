package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/templates"
)

// TestScriptForm: the landing form takes a Starlark script as text; a
// hostile one is stopped by its budget (within script.CallTime) with the
// script's own error next to the problem field, and the server keeps
// serving.
func TestScriptForm(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	cases := []struct {
		name, src, params string
		code              int
		want              string // in the problem field's error
	}{
		{"jugs", templatesDefault(), "caps=3,5 target=4", http.StatusSeeOther, ""},
		{"infinite loop", "def spin():\n    for i in range(1000000):\n        for j in range(1000000):\n            pass\nspin()\n", "", http.StatusUnprocessableEntity, "Starlark steps|ran longer than"},
		{"huge list", "x = [0] * 1000000000\n", "", http.StatusUnprocessableEntity, "would make more than 1048576 elements"},
		{"deep recursion", "def f(n):\n    return f(n + 1)\nx = f(0)\n", "", http.StatusUnprocessableEntity, "called recursively"},
		{"syntax error", "start = (\n", "", http.StatusUnprocessableEntity, "form.star:2:1: syntax error"},
		{"bad params", "start = 0\n", "caps", http.StatusUnprocessableEntity, "name=value"},
		{"file line refused", "", "", http.StatusUnprocessableEntity, "paste a Starlark script"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			begin := time.Now()
			resp, page := post(t, ts.URL+"/sessions", url.Values{"source": {"script"}, "script": {c.src}, "script_params": {c.params}, "algo": {"bfs"}})
			// a call is stopped by its step budget (about a second here,
			// longer under the race detector on a loaded machine) or at
			// the latest by its wall-clock bound
			if took := time.Since(begin); took > script.CallTime+time.Second {
				t.Errorf("the server took %v to answer; a hostile script must be stopped within its call's bound, %v", took, script.CallTime)
			}
			if resp.StatusCode != c.code {
				t.Fatalf("status %d, want %d\n%s", resp.StatusCode, c.code, byTestID(t, page, "form-error"))
			}
			if c.want != "" {
				errs := strings.Join(byTestID(t, page, "form-error"), " ")
				if !containsAny(errs, strings.Split(c.want, "|")) {
					t.Errorf("problem error %q lacks %q", errs, c.want)
				}
			}
			if code, _, _ := get(t, ts.URL+"/"); code != http.StatusOK {
				t.Errorf("after the script the landing page answers %d", code)
			}
		})
	}
	// a line naming a script file is refused: the server reads no files
	resp, page := post(t, ts.URL+"/sessions", url.Values{"source": {"line"}, "line": {"script /etc/passwd"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(byTestID(t, page, "form-error"), " "), "reads no files") {
		t.Errorf("script FILE line: status %d, error %q", resp.StatusCode, byTestID(t, page, "form-error"))
	}
}

// TestHostileSuccessorsOverWebsocket: a session whose successors loop
// forever is stepped by its presenter over a websocket on 127.0.0.1: the
// step ends within about a second with status failed, and the server
// goes on serving other sessions.
func TestHostileSuccessorsOverWebsocket(t *testing.T) {
	src := "start = 0\ndef is_goal(s):\n    return False\ndef successors(s):\n    x = []\n    for i in range(1000000):\n        for j in range(1000000):\n            x.append(j)\n    return []\n"
	inst, err := script.New("hostile.star", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	inst.SetSearchSteps(scriptSteps)
	search, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.BFS})
	if err != nil {
		t.Fatal(err)
	}
	srv, ts, other := liveServer(t, Config{}, puzzleLine, puzzleOpts)
	sess, err := srv.startSession(search)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _ := dial(t, ts, sess, sess.Key())
	begin := time.Now()
	send(t, p, clientMsg{Type: cmdStep})
	var m stepMsg
	readAs(t, p, msgStep, &m)
	if took := time.Since(begin); took > 2*time.Second {
		t.Errorf("the hostile step took %v", took)
	}
	if m.Event.Status != stepper.Failed {
		t.Errorf("status %q after the hostile step, want failed", m.Event.Status)
	}
	q, _, _ := dial(t, ts, other, other.Key())
	send(t, q, clientMsg{Type: cmdStep})
	readAs(t, q, msgStep, &m)
	if m.Event.Step != 1 {
		t.Errorf("the other session stepped to %d, want 1", m.Event.Step)
	}
}

func templatesDefault() string { return templates.DefaultScript }

// containsAny reports whether s contains one of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestHeuristicCheckButton: the session page links the check of its
// heuristic, and the report answers admissible or not with the worst
// states.
func TestHeuristicCheckButton(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "grid S...../.##.../....G. moves=8", "astar h=manhattan")
	code, page, _ := get(t, ts.URL+"/s/"+sess.ID)
	if code != http.StatusOK || !strings.Contains(page, `data-testid="btn-heuristic"`) || !strings.Contains(page, "/s/"+sess.ID+"/heuristic?h=manhattan") {
		t.Fatalf("session page %d lacks the Check h link", code)
	}
	code, rep, _ := get(t, ts.URL+"/s/"+sess.ID+"/heuristic?h=manhattan")
	if code != http.StatusOK || !strings.Contains(rep, "admissible  NO: 7 states") || !strings.Contains(rep, "0,0  h = 6 > h* = 5.414") {
		t.Errorf("report %d:\n%s", code, rep)
	}
	code, rep, _ = get(t, ts.URL+"/s/"+sess.ID+"/heuristic?h=octile")
	if code != http.StatusOK || !strings.Contains(rep, "admissible  yes") || !strings.Contains(rep, "consistent  yes") {
		t.Errorf("octile report %d:\n%s", code, rep)
	}
	if code, rep, _ = get(t, ts.URL+"/s/"+sess.ID+"/heuristic?h=nope"); code != http.StatusBadRequest || !strings.Contains(rep, "unknown heuristic") {
		t.Errorf("unknown heuristic: %d %s", code, rep)
	}
}

// TestScriptExamplesOnTheLandingPage: every example script is offered on
// the landing page and starts a session that solves to its known optimum.
func TestScriptExamplesOnTheLandingPage(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	_, landing, _ := get(t, ts.URL+"/")
	optimum := map[string]float64{"missionaries.star": 11, "jugs.star": 6, "hanoi.star": 15, "vacuum.star": 3, "queens.star": 8, "puzzle8.star": 5}
	for _, ex := range scriptExamples {
		t.Run(ex.Name, func(t *testing.T) {
			if !strings.Contains(landing, `value="`+ex.Name+`"`) {
				t.Errorf("the landing page does not offer %s", ex.Name)
			}
			resp, page := post(t, ts.URL+"/sessions", url.Values{"source": {"script"}, "script_example": {ex.Name}, "script_params": {"caps=3,5 target=4"}, "algo": {"bfs"}})
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("status %d: %s", resp.StatusCode, byTestID(t, page, "form-error"))
			}
			// the session page shows the problem; scripts that define draw(s) as a board
			code, sessPage, _ := get(t, ts.URL+resp.Header.Get("Location"))
			if code != http.StatusOK || !strings.Contains(sessPage, "script "+ex.Name) {
				t.Fatalf("session page: %d", code)
			}
			if ex.Name == "hanoi.star" && !strings.Contains(sessPage, `data-testid="board"`) {
				t.Errorf("the session page does not draw hanoi.star's board")
			}
			inst, err := exampleScript(ex.Name, "caps=3,5 target=4")
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.BFS})
			if err != nil {
				t.Fatal(err)
			}
			if st := s.Run(0); st != stepper.Solved || s.Cost() != optimum[ex.Name] {
				t.Errorf("%s: %s cost %v, want the known optimum %v", ex.Name, st, s.Cost(), optimum[ex.Name])
			}
		})
	}
}
