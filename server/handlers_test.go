package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// noRedirect is a client that reports redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func post(t *testing.T, u string, form url.Values) (*http.Response, string) {
	t.Helper()
	resp, err := noRedirect.PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := html.Parse(resp.Body)
	if err != nil {
		return resp, ""
	}
	var b strings.Builder
	_ = html.Render(&b, doc)
	return resp, b.String()
}

// byTestID returns the text of the elements with data-testid=id.
func byTestID(t *testing.T, page, id string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "data-testid" && a.Val == id {
					out = append(out, strings.Join(strings.Fields(textOf(n)), " "))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
		b.WriteString(" ")
	}
	return b.String()
}

// TestEveryExampleStarts posts each landing-page example and follows the
// redirect to the presenter's page.
func TestEveryExampleStarts(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	for _, e := range examples() {
		t.Run(e.Name, func(t *testing.T) {
			resp, _ := post(t, ts.URL+"/sessions", url.Values{"source": {"example"}, "example": {e.Name}})
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("HTTP %d, want 303", resp.StatusCode)
			}
			loc := resp.Header.Get("Location")
			if !strings.HasPrefix(loc, "/s/") || !strings.Contains(loc, "?key=") {
				t.Fatalf("redirect to %q, want the presenter's link", loc)
			}
			status, page, _ := get(t, ts.URL+loc)
			if status != http.StatusOK {
				t.Fatalf("presenter page: HTTP %d", status)
			}
			if got := byTestID(t, page, "role"); len(got) != 1 || got[0] != "Presenter" {
				t.Errorf("role %v", got)
			}
			if got := byTestID(t, page, "problem-view"); len(got) != 1 {
				t.Errorf("no problem view")
			}
			if !strings.Contains(page, `data-testid="tree-node"`) {
				t.Errorf("the first paint has no tree node")
			}
			follower := byTestID(t, page, "follower-link")
			_ = follower
			id := strings.TrimPrefix(strings.SplitN(loc, "?", 2)[0], "/s/")
			status, fpage, _ := get(t, ts.URL+"/s/"+id)
			if status != http.StatusOK {
				t.Fatalf("follower page: HTTP %d", status)
			}
			if got := byTestID(t, fpage, "role"); len(got) != 1 || !strings.Contains(got[0], "read-only") {
				t.Errorf("follower role %v", got)
			}
			if strings.Contains(fpage, "key=") {
				t.Errorf("the follower's page leaks the presenter key")
			}
		})
	}
}

// TestInvalidInputExplained: a refused form comes back with the engine's
// explanation next to the field, and what was typed kept.
func TestInvalidInputExplained(t *testing.T) {
	srv := New(Config{MaxNodes: 1000})
	defer srv.Close()
	ts := newTestServer(t, srv)
	cases := []struct {
		name   string
		form   url.Values
		field  string
		reason string
	}{
		{"short puzzle", url.Values{"source": {"puzzle"}, "puzzle": {"1234"}}, "problem", "puzzle"},
		{"unsolvable puzzle", url.Values{"source": {"puzzle"}, "puzzle": {"123456870"}, "puzzle_goal": {"123456780"}}, "problem", "cannot reach"},
		{"grid without start", url.Values{"source": {"grid"}, "grid_rows": {"...\n.#G"}}, "problem", "grid"},
		{"grid bad char", url.Values{"source": {"grid"}, "grid_rows": {"S.x\n..G"}}, "problem", "unknown character"},
		{"map file", url.Values{"source": {"line"}, "line": {"grid /etc/passwd.map start=0,0 goal=1,1"}}, "problem", "reads no files"},
		{"graph file", url.Values{"source": {"line"}, "line": {"graph /etc/passwd"}}, "problem", "reads no files"},
		{"unknown heuristic", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "h": {"manhatan"}}, "h", "manhattan"},
		{"bad weight", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "algo": {"wastar"}, "w": {"0.5"}}, "w", "weight"},
		{"bad order", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "order": {"up,sideways"}}, "order", "sideways"},
		{"too many nodes", url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "maxnodes": {"5000"}}, "maxnodes", "limit of 1000"},
		{"unknown example", url.Values{"source": {"example"}, "example": {"nope"}}, "problem", "unknown example"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, page := post(t, ts.URL+"/sessions", tc.form)
			if resp.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("HTTP %d, want 422", resp.StatusCode)
			}
			msg := byTestID(t, page, "form-error")
			if len(msg) != 1 || !strings.Contains(msg[0], tc.reason) {
				t.Errorf("form error %v, want it to mention %q", msg, tc.reason)
			}
			for _, p := range packagePrefixes {
				if len(msg) == 1 && strings.Contains(msg[0], p) {
					t.Errorf("form error %q shows the package prefix %q", msg[0], p)
				}
			}
			// A problem error is the banner above the problem's fields; an
			// option's error is also shown next to the option.
			if got := byTestID(t, page, "error-"+tc.field); tc.field != "problem" && len(got) != 1 {
				t.Errorf("no error shown next to field %q", tc.field)
			}
			if !strings.Contains(page, `data-field="`+tc.field+`"`) {
				t.Errorf("the error is not attributed to field %q", tc.field)
			}
		})
	}
	// What was typed is kept.
	_, page := post(t, ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"1234"}})
	if !strings.Contains(page, `value="1234"`) {
		t.Error("the refused form lost the typed tiles")
	}
}

// TestOwnProblems: each problem source of the form starts a session.
func TestOwnProblems(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	for _, form := range []url.Values{
		{"source": {"puzzle"}, "puzzle": {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"}, "algo": {"astar"}, "h": {"linear-conflict"}},
		{"source": {"example"}, "example": {"romania"}, "algo": {"ucs"}, "h": {"default"}, "tie": {"lifo"}},
		{"source": {"example"}, "example": {"moving-ai"}, "algo": {"greedy"}, "h": {"euclidean"}},
		{"source": {"grid"}, "grid_rows": {"S..#\n.#..\n...G"}, "grid_moves": {"4"}, "algo": {"bfs"}},
		{"source": {"grid"}, "grid_rows": {"....\n.#..\n...."}, "grid_start": {"0,0"}, "grid_goal": {"3,2"}, "grid_moves": {"8"}, "grid_cost": {"10-14"}, "grid_corners": {"no"}, "tie": {"high-g"}},
		{"source": {"graph"}, "graph_start": {"Lugoj"}, "graph_goal": {"Bucharest"}, "algo": {"ucs"}, "tree": {"true"}},
		{"source": {"line"}, "line": {"puzzle 283164705 goal=123804765"}, "algo": {"dfs"}, "depth": {"5"}, "order": {"up,left,down,right"}, "goaltest": {"generate"}},
		{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}, "algo": {"wastar"}, "w": {"1.5"}, "open": {"ignore"}, "closed": {"reopen"}, "maxnodes": {"500"}},
	} {
		resp, page := post(t, ts.URL+"/sessions", form)
		if resp.StatusCode != http.StatusSeeOther {
			t.Errorf("%v: HTTP %d: %v", form, resp.StatusCode, byTestID(t, page, "form-error"))
		}
	}
}

// TestPagesAndLimits covers the landing page, the static files, the
// security headers, wrong keys, unknown sessions and the session limit.
func TestPagesAndLimits(t *testing.T) {
	srv := New(Config{MaxSessions: 2})
	defer srv.Close()
	ts := newTestServer(t, srv)
	status, page, h := get(t, ts.URL+"/")
	if status != http.StatusOK {
		t.Fatalf("landing: HTTP %d", status)
	}
	for _, e := range examples() {
		if len(byTestID(t, page, "start-"+e.Name)) != 1 {
			t.Errorf("landing page lacks example %s", e.Name)
		}
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") || h.Get("Referrer-Policy") != "same-origin" {
		t.Errorf("security headers %v", h)
	}
	for _, f := range []string{"session.js", "landing.js", "style.css"} {
		status, body, h := get(t, ts.URL+"/static/"+f)
		if status != http.StatusOK || len(body) < 1000 || h.Get("Content-Type") == "" {
			t.Errorf("/static/%s: HTTP %d, %d bytes, %q", f, status, len(body), h.Get("Content-Type"))
		}
	}
	var locs []string
	for range 2 {
		resp, _ := post(t, ts.URL+"/sessions", url.Values{"source": {"example"}, "example": {"romania"}})
		locs = append(locs, resp.Header.Get("Location"))
	}
	resp, page := post(t, ts.URL+"/sessions", url.Values{"source": {"example"}, "example": {"romania"}})
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(strings.Join(byTestID(t, page, "form-error"), ""), "already holds 2 sessions") {
		t.Errorf("third session with MaxSessions 2: HTTP %d %v", resp.StatusCode, byTestID(t, page, "form-error"))
	}
	id := strings.TrimPrefix(strings.SplitN(locs[0], "?", 2)[0], "/s/")
	if status, body, _ := get(t, ts.URL+"/s/"+id+"?key=wrong"); status != http.StatusForbidden || !strings.Contains(body, "wrong presenter key") {
		t.Errorf("wrong key: HTTP %d %q", status, body)
	}
	if status, body, _ := get(t, ts.URL+"/s/nope"); status != http.StatusNotFound || !strings.Contains(body, "no such session") {
		t.Errorf("unknown session: HTTP %d %q", status, body)
	}
	if status, _, _ := get(t, ts.URL+"/nope"); status != http.StatusNotFound {
		t.Errorf("unknown page: HTTP %d", status)
	}
}

// TestMovingAIRows converts the embedded map and rejects broken ones.
func TestMovingAIRows(t *testing.T) {
	rows, err := movingAIRows(lectureHallMap)
	if err != nil || len(rows) != 24 || len(rows[0]) != 40 {
		t.Fatalf("embedded map: %d rows, err %v", len(rows), err)
	}
	if strings.ContainsAny(strings.Join(rows, ""), "@TWSG") {
		t.Error("converted rows still hold Moving AI terrain letters")
	}
	for _, bad := range []string{"", "type octile\nheight 2\nwidth 2\n", "type octile\nheight 2\nwidth 3\nmap\n...\n..", "height x\nwidth 2\nmap\n..\n.."} {
		if _, err := movingAIRows(bad); err == nil || !strings.HasPrefix(err.Error(), "server: map") {
			t.Errorf("map %q: err %v", bad, err)
		}
	}
}

// FuzzMovingAIRows: no map text makes the converter panic; what it accepts
// is rows of '.' and '#' as wide as the header says.
func FuzzMovingAIRows(f *testing.F) {
	f.Add(lectureHallMap)
	f.Add("type octile\nheight 1\nwidth 3\nmap\n.@T\n")
	f.Add("height 2\nwidth 2\nmap\nGS\nWO")
	f.Add("map\n")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := movingAIRows(text)
		if err != nil {
			return
		}
		for _, r := range rows {
			if len(r) != len(rows[0]) || strings.Trim(r, ".#") != "" {
				t.Fatalf("row %q", r)
			}
		}
	})
}
