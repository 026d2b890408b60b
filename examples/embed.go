// Package examples holds the example notebooks (*.ipynb), embedded so the
// web notebook can open them without files at run time.
package examples

import "embed"

// Notebooks is every examples/*.ipynb.
//
//go:embed *.ipynb
var Notebooks embed.FS
