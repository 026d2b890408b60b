package kernel

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"stepviz/internal/safefile"
	"stepviz/internal/usererr"

	"stepviz/stepper"
	"stepviz/viz/export"
)

// OpenTrace reads a JSON or JSONL trace (export.ReadTrace) and verifies it
// by replaying it in the engine (export.Trace.Replay). It returns the trace
// and the search at the trace's last step. allowFiles false refuses a trace
// whose problem line reads a file ("grid arena.map", "graph roads.txt")
// before anything is read, as a notebook that cannot read files must. The
// error is a [*CellError] without a line, its message as ReadTrace or
// Replay word it ("line 3, column 14, field version: ..."). The web
// notebook's Open and the replay command both use it. Cost: linear in the
// file plus a replay of its steps.
func OpenTrace(r io.Reader, allowFiles bool) (*export.Trace, *stepper.Search, error) {
	t, err := export.ReadTrace(r)
	if err != nil {
		return nil, nil, errorf("%s", usererr.Text(err))
	}
	if f := fileOf(t.Problem); f != "" && !allowFiles {
		return nil, nil, errorf("the trace's problem reads the file %s (%s), and this notebook cannot read files: open the trace in Jupyter beside that file, or with stepviz replay", f, t.Problem)
	}
	if allowFiles {
		t.Files = stepper.LocalFiles
	}
	sr, err := t.Replay()
	if err != nil {
		return nil, nil, errorf("the trace does not replay: %s", usererr.Text(err))
	}
	return t, sr, nil
}

// replay opens a trace file and makes it the current problem and search,
// at the trace's last step, as if its problem line, its search line and
// "step K" had been typed. An error changes nothing.
func (s *Session) replay(c Command, emit func(Output)) error {
	if !s.cfg.AllowFiles {
		return errorf("this notebook cannot read files (%s): open the trace with the toolbar's Open button, which turns it into cells that rebuild it, or replay it in Jupyter", c.File)
	}
	f, err := openRegular(c.File)
	if err != nil {
		return err
	}
	defer f.Close()
	t, sr, err := OpenTrace(f, true)
	if err != nil {
		return errorf("%s: %s", c.File, usererr.Text(err))
	}
	// The session's node cap applies as it does to a typed search line; a
	// trace that needs more nodes than the cap allows cannot be rebuilt.
	if o := s.capped(sr.Options()); o.String() != sr.Options().String() {
		capped, err := stepper.NewSearch(sr.Instance(), o)
		if err != nil {
			return errorf("%s: %v", c.File, err)
		}
		if capped.Seek(t.Steps); capped.StepCount() != t.Steps || capped.Status() != sr.Status() {
			return errorf("%s: the trace's %d steps need more nodes than this notebook's cap of %d", c.File, t.Steps, o.MaxNodes)
		}
		sr = capped
	}
	s.problem = sr.Instance()
	ls := s.addSearch(c.Name, sr)
	if t.Steps > 0 {
		ev := t.Events[t.Steps-1]
		ls.last = &ev
	}
	emit(textOutput("%s: replayed %s: %d steps, every event matches the engine\nproblem: %s\nsearch %s\nstatus after step %d: %s",
		ls.label(), c.File, t.Steps, t.Problem, t.Options, t.Steps, sr.Status()))
	emit(s.liveView(ls, false))
	return nil
}

// maxReplayBytes bounds a trace file replay reads: 256 MB of JSON is
// about a million steps, more than a notebook's node cap allows.
const maxReplayBytes = 256 << 20

// openRegular opens a file to read, refusing anything but a regular file
// (a device or a pipe could never finish reading).
func openRegular(name string) (*os.File, error) {
	fi, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		where := ""
		if wd, err := os.Getwd(); err == nil && !filepath.IsAbs(name) {
			where = " in " + wd
		}
		return nil, errorf("no trace file %s%s: write one with export json to %s, or stepviz trace -format json -o %s", name, where, name, name)
	}
	if err != nil {
		return nil, errorf("cannot read %s: %v", name, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, errorf("%s is not a regular file: replay reads a trace file written by export json or stepviz trace", name)
	}
	// Checked again on the open file, non-blocking, with its size bound:
	// the name may have changed since the Stat.
	f, err := safefile.Open(name, maxReplayBytes)
	if err != nil {
		return nil, errorf("cannot read %s: %v", name, unwrapPath(err))
	}
	return f, nil
}

// unwrapPath drops the operation and path of a *fs.PathError, which the
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
