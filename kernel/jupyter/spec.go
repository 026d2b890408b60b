package jupyter

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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

// InstallSpec writes DATADIR/kernels/stepviz/kernel.json for binary (made
// absolute) and the logos (logo-32x32.png, logo-64x64.png), and returns
// the directory written.
func InstallSpec(dataDir, binary string) (string, error) {
	abs, err := filepath.Abs(binary)
	if err != nil {
		return "", fmt.Errorf("jupyter: path of the binary: %v", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return "", fmt.Errorf("jupyter: the kernel binary %s: %v", abs, err)
	}
	dir := filepath.Join(dataDir, "kernels", KernelName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("jupyter: creating %s: %v", dir, err)
	}
	b, err := json.MarshalIndent(NewKernelSpec(abs), "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "kernel.json"), append(b, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("jupyter: writing the kernelspec: %v", err)
	}
	for _, n := range LogoSizes {
		name := fmt.Sprintf("logo-%dx%d.png", n, n)
		if err := os.WriteFile(filepath.Join(dir, name), Logo(n), 0o644); err != nil {
			return "", fmt.Errorf("jupyter: writing the kernel logo %s: %v", name, err)
		}
	}
	return dir, nil
}
