package stepper

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"stepviz/internal/usererr"
)

// Status is where a search stands.
type Status string

// The statuses.
const (
	Running      Status = "running"
	Solved       Status = "solved"
	NoSolution   Status = "no solution"
	LimitReached Status = "limit reached"
	// Cutoff is AIMA's cutoff: the search found no goal within its depth
	// limit, but some node at the limit was not expanded, so a deeper
	// search might find one (depth-limited search, dfs depth=L).
	Cutoff Status = "cutoff"
)

// Done reports whether the search can take no further step.
func (s Status) Done() bool { return s != Running }

// NodeStatus is where a node of the search tree stands. It is a small
// code, so that an event's records hold no pointer for it; String,
// MarshalText and UnmarshalText spell it as the words below, so JSON
// writes and reads it as that string. The zero value is the empty status
// (""), which no node of a search has.
type NodeStatus uint8

// The node statuses.
const (
	NodeOpen      NodeStatus = iota + 1 // "open": on the frontier
	NodeClosed                          // "closed": expanded
	NodeDiscarded                       // "discarded": generated but not added (a duplicate, or past the depth limit)
	NodeGoal                            // "goal": the goal found (on generation or on selection)
	NodeCutoff                          // "cutoff": not expanded: at the depth limit, or f over the IDA* threshold
	NodeForgotten                       // "forgotten": RBFS: in a subtree dropped on unwinding (its best f backed up to its root)
	// NodeDropped ("dropped") is a node of an earlier iteration of ids or
	// idastar that a search with Options.Forget no longer holds: Node
	// tells its id only.
	NodeDropped
)

// nodeStatusNames are the words of the node statuses, by code.
var nodeStatusNames = [...]string{"", "open", "closed", "discarded", "goal", "cutoff", "forgotten", "dropped"}

// String is the status's word ("open", "closed", ...). O(1), no allocation.
func (s NodeStatus) String() string { return codeName(nodeStatusNames[:], uint8(s)) }

// MarshalText writes the status's word.
func (s NodeStatus) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status's word; any other word is an error.
func (s *NodeStatus) UnmarshalText(b []byte) error {
	c, err := codeOf(nodeStatusNames[:], b, "node status")
	*s = NodeStatus(c)
	return err
}

// Fate says what became of a generated child. Like [NodeStatus] it is a
// small code that String, MarshalText and UnmarshalText spell as its word.
type Fate uint8

// The fates.
const (
	FateAdded        Fate = iota + 1 // "added": a new node, now open
	FateClosed                       // "ignored-closed": its state was already expanded
	FateOpen                         // "ignored-open": its state is open with a g as good or better (or open=ignore)
	FateReparented                   // "reparented": cheaper path to an open node: new parent and g (OldG, OldParent)
	FateReopened                     // "reopened": cheaper path to a closed node, moved back to open
	FateGoal                         // "goal": the goal, found on generation
	FateDepthLimited                 // "depth-limit": deeper than Options.Depth (traces made before cutoff semantics)
	FateCutoff                       // "cutoff": f over the IDA* threshold: generated, not added (see Event.Deepening)
)

// fateNames are the words of the fates, by code.
var fateNames = [...]string{"", "added", "ignored-closed", "ignored-open", "reparented", "reopened", "goal", "depth-limit", "cutoff"}

// String is the fate's word ("added", "ignored-closed", ...). O(1), no
// allocation.
func (f Fate) String() string { return codeName(fateNames[:], uint8(f)) }

// MarshalText writes the fate's word.
func (f Fate) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a fate's word; any other word is an error.
func (f *Fate) UnmarshalText(b []byte) error {
	c, err := codeOf(fateNames[:], b, "fate")
	*f = Fate(c)
	return err
}

// Direction is the side of a bidirectional search a node or a step
// belongs to. Like [NodeStatus] it is a small code that String,
// MarshalText and UnmarshalText spell as its word; the zero value is no
// side (""), as in every search that is not bidirectional.
type Direction uint8

// The directions.
const (
	Forward  Direction = iota + 1 // "forward": from the start
	Backward                      // "backward": from the goal
)

// directionNames are the words of the directions, by code.
var directionNames = [...]string{"", "forward", "backward"}

// String is the direction's word ("forward", "backward", "" for none).
// O(1), no allocation.
func (d Direction) String() string { return codeName(directionNames[:], uint8(d)) }

// MarshalText writes the direction's word.
func (d Direction) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a direction's word, or "" for none; any other word
// is an error.
func (d *Direction) UnmarshalText(b []byte) error {
	c, err := codeOf(directionNames[:], b, "direction")
	*d = Direction(c)
	return err
}

// codeName is names[c], or a placeholder for a code out of range (a
// value made by a conversion, never by the search).
func codeName(names []string, c uint8) string {
	if int(c) < len(names) {
		return names[c]
	}
	return fmt.Sprintf("code %d", c)
}

// codeOf is the code whose name is b. O(len(names)), no allocation.
func codeOf(names []string, b []byte, what string) (uint8, error) {
	for i, n := range names {
		if n == string(b) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q: it is one of %s", what, b, strings.Join(names[1:], ", "))
}

// NodeInfo is one node of the search tree as front ends show it.
//
// It is at most 112 bytes on a 64-bit machine, and a test fails if a
// field makes it larger: an event holds one per child generated and a
// snapshot one per node listed. Its small fields (Status and Dir) share
// one word, and its state is one interface word ([Text]).
type NodeInfo struct {
	ID int `json:"id"`
	// State is the node's state as the problem writes it; an event's is
	// written only when asked (see Text).
	State  Text       `json:"state"`
	Parent int        `json:"parent"` // -1 for the root
	Action string     `json:"action,omitempty"`
	G      float64    `json:"g"`
	H      float64    `json:"h"`
	F      float64    `json:"f"` // the priority the search orders by (g+h for A*, h for greedy, g for UCS, depth for BFS/DFS)
	Depth  int        `json:"depth"`
	Status NodeStatus `json:"status"`
	// Dir is the side of a bidirectional search the node is on, none in
	// every other search (and then omitted from JSON).
	Dir Direction `json:"dir,omitempty"`
	// HFailed says that the heuristic failed on this node's state (it
	// raised an error or returned a bad value; [Search.Err] says how): H is
	// then no estimate, only the 0 the search keyed the node by, and F
	// follows from it. At most one node of a search has it, the one whose
	// estimate ended the search with status [Failed]; omitted from JSON
	// when false.
	HFailed bool `json:"hFailed,omitempty"`
	// Order is the 1-based expansion step of a closed node, 0 otherwise.
	Order int `json:"order,omitempty"`
	// Seq is the insertion number that breaks every remaining tie.
	Seq int `json:"seq"`
	// Step is the step that generated the node (0 for the root).
	Step int `json:"step"`
}

// Child is one child generated by a step and what became of it. For
// FateReparented and FateReopened the node is the existing one, with its new
// g and parent; every other fate is a node created by this step.
//
// It is at most 144 bytes on a 64-bit machine (a test fails if a field
// makes it larger): a step's event holds one per child generated.
type Child struct {
	NodeInfo
	Fate Fate    `json:"fate"`
	OldG float64 `json:"oldG,omitempty"`
	// OldParent is the parent before a re-parenting or reopening, -1 for
	// every other fate. It is always written: 0 is the root.
	OldParent int `json:"oldParent"`
	// ExistingID is the open or closed node with the same state, for the
	// ignored fates; -1 for every other fate and in a tree search. It is
	// always written: 0 is the root.
	ExistingID int `json:"existing"`
}

// Key is a node's full sort key on the frontier: smaller sorts first.
type Key struct {
	Priority float64 `json:"priority"`
	Tie      float64 `json:"tie"` // the tie rule's key (-g for high-g, h for low-h, 0 otherwise)
	Seq      int     `json:"seq"` // the insertion number (descending order for lifo)
}

// Counters are the instrumentation of a search so far.
type Counters struct {
	Steps      int `json:"steps"`      // nodes selected from the frontier
	Expanded   int `json:"expanded"`   // nodes whose successors were generated
	Generated  int `json:"generated"`  // successors generated, duplicates included
	Duplicates int `json:"duplicates"` // generated children ignored as open or closed
	Reparented int `json:"reparented"` // re-parentings and reopenings
	MaxOpen    int `json:"maxOpen"`    // the largest the frontier has been
	Open       int `json:"open"`
	Closed     int `json:"closed"`
	Nodes      int `json:"nodes"` // nodes in the tree
	// Cutoffs counts the nodes not expanded because of a depth limit or an
	// IDA* threshold (NodeCutoff, FateCutoff).
	Cutoffs int `json:"cutoffs,omitempty"`
	// Pruned counts the nodes beam search dropped from its frontier.
	Pruned int `json:"pruned,omitempty"`
}

// Event is everything one call of [Search.Step] did. It is complete on its
// own: no diff against an earlier snapshot is needed to narrate the step.
// It carries ids and numbers; its texts (the nodes' states, the tie
// reason) are [Text]s that the best-first searches write only when read,
// from values the event keeps, so an event held while the search moves on
// still says the same. Its slices are the caller's: appending to them or
// writing their elements changes no other event.
type Event struct {
	Step int `json:"step"`
	// Expanded is the node selected from the frontier, after the step
	// (closed, or goal if the goal test on expansion succeeded, in which case
	// it has no children).
	Expanded NodeInfo `json:"expanded"`
	Key      Key      `json:"key"`
	// Ties are the open nodes that had the same priority as Expanded when it
	// was selected, in pop order (the first MaxTies of them; TieCount in
	// all, counted up to MaxTieCount); TieReason says why Expanded won.
	Ties      []int    `json:"ties,omitempty"`
	TieCount  int      `json:"tieCount,omitempty"`
	TieReason Text     `json:"tieReason,omitzero"`
	Children  []Child  `json:"children"`
	Status    Status   `json:"status"`
	Counters  Counters `json:"counters"`
	// Path is the solution, from the root, once Status is Solved.
	Path []int `json:"path,omitempty"`
	// Deepening is set for the depth-first iterative family (ids,
	// idastar, rbfs): the iteration, its limit or threshold, the current
	// path and RBFS's f-limits and backed-up values.
	Deepening *Deepening `json:"deepening,omitempty"`
	// Bidirectional is set for bibfs, biucs and biastar.
	Bidirectional *Bidirectional `json:"bidirectional,omitempty"`
	// Beam is set for beam search: its width and what the step pruned.
	Beam *BeamStep `json:"beam,omitempty"`
}

// Bidirectional is where a bidirectional search stands: the side the step
// expanded, μ (the cheapest start-to-goal path found so far, null: none)
// with its meeting nodes (the same state, one per side), the smallest key
// of each open list, ε (the stopping rule's lower bound on every move's
// cost: 1 for bibfs, the problem's least step cost for biucs, 0 when the
// problem does not say; docs/bidirectional.md) and the stopping rule.
type Bidirectional struct {
	Direction    Direction `json:"direction,omitempty"`
	Mu           Bound     `json:"mu"`
	PathCost     Bound     `json:"pathCost"` // the cost of μ's path (bibfs orders by depth, so μ counts moves)
	MeetForward  int       `json:"meetForward"`
	MeetBackward int       `json:"meetBackward"`
	TopForward   Bound     `json:"topForward"`
	TopBackward  Bound     `json:"topBackward"`
	Epsilon      Bound     `json:"epsilon"`
	Rule         string    `json:"rule"`
}

// Deepening is where a depth-first iterative search stands. Its ids are
// the search's node ids, those of the current iteration's tree.
type Deepening struct {
	// Iteration is 1-based; Began says that this step began it (a new
	// root was made and selected; the earlier iterations' nodes keep
	// their ids, below Snapshot.IterStart).
	Iteration int  `json:"iteration"`
	Began     bool `json:"began,omitempty"`
	// Limit is the depth limit of the iteration (ids): a node at this
	// depth is goal-tested but not expanded.
	Limit *int `json:"limit,omitempty"`
	// Threshold is IDA*'s f bound for the iteration; NextThreshold is the
	// least f that exceeded it so far (null: none yet), the next
	// iteration's threshold.
	Threshold     *Bound `json:"threshold,omitempty"`
	NextThreshold *Bound `json:"nextThreshold,omitempty"`
	// Current is the path from the root to the node selected (ids).
	Current []int `json:"current"`
	// FLimits are RBFS's f-limits of the nodes on Current, one each, root
	// first (null: ∞): the f_limit each was visited under (AIMA Fig.
	// 3.26), the step's node included, also when the step unwound its
	// frame or selected the goal. Backups are the subtrees forgotten by
	// this step, each with the f backed up to its root; NextNode and
	// NextLimit the node the next step selects and its f-limit.
	FLimits []Bound `json:"fLimits,omitempty"`
	// FLimit and SelectedF are RBFS's f-limit and f of the node this step
	// expanded, as it was selected: the step may back a larger f up to it
	// (AIMA Fig. 3.27: Rimnicu Vilcea is expanded at 413 under the limit
	// 415, then stores 417). FLimit is nil when the limit is ∞.
	FLimit    *Bound   `json:"fLimit,omitempty"`
	SelectedF *Bound   `json:"selectedF,omitempty"`
	Backups   []Backup `json:"backups,omitempty"`
	NextNode  *int     `json:"nextNode,omitempty"`
	NextState string   `json:"nextState,omitempty"`
	NextLimit *Bound   `json:"nextLimit,omitempty"`
}

// Backup is one RBFS unwinding: node's subtree is forgotten and F, the best
// f below it, is stored as node's f. Limit is the f-limit node was visited
// under, which F exceeds (null: ∞).
type Backup struct {
	Node  int    `json:"node"`
	State string `json:"state"`
	F     Bound  `json:"f"`
	Limit Bound  `json:"limit"`
}

// Bound is an f value or limit that may be infinite: JSON writes +∞ as
// null, which JSON numbers cannot hold, and reads null back as +∞.
type Bound float64

// MarshalJSON writes null for +∞.
func (b Bound) MarshalJSON() ([]byte, error) {
	if math.IsInf(float64(b), 1) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(b))
}

// UnmarshalJSON reads null as +∞.
func (b *Bound) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*b = Bound(math.Inf(1))
		return nil
	}
	var f float64
	if err := json.Unmarshal(data, &f); err != nil {
		return usererr.Errorf("stepper", "bound %s: want a number or null (∞)", data)
	}
	*b = Bound(f)
	return nil
}

// String writes the bound as narration does: "∞" or the number.
func (b Bound) String() string {
	if math.IsInf(float64(b), 1) {
		return "∞"
	}
	return FormatNumber(float64(b))
}

// MaxTies caps Event.Ties; MaxTieCount caps Event.TieCount, so a step of a
// search with thousands of equal priorities stays cheap.
const (
	MaxTies     = 32
	MaxTieCount = 1000
)

// OpenEntry is one node of the open list with its sort key: at most 136
// bytes on a 64-bit machine (a test fails if a field makes it larger).
type OpenEntry struct {
	NodeInfo
	Key Key `json:"key"`
}

// Snapshot is the whole state of a search at one step.
type Snapshot struct {
	Step   int    `json:"step"`
	Status Status `json:"status"`
	// Open is the frontier in pop order.
	Open []OpenEntry `json:"open"`
	// Closed is the closed list in expansion order.
	Closed []NodeInfo `json:"closed"`
	// Tree holds every node generated so far, by id: Tree[i].ID is
	// IterStart+i. IterStart is 0 except in an iterative search (ids,
	// idastar), whose Tree is the current iteration's nodes only, its ids
	// those of the whole search (earlier iterations' nodes have the ids
	// below IterStart).
	Tree      []NodeInfo `json:"tree"`
	IterStart int        `json:"iterStart,omitempty"`
	Counters  Counters   `json:"counters"`
	// Path is the solution's node ids from the root, once solved.
	Path []int `json:"path,omitempty"`
	// Deepening is set for the depth-first iterative family.
	Deepening *Deepening `json:"deepening,omitempty"`
	// Bidirectional is set for bibfs, biucs and biastar.
	Bidirectional *Bidirectional `json:"bidirectional,omitempty"`
}

// NodeByID returns node id of the snapshot's Tree (whose ids run from
// IterStart), and whether the tree shows it. O(1).
func (sn *Snapshot) NodeByID(id int) (NodeInfo, bool) {
	i := id - sn.IterStart
	if i < 0 || i >= len(sn.Tree) || sn.Tree[i].ID != id {
		return NodeInfo{}, false
	}
	return sn.Tree[i], true
}

// NoSuchNode says why id is not in the snapshot's tree, in a user's words.
func (sn *Snapshot) NoSuchNode(id int) string {
	switch {
	case id >= 0 && id < sn.IterStart:
		return fmt.Sprintf("node %d belongs to an earlier iteration: the tree shown is the current iteration's, ids %d to %d", id, sn.IterStart, sn.IterStart+len(sn.Tree)-1)
	case len(sn.Tree) == 0:
		return fmt.Sprintf("node %d does not exist: the tree is empty", id)
	}
	return fmt.Sprintf("node %d does not exist yet: the tree has %d nodes, ids %d to %d", id, len(sn.Tree), sn.IterStart, sn.IterStart+len(sn.Tree)-1)
}

// Equal reports whether n and m are the same node in every field, their
// states compared by text ([Text.Equal]). O(state's length).
func (n NodeInfo) Equal(m NodeInfo) bool {
	return n.State.Equal(m.State) && n.ID == m.ID && n.Parent == m.Parent && n.Action == m.Action && n.G == m.G && n.H == m.H &&
		n.F == m.F && n.Depth == m.Depth && n.Status == m.Status && n.Order == m.Order && n.Seq == m.Seq &&
		n.Step == m.Step && n.Dir == m.Dir
}

// Equal reports whether c and d are the same child in every field
// ([NodeInfo.Equal]).
func (c Child) Equal(d Child) bool {
	return c.NodeInfo.Equal(d.NodeInfo) && c.Fate == d.Fate && c.OldG == d.OldG && c.OldParent == d.OldParent && c.ExistingID == d.ExistingID
}
