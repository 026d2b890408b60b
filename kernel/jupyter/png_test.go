package jupyter

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"stepviz/viz/raster"
)

// TestPaletted: a picture of few colours keeps every pixel; one of more
// colours than a palette holds keeps its common colours exactly and moves
// the others to a near one; the PNG has the drawing's size.
func TestPaletted(t *testing.T) {
	few := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range few.Pix {
		few.Pix[i] = 0xff
	}
	few.Set(1, 1, color.RGBA{200, 10, 10, 255})
	many := image.NewRGBA(image.Rect(0, 0, 300, 10))
	for x := 0; x < 300; x++ {
		for y := 0; y < 10; y++ {
			c := color.RGBA{uint8(x % 256), uint8(x / 256 * 60), 0, 255}
			if y < 5 {
				c = color.RGBA{0, 0, 255, 255} // the common colour
			}
			many.Set(x, y, c)
		}
	}
	for _, tc := range []struct {
		name    string
		img     *image.RGBA
		maxDiff int // per channel, on any pixel
	}{
		{"few colours", few, 0},
		{"more than a palette", many, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := paletted(tc.img)
			if len(p.Palette) > maxPalette || p.Bounds() != tc.img.Bounds() {
				t.Fatalf("%d colours, bounds %v", len(p.Palette), p.Bounds())
			}
			worst := 0
			for y := 0; y < tc.img.Bounds().Dy(); y++ {
				for x := 0; x < tc.img.Bounds().Dx(); x++ {
					a := tc.img.RGBAAt(x, y)
					b := color.RGBAModel.Convert(p.At(x, y)).(color.RGBA)
					for _, d := range []int{int(a.R) - int(b.R), int(a.G) - int(b.G), int(a.B) - int(b.B)} {
						worst = max(worst, d, -d)
					}
					if a == (color.RGBA{0, 0, 255, 255}) && b != a {
						t.Fatalf("the common colour moved at %d,%d: %v", x, y, b)
					}
				}
			}
			if worst > tc.maxDiff {
				t.Errorf("a pixel moved by %d, want at most %d", worst, tc.maxDiff)
			}
		})
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect x="10" y="10" width="50" height="30" fill="#c00"/><circle cx="90" cy="40" r="20" fill="#0a0"/><text x="5" y="70">a label</text></svg>`
	b, err := compactPNG(svg)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := img.(*image.Paletted); !ok || img.Bounds().Dx() != 120 || img.Bounds().Dy() != 80 {
		t.Errorf("compactPNG: %T of %v, want a paletted 120×80", img, img.Bounds())
	}
	full, err := raster.PNGBytes([]byte(svg), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= len(full) {
		t.Errorf("the paletted PNG has %d bytes, the full-colour one %d", len(b), len(full))
	}
}
