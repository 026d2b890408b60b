// Package static holds the stepviz web pages' scripts and styles, embedded
// in the binary so `stepviz serve` needs no files at run time.
//
// The session page's scripts are ES modules that import each other by
// relative URL ("./tree.js"). So that a page never mixes modules of two
// versions, Handler serves every module with its relative imports rewritten
// to carry ?v=Version, like the page's own <script> URL.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
)

//go:embed *.js *.css *.svg
var files embed.FS

// FS is the embedded files, as written (imports without versions).
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

// importRE matches a static relative import or re-export of a sibling
// module: `from "./NAME.js"` (the only form the page's modules use).
var importRE = regexp.MustCompile(`(\bfrom\s+")(\./[A-Za-z0-9_-]+\.js)(")`)

// versioned is every embedded .js file with its relative imports pointing
// at ?v=Version; built once at start (the files are small).
var versioned = func() map[string][]byte {
	out := map[string][]byte{}
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		b, _ := fs.ReadFile(files, e.Name())
		out[e.Name()] = importRE.ReplaceAll(b, []byte("${1}${2}?v="+Version+"${3}"))
	}
	return out
}()

// Module returns the embedded module name as served (imports versioned),
// or false if there is none.
func Module(name string) ([]byte, bool) {
	b, ok := versioned[name]
	return b, ok
}

// Handler serves the embedded files; mount it under /static/ with
// http.StripPrefix. A response to a URL carrying this Version (?v=) may be
// cached for a day; any other is revalidated, so an old cached copy never
// outlives an upgrade.
func Handler() http.Handler {
	fsrv := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("v") == Version {
			w.Header().Set("Cache-Control", "public, max-age=86400")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if b, ok := versioned[strings.TrimPrefix(r.URL.Path, "/")]; ok {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			http.ServeContent(w, r, r.URL.Path, time.Time{}, bytes.NewReader(b))
			return
		}
		fsrv.ServeHTTP(w, r)
	})
}
