package export

import (
	"bytes"
	"context"
	"io"
	"slices"
	"testing"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// benchFamilyExports measures, in each of formats, WriteGame of gameLine
// by alpha-beta (sub-benchmark gameName-FORMAT) and, where a local search
// exports as the format, WriteLocal of hill climbing on 8 queens
// (queens8-FORMAT), the bytes of one export set with SetBytes.
func benchFamilyExports(b *testing.B, gameName, gameLine string, formats []string) {
	b.Helper()
	g, err := game.ParseProblem(gameLine)
	if err != nil {
		b.Fatal(err)
	}
	o, _ := game.ParseOptions("alphabeta")
	p, err := local.ParseProblem("queens 8 seed=3")
	if err != nil {
		b.Fatal(err)
	}
	lo, _ := local.ParseOptions("hillclimb sideways=10")
	ctx := context.Background()
	for _, f := range formats {
		b.Run(gameName+"-"+f, func(b *testing.B) {
			benchExport(b, func(w io.Writer) error { return WriteGame(ctx, w, f, g, o, ToEnd) })
		})
		if slices.Contains(LocalFormats, f) {
			b.Run("queens8-"+f, func(b *testing.B) {
				benchExport(b, func(w io.Writer) error { return WriteLocal(ctx, w, f, p, lo, ToEnd) })
			})
		}
	}
}

// benchExport measures write, its bytes set with SetBytes.
func benchExport(b *testing.B, write func(io.Writer) error) {
	b.Helper()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := write(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
