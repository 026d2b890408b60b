package static

import (
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// TestModulesVersioned checks that every relative import of every module
// is served with ?v=Version and names a module that exists, so a page
// never loads a stale or missing module.
func TestModulesVersioned(t *testing.T) {
	h := Handler()
	anyImport := regexp.MustCompile(`\bfrom\s+"([^"]+)"`)
	imports := 0
	for name := range versioned() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+name+"?v="+Version(), nil))
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Fatalf("%s: HTTP %d, %q", name, rec.Code, rec.Header().Get("Content-Type"))
		}
		if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age") {
			t.Errorf("%s?v=Version: Cache-Control %q, want max-age", name, cc)
		}
		body, _ := io.ReadAll(rec.Body)
		for _, m := range anyImport.FindAllStringSubmatch(string(body), -1) {
			imports++
			target, v, ok := strings.Cut(m[1], "?v=")
			if !ok || v != Version() {
				t.Errorf("%s imports %q: want ?v=%s", name, m[1], Version())
			}
			if _, ok := versioned()[strings.TrimPrefix(target, "./")]; !ok {
				t.Errorf("%s imports %q: no such module", name, target)
			}
		}
	}
	if imports == 0 {
		t.Fatal("no module imports another: the session page's modules are missing")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/session.js", nil))
	if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("/session.js without a version: Cache-Control %q, want no-cache", cc)
	}
}

// TestBundle joins the view modules into one script: each module's
// exports are handed on, and an unknown or out-of-order module is an error.
func TestBundle(t *testing.T) {
	s, err := Bundle("util", "wireconst", "prefixcount", "model", "treelayout", "family", "gridcanvas", "maplabels", "problem", "tree", "tables", "chart")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"const __mod_util = (() => {", "return { $, SVGNS, fmt, fmtF, nodeNoun, nodeCount, treeNodes, childNoun, esc, el, tilesOf, stateLabel, setText, afterPaint };",
		"return { FULL, TOP, SIBS, REGION, OPEN_PAGE, CAP, openPage, nextOpened, Subtrees, chooseShown, region, layout };",
		"const { $: byId, SVGNS, fmt, el, stateLabel, nodeCount, treeNodes, childNoun } = __mod_util;", "return { createTree };",
		"const { placeMapLabels } = __mod_maplabels;",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the bundle lacks %q", want)
		}
	}
	if strings.Contains(s, "\nimport ") || strings.Contains(s, "\nexport ") {
		t.Error("the bundle still has import or export statements")
	}
	if _, err := Bundle("tree", "util"); err == nil || !strings.Contains(err.Error(), "comes later") {
		t.Errorf("tree before util: %v", err)
	}
	if _, err := Bundle("nosuch"); err == nil {
		t.Error("an unknown module bundled")
	}
}
