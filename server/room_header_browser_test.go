package server

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestRoomHeaderOneRow: at 1280×720 the presenter's room header is one
// row whatever the room's code and the server's address: the widest code
// and a long address wrap inside the links' own space, never pushing the
// badge and the connection's status onto a row of their own, which would
// take the search's page below the projector's 720 px.
func TestRoomHeaderOneRow(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	ctx := testbrowser.New(t, 1280, 720, 60*time.Second)
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
	); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, code, host string }{
		{"as served", "", ""},
		{"the widest code", "mmmmmm", ""},
		{"a long address", "mmmmmm", "lecture-theatre-b.department.example.university.edu:8443"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := eval[string](t, ctx, `(() => {
				const code = `+strconv.Quote(tc.code)+`, host = `+strconv.Quote(tc.host)+`;
				if (code) document.querySelector("[data-testid=room-code]").textContent = code;
				if (host) for (const a of document.querySelectorAll(".room-code a")) a.textContent = a.textContent.replace(/\/\/[^/]+/, "//" + host);
				const mid = (e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
				const qr = document.querySelector("[data-testid=qr]").getBoundingClientRect();
				const out = [];
				for (const e of document.querySelector("header.room-top").children) {
					const y = mid(e);
					if (y < qr.top || y > qr.bottom) out.push((e.dataset.testid || e.className || e.tagName) + " at " + Math.round(y) + " px, the QR code's row " + Math.round(qr.top) + " to " + Math.round(qr.bottom));
				}
				return out.join("; ");
			})()`)
			if rows != "" {
				screenshot(t, ctx, "room-header-"+tc.name+".png")
				t.Errorf("the header wraps: %s", rows)
			}
		})
	}
}
