package script

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.starlark.net/lib/math"
	"go.starlark.net/starlark"
)

// The sandbox's limits. A script has no I/O, no clock and no randomness:
// its builtins are Starlark's own (all deterministic), math, and a range
// and repetition bounded to maxSequence elements. Recursion and while
// loops are off, as in Bazel, so every call ends; these bounds make it end
// soon.
const (
	// LoadSteps bounds the execution steps of a script's top level.
	LoadSteps = 10_000_000
	// CallSteps bounds the steps of one call (is_goal, successors, h_NAME,
	// format).
	CallSteps = 1_000_000
	// SearchSteps bounds the steps of all the calls of one search.
	SearchSteps = 500_000_000
	// CallTime bounds the wall-clock time of one call, whatever it does:
	// a backstop for one builtin that runs long in a single step (a loop is
	// stopped by CallSteps in milliseconds). It is generous because wall
	// time is not CPU time: on a loaded machine, or under the race
	// detector, an ordinary call of a few microseconds can wait for a CPU,
	// and a 1 s limit cancelled a linear-conflict h that way in CI.
	CallTime = 5 * time.Second
	// CallHeap bounds what one call allocates: the bytes the Go runtime
	// allocates from the last watchdog tick before the call to now
	// (runtime.MemStats.TotalAlloc), never what the heap held
	// when it began, so garbage of earlier calls counts for nothing and a
	// call cannot add its own 256 MiB on top of another's. The count is
	// the process's, so it includes what other goroutines allocate at the
	// same time: only calls longer than two ticks (10 ms) are judged, and
	// an ordinary call allocates far less. The watchdog looks every 5 ms,
	// so one instruction already running may overshoot it.
	CallHeap = 256 << 20
)

// sandbox runs the calls of one search (or one load) on one thread: the
// thread counts the steps, so the per-search budget is the thread's.
// Not safe for concurrent use.
type sandbox struct {
	thread *starlark.Thread
	where  string // the file or cell, for errors: "jugs.star", "cell problem jugs"
	limit  uint64 // steps this thread may take in all
	// args holds a call's arguments for a Starlark function, which copies
	// them into its locals and keeps none (go.starlark.net's setArgs), so
	// that a call allocates no argument tuple. Cleared after each call.
	args [2]starlark.Value
	// twins are the script's functions' twins (specialise.go): a call of
	// one of these functions with a short string calls its twin instead.
	twins map[*starlark.Function]*starlark.Function
	// compiled are the twins compiled to closures (closure.go), by the
	// def: they run first, and the twin if they give up.
	compiled map[*starlark.Function]*closureFunc
	frame    cframe // the closures' frame, reused call after call
	watched
}

func newSandbox(where string, limit uint64) *sandbox {
	th := &starlark.Thread{Name: where, Print: func(*starlark.Thread, string) {}}
	th.Load = func(*starlark.Thread, string) (starlark.StringDict, error) {
		return nil, fmt.Errorf("load is not available: a script is one file")
	}
	sb := &sandbox{thread: th, where: where, limit: limit}
	sb.watched.th = th
	return sb
}

// predeclared are the names every script sees besides Starlark's universe.
func predeclared() starlark.StringDict {
	d := starlark.StringDict{
		cmpName:       starlark.NewBuiltin(cmpName, boundedCompare),
		keyName:       starlark.NewBuiltin(keyName, boundedKey),
		keyMethodName: starlark.NewBuiltin(keyMethodName, boundedKeyMethod),
	}
	for _, name := range compareBuiltins {
		d[name] = compareBuiltin(name)
	}
	for k, v := range (starlark.StringDict{
		"range":    starlark.NewBuiltin("range", boundedRange),
		mulName:    starlark.NewBuiltin("*", boundedMul),
		addName:    starlark.NewBuiltin("+", boundedAdd),
		addendName: starlark.NewBuiltin("+=", boundedAddend),
		modName:    starlark.NewBuiltin("%", boundedMod),
		methodName: starlark.NewBuiltin("method", boundedMethod),
		"str":      textBuiltin("str"),
		"repr":     textBuiltin("repr"),
		"print":    textBuiltin("print"),
		"fail":     textBuiltin("fail"),
		"math":     math.Module,
		"param":    starlark.NewBuiltin("param", paramBuiltin),
		"sum":      starlark.NewBuiltin("sum", sumBuiltin), // the prelude (prelude.go)
		shortName:  starlark.NewBuiltin(shortName, shortString),
		rangeName:  starlark.Universe["range"],
	}) {
		d[k] = v
	}
	return d
}

const paramsKey = "stepviz.params"

// paramBuiltin is param(name, default): the value name=value gave on the
// problem line, or default. It lets a script run with or without the
// parameter (a bare global name the line does not give is an error).
func paramBuiltin(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var name string
	var def starlark.Value
	if err := starlark.UnpackPositionalArgs("param", args, kwargs, 2, &name, &def); err != nil {
		return nil, err
	}
	params, _ := thread.Local(paramsKey).([]Param)
	for _, p := range params {
		if p.Name == name {
			return p.Value, nil
		}
	}
	return def, nil
}

// call calls fn under the per-call budget, the rest of the per-search
// budget and the watchdog. Its error names the file, the function, the
// line and carries the Starlark backtrace.
func (sb *sandbox) call(fn starlark.Value, args ...starlark.Value) (starlark.Value, error) {
	th := sb.thread
	th.Uncancel() // a watchdog's cancel that came as the last call returned
	used := th.ExecutionSteps()
	if used >= sb.limit {
		return nil, sb.fail(fn, args, sb.spent(nil))
	}
	callMax := min(used+CallSteps, sb.limit)
	th.SetMaxExecutionSteps(callMax)
	callee, tuple := fn, starlark.Tuple(nil)
	var compiled *closureFunc
	if f, ok := fn.(*starlark.Function); ok && len(args) <= len(sb.args) {
		tuple = sb.args[:copy(sb.args[:], args)]
		if tw := sb.twin(f, args); tw != nil {
			callee, compiled = tw, sb.compiled[f]
			th.Steps += twinTestSteps // the test the twin skips
		}
	} else {
		tuple = append(tuple, args...) // a builtin may keep its arguments
	}
	watch.begin(&sb.watched)
	var v starlark.Value
	var err error
	ran := false
	if compiled != nil {
		v, ran = compiled.run(&sb.frame, th, args[0], callMax, &sb.watched)
	}
	if !ran {
		v, err = starlark.Call(th, callee, tuple, nil)
	}
	reason := watch.end(&sb.watched)
	clear(sb.args[:])
	if err != nil {
		v = nil
		releaseAfter(reason)
		th.Uncancel()
		if reason == "" && th.ExecutionSteps() >= callMax {
			if callMax == sb.limit {
				return nil, sb.fail(fn, args, sb.spent(err))
			}
			reason = fmt.Sprintf("one call took more than %d Starlark steps (an endless or very long loop?)", CallSteps)
		}
		return nil, sb.fail(fn, args, withReason(err, reason))
	}
	return v, nil
}

// twin is f's twin if f has one and args is one string of at most
// maxStateText bytes, the twin's precondition; else nil.
func (sb *sandbox) twin(f *starlark.Function, args []starlark.Value) *starlark.Function {
	if len(args) != 1 || sb.twins == nil {
		return nil
	}
	if s, ok := args[0].(starlark.String); !ok || len(s) > maxStateText {
		return nil
	}
	return sb.twins[f]
}

// budgetError is a call stopped by a limit rather than by its own error.
// spent marks the search's whole budget spent, a limit of the work asked
// rather than a fault of the function that happened to be running.
type budgetError struct {
	reason string
	err    error
	spent  bool
}

// spent is the error of a call that found the search's budget spent (err,
// the call's own error, may be nil).
func (sb *sandbox) spent(err error) error {
	return &budgetError{reason: fmt.Sprintf("the search's budget of %d Starlark steps is spent", sb.limit), err: err, spent: true}
}

func (e *budgetError) Error() string { return e.reason }
func (e *budgetError) Unwrap() error { return e.err }

func withReason(err error, reason string) error {
	if reason == "" {
		return err
	}
	return &budgetError{reason: reason, err: err}
}

// Error is a script's failure: where (file or cell, line, function) and
// what, with the Starlark backtrace.
type Error struct {
	Where     string // "jugs.star" or "cell problem jugs"
	Func      string // the function called ("successors"), "" for the top level
	Pos       string // "jugs.star:12:9", the innermost position in the script, if known
	Msg       string
	Backtrace string
	spent     bool
}

// BudgetSpent reports whether the script stopped because the search's
// budget of Starlark steps was spent rather than for a fault of its own:
// exploring a state space then ends where it got to (stepper.ExploreStates).
func (e *Error) BudgetSpent() bool { return e.spent }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("script ")
	if e.Pos != "" {
		b.WriteString(e.Pos)
	} else {
		b.WriteString(e.Where)
	}
	if e.Func != "" {
		fmt.Fprintf(&b, ": in %s", e.Func)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Backtrace != "" {
		b.WriteString("\n")
		b.WriteString(strings.TrimRight(e.Backtrace, "\n"))
	}
	return b.String()
}

// fail turns the error of calling fn into an *Error.
func (sb *sandbox) fail(fn starlark.Value, args []starlark.Value, err error) error {
	e := &Error{Where: sb.where, Msg: err.Error()}
	var be *budgetError
	e.spent = errors.As(err, &be) && be.spent
	if f, ok := fn.(*starlark.Function); ok {
		e.Func = f.Name() + "(" + argText(args) + ")"
		e.Pos = f.Position().String()
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		// the innermost frame in the script is where it went wrong
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			if pos := ee.CallStack[i].Pos; pos.IsValid() && pos.Filename() == sb.where {
				e.Pos = pos.String()
				break
			}
		}
		if !errors.As(err, &be) {
			e.Msg = ee.Msg
		}
		e.Backtrace = backtrace(ee.CallStack, e.Msg)
	}
	return e
}

// backtrace writes the script's frames of a call stack, outermost first,
// then msg, as Starlark's EvalError.Backtrace does, but in the script's
// words only: the builtins' frames (the sandbox's hidden ones among them)
// are left out, and the error is msg, the sandbox's reason for a stop. It
// is "" when the script has one frame: the error's first line already
// names that function and line.
func backtrace(stack starlark.CallStack, msg string) string {
	var b strings.Builder
	b.WriteString("Traceback (most recent call last):\n")
	frames := 0
	for _, fr := range stack {
		if fr.Pos.IsValid() && fr.Pos.Line > 0 {
			fmt.Fprintf(&b, "  %s: in %s\n", fr.Pos, fr.Name)
			frames++
		}
	}
	if frames < 2 {
		return ""
	}
	b.WriteString("Error: ")
	b.WriteString(msg)
	return b.String()
}

// argText writes the arguments of a failed call, each cut to 60 bytes.
func argText(args []starlark.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		s := boundedText(a, 60)
		if len(s) > 60 {
			s = s[:57] + "..."
		}
		parts[i] = s
	}
	return strings.Join(parts, ", ")
}

// watchdog cancels a call that runs longer than CallTime or allocates
// more than CallHeap: limits that a step count misses (a builtin such as
// sorted runs many operations in one step). One goroutine serves every
// sandbox; it runs only while some call is in progress. A call costs two
// atomic stores and a clock read: no lock, no allocation.
type watchdog struct {
	allocs atomic.Uint64 // bytes allocated by the process at the last tick: a new call's baseline
	active atomic.Int64  // calls in progress
	mu     sync.Mutex
	boxes  []*watched // every sandbox that ever called, until it is idle at a tick
	on     bool       // the goroutine runs
}

// watched is a sandbox's slot: the call in progress, if any. mu orders
// the watchdog's cancel against the end of the call it judged, so a cancel
// meant for one call never lands on the next call of the same thread.
type watched struct {
	mu     sync.Mutex
	th     *starlark.Thread
	start  atomic.Int64  // UnixNano when the call began, 0 when idle
	allocs atomic.Uint64 // the process's allocated bytes at the tick before the call began
	reason atomic.Pointer[string]
	listed atomic.Bool // in watchdog.boxes
}

var watch = &watchdog{}

func (w *watchdog) begin(c *watched) {
	c.reason.Store(nil)
	c.allocs.Store(w.allocs.Load())
	c.start.Store(time.Now().UnixNano())
	if w.active.Add(1) == 1 || !c.listed.Load() {
		w.mu.Lock()
		if !c.listed.Load() {
			c.listed.Store(true)
			w.boxes = append(w.boxes, c)
		}
		if !w.on {
			w.on = true
			w.allocs.Store(allocatedBytes())
			c.allocs.Store(w.allocs.Load())
			go w.loop()
		}
		w.mu.Unlock()
	}
}

// end marks the call over and returns why the watchdog cancelled it, if it did.
func (w *watchdog) end(c *watched) string {
	c.mu.Lock()
	c.start.Store(0)
	c.mu.Unlock()
	w.active.Add(-1)
	if r := c.reason.Load(); r != nil {
		return *r
	}
	return ""
}

const watchTick = 5 * time.Millisecond

// memoryReason is the refusal of a call over CallHeap.
const memoryReason = "one call allocated more than %d MiB"

// releaseAfter returns to the system, at most once a second, the memory a
// call refused for allocating too much leaves behind (a full collection
// and debug.FreeOSMemory), so refused scripts posted again and again do
// not leave the process ever bigger. Other reasons do nothing.
func releaseAfter(reason string) {
	if !strings.HasPrefix(reason, memoryReason[:20]) {
		return
	}
	now := time.Now().UnixNano()
	last := lastRelease.Load()
	if now-last < int64(time.Second) || !lastRelease.CompareAndSwap(last, now) {
		return
	}
	debug.FreeOSMemory()
}

var lastRelease atomic.Int64

// allocatedBytes is the bytes the process has allocated on the heap since
// it started (a counter that only grows; freeing does not lower it).
// runtime.ReadMemStats stops the world for a moment, which the watchdog's
// tick affords; runtime/metrics would not, but its package builds its
// table of every metric at start-up, in every command, scripts or none.
func allocatedBytes() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

func (w *watchdog) loop() {
	for {
		time.Sleep(watchTick)
		allocs := allocatedBytes()
		w.allocs.Store(allocs)
		now := time.Now().UnixNano()
		w.mu.Lock()
		kept := w.boxes[:0]
		for _, c := range w.boxes {
			start := c.start.Load()
			if start == 0 {
				c.listed.Store(false) // idle: it lists itself again on its next call
				continue
			}
			kept = append(kept, c)
			if c.reason.Load() != nil {
				continue
			}
			var reason string
			switch {
			case time.Duration(now-start) > CallTime:
				reason = fmt.Sprintf("one call ran longer than %s", CallTime)
			case time.Duration(now-start) > 2*watchTick && allocs > c.allocs.Load()+CallHeap:
				// only a long call: the count is the process's, and a
				// short call cannot have allocated much
				reason = fmt.Sprintf(memoryReason, CallHeap>>20)
			}
			if reason != "" {
				c.mu.Lock()
				if c.start.Load() == start { // still the call judged above
					c.reason.Store(&reason)
					c.th.Cancel(reason)
				}
				c.mu.Unlock()
			}
		}
		clear(w.boxes[len(kept):])
		w.boxes = kept
		if len(kept) == 0 && w.active.Load() == 0 {
			w.on = false
			w.mu.Unlock()
			return
		}
		w.mu.Unlock()
	}
}
