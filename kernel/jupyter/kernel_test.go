package jupyter_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"stepviz/internal/testenv"
	"stepviz/kernel/jupyter"
)

// installKernel builds stepviz into a temp dir, installs the kernel (a copy
// of the binary: bin) under a temporary prefix and returns the environment
// that makes Jupyter find it (and nothing of the user's).
func installKernel(t *testing.T) (bin string, env []string) {
	t.Helper()
	dir := t.TempDir()
	bin = filepath.Join(dir, "stepviz")
	build := exec.Command("go", "build", "-o", bin, "./cmd/stepviz")
	build.Dir = testenv.ModuleRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	prefix := filepath.Join(dir, "prefix")
	if out, err := exec.Command(bin, "kernel", "install", "--prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("stepviz kernel install: %v\n%s", err, out)
	}
	var spec jupyter.KernelSpec
	b, err := os.ReadFile(filepath.Join(prefix, "share", "jupyter", "kernels", "stepviz", "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	bin = filepath.Join(prefix, "share", "jupyter", "kernels", "stepviz", jupyter.BinaryName)
	if spec.Argv[0] != bin || spec.Argv[1] != "kernel" || spec.Argv[2] != "{connection_file}" || spec.InterruptMode != "message" || spec.Language != "stepviz" {
		t.Fatalf("kernel.json = %+v", spec)
	}
	data := filepath.Join(dir, "data")
	runtimeDir := filepath.Join(dir, "runtime")
	env = append(os.Environ(),
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"),
		"JUPYTER_DATA_DIR="+data,
		"JUPYTER_RUNTIME_DIR="+runtimeDir,
		"JUPYTER_CONFIG_DIR="+filepath.Join(dir, "config"),
		"JUPYTER_PLATFORM_DIRS=1",
		"IPYTHONDIR="+filepath.Join(dir, "ipython"),
	)
	return bin, env
}

// TestJupyterClient runs testdata/driver.py, which drives the installed
// kernel with jupyter_client: kernel_info, display_data, a later cell's
// view of its own, an error, a trace exported to a file and replayed from
// it, completion, inspection, a wrongly signed message, interrupt and
// shutdown.
func TestJupyterClient(t *testing.T) {
	python := testenv.Python(t, "jupyter_client", "zmq", "pygments")
	_, env := installKernel(t)
	cmd := exec.Command(python, filepath.Join("testdata", "driver.py"))
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	t.Logf("driver output:\n%s", out)
	if err != nil {
		t.Fatalf("driver failed: %v", err)
	}
	for _, name := range []string{
		"kernel_info_reply", "pygments lexer exists", "codemirror_mode", "kernel_info busy/idle", "display_data with a display_id", "view pictures as png", "picture captions", "earlier view left alone", "the step cell's own view at step 2", "the step cell's own pictures at step 2",
		"error reply fields", "error on iopub", "state kept after an error", "complete_reply", "inspect_reply",
		"is_complete_reply", "is_complete of an open script block", "export to a file", "replay a trace file", "replayed view at step 3", "replay error names the file",
		"replayed search kept after an error", "show stats is an execute_result", "a value before other output is display_data",
		"compare is an execute_result", "history tail", "history with output", "history range", "history search", "comm_info_reply",
		"complete a trace file", "silent about comms", "queued cell aborted", "bad signature dropped", "kernel answers after a bad signature", "interrupted run",
		"kernel alive after interrupt", "kernel exited after shutdown_request",
	} {
		if !strings.Contains(string(out), "ok "+name+"\n") {
			t.Errorf("driver did not pass check %q", name)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(string(out)), "done") {
		t.Errorf("driver did not finish")
	}
}

// freePorts returns n free TCP ports on 127.0.0.1.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// TestExitsWhenParentDies starts the kernel from a shell that exits at once
// and checks that the orphaned kernel exits too.
func TestExitsWhenParentDies(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("getppid polling is a Unix behaviour")
	}
	bin, _ := installKernel(t)
	p := freePorts(t, 5)
	ci := jupyter.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], ControlPort: p[1], StdinPort: p[2], IOPubPort: p[3], HBPort: p[4], Key: "k", SignatureScheme: "hmac-sha256"}
	b, _ := json.Marshal(ci)
	cf := filepath.Join(t.TempDir(), "conn.json")
	if err := os.WriteFile(cf, b, 0o600); err != nil {
		t.Fatal(err)
	}
	sh := exec.Command("/bin/sh", "-c", `"$0" kernel "$1" 2>/dev/null & echo $!; sleep 1`, bin, cf)
	out, err := sh.Output()
	if err != nil {
		t.Fatalf("sh: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("kernel pid %q: %v", out, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("kernel %d still running 10 s after its parent died", pid)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// alive reports whether pid runs (a zombie counts as dead).
func alive(pid int) bool {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "State:") {
			return !strings.Contains(sc.Text(), "Z")
		}
	}
	return false
}
