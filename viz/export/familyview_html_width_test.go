package export

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// familyFit is what TestFamilyHTMLUsesTheWidth measures of a game or
// local html page in Chromium: the layout viewport, how far the page
// overflows it, and the drawing shown (its class, box and scale).
type familyFit struct {
	Inner        float64 // the layout viewport's width, CSS px
	PageOverflow float64 // document width beyond it
	Body         float64 // the body's content width
	Class        string  // the drawing shown's class ("narrow": stacked)
	Width, Scale float64 // the drawing's width as shown and its scale (shown / viewBox)
	Bottom       float64 // its bottom edge, from the top of the window
	Visible      int     // drawings shown in the frame
}

// TestFamilyHTMLUsesTheWidth opens the html export of a local search
// (queens, a tour) and of a game (AIMA Fig. 5.5, nim's folded tree) on a
// phone held upright (390×844, mobile: the page's viewport meta decides
// its width) and a 1280×720 projector, as a student and a lecturer open
// one. The page is never wider than the screen; the drawing shown takes
// the page's width (a game tree may be wider, scrolling sideways in its
// frame, never shrunk below htmlMinScale so its labels stay readable); on
// the phone a local search shows its stacked drawing, the board near its
// full 360 px, and on the projector its side-by-side one, whole on the
// screen. Screenshots are kept as artifacts.
func TestFamilyHTMLUsesTheWidth(t *testing.T) {
	type page struct {
		name  string
		local bool
		doc   string
	}
	var pages []page
	for _, c := range []struct{ problem, search string }{{"queens 8 seed=2", "hillclimb sideways=100"}, {"tsp 12 seed=1", "hillclimb"}} {
		p, o := localOf(t, c.problem, c.search)
		var b bytes.Buffer
		if err := WriteLocal(context.Background(), &b, "html", p, o, ToEnd); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page{c.problem, true, b.String()})
	}
	for _, c := range []struct{ problem, search string }{{fig52Line, "alphabeta"}, {"nim 2,3", "minimax"}} {
		g, o := gameOf(t, c.problem, c.search)
		pages = append(pages, page{c.problem, false, gameExport(t, g, o, "html", ToEnd)})
	}
	const measure = `(() => {
  const on = document.querySelector('.frame.on');
  const shown = [...on.querySelectorAll('svg')].filter(s => getComputedStyle(s).display !== 'none');
  const s = shown[0], r = s.getBoundingClientRect(), cs = getComputedStyle(document.body);
  return {Inner: window.innerWidth, PageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    Body: document.body.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
    Class: s.getAttribute('class') || '', Width: r.width, Scale: r.width / s.viewBox.baseVal.width, Bottom: r.bottom, Visible: shown.length};
})()`
	for _, screen := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", 390, 844, true}, {"projector", 1280, 720, false}} {
		t.Run(screen.name, func(t *testing.T) {
			ctx := testbrowser.New(t, int(screen.w), int(screen.h), 90*time.Second)
			emulate := chromedp.EmulateViewport(screen.w, screen.h)
			if screen.mobile {
				emulate = chromedp.EmulateViewport(screen.w, screen.h, chromedp.EmulateMobile, chromedp.EmulateScale(3))
			}
			if err := chromedp.Do(ctx, emulate); err != nil {
				t.Fatal(err)
			}
			for _, pg := range pages {
				f := familyOpen(t, ctx, tempFile(t, "page.html", []byte(pg.doc)), measure)
				if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
					artifact(t, fmt.Sprintf("family-html-%s-%s.png", screen.name, sanitize(pg.name)), shot)
				}
				if f.Inner != float64(screen.w) || f.PageOverflow > 0 {
					t.Errorf("%s: the page lays out %g px wide and overflows by %g on a %d px screen", pg.name, f.Inner, f.PageOverflow, screen.w)
				}
				if f.Visible != 1 || f.Width < 0.97*f.Body || f.Scale < 0.549 {
					t.Errorf("%s: %d drawings shown, %.0f px wide (scale %.2f) in a page %.0f px wide: want one, the page's width at least, at scale %s or more", pg.name, f.Visible, f.Width, f.Scale, f.Body, htmlMinScale)
				}
				if pg.local && f.Width > f.Body+1 {
					t.Errorf("%s: the drawing is %.0f px wide, wider than the page's %.0f", pg.name, f.Width, f.Body)
				}
				switch {
				case pg.local && screen.mobile:
					if f.Class != "narrow" || 360*f.Scale < 320 {
						t.Errorf("%s on a phone: drawing %q, the board %.0f px wide; want the stacked drawing, the board at least 320 px", pg.name, f.Class, 360*f.Scale)
					}
				case pg.local:
					if f.Class == "narrow" || f.Bottom > float64(screen.h) {
						t.Errorf("%s on a projector: drawing %q ends at %.0f px of %d; want the side-by-side one, whole on the screen", pg.name, f.Class, f.Bottom, screen.h)
					}
				}
			}
		})
	}
}

// familyOpen opens the page at path and evaluates measure on it.
func familyOpen(t *testing.T, ctx context.Context, path, measure string) familyFit {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(`[data-testid=shown]`)); err != nil {
		t.Fatal(err)
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[familyFit](measure))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// sanitize keeps the letters and digits of s, for a file name.
func sanitize(s string) string {
	var b []rune
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b = append(b, r)
		} else if len(b) > 0 && b[len(b)-1] != '-' {
			b = append(b, '-')
		}
	}
	return string(b)
}
