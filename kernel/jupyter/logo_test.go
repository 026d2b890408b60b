package jupyter

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteLogos: the kernelspec directory holds the two logos Jupyter
// looks for, PNGs of the right size with the drawing's two colours and
// transparent corners.
func TestWriteLogos(t *testing.T) {
	dir := t.TempDir()
	if err := writeLogos(dir); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{32, 64} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("logo-%dx%d.png", n, n)))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("not a PNG: %v", err)
			}
			if r := img.Bounds(); r.Dx() != n || r.Dy() != n {
				t.Fatalf("size %v, want %dx%d", r, n, n)
			}
			if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
				t.Errorf("corner pixel is not transparent")
			}
			colours := map[[4]uint32]int{}
			for y := 0; y < n; y++ {
				for x := 0; x < n; x++ {
					r, g, b, a := img.At(x, y).RGBA()
					colours[[4]uint32{r, g, b, a}]++
				}
			}
			white, blue := colours[[4]uint32{0xffff, 0xffff, 0xffff, 0xffff}], colours[[4]uint32{0x1f1f, 0x5f5f, 0xa8a8, 0xffff}]
			if white < n*n/20 || blue < n*n/3 {
				t.Errorf("%d white and %d blue pixels of %d: the tree or its background is missing", white, blue, n*n)
			}
		})
	}
}
