package raster

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

var (
	fontsOnce           sync.Once
	regularFont, boldFt *opentype.Font
	fontErr             error
)

func loadFonts() {
	regularFont, fontErr = opentype.Parse(goregular.TTF)
	if fontErr == nil {
		boldFt, fontErr = opentype.Parse(gobold.TTF)
	}
}

type faceKey struct {
	bold bool
	size int // tenths of a pixel
}

// fontCache keeps the faces of one drawing.
type fontCache map[faceKey]font.Face

func (fc *fontCache) face(bold bool, px float64) font.Face {
	fontsOnce.Do(loadFonts)
	if fontErr != nil {
		return nil
	}
	k := faceKey{bold, int(math.Round(px * 10))}
	if *fc == nil {
		*fc = fontCache{}
	}
	if f, ok := (*fc)[k]; ok {
		return f
	}
	ft := regularFont
	if bold {
		ft = boldFt
	}
	f, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(k.size) / 10, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	(*fc)[k] = f
	return f
}

// text draws a text element at its x, y with its anchor, a halo first
// when it has a stroke, shrunk to its textLength when it is longer.
func (p *painter) text(n *node, st style, ctm affine) {
	s := strings.TrimSpace(strings.Join(strings.Fields(n.text.String()), " "))
	if s == "" {
		return
	}
	x, _ := length(n.attr["x"], p.vw)
	y, _ := length(n.attr["y"], p.vh)
	px, py := ctm.apply(x, y)
	k := ctm.scale()
	size := st.fontSize * k
	if size < 1 || size > 2000 {
		return
	}
	w := st.props["font-weight"]
	bold := w == "bold" || w == "bolder" || w == "600" || w == "700" || w == "800" || w == "900"
	face := p.fonts.face(bold, size)
	if face == nil {
		return
	}
	adv := font.MeasureString(face, s)
	width := float64(adv) / 64
	if tl, ok := length(n.attr["textLength"], p.vw); ok && tl > 0 && width > tl*k*1.02 {
		size *= tl * k / width
		if size < 1 {
			return
		}
		if face = p.fonts.face(bold, size); face == nil {
			return
		}
		width = float64(font.MeasureString(face, s)) / 64
	}
	switch st.props["text-anchor"] {
	case "middle":
		px -= width / 2
	case "end":
		px -= width
	}
	if c, ok := paint(st.props["stroke"], st.opacity); ok {
		sw, _ := length(st.props["stroke-width"], 1)
		r := sw * k / 2
		if r > 0.3 {
			for i := range 8 {
				a := float64(i) * math.Pi / 4
				p.glyphs(face, s, px+r*math.Cos(a), py+r*math.Sin(a), c)
			}
		}
	}
	if c, ok := paint(st.props["fill"], st.opacity); ok {
		p.glyphs(face, s, px, py, c)
	}
}

func (p *painter) glyphs(face font.Face, s string, x, y float64, c color.Color) {
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(c), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}
