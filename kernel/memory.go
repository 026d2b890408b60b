package kernel

import (
	"stepviz/internal/membudget"
	"stepviz/stepper"
)

// Per-node and per-state estimates the memory budget (Config.Memory) is
// reserved by. They are upper figures of what BenchmarkSearchBytesPerNode
// and BenchmarkCheckBytesPerState measure (docs/benchmarks.md), so a
// reservation is a search's or a check's worst case.
const (
	// NodeBytes is what one node of a notebook search holds.
	NodeBytes = 128
	// checkStateBytes is what one state explored by check holds.
	checkStateBytes = 512
	// defaultCheckStates is check's states when states= is not given.
	defaultCheckStates = 200_000
)

// reserveSearch reserves a new search's worst case (o.MaxNodes nodes) from
// the session's memory budget and lowers o.MaxNodes to what it got: at
// most half of what is free, so that one search never takes all of it,
// and at least minSearchNodes (else the search is refused). With no budget
// it reserves nothing. The reservation is the search's until replaced or
// Close.
func (s *Session) reserveSearch(o stepper.Options) (stepper.Options, *membudget.Reservation, error) {
	if s.cfg.Memory == nil {
		return o, nil, nil
	}
	least := int64(minSearchNodes * NodeBytes)
	most := min(int64(o.MaxNodes)*NodeBytes, max(least, s.cfg.Memory.Free()/2))
	r, err := s.cfg.Memory.ReserveUpTo("notebook searches", least, most)
	if err != nil {
		return o, nil, errorf("%v", err)
	}
	o.MaxNodes = int(min(int64(o.MaxNodes), r.Bytes()/NodeBytes))
	return o, r, nil
}

// reserveCheck reserves what check explores (states, or its default).
func (s *Session) reserveCheck(states int) (*membudget.Reservation, error) {
	if states <= 0 {
		states = defaultCheckStates
	}
	r, err := s.cfg.Memory.Reserve("notebook checks", int64(states)*checkStateBytes)
	if err != nil {
		return nil, errorf("%v", err)
	}
	return r, nil
}

// Close gives back the memory budget the session's searches hold; the
// session must not run cells afterwards. Without a budget it does nothing.
func (s *Session) Close() {
	for _, ls := range s.searches {
		ls.mem.Release()
	}
}
