package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// tapTargetsJS is JavaScript for every visible a, button, input and
// summary of the page, and of the session pages in its frames (a room's
// lanes), that is less than tapTarget tall, each named by its test id, id
// or text with its size, after opening every details (so that a menu's
// items are measured). The exceptions, each with its reason:
//   - the skip link (.skip): off the screen until a keyboard focuses it;
//     a finger never reaches it;
//   - a checkbox or radio inside its label: the label is what is tapped,
//     and it is measured in the checkbox's place.
const tapTargetsJS = `(() => {
	const out = [];
	const docs = [document, ...[...document.querySelectorAll("iframe")].map((f) => f.contentDocument).filter((d) => d)];
	for (const doc of docs) {
		doc.querySelectorAll("details").forEach((d) => { d.open = true; });
		for (let e of doc.querySelectorAll("a, button, input, summary")) {
			if (e.classList.contains("skip")) continue;
			if ((e.type === "checkbox" || e.type === "radio") && e.closest("label")) e = e.closest("label");
			const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
			if (r.width === 0 || r.height === 0 || cs.visibility === "hidden") continue;
			if (r.height < 44 - 0.5) out.push((e.dataset.testid || e.id || e.textContent.trim().slice(0, 24)) + " " + Math.round(r.width) + "×" + Math.round(r.height));
		}
	}
	return out.join("; ");
})()`

// TestPhoneTapTargets: on a phone (390×844, touch) everything a student
// taps on a session's page, a follower's and a presenter's, and on a
// room's page is at least tapTarget tall: the Download menu's items, the
// Check h link, the sliders, the room's join links; the desktop layout is
// left as it is (a 1280×800 mouse page keeps its compact Download items).
func TestPhoneTapTargets(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "graph romania", "astar")
	_, rts := roomServer(t, "")
	code, key := createRoom(t, rts)
	p := dialRoom(t, rts, code, key, "presenter-token-0000")
	p.send(roomCmd{Type: roomLoad, Problem: "graph romania", Searches: []string{"astar"}})
	ctx := testbrowser.New(t, 390, 844, 90*time.Second)
	for _, tc := range []struct{ name, url, ready string }{
		{"follower", ts.URL + followerPath(sess), `document.getElementById("app").dataset.drawn === "0"`},
		{"presenter", ts.URL + presenterPath(sess), `document.getElementById("app").dataset.drawn === "0"`},
		{"room", rts.URL + "/r/" + code, `(() => { try { return document.querySelector("[data-testid=lane-0]").contentDocument.getElementById("app").dataset.drawn === "0"; } catch (err) { return false; } })()`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(tc.url), testbrowser.Until(tc.ready, 15*time.Second)); err != nil {
				t.Fatal(err)
			}
			if small := eval[string](t, ctx, tapTargetsJS); small != "" {
				screenshot(t, ctx, "phone-tap-targets-"+tc.name+".png")
				t.Errorf("under %d px tall on a phone, too small to tap: %s", tapTarget, small)
			}
		})
	}
	// a desktop with a mouse keeps the compact menu
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+followerPath(sess)), testbrowser.Until(`document.getElementById("app").dataset.drawn === "0"`, 15*time.Second)); err != nil {
		t.Fatal(err)
	}
	if h := eval[float64](t, ctx, `(() => { document.querySelector("details.download").open = true; return document.querySelector("details.download li a").getBoundingClientRect().height; })()`); h >= tapTarget {
		t.Errorf("on a 1280×800 desktop with a mouse the Download menu's items are %v px tall: the phone rule reached the desktop", h)
	}
}
