package export

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

var htmlFrame = regexp.MustCompile(`(?s)<div class="frame[^"]*" data-step="(\d+)"[^>]*>\n(.*?)</div>\n`)

// htmlPageFrames splits a game or local html page into its frames' SVGs.
func htmlPageFrames(t *testing.T, page string) []string {
	t.Helper()
	var out []string
	for i, m := range htmlFrame.FindAllStringSubmatch(page, -1) {
		if m[1] != fmt.Sprint(i+1) {
			t.Fatalf("frame %d is step %s", i+1, m[1])
		}
		out = append(out, m[2])
	}
	return out
}

// TestGameHTMLFrames: the page holds one drawing per step, each with
// exactly the view's nodes at that step and their value, window and
// range; a search past the page's bound is refused before a byte.
func TestGameHTMLFrames(t *testing.T) {
	g, o := gameOf(t, fig52Line, "alphabeta")
	_, views := gameRows(t, g, o)
	frames := htmlPageFrames(t, gameExport(t, g, o, "html", ToEnd))
	if len(frames) != len(views) {
		t.Fatalf("%d frames for %d steps", len(frames), len(views))
	}
	for k, v := range views {
		drawn := svgNodes(t, frames[k])
		all := append(append([]game.ViewNode(nil), v.Nodes...), v.Cut...)
		if len(drawn) != len(all) {
			t.Errorf("step %d: %d nodes drawn, the view has %d", k+1, len(drawn), len(all))
		}
		for _, n := range all {
			key := fmt.Sprintf("%d/%d/%s/%s", n.ID, n.Parent, n.Move, n.Status)
			if d := drawn[key]; d != [3]string{n.Text.Value, n.Text.Window, n.Text.Range} {
				t.Errorf("step %d: node %s drawn %q, view %q %q %q", k+1, key, d, n.Text.Value, n.Text.Window, n.Text.Range)
			}
		}
	}
	g, o = gameOf(t, "tictactoe", "minimax")
	var b bytes.Buffer
	if err := WriteGame(context.Background(), &b, "html", g, o, 1000); err == nil || !strings.Contains(err.Error(), "give -steps N") || b.Len() > 0 {
		t.Errorf("1000 steps: %v, %d bytes written", err, b.Len())
	}
}

// TestLocalHTMLFrames: one drawing per step, each with the row's h.
func TestLocalHTMLFrames(t *testing.T) {
	for _, c := range localTeXCases {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			var b bytes.Buffer
			if err := WriteLocal(context.Background(), &b, "html", p, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			frames := htmlPageFrames(t, b.String())
			v, _ := local.NewViewer(p, o)
			for k := 0; ; k++ {
				if _, ok := v.Step(); !ok {
					if k != len(frames) {
						t.Errorf("%d frames for %d steps", len(frames), k)
					}
					break
				}
				if k >= len(frames) || !strings.Contains(frames[k], `data-step="`+fmt.Sprint(k+1)+`" data-h="`+v.Row().H+`"`) {
					t.Fatalf("frame %d lacks h %s", k+1, v.Row().H)
				}
			}
		})
	}
}

// TestGameHTMLInChromium: the page opens on the last step; back, the
// slider and forward show the drawing of the step asked for, one at a
// time.
func TestGameHTMLInChromium(t *testing.T) {
	ctx, problems := headless(t)
	g, o := gameOf(t, fig52Line, "alphabeta")
	_, views := gameRows(t, g, o)
	p := tempFile(t, "game.html", []byte(gameExport(t, g, o, "html", ToEnd)))
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p), chromedp.WaitVisible(`[data-testid=shown]`)); err != nil {
		t.Fatal(err)
	}
	type shown struct {
		Label string `json:"label"`
		Steps []int  `json:"steps"`
		Says  string `json:"says"`
	}
	read := func(js string) shown {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[shown](js+`; (() => { const on = [...document.querySelectorAll('.frame')].filter(f => getComputedStyle(f).display !== 'none');
		  return {label: document.querySelector('[data-testid=shown]').textContent, steps: on.map(f => Number(f.dataset.step)),
		    says: on.length ? on[0].querySelector('[data-testid=says]').textContent : ''}; })()`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	n := len(views)
	for _, c := range []struct {
		js   string
		step int
	}{
		{"0", n}, {"document.getElementById('prev').click()", n - 1},
		{"(a => { a.value = 12; a.dispatchEvent(new Event('input')); })(document.getElementById('at'))", 12},
		{"document.getElementById('next').click()", 13},
	} {
		s := read(c.js)
		if len(s.Steps) != 1 || s.Steps[0] != c.step || s.Label != fmt.Sprintf("step %d of %d", c.step, n) || s.Says != fmt.Sprintf("step %d: %s", c.step, views[c.step-1].Says) {
			t.Errorf("after %s: %+v, want step %d", c.js, s, c.step)
		}
	}
	if ps := problems(); len(ps) > 0 {
		t.Errorf("the page reported problems: %v", ps)
	}
}

// BenchmarkFamilyPages measures the tex and html exports of AIMA Fig. 5.5
// by alpha-beta and of hill climbing on 8 queens (bytes per export set
// with SetBytes).
func BenchmarkFamilyPages(b *testing.B) {
	benchFamilyExports(b, "fig55", fig52Line, []string{"tex", "html"})
}
