package problems

import (
	"sort"
	"strings"
	"sync"

	"stepviz/stepper"
)

var (
	kindsMu sync.RWMutex
	kinds   = map[string]func(args []string, files stepper.Files) (stepper.Instance, error){}
)

// RegisterKind makes [Parse] accept problem lines that start with name
// (lower case), handing parse the words after it and the Files through
// which it reads any file they name. A package registers its
// kind from its init function; registering a name twice, or a built-in
// one, panics.
func RegisterKind(name string, parse func(args []string, files stepper.Files) (stepper.Instance, error)) {
	kindsMu.Lock()
	defer kindsMu.Unlock()
	if _, dup := kinds[name]; dup || builtinKind(name) {
		panic("problems: problem kind " + name + " registered twice")
	}
	kinds[name] = parse
}

func builtinKind(name string) bool { return name == "puzzle" || name == "grid" || name == "graph" }

func registeredKind(name string) (func([]string, stepper.Files) (stepper.Instance, error), bool) {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	p, ok := kinds[name]
	return p, ok
}

// kindNames lists every kind a problem line may start with.
func kindNames() []string {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	out := []string{"puzzle", "grid", "graph"}
	var extra []string
	for k := range kinds {
		extra = append(extra, k)
	}
	sort.Strings(extra)
	return append(out, extra...)
}

func kindList() string {
	k := kindNames()
	return strings.Join(k[:len(k)-1], ", ") + " or " + k[len(k)-1]
}
