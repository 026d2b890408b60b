package main

import (
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

// BenchmarkStartup execs the built stepviz on a trivial solve and a
// hello-world binary built in the same run, in turns, and reports the
// median CPU time of each process (user and system, as the kernel counts
// it for the child) and their ratio (target <= 2), and the median wall
// time of each.
func BenchmarkStartup(b *testing.B) {
	exe := buildExe(b, ".", "stepviz")
	hello := buildExe(b, helloDir(b), "hello")
	run := func(path string, args ...string) (cpu, wall time.Duration) {
		t0 := time.Now()
		cmd := exec.Command(path, args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v\n%s", path, err, out)
		}
		st := cmd.ProcessState
		return st.UserTime() + st.SystemTime(), time.Since(t0)
	}
	var sc, sw, hc, hw []time.Duration
	for b.Loop() {
		c, w := run(exe, startupSolve...)
		sc, sw = append(sc, c), append(sw, w)
		c, w = run(hello)
		hc, hw = append(hc, c), append(hw, w)
	}
	med := func(d []time.Duration) time.Duration { slices.Sort(d); return d[len(d)/2] }
	s, h := med(sc), med(hc)
	b.ReportMetric(float64(s.Microseconds())/1000, "stepviz-cpu-ms")
	b.ReportMetric(float64(h.Microseconds())/1000, "hello-cpu-ms")
	b.ReportMetric(float64(med(sw).Microseconds())/1000, "stepviz-wall-ms")
	b.ReportMetric(float64(med(hw).Microseconds())/1000, "hello-wall-ms")
	if h > 0 {
		b.ReportMetric(float64(s)/float64(h), "ratio")
	}
}
