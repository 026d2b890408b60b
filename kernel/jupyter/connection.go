package jupyter

import (
	"encoding/json"
	"fmt"
	"stepviz/internal/safefile"
)

// ConnectionInfo is the connection file Jupyter writes for a kernel.
type ConnectionInfo struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	ControlPort     int    `json:"control_port"`
	StdinPort       int    `json:"stdin_port"`
	IOPubPort       int    `json:"iopub_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name"`
}

// maxConnectionFile bounds a connection file (Jupyter's are about 300 bytes).
const maxConnectionFile = 1 << 20

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (ConnectionInfo, error) {
	var ci ConnectionInfo
	b, err := safefile.ReadFile(path, maxConnectionFile)
	if err != nil {
		return ci, fmt.Errorf("jupyter: reading the connection file: %v", err)
	}
	if err := json.Unmarshal(b, &ci); err != nil {
		return ci, fmt.Errorf("jupyter: connection file %s is not valid JSON: %v", path, err)
	}
	return ci, ci.check()
}

func (ci ConnectionInfo) check() error {
	if ci.Transport == "" {
		ci.Transport = "tcp"
	}
	if ci.Transport != "tcp" && ci.Transport != "ipc" {
		return fmt.Errorf("jupyter: transport %q: want tcp or ipc", ci.Transport)
	}
	if ci.SignatureScheme != "" && ci.SignatureScheme != "hmac-sha256" {
		return fmt.Errorf("jupyter: signature scheme %q: only hmac-sha256 is supported", ci.SignatureScheme)
	}
	for name, p := range map[string]int{"shell_port": ci.ShellPort, "control_port": ci.ControlPort, "stdin_port": ci.StdinPort, "iopub_port": ci.IOPubPort, "hb_port": ci.HBPort} {
		if p <= 0 || p > 65535 {
			return fmt.Errorf("jupyter: connection file: %s %d is not a port", name, p)
		}
	}
	return nil
}

// endpoint is the ZeroMQ address of one port.
func (ci ConnectionInfo) endpoint(port int) string {
	tr := ci.Transport
	if tr == "" {
		tr = "tcp"
	}
	if tr == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", ci.IP, port)
	}
	return fmt.Sprintf("tcp://%s:%d", ci.IP, port)
}
