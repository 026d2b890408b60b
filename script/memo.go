package script

import (
	"fmt"
	"math"
	"sync"

	"go.starlark.net/starlark"

	"stepviz/stepper"
)

// memoStates bounds the states an Instance's shared memo takes on: a
// search that starts when it holds more keeps a memo of its own (as large
// as that search makes it, freed with the search). A variable so that a
// test can lower it.
var memoStates = 1 << 20

// memo is what a script answered, per state: the states interned as int32
// ids (the start is id 0), their successors, goal tests, heuristic values
// and texts, and the action names seen. A script is deterministic and
// hermetic (no I/O, clock or randomness; every value it returns is frozen
// here), so an answer once given holds for every later search: an
// Instance's searches share one memo (Instance.memo), and a search, a
// replay of its steps or a later search of the same instance never calls
// the script twice for one question. Owner: the Instance, which frees it
// with itself; quota: memoStates at the start of a search (newSpace).
// Safe for concurrent use: mu guards every field, held during the call
// that fills an entry, so two searches never ask the script the same
// thing at once.
type memo struct {
	mu      sync.Mutex
	ids     *starlark.Dict   // state (other than a string) -> starlark.Int id
	strIDs  map[string]int32 // a string state -> id: a Go map hashes a string faster than a Dict
	states  []starlark.Value
	succ    [][]stepper.Successor[int32] // nil: not asked yet
	goal    []int8                       // 0 not asked, 1 no, 2 yes
	hcache  [][]float64                  // per heuristic, NaN: not asked
	formats map[int32]string
	actions map[string]int
	anames  []string
}

// newMemo makes a memo for a script with nh heuristics, holding start as
// id 0.
func newMemo(start starlark.Value, nh int) *memo {
	m := &memo{ids: starlark.NewDict(64), strIDs: map[string]int32{}, formats: map[int32]string{}, actions: map[string]int{}, hcache: make([][]float64, nh)}
	m.intern(start)
	return m
}

// size is the number of states held.
func (m *memo) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.states)
}

// intern returns v's id, adding it (frozen) if it is new. m.mu held.
// O(1) amortized plus v's hash.
func (m *memo) intern(v starlark.Value) (int32, error) {
	if textSize(v, maxStateText) > maxStateText {
		return 0, fmt.Errorf("a state of more than %d characters as text; keep states small (a tuple of numbers or short strings)", maxStateText)
	}
	str, isStr := v.(starlark.String)
	if isStr {
		if id, found := m.strIDs[string(str)]; found {
			return id, nil
		}
	} else {
		got, found, err := m.ids.Get(v)
		if err != nil {
			return 0, err
		}
		if found {
			id, _ := got.(starlark.Int).Int64()
			return int32(id), nil
		}
	}
	if len(m.states) >= math.MaxInt32 {
		return 0, fmt.Errorf("more than %d states", math.MaxInt32)
	}
	v.Freeze()
	id := int32(len(m.states))
	if isStr {
		m.strIDs[string(str)] = id
	} else if err := m.ids.SetKey(v, starlark.MakeInt(int(id))); err != nil {
		return 0, err
	}
	m.states = append(m.states, v)
	m.succ = append(m.succ, nil)
	m.goal = append(m.goal, 0)
	for i := range m.hcache {
		m.hcache[i] = append(m.hcache[i], math.NaN())
	}
	return id, nil
}

// action returns the code of action name a, adding it if it is new. m.mu
// held.
func (m *memo) action(a string) (int, bool) {
	code, ok := m.actions[a]
	if ok {
		return code, true
	}
	if len(m.anames) > stepper.MaxAction {
		return 0, false
	}
	code = len(m.anames)
	m.actions[a] = code
	m.anames = append(m.anames, a)
	return code, true
}
