// Package examples holds the example notebooks (*.ipynb), embedded so the
// web notebook can open them without files at run time.
package examples

import "embed"

// Notebooks is every examples/*.ipynb.
//
//go:embed *.ipynb
var Notebooks embed.FS

// Scripts is every examples/scripts/*.star (docs/scripts.md), for the
// lecture server's landing page, which reads no files.
//
//go:embed scripts/*.star
var Scripts embed.FS
