// Package static holds the stepviz web pages' scripts and styles, embedded
// in the binary so `stepviz serve` needs no files at run time.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"sort"
)

//go:embed *.js *.css
var files embed.FS

// FS is the embedded files.
var FS fs.FS = files

// Version is a short hash of every embedded file, for cache-busting URLs
// (/static/session.js?v=Version): it changes whenever a file does.
var Version = func() string {
	h := sha256.New()
	entries, _ := fs.ReadDir(files, ".")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(files, n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

// Handler serves the embedded files; mount it under /static/ with
// http.StripPrefix. Responses may be cached for a day: URLs carry Version.
func Handler() http.Handler {
	fsrv := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fsrv.ServeHTTP(w, r)
	})
}
