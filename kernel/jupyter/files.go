package jupyter

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"stepviz/internal/safefile"
)

// writeInside returns the kernel's WriteFile: "export ... to FILE" writes
// only inside dir (the notebook's folder, where Jupyter starts the kernel).
// A name must be relative and local (no "..", no absolute path), its folder
// must exist and resolve, through any symlinks, to a folder inside dir, and
// the file itself is replaced only if it is a regular file, keeping its
// permissions (see [safefile.WriteFile]).
func writeInside(dir string) func(name string, data []byte) error {
	return func(name string, data []byte) error {
		if !filepath.IsLocal(name) {
			return fmt.Errorf("%s is outside the notebook's folder: give a file name relative to it, such as trace.json or out/trace.json", name)
		}
		root, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return fmt.Errorf("the notebook's folder %s: %v", dir, err)
		}
		parent, err := filepath.EvalSymlinks(filepath.Join(dir, filepath.Dir(name)))
		if err != nil {
			if pe, ok := err.(*fs.PathError); ok {
				err = pe.Err
			}
			return fmt.Errorf("the folder of %s: %v; create it first", name, err)
		}
		if rel, err := filepath.Rel(root, parent); err != nil || !filepath.IsLocal(rel) && rel != "." || strings.HasPrefix(rel, "..") {
			return fmt.Errorf("%s is outside the notebook's folder (its folder leads to %s): give a file name inside it", name, parent)
		}
		return safefile.WriteFile(filepath.Join(parent, filepath.Base(name)), data, 0o644)
	}
}

// workingDir is the folder the kernel was started in ("." if unknown).
func workingDir() string {
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return "."
}
