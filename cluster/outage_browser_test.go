package cluster_test

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv/browser"
)

// TestOutageNoticeOnStudentsPages: a student following on the instance
// the presenter is not on, by the search's own page and by the room's
// page, reads during a NATS outage that the lecturer's steps are not
// reaching this server and that the page catches up by itself; the
// notices are gone once NATS is back and the pages have caught up.
func TestOutageNoticeOnStudentsPages(t *testing.T) {
	store := t.TempDir()
	ns := startNATSAt(t, -1, store)
	port := ns.Addr().(*net.TCPAddr).Port
	l := startLectureOn(t, ns.ClientURL())
	sctx := browser.New(t, 1200, 900, 90*time.Second)
	rctx, cancel := chromedp.NewContext(sctx)
	t.Cleanup(cancel)

	const (
		sessionNotice = `document.getElementById("notice")`
		roomNotice    = `document.getElementById("room-notice")`
	)
	shown := func(el string) string {
		return `(!` + el + `.hidden && ` + el + `.textContent.includes("` + behindFollowers + `"))`
	}
	step := func(n string) string {
		return `(window.stepviz && window.stepviz.model && window.stepviz.model.step === ` + n + `)`
	}
	if err := chromedp.Do(sctx, browser.Open(l.ins[1].ts.URL+"/s/"+l.search, step("5"), 20*time.Second)); err != nil {
		t.Fatalf("the student's session page: %v", err)
	}
	if err := chromedp.Do(rctx, browser.Open(l.ins[1].ts.URL+"/r/"+l.code, `document.getElementById("room-conn").textContent === "live"`, 20*time.Second)); err != nil {
		t.Fatalf("the student's room page: %v", err)
	}

	ns.Shutdown()
	ns.WaitForShutdown()
	if err := chromedp.Do(sctx, browser.Until(shown(sessionNotice), 10*time.Second)); err != nil {
		t.Fatalf("the session page during the outage: %v (notice %q)", err, text(t, sctx, sessionNotice))
	}
	if err := chromedp.Do(rctx, browser.Until(shown(roomNotice), 10*time.Second)); err != nil {
		t.Fatalf("the room page during the outage: %v (notice %q)", err, text(t, rctx, roomNotice))
	}
	if n := text(t, sctx, sessionNotice); !strings.Contains(n, "catches up by itself") {
		t.Errorf("the session page's notice does not say the page catches up by itself: %q", n)
	}
	for range 2 {
		l.presenter.WriteJSON(map[string]any{"type": "drive", "command": "step", "lane": -1})
	}

	startNATSAt(t, port, filepath.Clean(store))
	if err := chromedp.Do(sctx, browser.Until(step("7")+` && `+sessionNotice+`.hidden`, 20*time.Second)); err != nil {
		t.Fatalf("the session page once NATS is back: %v (notice %q)", err, text(t, sctx, sessionNotice))
	}
	if err := chromedp.Do(rctx, browser.Until(roomNotice+`.hidden`, 10*time.Second)); err != nil {
		t.Fatalf("the room page once NATS is back: %v (notice %q)", err, text(t, rctx, roomNotice))
	}
}

// text is the text of the element el (a JavaScript expression) in ctx's
// page, for a failure's message: "" when it cannot be read.
func text(t *testing.T, ctx context.Context, el string) string {
	t.Helper()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](el+`.textContent`))
	return s
}
