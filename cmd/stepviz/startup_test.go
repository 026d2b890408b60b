package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// buildExe builds the main package in directory dir (of this module or of
// its own) into a temporary executable and returns its path.
func buildExe(tb testing.TB, dir, name string) string {
	tb.Helper()
	exe := filepath.Join(tb.TempDir(), name)
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build %s: %v\n%s", dir, err, out)
	}
	return exe
}

// helloDir writes a hello-world program, the reference start-up, into a
// temporary directory of its own module.
func helloDir(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module hello\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// startupSolve is the trivial command start-up is measured on: a solve
// that takes a handful of steps, so the process is almost all start-up.
var startupSolve = []string{"solve", "-algo", "bfs", "-problem", "graph romania"}

// initLine matches one package's line of GODEBUG=inittrace=1.
var initLine = regexp.MustCompile(`(?m)^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestStartupInitialisesNothingUnused runs a trivial solve with the
// runtime's init trace and checks that none of stepviz's own packages
// does real work at start-up (tables, compiled patterns and the static
// package's hash and rewritten modules are made on first use), and that
// the binary does not link packages whose only user is an unneeded one
// (an HTML5 parser for the kernel's own HTML).
func TestStartupInitialisesNothingUnused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	exe := buildExe(t, ".", "stepviz")
	cmd := exec.Command(exe, startupSolve...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("stepviz %v: %v\n%s", startupSolve, err, out)
	}
	lines := initLine.FindAllStringSubmatch(string(out), -1)
	if len(lines) == 0 {
		t.Fatalf("no init trace in the output:\n%s", out)
	}
	for _, m := range lines {
		pkg := m[1]
		if pkg != "main" && !strings.HasPrefix(pkg, "stepviz/") {
			continue
		}
		if bytes, _ := strconv.Atoi(m[2]); bytes > maxOwnInitBytes {
			t.Errorf("%s's init allocates %d bytes in %s allocations, over %d: make what it builds on first use", pkg, bytes, m[3], maxOwnInitBytes)
		}
	}
	deps, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(deps)) {
		if pkg == "golang.org/x/net/html" {
			t.Errorf("the binary links %s", pkg)
		}
	}
}

// maxOwnInitBytes is the most one of stepviz's packages may allocate
// before main: small maps and slices of names, nothing built from data.
const maxOwnInitBytes = 8 << 10

// floorExe builds the start-up floor of this binary: a hello-world that
// links every package stepviz links except its own (each imported for its
// side effects, so Go runs all their inits before main), written beside
// this package through an overlay so that it resolves against this
// module's go.mod and nothing is written into the source tree.
func floorExe(tb testing.TB) string {
	tb.Helper()
	return buildFloor(tb, floorSource(tb))
}

// floorSource is the floor program's source: an import for its side
// effects of every package floorImportable accepts among what stepviz
// links.
func floorSource(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		tb.Fatalf("go list -deps: %v", err)
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n\t\"fmt\"\n")
	linked := 0
	for _, pkg := range strings.Fields(string(out)) {
		if !floorImportable(pkg) {
			continue
		}
		fmt.Fprintf(&src, "\t_ %q\n", pkg)
		linked++
	}
	if linked < 50 {
		tb.Fatalf("the floor program would link only %d packages: go list -deps printed %q", linked, out)
	}
	src.WriteString(")\n\nfunc main() { fmt.Println(\"hello\") }\n")
	return src.String()
}

// buildFloor builds the program of source src as a package beside this
// one, through an overlay, and returns the executable's path.
func buildFloor(tb testing.TB, src string) string {
	tb.Helper()
	dir := tb.TempDir()
	mainGo := filepath.Join(dir, "main.go")
	if err := os.WriteFile(mainGo, []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	pkgDir, err := filepath.Abs("startupfloor")
	if err != nil {
		tb.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(pkgDir, "main.go"): mainGo}})
	if err != nil {
		tb.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		tb.Fatal(err)
	}
	exe := filepath.Join(dir, "floor")
	cmd := exec.Command("go", "build", "-overlay", overlayFile, "-o", exe, "./startupfloor")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build the start-up floor: %v\n%s", err, out)
	}
	return exe
}

// TestStartupFloorLinksTheLibrariesAlone checks the start-up floor that
// BenchmarkStartup compares against: its source imports the libraries
// stepviz links (SQLite, NATS, templ) and none of stepviz's own packages,
// and it builds and runs.
func TestStartupFloorLinksTheLibrariesAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	src := floorSource(t)
	for _, want := range []string{"modernc.org/sqlite", "github.com/nats-io/nats.go", "github.com/a-h/templ"} {
		if !strings.Contains(src, fmt.Sprintf("_ %q\n", want)) {
			t.Errorf("the floor does not import %s", want)
		}
	}
	if i := strings.Index(src, `"stepviz`); i >= 0 {
		t.Errorf("the floor imports stepviz's own code: %s", strings.SplitN(src[i:], "\n", 2)[0])
	}
	if out, err := exec.Command(buildFloor(t, src)).CombinedOutput(); err != nil || string(out) != "hello\n" {
		t.Fatalf("the floor printed %q, %v; want hello", out, err)
	}
}

// floorImportable reports whether the floor program may import pkg: any
// package stepviz links but its own, Go's internal and vendored ones (which
// the packages that use them bring in anyway), and cgo's pseudo-package.
func floorImportable(pkg string) bool {
	if pkg == "C" || pkg == "main" || pkg == "stepviz" || strings.HasPrefix(pkg, "stepviz/") || strings.HasPrefix(pkg, "vendor/") {
		return false
	}
	for _, part := range strings.Split(pkg, "/") {
		if part == "internal" {
			return false
		}
	}
	return true
}

// BenchmarkStartup execs, in turns, the built stepviz on a trivial solve,
// a hello-world binary and the start-up floor (floorExe: hello-world
// linking everything stepviz links but its own packages), all built in the
// same run. It reports the median CPU time of each process (user and
// system, as the kernel counts it for the child), stepviz's ratio to
// hello-world (target <= 2) and the floor's, which is the least any one
// binary linking these libraries can reach, and the median wall times.
func BenchmarkStartup(b *testing.B) {
	exe := buildExe(b, ".", "stepviz")
	hello := buildExe(b, helloDir(b), "hello")
	floor := floorExe(b)
	run := func(path string, args ...string) (cpu, wall time.Duration) {
		t0 := time.Now()
		cmd := exec.Command(path, args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v\n%s", path, err, out)
		}
		st := cmd.ProcessState
		return st.UserTime() + st.SystemTime(), time.Since(t0)
	}
	var sc, sw, hc, hw, fc []time.Duration
	for b.Loop() {
		c, w := run(exe, startupSolve...)
		sc, sw = append(sc, c), append(sw, w)
		c, w = run(hello)
		hc, hw = append(hc, c), append(hw, w)
		c, _ = run(floor)
		fc = append(fc, c)
	}
	med := func(d []time.Duration) time.Duration { slices.Sort(d); return d[len(d)/2] }
	s, h, f := med(sc), med(hc), med(fc)
	b.ReportMetric(float64(s.Microseconds())/1000, "stepviz-cpu-ms")
	b.ReportMetric(float64(h.Microseconds())/1000, "hello-cpu-ms")
	b.ReportMetric(float64(f.Microseconds())/1000, "floor-cpu-ms")
	b.ReportMetric(float64(med(sw).Microseconds())/1000, "stepviz-wall-ms")
	b.ReportMetric(float64(med(hw).Microseconds())/1000, "hello-wall-ms")
	if h > 0 {
		b.ReportMetric(float64(s)/float64(h), "ratio")
		b.ReportMetric(float64(f)/float64(h), "floor-ratio")
	}
}
