package wire

import (
	"encoding/base64"

	"stepviz/stepper"
)

// The messages a viewer is sent to follow a search (docs/protocol.md):
// the lecture server sends them over its websocket, and the standalone
// HTML replay embeds the same frames. Both are decoded by one model,
// static/model.js.
const (
	MsgHello = "hello" // once, first: who you are and what is searched
	MsgState = "state" // every node's compact record at a step (join, behind); binary
	MsgMove  = "move"  // to another step: only the records that differ; binary
	MsgStep  = "step"  // one step forward: the engine's event and its nodes' records

	ReasonJoin = "join" // a state that is a viewer's first after hello

	// HeadSize is how many open nodes, in pop order, every step, move and
	// state carries.
	HeadSize = 64
)

// Hello is the first message on every connection.
type Hello struct {
	Type     string      `json:"type"`
	Session  string      `json:"session"`
	Role     string      `json:"role"`
	Problem  ProblemInfo `json:"problem"`
	MaxNodes int         `json:"maxNodes"`
	// Legend is how each node status is drawn (the drawing's StatusLegend), so the
	// live drawing matches the server's first paint.
	Legend []LegendEntry `json:"legend"`
}

// Sizes is the open and closed list sizes after one step, for the chart.
type Sizes [2]int

// View is the part of a state or move message that is JSON: where the
// client now stands and what it shows. The node records follow in the
// binary frame (Frame).
type View struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	// Live is the session's live step; Step is the step shown (they differ
	// only for view answers and for clients exploring).
	Live     int              `json:"live"`
	ID       int              `json:"id,omitempty"`
	Step     int              `json:"step"`
	Status   stepper.Status   `json:"status"`
	Counters stepper.Counters `json:"counters"`
	// NodeEnd is how many nodes exist at Step: ids 0..NodeEnd-1.
	NodeEnd int `json:"nodeEnd"`
	// IterStart is the first id of the iteration shown (IDS, IDA*): ids
	// below it are earlier iterations' nodes. 0 for other searches.
	IterStart int `json:"iterStart"`
	// Costs is the table the records' g refer to (Encoder).
	Costs []float64 `json:"costs"`
	// Held says that the records are every node the search holds at Step
	// and no other (the depth-first family in bounded mode, HeldIDs): the
	// client drops every record it had, and the ids below NodeEnd not
	// sent are dropped nodes. Unset, the records are the ones that differ
	// from what the client holds.
	Held bool `json:"held,omitempty"`
	// Earlier, with Held set, lists the iterations before the one shown,
	// which the client no longer holds the nodes of (EarlierIterations).
	Earlier []EarlierIteration `json:"earlier,omitempty"`
	// Head is the first open nodes in pop order (at most HeadSize).
	Head []int `json:"head"`
	// HeadKeys are the head's nodes' sort keys, in its order (HeadKeys).
	HeadKeys []HeadKey `json:"headKeys"`
	// Path is the solution's node ids from the root, once solved.
	Path []int `json:"path,omitempty"`
	// Narration describes the step that led here ("" at step 0).
	Narration string `json:"narration"`
	// Last is the event of the step that led here, if any.
	Last *stepper.Event `json:"last,omitempty"`
	// History is the open and closed sizes after steps 0..Step, for the
	// chart (sampled down; HistoryStride says how many steps one point
	// stands for).
	History       []Sizes `json:"history"`
	HistoryStride int     `json:"historyStride"`
	Playing       bool    `json:"playing"`
	Speed         float64 `json:"speed"`
	Followers     int     `json:"followers"`
}

// StepMsg is one step forward. Its size depends on the expanded node's
// children and ties (at most stepper.MaxTies), never on the open list.
type StepMsg struct {
	Type      string        `json:"type"`
	Event     stepper.Event `json:"event"`
	Narration string        `json:"narration"`
	// Keys are the sort keys of the children left on the open list, by
	// child index (null for children that are not open), so a client can
	// insert them into its own sorted open list.
	Keys    []*stepper.Key `json:"keys"`
	Playing bool           `json:"playing"`
	// Recs are the compact records (Encoder, base64) of the expanded
	// node and of every child that has an id, as at this step; Costs is
	// their g table.
	Recs  string    `json:"recs"`
	Costs []float64 `json:"costs"`
	// Held says that Recs are every node the search holds after the step
	// and no other, as View.Held: the client drops every other record.
	Held bool `json:"held,omitempty"`
	// Earlier is as View.Earlier, after the step.
	Earlier []EarlierIteration `json:"earlier,omitempty"`
	// NodeEnd is how many nodes exist after the step; Head the first open
	// nodes in pop order.
	NodeEnd int   `json:"nodeEnd"`
	Head    []int `json:"head"`
	// HeadKeys are the keys of the head's nodes a client that held the
	// previous head's keys lacks, by id; with Keys, the client holds every
	// head node's key after the step. The lecture server fills them in (it
	// knows what each client holds); without them the page orders by the
	// family description's key rule.
	HeadKeys map[int]HeadKey `json:"headKeys,omitempty"`
	// IterStart is the first id of the iteration after the step (View).
	IterStart int `json:"iterStart"`
}

// EarlierIteration is one iteration of ids or idastar before the one
// shown, as the page's family strip lists it: its number, the nodes it
// made, and its last step (where its button seeks).
type EarlierIteration struct {
	Iteration int `json:"iteration"`
	Nodes     int `json:"nodes"`
	LastStep  int `json:"lastStep"`
}

// EarlierIterations lists the iterations of s before the one shown at
// step k, from the engine's table (stepper.Search.Iterations): what a
// client that holds only the nodes held cannot count from its records.
// Nil for a search without iterations. O(iterations).
func EarlierIterations(s *stepper.Search, k int) []EarlierIteration {
	its := s.Iterations(k)
	var out []EarlierIteration
	for i := 0; i+1 < len(its); i++ {
		out = append(out, EarlierIteration{Iteration: its[i].Number, Nodes: its[i+1].FirstID - its[i].FirstID, LastStep: max(0, its[i+1].FirstStep-1)})
	}
	return out
}

// iterStarter is the engine's IterStart, read through an interface so a
// search without iterations costs nothing.
type iterStarter interface{ IterStart(k int) int }

// IterStart is the first id of the iteration shown at step k of s.
func IterStart(s *stepper.Search, k int) int {
	if it, ok := any(s).(iterStarter); ok {
		return it.IterStart(k)
	}
	return 0
}

// NewStep is the message of step ev, which s has just taken: the event,
// its narration, the sort keys of the children it left open, and the
// records (read from src, s at this step) of every node the step touched:
// the expanded node, its children, and the nodes its mods changed (RBFS's
// backups and forgotten subtrees, a new iteration's restatements). Cost:
// O(children + mods + HeadSize).
func NewStep(s *stepper.Search, ev stepper.Event, src RecordSource, f Format, narration string) StepMsg {
	o := s.Options()
	m := StepMsg{Type: MsgStep, Event: ev, Narration: narration, Keys: make([]*stepper.Key, len(ev.Children))}
	for i := range ev.Children {
		if ev.Children[i].Status == stepper.NodeOpen {
			k := stepper.OpenKey(o, ev.Children[i].NodeInfo)
			m.Keys[i] = &k
		}
	}
	ids, held := RecordIDs(s, ev)
	enc := NewEncoder(src, f)
	enc.AddIDs(ids)
	m.Recs, m.Costs, m.Held = base64.StdEncoding.EncodeToString(enc.buf), enc.costs, held
	if held {
		m.Earlier = EarlierIterations(s, ev.Step)
	}
	m.NodeEnd = s.NodeEnd(ev.Step)
	m.Head = s.OpenHead(HeadSize, []int{})
	m.IterStart = IterStart(s, ev.Step)
	return m
}

// RecordIDs are the ids whose records the message of step ev of s
// carries: every node s holds, with true, when s holds only its path and
// pending siblings (HeldIDs: the client drops the rest), else StepIDs.
// O(children + mods), or O(the nodes held).
func RecordIDs(s *stepper.Search, ev stepper.Event) ([]int, bool) {
	if ids, ok := s.HeldIDs(nil); ok {
		return ids, true
	}
	return StepIDs(s, ev), false
}

// StepIDs are the ids of the nodes step ev of s touched: the expanded
// node, its children that have an id, and the nodes its mods changed.
// O(children + mods).
func StepIDs(s *stepper.Search, ev stepper.Event) []int {
	ids := []int{ev.Expanded.ID}
	for i := range ev.Children {
		if ev.Children[i].ID >= 0 {
			ids = append(ids, ev.Children[i].ID)
		}
	}
	return s.ModdedIn(ev.Step-1, ev.Step, ids)
}

// NewView is the header of a state or move of type typ showing search s
// at its step, whose records' g refer to costs: the search's own fields.
// The sender fills in what is its own (Live, ID, History, play state,
// audience). last is the event that led to the step (nil at step 0) and
// narration its narration. Cost: O(HeadSize + path).
func NewView(s *stepper.Search, typ, reason string, costs []float64, last *stepper.Event, narration string) View {
	step := s.StepCount()
	v := View{Type: typ, Reason: reason, Step: step, Status: s.Status(), Counters: s.Counters(), NodeEnd: s.NodeEnd(step),
		IterStart: IterStart(s, step), Costs: costs, Head: s.OpenHead(HeadSize, []int{}), Path: s.Path(), Last: last}
	v.HeadKeys = HeadKeys(s, v.Head)
	if v.Costs == nil {
		v.Costs = []float64{}
	}
	if last != nil {
		v.Narration = narration
	}
	return v
}
