package jupyter

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// KernelName is the kernelspec's directory name, the name notebooks record
// in metadata.kernelspec.name.
const KernelName = "stepviz"

// KernelSpec is kernel.json.
type KernelSpec struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata,omitempty"`
}

// NewKernelSpec is the spec that starts binary (an absolute path) as
// "binary kernel {connection_file}".
func NewKernelSpec(binary string) KernelSpec {
	return KernelSpec{
		Argv:          []string{binary, "kernel", "{connection_file}"},
		DisplayName:   "stepviz",
		Language:      "stepviz",
		InterruptMode: "message",
	}
}

// UserDataDir is Jupyter's per-user data directory: $JUPYTER_DATA_DIR, or
// the platform default (~/.local/share/jupyter, honouring $XDG_DATA_HOME, on
// Linux).
func UserDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("jupyter: no home directory for --user: %v (use --prefix DIR)", err)
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if a := os.Getenv("APPDATA"); a != "" {
			return filepath.Join(a, "jupyter"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter"), nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// PrefixDataDir is the data directory under an installation prefix, as
// "jupyter kernelspec install --prefix" uses it: PREFIX/share/jupyter.
func PrefixDataDir(prefix string) string { return filepath.Join(prefix, "share", "jupyter") }

// SysPrefixDataDir is the data directory of the Python environment that
// runs Jupyter, as "jupyter kernelspec install --sys-prefix" uses it:
// SYS_PREFIX/share/jupyter, where SYS_PREFIX is sys.prefix of the
// interpreter named on the first line of the jupyter command found on
// PATH (a virtualenv's or conda's own Python, or /usr/bin/python3).
func SysPrefixDataDir() (string, error) {
	jup, err := exec.LookPath("jupyter")
	if err != nil {
		return "", fmt.Errorf("jupyter: --sys-prefix needs the jupyter command on PATH (activate Jupyter's environment), or give --prefix DIR")
	}
	f, err := os.Open(jup)
	if err != nil {
		return "", fmt.Errorf("jupyter: reading %s: %v", jup, err)
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	line, _, _ := strings.Cut(string(head[:n]), "\n")
	interp, ok := strings.CutPrefix(line, "#!")
	fields := strings.Fields(interp)
	if !ok || len(fields) == 0 {
		return "", fmt.Errorf("jupyter: %s does not name its Python on its first line; give --prefix DIR (the environment's sys.prefix)", jup)
	}
	args := append(fields[1:], "-c", "import sys; print(sys.prefix)")
	out, err := exec.Command(fields[0], args...).Output()
	prefix := strings.TrimSpace(string(out))
	if err != nil || !filepath.IsAbs(prefix) {
		return "", fmt.Errorf("jupyter: asking %s for sys.prefix: %v %q; give --prefix DIR", fields[0], err, prefix)
	}
	return PrefixDataDir(prefix), nil
}
