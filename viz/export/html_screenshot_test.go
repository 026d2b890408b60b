package export

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestHTMLReplayScreenshot: opened from a file in a 1280×720 viewport and
// moved to a step (forward, then back by a seek from a key), the replay
// paints the views: the screenshot is 1280×720 and not blank (many
// colours, and a good share of its pixels differ from the background).
func TestHTMLReplayScreenshot(t *testing.T) {
	for _, name := range []string{"puzzle-astar", "grid-8-ucs"} {
		t.Run(name, func(t *testing.T) {
			c := caseNamed(t, name)
			p := tempFile(t, "replay.html", export(t, newSearch(t, c.problem, c.opts), "html", c.steps))
			ctx := testbrowser.New(t, 1280, 720, 60*time.Second)
			// the page's viewport, not the window with its frame
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720), openReplay(p)); err != nil {
				t.Fatalf("opening the replay: %v", err)
			}
			for _, k := range []int{4, 2} {
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`window.stepviz.go(%d), true`, k))); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(ctx, testbrowser.Until(`document.getElementById("app").dataset.drawn === "2"`, 5*time.Second), nextFrame); err != nil {
				t.Fatalf("step 2 was not drawn: %v", err)
			}
			shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			artifact(t, "html-replay-1280-"+name+".png", shot)
			img, err := png.Decode(bytes.NewReader(shot))
			if err != nil {
				t.Fatal(err)
			}
			checkNotBlank(t, img, 1280, 720)
		})
	}
}

// checkNotBlank fails unless img is w×h with at least 16 colours and at
// least 5% of its pixels unlike its top-left pixel (the background).
func checkNotBlank(t *testing.T, img image.Image, w, h int) {
	t.Helper()
	b := img.Bounds()
	if b.Dx() != w || b.Dy() != h {
		t.Fatalf("the screenshot is %d×%d, want %d×%d", b.Dx(), b.Dy(), w, h)
	}
	bg := img.At(b.Min.X, b.Min.Y)
	colours := map[[4]uint32]bool{}
	other := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.At(x, y)
			r, g, bl, a := c.RGBA()
			colours[[4]uint32{r, g, bl, a}] = true
			if c != bg {
				other++
			}
		}
	}
	if len(colours) < 16 || other < w*h/20 {
		t.Errorf("the screenshot looks blank: %d colours, %d of %d pixels unlike the background", len(colours), other, w*h)
	}
}
