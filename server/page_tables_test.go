package server

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestClosedListFollowsItsEnd: the closed list keeps its newest row in
// view while the search steps (its scroll origin is its end, no script
// scrolls it), keeps the rows a user scrolled up to in place while new
// rows arrive below, and follows again once scrolled back to the end.
// Every parent is named (its state string asked for), never "…".
func TestClosedListFollowsItsEnd(t *testing.T) {
	srv := New(Config{MaxNodes: 100000})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	s, err := searchFromForm(formValues(url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"astar"}, "h": {"manhattan"}}), 100000)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(s)
	if err != nil {
		t.Fatal(err)
	}
	step := 500
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: step})
	ctx := browser(t)
	drawn := func(k int) chromedp.Action[chromedp.Void] {
		return testbrowser.Until(`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(k)+`"`, 30*time.Second)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), drawn(step)); err != nil {
		t.Fatalf("the page did not draw step %d: %v", step, err)
	}
	// visible: the orders of the closed rows wholly in view, and parents
	const visible = `(() => {
		const w = document.querySelector("#closed-table").closest(".table-wrap"), b = w.getBoundingClientRect();
		const head = document.querySelector("#closed-table thead").getBoundingClientRect().height;
		const rows = [...w.querySelectorAll("tr[data-id]")].filter((r) => { const q = r.getBoundingClientRect(); return q.top >= b.top + head - 1 && q.bottom <= b.bottom + 1; });
		return rows.map((r) => r.children[0].textContent + ":" + r.children[5].textContent).join(" ");
	})()`
	read := func() []string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](visible))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Fields(v)
	}
	orders := func(rows []string) []string {
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i], _, _ = strings.Cut(r, ":")
		}
		return out
	}
	forward := func(n int) {
		t.Helper()
		for range n {
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.stepviz.send({type: "step"})`)); err != nil {
				t.Fatal(err)
			}
			step++
			if err := chromedp.Do(ctx, drawn(step)); err != nil {
				t.Fatalf("step %d not drawn: %v", step, err)
			}
		}
	}
	scroll := func(dy int) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#closed-table").closest(".table-wrap").scrollBy(0, `+strconv.Itoa(dy)+`)`),
			chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	last := func(rows []string) string { return orders(rows)[len(rows)-1] }
	rows := read()
	if len(rows) < 8 || last(rows) != strconv.Itoa(step) {
		t.Fatalf("at step %d the closed list shows %v: want its newest row, %d, at the end", step, rows, step)
	}
	for _, r := range rows {
		if strings.HasSuffix(r, ":…") {
			t.Errorf("a closed row's parent is not named: %s", r)
		}
	}
	forward(3)
	if rows = read(); last(rows) != strconv.Itoa(step) {
		t.Errorf("after three steps the closed list shows %v: want its newest row, %d, at the end", orders(rows), step)
	}
	scroll(-200)
	before := orders(read())
	forward(3)
	if after := orders(read()); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf("scrolled up, the closed list moved as rows were added: %v, then %v", before, after)
	}
	scroll(100000)
	forward(1)
	if rows = read(); last(rows) != strconv.Itoa(step) {
		t.Errorf("scrolled back to the end, the closed list shows %v: want its newest row, %d", orders(rows), step)
	}
}
