package export

import (
	"bytes"
	"html"
	"io"
	"math"
	"strconv"

	"stepviz/internal/usererr"
)

// The html export of a game or local search is one self-contained page
// stepping the view's drawings: a frame per step, each the SVG the svg
// export draws at that step (GameSVG, LocalSVG), shown one at a time with
// buttons, a slider and the arrow keys. Nothing is computed in the page.

// Bounds of a game or local html page: it holds every frame, so its size
// grows with steps × nodes drawn.
const (
	MaxHTMLFrames = 400     // steps a page steps through
	MaxHTMLBytes  = 8 << 20 // bytes of drawings a page holds
)

// htmlFrames collects one drawing per step, refusing (before anything is
// written) past MaxHTMLFrames or MaxHTMLBytes. A local search's frame
// holds two drawings (pair): side by side, and stacked for a phone held
// upright, the page showing the one that fits its width.
type htmlFrames struct {
	frames [][]byte
	widths []float64 // each frame's first drawing's width at 1:1, px
	size   int
	pair   bool
}

// svgWidth is a drawing's width at 1:1, its viewBox's, read from its
// opening tag; 0 when it has none. O(the tag).
func svgWidth(b []byte) float64 {
	tag, _, _ := bytes.Cut(b, []byte(">"))
	_, after, ok := bytes.Cut(tag, []byte(` viewBox="0 0 `))
	if !ok {
		return 0
	}
	num, _, _ := bytes.Cut(after, []byte(" "))
	w, err := strconv.ParseFloat(string(num), 64)
	if err != nil || math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		return 0
	}
	return w
}

// add draws the current step with each of draws, into one frame.
// O(the drawings).
func (h *htmlFrames) add(draws ...func(io.Writer) error) error {
	if len(h.frames) >= MaxHTMLFrames {
		return usererr.Errorf("export", "an html page steps through at most %d steps: give -steps N (N ≤ %d), or export svg for one step", MaxHTMLFrames, MaxHTMLFrames)
	}
	var b bytes.Buffer
	for _, draw := range draws {
		if err := draw(&b); err != nil {
			return err
		}
	}
	h.size += b.Len()
	if h.size > MaxHTMLBytes {
		return usererr.Errorf("export", "the drawings of %d steps are over %d MB, more than an html page holds: give -steps N for fewer steps", len(h.frames)+1, MaxHTMLBytes>>20)
	}
	h.frames, h.widths = append(h.frames, b.Bytes()), append(h.widths, svgWidth(b.Bytes()))
	return nil
}

// htmlMinScale is the least a page shrinks a drawing to fit its width:
// a drawing's 9 px labels stay at 5 px or more, and a wider one (a game
// tree on a phone) scrolls sideways in its frame instead.
const htmlMinScale = "0.55"

// htmlStyle lays the page out for any width: a drawing takes the page's
// width (its viewBox scaled, never below htmlMinScale), a local search's
// also no more than the window's height; under 600 px a local search
// shows its stacked drawing.
const htmlStyle = `body{font-family:sans-serif;margin:1em}nav{margin:.5em 0}` +
	`.frame{display:none;overflow-x:auto}.frame.on{display:block}` +
	`.frame svg{display:block;width:100%;height:auto;min-width:calc(var(--w,0) * ` + htmlMinScale + `px)}` +
	`.frame.pair svg{max-height:calc(100vh - 8em)}.frame svg.narrow{display:none}` +
	`@media (max-width:600px){body{margin:.5em}.frame.pair svg{display:none}.frame.pair svg.narrow{display:block;max-height:none;min-width:0}}`

// write writes the page: title, then the frames, the last one shown.
// O(size).
func (h *htmlFrames) write(w io.Writer, title string) error {
	p := &printer{w: w}
	t := html.EscapeString(title)
	p.f("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n", t)
	p.f("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p.f("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
	p.f("<style>%s</style></head><body>\n", htmlStyle)
	p.f("<h1 style=\"font-size:1.1em\">%s</h1>\n<nav><button id=\"prev\" type=\"button\">◀ back</button> <input id=\"at\" type=\"range\" min=\"1\" max=\"%d\" value=\"%d\" aria-label=\"step\"> <button id=\"next\" type=\"button\">forward ▶</button> <span id=\"shown\" data-testid=\"shown\">step %d of %d</span></nav>\n",
		t, max(len(h.frames), 1), len(h.frames), len(h.frames), len(h.frames))
	class := "frame"
	if h.pair {
		class += " pair"
	}
	for i, f := range h.frames {
		on := ""
		if i == len(h.frames)-1 {
			on = " on"
		}
		p.f("<div class=\"%s%s\" data-step=\"%d\" style=\"--w:%s\">\n", class, on, i+1, fnum(h.widths[i]))
		if p.err == nil {
			_, p.err = w.Write(f)
		}
		p.f("</div>\n")
	}
	p.f(`<script>
(function(){
  var frames = document.querySelectorAll('.frame'), at = document.getElementById('at'), shown = document.getElementById('shown');
  function show(k){
    k = Math.max(1, Math.min(frames.length, k));
    for (var i = 0; i < frames.length; i++) frames[i].classList.toggle('on', i === k-1);
    at.value = k; shown.textContent = 'step ' + k + ' of ' + frames.length;
  }
  document.getElementById('prev').onclick = function(){ show(+at.value - 1); };
  document.getElementById('next').onclick = function(){ show(+at.value + 1); };
  at.oninput = function(){ show(+at.value); };
  document.addEventListener('keydown', function(e){ if (e.key === 'ArrowLeft') show(+at.value - 1); if (e.key === 'ArrowRight') show(+at.value + 1); });
})();
</script>
</body></html>
`)
	return p.err
}
