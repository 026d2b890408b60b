package jupyter

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"

	"stepviz/viz/raster"
)

// A saved notebook carries every picture as base64 PNG, so a picture is
// drawn at its own size (one PNG pixel per CSS pixel) and written with a
// palette: viz draws with a handful of flat colours, and only the
// antialiased edges between them add more. The palette holds the
// maxPalette most common colours exactly; any other colour (an edge pixel)
// takes the nearest of them, which keeps a flat fill exact and moves an
// edge by a shade at most.
const maxPalette = 256

// compactPNG draws svg as a paletted PNG at scale 1 (see raster.Image for
// the bounds on svg). Cost: O(pixels + colours·maxPalette) time, O(pixels)
// memory.
func compactPNG(svg string) ([]byte, error) {
	img, err := raster.Image([]byte(svg), 1)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&b, paletted(img)); err != nil {
		return nil, fmt.Errorf("encoding the picture as png: %w", err)
	}
	return b.Bytes(), nil
}

// paletted is img with at most maxPalette colours: its most common ones,
// every other colour mapped to the nearest of those.
func paletted(img *image.RGBA) *image.Paletted {
	r := img.Bounds()
	// Runs of one colour are the rule (fills, background): each run costs
	// one map update and one look-up below.
	count := map[uint32]int{}
	run, runKey := 0, uint32(0)
	for i := 0; i+3 < len(img.Pix); i += 4 {
		k := rgbKey(img.Pix[i : i+3])
		if k != runKey && run > 0 {
			count[runKey] += run
			run = 0
		}
		runKey = k
		run++
	}
	if run > 0 {
		count[runKey] += run
	}
	keys := make([]uint32, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	// The most common first; ties by colour, so the palette is the same
	// for the same picture.
	slices.SortFunc(keys, func(a, b uint32) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	n := min(len(keys), maxPalette)
	pal := make(color.Palette, n)
	index := make(map[uint32]uint8, len(keys))
	for i := 0; i < n; i++ {
		pal[i] = keyColor(keys[i])
		index[keys[i]] = uint8(i)
	}
	for _, k := range keys[n:] {
		index[k] = nearest(keys[:n], k)
	}
	out := image.NewPaletted(r, pal)
	for y := 0; y < r.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		dst := out.Pix[y*out.Stride:]
		last, at := ^uint32(0), uint8(0)
		for x := 0; x < r.Dx(); x++ {
			if k := rgbKey(row[4*x : 4*x+3]); k != last {
				last, at = k, index[k]
			}
			dst[x] = at
		}
	}
	return out
}

func rgbKey(p []uint8) uint32 { return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]) }

func keyColor(k uint32) color.RGBA {
	return color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff}
}

// nearest is the index in pal of the colour closest to k (squared RGB
// distance).
func nearest(pal []uint32, k uint32) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		dr := int(p>>16&0xff) - int(k>>16&0xff)
		dg := int(p>>8&0xff) - int(k>>8&0xff)
		db := int(p&0xff) - int(k&0xff)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
