package jupyter

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"

	"stepviz/kernel"
	"stepviz/stepper"
)

// Frame throttling while run plays a search: within Jupyter's default
// iopub limits (1000 messages/s, 1 MB/s averaged over 3 s).
const (
	frameInterval       = 200 * time.Millisecond
	frameBytesPerSecond = 500_000
)

// parentPoll is how often the kernel checks that the process that started
// it is still alive.
const parentPoll = time.Second

// Options configure [Serve].
type Options struct {
	// Log receives one line per dropped or malformed message and per
	// failure (os.Stderr if nil).
	Log io.Writer
	// WatchParent makes the kernel exit when its parent process dies (the
	// parent id changes); Jupyter-started kernels set it.
	WatchParent bool
	// Interrupt, if not nil, interrupts the running cell on every receive,
	// as an interrupt_request does: the command passes SIGINT here, so that
	// a frontend that signals (or a Ctrl-C in the kernel's terminal) stops
	// the cell and never kills the kernel.
	Interrupt <-chan os.Signal
}

// server is one running kernel.
type server struct {
	ci      ConnectionInfo
	sig     signer
	session string // the kernel's own session id for headers
	log     io.Writer

	shell, control, stdin, iopub, hb zmq4.Socket
	iopubMu, shellMu, controlMu      sync.Mutex

	// sess and history are owned by the goroutine that runs [server.own]:
	// every use goes through [server.withSession], so that requests on the
	// shell and control channels never touch them at once.
	sess    *kernel.Session
	history history // the cells run, for history_request
	jobs    chan func()
	// pictureParts is, per live display id, the most drawings it has
	// shown (so an update with fewer blanks the rest); guarded by partsMu
	// (cells' outboxes publish on goroutines of their own).
	pictureParts map[string]int
	partsMu      sync.Mutex

	mu         sync.Mutex
	execCount  int                // guarded by mu
	cancelCell context.CancelFunc // cancels the running cell, if any; guarded by mu

	stop     context.CancelFunc
	shutdown chan struct{}
	once     sync.Once
}

// Serve runs a kernel on the sockets ci names until ctx is done, a
// shutdown_request arrives, or (with WatchParent) the parent process dies.
func Serve(ctx context.Context, ci ConnectionInfo, opt Options) error {
	if err := ci.check(); err != nil {
		return err
	}
	if opt.Log == nil {
		opt.Log = os.Stderr
	}
	ceiling, err := nodeCeiling(os.Getenv("STEPVIZ_MAX_NODES"))
	if err != nil {
		return err
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	s := &server{
		ci: ci, sig: signer{key: []byte(ci.Key)}, session: newID(), log: opt.Log,
		sess: kernel.NewSession(kernel.Config{
			FrameInterval: frameInterval, FrameBytesPerSecond: frameBytesPerSecond,
			// Jupyter starts a kernel in its notebook's directory: files
			// named in cells are read and written there.
			AllowFiles: true,
			WriteFile:  writeInside(workingDir()),
			// A saved or converted notebook keeps each step cell's own
			// picture; the live view still moves during a lecture.
			StepPictures: true,
			// The machine's owner bounds every search and the kernel's
			// memory with STEPVIZ_MAX_NODES (kernel.json's env).
			NodeCeiling: ceiling, NodeBudget: ceiling, CeilingSource: "set by STEPVIZ_MAX_NODES in the kernel's environment",
		}),
		jobs: make(chan func()),
		stop: stop, shutdown: make(chan struct{}),
	}
	go s.own(ctx)
	if opt.Interrupt != nil {
		go func() {
			for {
				select {
				case <-opt.Interrupt:
					s.interrupt()
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	// The sockets get a context of their own, so that a reply (the
	// shutdown_reply above all) is flushed before they close.
	sockCtx, closeSockets := context.WithCancel(context.Background())
	defer closeSockets()
	// Peers the ZeroMQ library drops (bad handshakes, frames over its
	// limits: see third_party/zmq4) are logged on our log.
	logger := zmq4.WithLogger(log.New(opt.Log, "stepviz kernel: zmq: ", 0))
	s.shell = zmq4.NewRouter(sockCtx, logger)
	s.control = zmq4.NewRouter(sockCtx, logger)
	s.stdin = zmq4.NewRouter(sockCtx, logger)
	s.iopub = zmq4.NewPub(sockCtx, logger)
	s.hb = zmq4.NewRep(sockCtx, logger)
	for _, b := range []struct {
		sock zmq4.Socket
		port int
		name string
	}{{s.shell, ci.ShellPort, "shell"}, {s.control, ci.ControlPort, "control"}, {s.stdin, ci.StdinPort, "stdin"}, {s.iopub, ci.IOPubPort, "iopub"}, {s.hb, ci.HBPort, "heartbeat"}} {
		if err := b.sock.Listen(ci.endpoint(b.port)); err != nil {
			return fmt.Errorf("jupyter: binding the %s socket to %s: %v", b.name, ci.endpoint(b.port), err)
		}
	}
	defer func() {
		for _, sock := range []zmq4.Socket{s.shell, s.control, s.stdin, s.iopub, s.hb} {
			_ = sock.Close()
		}
	}()

	s.publish(nil, "status", map[string]string{"execution_state": "starting"})
	go s.heartbeat(ctx)
	go s.drain(ctx, s.stdin, "stdin")
	go s.loop(ctx, s.control, &s.controlMu, "control")
	go s.loop(ctx, s.shell, &s.shellMu, "shell")
	if opt.WatchParent {
		go s.watchParent(ctx)
	}
	select {
	case <-ctx.Done():
	case <-s.shutdown:
	}
	s.interrupt()
	// give the last replies a moment to leave
	time.Sleep(100 * time.Millisecond)
	stop() // the loops end before their sockets close
	return nil
}

// own runs the jobs that use the session, one at a time, until ctx is done.
func (s *server) own(ctx context.Context) {
	for {
		select {
		case job := <-s.jobs:
			job()
		case <-ctx.Done():
			return
		}
	}
}

// withSession runs f with the session on its owner goroutine and waits for
// it. It reports false, without running f, if the kernel stops first.
func (s *server) withSession(ctx context.Context, f func(*kernel.Session)) bool {
	done := make(chan struct{})
	job := func() { defer close(done); f(s.sess) }
	select {
	case s.jobs <- job:
	case <-ctx.Done():
		return false
	}
	<-done
	return true
}

// recvRetry is the pause after a receive error that does not end the
// socket (a malformed message from some peer), so a socket failing for
// good cannot spin.
const recvRetry = 10 * time.Millisecond

// recvFailed logs a receive error and reports whether the reading loop
// must end (the kernel is stopping).
func (s *server) recvFailed(ctx context.Context, name string, err error) (stop bool) {
	if ctx.Err() != nil {
		return true
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		s.logf("%s: receive: %v", name, err)
	}
	time.Sleep(recvRetry)
	return false
}

func (s *server) logf(format string, args ...any) {
	fmt.Fprintf(s.log, "stepviz kernel: "+format+"\n", args...)
}

// heartbeat echoes every ping. A malformed message is dropped, never the
// end of the heartbeat.
func (s *server) heartbeat(ctx context.Context) {
	for {
		msg, err := s.hb.Recv()
		if err != nil {
			if s.recvFailed(ctx, "heartbeat", err) {
				return
			}
			continue
		}
		if err := s.hb.Send(msg); err != nil && ctx.Err() == nil {
			s.logf("heartbeat: send: %v", err)
		}
	}
}

// drain reads and discards a socket's messages (stdin: cells never ask for
// input).
func (s *server) drain(ctx context.Context, sock zmq4.Socket, name string) {
	for {
		if _, err := sock.Recv(); err != nil && s.recvFailed(ctx, name, err) {
			return
		}
	}
}

// loop reads one ROUTER socket and handles its requests in order, in a
// goroutine of their own: shell cells queue, and the control loop is apart
// so an interrupt gets through. After a cell fails, execute_requests
// already waiting are aborted (stop_on_error, as ipykernel does).
func (s *server) loop(ctx context.Context, sock zmq4.Socket, mu *sync.Mutex, name string) {
	ch := &channel{sock: sock, mu: mu, name: name}
	queue := make(chan *Message, 1024)
	go func() {
		// failedAt is when the last failing cell finished: an
		// execute_request the client sent before then was queued behind
		// it, even if it reaches the queue only now, and is aborted.
		var failedAt time.Time
		for msg := range queue {
			if msg.Header.MsgType == "execute_request" && sentBefore(msg, failedAt) {
				s.abort(ch, msg)
				continue
			}
			if s.handle(ctx, ch, msg) {
				failedAt = time.Now()
				s.abortWaiting(ch, queue)
			}
		}
	}()
	defer close(queue)
	for {
		raw, err := sock.Recv()
		if err != nil {
			if s.recvFailed(ctx, name, err) {
				return
			}
			continue
		}
		msg, err := s.sig.decode(raw.Frames)
		if err != nil {
			s.logf("%s: dropped a message: %v", name, err)
			continue
		}
		// An interrupt never waits behind the requests queued on its
		// channel (a cell sent on control waits for the shell's cell).
		if msg.Header.MsgType == "interrupt_request" {
			s.handle(ctx, ch, msg)
			continue
		}
		select {
		case queue <- msg:
		case <-ctx.Done():
			return
		}
	}
}

// abortWaiting answers the execute_requests already queued with status
// "aborted" and handles anything else as usual.
func (s *server) abortWaiting(ch *channel, queue chan *Message) {
	for {
		select {
		case msg, ok := <-queue:
			if !ok {
				return
			}
			if msg.Header.MsgType != "execute_request" {
				s.handle(context.Background(), ch, msg)
				continue
			}
			s.abort(ch, msg)
		default:
			return
		}
	}
}

// abort answers an execute_request with status "aborted", inside busy and idle.
func (s *server) abort(ch *channel, msg *Message) {
	s.publish(msg, "status", map[string]string{"execution_state": "busy"})
	s.mu.Lock()
	count := s.execCount
	s.mu.Unlock()
	s.reply(ch, msg, "execute_reply", map[string]any{"status": "aborted", "execution_count": count})
	s.publish(msg, "status", map[string]string{"execution_state": "idle"})
}

// sentBefore reports whether msg's header date (ISO 8601, when the client
// sent it) is before t. A message without a readable date was not.
func sentBefore(msg *Message, t time.Time) bool {
	if t.IsZero() {
		return false
	}
	sent, err := time.Parse(time.RFC3339Nano, msg.Header.Date)
	return err == nil && sent.Before(t)
}

// channel is a ROUTER socket replies go out on.
type channel struct {
	sock zmq4.Socket
	mu   *sync.Mutex
	name string
}

// reply sends a reply to req on ch.
func (s *server) reply(ch *channel, req *Message, msgType string, content any) {
	frames, err := s.sig.encode(s.session, msgType, req, req.Identities, content)
	if err != nil {
		s.logf("%s: %v", ch.name, err)
		return
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if err := ch.sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		s.logf("%s: sending %s: %v", ch.name, msgType, err)
	}
}

// publish sends a message on iopub, its parent the request (nil: none).
func (s *server) publish(parent *Message, msgType string, content any) {
	topic := []byte("kernel." + s.session + "." + msgType)
	frames, err := s.sig.encode(s.session, msgType, parent, [][]byte{topic}, content)
	if err != nil {
		s.logf("iopub: %v", err)
		return
	}
	s.iopubMu.Lock()
	defer s.iopubMu.Unlock()
	if err := s.iopub.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		s.logf("iopub: sending %s: %v", msgType, err)
	}
}

// interrupt cancels the running cell, if any.
func (s *server) interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancelCell != nil {
		s.cancelCell()
	}
}

func (s *server) quit() {
	s.once.Do(func() { close(s.shutdown) })
}

// watchParent quits when the parent process dies: the kernel is then
// reparented, and its parent id changes.
func (s *server) watchParent(ctx context.Context) {
	ppid := os.Getppid()
	t := time.NewTicker(parentPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if os.Getppid() != ppid {
				s.logf("parent process %d is gone: exiting", ppid)
				s.quit()
				return
			}
		}
	}
}

// nodeCeiling reads STEPVIZ_MAX_NODES: the most nodes a cell's maxnodes=
// may ask for and all the kernel's searches may hold ("" is the kernel's
// default).
func nodeCeiling(env string) (int, error) {
	if env == "" {
		return kernel.DefaultNodeCeiling, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(env))
	if err != nil || n < 1000 || n > stepper.MaxMaxNodes {
		return 0, fmt.Errorf("jupyter: STEPVIZ_MAX_NODES=%q: want a whole number of nodes from 1000 to %d (about 65 bytes each)", env, stepper.MaxMaxNodes)
	}
	return n, nil
}
