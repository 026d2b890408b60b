package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB whose Fatalf and Skipf record the message and
// return instead of ending the test. It lets a test watch Missing decide
// between failing and skipping without itself being reported as skipped
// (go test -v in CI must show no "--- SKIP").
type recorder struct {
	testing.TB
	fatal, skip []string
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = append(r.fatal, fmt.Sprintf(format, args...))
}

func (r *recorder) Skipf(format string, args ...any) {
	r.skip = append(r.skip, fmt.Sprintf(format, args...))
}

func TestModuleRoot(t *testing.T) {
	root := ModuleRoot(t)
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "module stepviz\n") {
		t.Errorf("%s/go.mod does not declare module stepviz", root)
	}
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(root, wd); err != nil || rel != filepath.Join("internal", "testenv") {
		t.Errorf("ModuleRoot = %s, the working directory %s is not root/internal/testenv", root, wd)
	}
}

// TestMissing: outside CI a missing thing skips with a hint; in CI (and
// only for CI=true) it fails with a "CI: " prefix.
func TestMissing(t *testing.T) {
	for _, tc := range []struct {
		ci          string
		fatal, skip string
	}{
		{"", "", "no widget (set CI=true to make this a failure)"},
		{"1", "", "no widget (set CI=true to make this a failure)"},
		{"true", "CI: no widget", ""},
	} {
		t.Run("CI="+tc.ci, func(t *testing.T) {
			t.Setenv("CI", tc.ci)
			r := &recorder{TB: t}
			Missing(r, "no %s", "widget")
			if got := strings.Join(r.fatal, "|"); got != tc.fatal {
				t.Errorf("Fatalf %q, want %q", got, tc.fatal)
			}
			if got := strings.Join(r.skip, "|"); got != tc.skip {
				t.Errorf("Skipf %q, want %q", got, tc.skip)
			}
		})
	}
}

// TestMissingOnARealT runs this test binary again with a real *testing.T:
// outside CI the subtest that calls Missing is skipped and stops there; in
// CI it fails. The child's output is checked here rather than shown, so
// the suite's -v output holds no "--- SKIP".
func TestMissingOnARealT(t *testing.T) {
	if os.Getenv("STEPVIZ_TESTENV_CHILD") == "1" {
		t.Run("missing", func(t *testing.T) {
			Missing(t, "no %s", "widget")
			t.Log("after Missing")
		})
		return
	}
	for _, tc := range []struct {
		ci   string
		ok   bool
		want string
	}{
		{"", true, "--- SKIP: TestMissingOnARealT/missing"},
		{"true", false, "--- FAIL: TestMissingOnARealT/missing"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingOnARealT$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "STEPVIZ_TESTENV_CHILD=1", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		if (err == nil) != tc.ok || !strings.Contains(string(out), tc.want) || strings.Contains(string(out), "after Missing") {
			t.Errorf("CI=%q: exit %v, want success %v, %q and Missing not returning; output:\n%s", tc.ci, err, tc.ok, tc.want, out)
		}
	}
}

// TestData: a clone's testdata/ is found from a package directory inside
// it, and an absent file fails the test even outside CI, naming the path
// and how to restore it.
func TestData(t *testing.T) {
	clone := t.TempDir()
	data := filepath.Join(clone, "testdata", "movingai")
	for _, dir := range []string{filepath.Join(clone, "stepper"), data} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(clone, "go.mod"), filepath.Join(data, "arena.map")} {
		if err := os.WriteFile(f, []byte("module x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(filepath.Join(clone, "stepper"))
	if got := ModuleRoot(t); got != clone {
		t.Errorf("ModuleRoot = %s, want %s", got, clone)
	}
	for _, get := range []func(testing.TB, ...string) string{Data, SharedData} {
		r := &recorder{TB: t}
		if got, want := get(r, "movingai", "arena.map"), filepath.Join(data, "arena.map"); got != want || len(r.fatal)+len(r.skip) > 0 {
			t.Errorf("Data = %s, messages %q %q; want %s and none", got, r.fatal, r.skip, want)
		}
	}
	for _, ci := range []string{"", "true"} {
		t.Setenv("CI", ci)
		r := &recorder{TB: t}
		absent := filepath.Join(data, "no-such.map")
		Data(r, "movingai", "no-such.map")
		if len(r.fatal) != 1 || len(r.skip) != 0 || !strings.Contains(r.fatal[0], absent) || !strings.Contains(r.fatal[0], "git checkout -- testdata") {
			t.Errorf("CI=%q: Fatalf %q, Skipf %q: want one failure naming %s and how to restore it", ci, r.fatal, r.skip, absent)
		}
	}
}

// TestRepositoryData: the oracle files every package's tests read are in
// this repository's testdata/, with their sources and licences.
func TestRepositoryData(t *testing.T) {
	for _, name := range []string{"SOURCES.md", "8puzzle-depths.csv", "korf100.txt", "movingai/SOURCES.txt", "movingai/arena.map.scen", "posthoc/grid-astar.trace.json"} {
		fi, err := os.Stat(Data(t, filepath.FromSlash(name)))
		if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
			t.Errorf("testdata/%s: %v, want a non-empty regular file", name, err)
		}
	}
	b, err := os.ReadFile(Data(t, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ODC-By", "Sturtevant", "Korf", "OEIS", "posthoc-app"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("testdata/SOURCES.md does not mention %q", want)
		}
	}
}

func TestTool(t *testing.T) {
	r := &recorder{TB: t}
	p := Tool(r, "go", "golang-go")
	if p == "" || len(r.fatal)+len(r.skip) > 0 {
		t.Errorf("Tool(go) = %q, messages %q %q", p, r.fatal, r.skip)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	Tool(r, "stepviz-no-such-tool", "stepviz-no-such-package")
	if len(r.fatal) != 1 || !strings.Contains(r.fatal[0], "stepviz-no-such-package") {
		t.Errorf("Fatalf %q: want one message naming the Debian package", r.fatal)
	}
}

func TestPythonNamesTheModule(t *testing.T) {
	if _, err := os.Stat(python); err != nil {
		Missing(t, "%s does not exist", python)
	}
	t.Setenv("CI", "true")
	r := &recorder{TB: t}
	if p := Python(r, "stepviz_no_such_module"); p != "/usr/bin/python3" {
		t.Errorf("Python = %s", p)
	}
	if len(r.fatal) != 1 || !strings.Contains(r.fatal[0], "stepviz_no_such_module") || !strings.Contains(r.fatal[0], "python3-nbformat") {
		t.Errorf("Fatalf %q: want one message naming the module and the Debian packages", r.fatal)
	}
}

func TestArtifact(t *testing.T) {
	p := Artifact(t, filepath.Join("testenv", "probe.txt"))
	if want := filepath.Join(ModuleRoot(t), "test-artifacts", "testenv", "probe.txt"); p != want {
		t.Errorf("Artifact = %s, want %s", p, want)
	}
	if fi, err := os.Stat(filepath.Dir(p)); err != nil || !fi.IsDir() {
		t.Errorf("directory of %s not created: %v", p, err)
	}
}
