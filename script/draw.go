package script

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"sync/atomic"

	"go.starlark.net/starlark"
)

// Bounds of a picture draw(s) returns.
const (
	maxPictureSide   = 64  // rows and columns of a board
	maxPictureLabel  = 16  // bytes of a label
	maxPicturePoints = 500 // points of a map
	maxShown         = 1e5 // states remembered for drawing, per instance
	drawSteps        = 1e7 // the step budget of all draw calls of an instance
)

// shown maps a state's text (as Format writes it) back to its value, so
// that front ends, which hold only NodeInfo.State, can draw it. Filled by
// the searches of an instance whose script defines draw, up to maxShown.
type shown struct {
	m  sync.Map // string -> starlark.Value
	n  atomic.Int64
	mu sync.Mutex // serializes draw calls on sb
	sb *sandbox
}

func (sh *shown) remember(text string, v starlark.Value) {
	if sh.n.Load() >= maxShown {
		return
	}
	if _, loaded := sh.m.LoadOrStore(text, v); !loaded {
		sh.n.Add(1)
	}
}

// StartText is the start state as searches write it.
func (in *Instance) StartText() string { return in.startText }

// Draw returns the picture draw(s) makes of a state given as searches write
// it: rows of labels (a board) or labelled points (a map), exactly one of
// them non-nil. It fails when the script defines no draw, when the state was
// never reached by a search of this instance, or when draw fails or returns
// something else (docs/scripts.md, "Pictures"). Safe for concurrent use.
func (in *Instance) Draw(state string) (rows [][]string, points map[string][2]float64, err error) {
	if in.draw == nil {
		return nil, nil, fmt.Errorf("script %s defines no draw(s)", in.sc.Name)
	}
	v, ok := in.shown.m.Load(state)
	if !ok {
		return nil, nil, fmt.Errorf("script %s: state %q was not reached by a search", in.sc.Name, state)
	}
	in.shown.mu.Lock()
	defer in.shown.mu.Unlock()
	if in.shown.sb == nil {
		in.shown.sb = newSandbox(in.sc.Name, drawSteps)
	}
	pic, err := in.shown.sb.call(in.draw, v.(starlark.Value))
	if err != nil {
		return nil, nil, err
	}
	bad := func(why string) error {
		return &Error{Where: in.sc.Name, Pos: in.draw.Position().String(), Func: "draw(" + short(v.(starlark.Value)) + ")", Msg: why}
	}
	switch p := pic.(type) {
	case *starlark.List, starlark.Tuple:
		seq := p.(starlark.Indexable)
		if seq.Len() > maxPictureSide {
			return nil, nil, bad(fmt.Sprintf("a board of %d rows; at most %d", seq.Len(), maxPictureSide))
		}
		for i := 0; i < seq.Len(); i++ {
			row, ok := seq.Index(i).(starlark.Indexable)
			if _, isStr := seq.Index(i).(starlark.String); !ok || isStr {
				return nil, nil, bad(fmt.Sprintf("row %d is a %s; a board is a list of rows, each a list of labels", i, seq.Index(i).Type()))
			}
			if row.Len() > maxPictureSide {
				return nil, nil, bad(fmt.Sprintf("row %d has %d squares; at most %d", i, row.Len(), maxPictureSide))
			}
			var labels []string
			for j := 0; j < row.Len(); j++ {
				labels = append(labels, label(row.Index(j)))
			}
			rows = append(rows, labels)
		}
		return rows, nil, nil
	case *starlark.Dict:
		if p.Len() > maxPicturePoints {
			return nil, nil, bad(fmt.Sprintf("a map of %d points; at most %d", p.Len(), maxPicturePoints))
		}
		points = map[string][2]float64{}
		for _, it := range p.Items() {
			xy, ok := it[1].(starlark.Tuple)
			if !ok || len(xy) != 2 {
				return nil, nil, bad(fmt.Sprintf("point %s is at %s; give (x, y)", it[0], it[1]))
			}
			var c [2]float64
			for k := range c {
				f, ok := starlark.AsFloat(xy[k])
				if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
					return nil, nil, bad(fmt.Sprintf("point %s: %s is not a finite number", it[0], xy[k]))
				}
				c[k] = f
			}
			points[label(it[0])] = c
		}
		return nil, points, nil
	}
	return nil, nil, bad(returned(pic) + "; return a list of rows of labels or a dict of label: (x, y)")
}

// label writes a picture's label: a string as itself, anything else as
// Starlark writes it, cut to maxPictureLabel bytes.
func label(v starlark.Value) string {
	s := defaultFormat(v)
	if len(s) > maxPictureLabel {
		s = s[:maxPictureLabel]
	}
	return s
}

// PointNames lists a map's labels in a stable order.
func PointNames(points map[string][2]float64) []string {
	out := make([]string, 0, len(points))
	for k := range points {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
