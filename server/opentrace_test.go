package server

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"stepviz/server/session"
	"stepviz/viz/export"
)

// traceJSON exports the first steps of a search as a JSON trace.
func traceJSON(t *testing.T, problem, options string, steps int) string {
	t.Helper()
	s := newSearch(t, problem, options)
	var b bytes.Buffer
	if err := export.Write(&b, "json", s, steps); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// upload posts a trace file as the landing page's form does and returns
// the response without following a redirect.
func upload(t *testing.T, base, trace string) (*http.Response, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("trace", "lecture.json")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(trace))
	mw.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Post(base+"/sessions/trace", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		out.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp, out.String()
}

func TestOpenTraceStartsASessionAtItsLastStep(t *testing.T) {
	srv := New(Config{})
	ts := newTestServer(t, srv)
	trace := traceJSON(t, "puzzle 283164705 goal=123804765", "astar h=manhattan tie=lifo", 4)
	resp, body := upload(t, ts.URL, trace)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %s\n%s", resp.Status, body)
	}
	loc := resp.Header.Get("Location")
	if !strings.Contains(loc, "key=") {
		t.Fatalf("redirected to %q, want the presenter link", loc)
	}
	id := strings.TrimPrefix(strings.Split(loc, "?")[0], "/s/")
	sess, ok := srv.sessions.Get(id)
	if !ok {
		t.Fatalf("no session %q after the upload", id)
	}
	_, _, snap := dial(t, ts, sess, sess.Key())
	if snap.Step != 4 {
		t.Errorf("the session stands at step %d, want the trace's 4", snap.Step)
	}
	step, history := -1, len(snap.History)
	sess.Do(func(lv session.Live) { step = lv.Search.StepCount() })
	if step != 4 || history != 5 {
		t.Errorf("live search at step %d with %d chart points, want step 4 and points for steps 0..4", step, history)
	}
}

func TestOpenTraceRefusals(t *testing.T) {
	good := traceJSON(t, "puzzle 283164705 goal=123804765", "astar h=manhattan", 3)
	tests := []struct{ name, trace, want string }{
		{"tampered f value", strings.Replace(good, `"f":7`, `"f":70`, 1), "step"},
		{"names a file", strings.Replace(good, `"problem": "puzzle 283164705 goal=123804765"`, `"problem": "graph /etc/passwd"`, 1), "reads no files"},
		{"not a trace", "hello", "not valid JSON"},
		{"too many nodes for this server", traceJSON(t, "puzzle 867254301", "bfs", 40), "nodes a session"},
	}
	srv := New(Config{MaxNodes: 50})
	ts := newTestServer(t, srv)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.trace == good {
				t.Fatal("the test's edit changed nothing")
			}
			resp, body := upload(t, ts.URL, tc.trace)
			if resp.StatusCode == http.StatusSeeOther || !strings.Contains(body, tc.want) || !strings.Contains(body, `data-testid="error-trace"`) {
				t.Errorf("%s: %s, want the landing page with an error beside the trace field containing %q:\n%.600s", tc.name, resp.Status, tc.want, body)
			}
		})
	}
	if n := srv.sessions.Len(); n != 0 {
		t.Errorf("%d sessions after refused uploads, want 0", n)
	}
}
