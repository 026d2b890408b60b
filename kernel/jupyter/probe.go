package jupyter

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Probe starts the kernel argv describes as Jupyter does (each
// "{connection_file}" replaced by a connection file it writes, on
// loopback ports, with a fresh key), asks it kernel_info on the shell
// channel, and stops it (SIGTERM, then kill). It returns nil when the
// kernel answered with a kernel_info_reply of status ok, signed with the
// key, within timeout; else an error that says what happened, with the
// end of the kernel's stderr.
func Probe(ctx context.Context, argv []string, timeout time.Duration) error {
	if len(argv) == 0 {
		return errors.New("the kernelspec has no command")
	}
	dir, err := os.MkdirTemp("", "stepviz-probe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ci, err := loopbackConnection()
	if err != nil {
		return err
	}
	b, err := json.Marshal(ci)
	if err != nil {
		return err
	}
	connFile := filepath.Join(dir, "kernel-probe.json")
	if err := os.WriteFile(connFile, b, 0o600); err != nil {
		return err
	}
	args := make([]string, len(argv))
	for i, a := range argv {
		args[i] = strings.ReplaceAll(a, "{connection_file}", connFile)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var stderr tailBuffer
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = &stderr
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot start %s: %v", args[0], err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(3 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}()

	replied := make(chan error, 1)
	sockCtx, closeSock := context.WithCancel(context.Background())
	defer closeSock()
	go func() { replied <- askKernelInfo(sockCtx, ci) }()
	select {
	case err := <-replied:
		if err != nil {
			return fmt.Errorf("the kernel did not answer kernel_info: %v%s", err, stderr.note())
		}
		return nil
	case err := <-exited:
		exited <- err // for the deferred wait
		return fmt.Errorf("the kernel exited before it answered (%v)%s", err, stderr.note())
	case <-ctx.Done():
		return fmt.Errorf("the kernel did not answer kernel_info within %v%s", timeout, stderr.note())
	}
}

// askKernelInfo sends kernel_info_request on ci's shell channel and waits
// for its reply (until ctx ends).
func askKernelInfo(ctx context.Context, ci ConnectionInfo) error {
	sig := signer{key: []byte(ci.Key)}
	sock := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("probe-"+newID())), zmq4.WithDialerRetry(100*time.Millisecond))
	defer sock.Close()
	// The kernel binds its ports a moment after it starts.
	for {
		err := sock.Dial(ci.endpoint(ci.ShellPort))
		if err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
	frames, err := sig.encode(newID(), "kernel_info_request", nil, nil, map[string]any{})
	if err != nil {
		return err
	}
	if err := sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		return err
	}
	for {
		m, err := sock.Recv()
		if err != nil {
			return err
		}
		msg, err := sig.decode(m.Frames)
		if err != nil {
			return err
		}
		if msg.Header.MsgType != "kernel_info_reply" {
			continue
		}
		var c struct {
			Status string `json:"status"`
		}
		if err := json.Unmarshal(msg.Content, &c); err != nil || c.Status != "ok" {
			return fmt.Errorf("kernel_info_reply status %q", c.Status)
		}
		return nil
	}
}

// loopbackConnection is a connection on five free loopback ports with a
// random key.
func loopbackConnection() (ConnectionInfo, error) {
	var ports [5]int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return ConnectionInfo{}, fmt.Errorf("no free loopback port: %v", err)
		}
		ls = append(ls, l)
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	var key [16]byte
	_, _ = rand.Read(key[:])
	return ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1", Key: hex.EncodeToString(key[:]), SignatureScheme: "hmac-sha256", KernelName: KernelName,
		ShellPort: ports[0], ControlPort: ports[1], StdinPort: ports[2], IOPubPort: ports[3], HBPort: ports[4],
	}, nil
}

// tailBuffer keeps the last maxTail bytes written to it. Safe for one
// writer and one reader at once.
type tailBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

const maxTail = 2 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if t.b.Len() > maxTail {
		rest := t.b.Bytes()[t.b.Len()-maxTail:]
		t.b = *bytes.NewBuffer(append([]byte(nil), rest...))
	}
	return len(p), nil
}

// note is the kernel's stderr as the end of an error message, or "".
func (t *tailBuffer) note() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(t.b.String())
	if s == "" {
		return ""
	}
	return "; it said:\n" + s
}
