package main

import (
	"flag"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"stepviz/internal/testenv"
	"stepviz/server"
)

// TestBuiltByGoRun: go run's binaries live in the build cache
// (XX/HASH-d/NAME) or its work directory (go-buildNNN/bNNN/exe/NAME); an
// installed binary or one go build -o wrote is named as the user typed it.
func TestBuiltByGoRun(t *testing.T) {
	for _, c := range []struct {
		argv0, want string
	}{
		{"/root/.cache/go-build/2b/2b2263b074089e2686a0021be3a0ae8146bda005a8e07cfe1fe3ad7da50b567a-d/stepviz", sourceProgram},
		{"/cache/2c/2b2263b074089e2686a0021be3a0ae8146bda005a8e07cfe1fe3ad7da50b567a-d/stepviz", "/cache/2c/2b2263b074089e2686a0021be3a0ae8146bda005a8e07cfe1fe3ad7da50b567a-d/stepviz"},
		{"/tmp/go-build3141592653/b001/exe/stepviz", sourceProgram},
		{"/home/ann/.cache/tmp/go-build27/b001/exe/stepviz", sourceProgram},
		{"stepviz", "stepviz"},
		{"./stepviz", "./stepviz"},
		{"/usr/local/bin/stepviz", "/usr/local/bin/stepviz"},
		{"/home/ann/go/bin/stepviz", "/home/ann/go/bin/stepviz"},
		{"/srv/exe/stepviz", "/srv/exe/stepviz"},                                 // an exe directory outside go's work directory
		{"/tmp/go-build1/b001/stepviz.test", "/tmp/go-build1/b001/stepviz.test"}, // a test binary, not go run's
		{"/opt/my tools/stepviz", "'/opt/my tools/stepviz'"},
	} {
		if got := program(c.argv0); got != c.want {
			t.Errorf("program(%q) = %q, want %q", c.argv0, got, c.want)
		}
	}
}

// TestClassroomCommandKeepsFlags: the hint keeps the user's flags, with
// -addr reduced to a port other than the default, repeated -host flags,
// quoting where a shell needs it and no NATS password.
func TestClassroomCommandKeepsFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "stepviz serve -class"},
		{[]string{"-addr", "127.0.0.1:8080"}, "stepviz serve -class"},
		{[]string{"-addr", "127.0.0.1:9000", "-db", "lectures.db"}, "stepviz serve -class -addr :9000 -db lectures.db"},
		{[]string{"-class=false", "-max-sessions", "20"}, "stepviz serve -class -max-sessions 20"},
		{[]string{"-host", "a.example", "-host", "b.example:443"}, "stepviz serve -class -host a.example -host b.example:443"},
		{[]string{"-db", "my lectures.db"}, "stepviz serve -class -db 'my lectures.db'"},
		{[]string{"-idle", "45m"}, "stepviz serve -class -idle 45m0s"},
		{[]string{"-nats", "nats://ann:hunter2@10.0.0.5:4222,nats://tok3n@10.0.0.6:4222"}, "stepviz serve -class -nats nats://ann:xxxxx@10.0.0.5:4222,nats://xxxxx@10.0.0.6:4222"},
	} {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		fs.String("addr", "127.0.0.1:8080", "")
		fs.Bool("class", false, "")
		fs.String("db", "stepviz.db", "")
		fs.Int("max-sessions", 50, "")
		fs.Duration("idle", 30*time.Minute, "")
		fs.String("nats", "", "")
		var hosts hostList
		fs.Var(&hosts, "host", "")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if got := classroomCommand("stepviz", fs); got != c.want {
			t.Errorf("serve %s: hint %q, want %q", strings.Join(c.args, " "), got, c.want)
		}
	}
	// README's classroom command (TestClassroomFromAnotherDevice checks
	// README against server.ClassroomCommand) is what go run says.
	goRun := "/tmp/go-build1/b001/exe/stepviz"
	if got := classroomCommand(goRun, flag.NewFlagSet("serve", flag.ContinueOnError)); got != server.ClassroomCommand {
		t.Errorf("go run's hint %q, README's %q", got, server.ClassroomCommand)
	}
}

// TestClassroomHintNamesTheProgramRun starts stepviz serve on loopback as
// its users do, an installed binary found on $PATH and go run from the
// module's root, and checks that the banner (and, for the installed one,
// the room's projector page) names that same program in the command that
// serves the class, with the user's flags.
func TestClassroomHintNamesTheProgramRun(t *testing.T) {
	bin := filepath.Dir(buildStepviz(t))
	db := filepath.Join(t.TempDir(), "stepviz.db")
	// As a shell starts a binary it finds on $PATH: argv[0] is the bare name.
	installed := &exec.Cmd{Path: filepath.Join(bin, "stepviz"), Args: []string{"stepviz", "serve", "-addr", "127.0.0.1:0", "-db", db, "-max-sessions", "20"}}
	base, hint := startHinted(t, installed)
	if want := "stepviz serve -class -addr :0 -db " + db + " -max-sessions 20"; hint != want {
		t.Errorf("the installed binary's banner says %q, want %q", hint, want)
	}
	loc := postForm(t, base, "/rooms", nil)
	page := getBody(t, &http.Client{Timeout: 10 * time.Second}, base+loc.Path+"/qr")
	if !strings.Contains(page, `data-testid="loopback-notice"`) || !strings.Contains(page, hint) {
		t.Errorf("the room's projector page does not name %q:\n%.2000s", hint, page)
	}

	goTool := testenv.Tool(t, "go", "golang-go")
	db = filepath.Join(t.TempDir(), "stepviz.db") // the first server holds its own
	run := exec.Command(goTool, "run", "./cmd/stepviz", "serve", "-addr", "127.0.0.1:0", "-db", db)
	run.Dir = testenv.ModuleRoot(t)
	if _, hint := startHinted(t, run); hint != server.ClassroomCommand+" -addr :0 -db "+db {
		t.Errorf("go run's banner says %q, want %q", hint, server.ClassroomCommand+" -addr :0 -db "+db)
	}
}

// startHinted starts cmd (a stepviz serve on loopback) in a process group
// of its own, killed with the test, and returns its base URL and the
// command its banner gives for serving a class.
func startHinted(t *testing.T, cmd *exec.Cmd) (base, hint string) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // go run's child dies with its group
	p := startServeCmd(t, cmd, func(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); _ = cmd.Wait() })
	base, second := p.base, p.banner[1]
	const lead = "start it with: "
	i := strings.Index(second, lead)
	if i < 0 {
		t.Fatalf("%s: the banner names no command for a class: %q", cmd, second)
	}
	return base, strings.TrimSpace(second[i+len(lead):])
}
