package server

import (
	"encoding/json"
	"fmt"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
)

// The message types of the websocket protocol; docs/protocol.md describes
// each one. Every message is one JSON object with a "type" field.
const (
	// server -> client
	MsgHello    = "hello"    // once, first: who you are and what is searched
	MsgSnapshot = "snapshot" // the whole state at one step (join, behind, seek, reset, goal, view)
	MsgStep     = "step"     // one step forward: the engine's event, never the lists
	MsgState    = "state"    // play/pause, speed and audience changed
	MsgInspect  = "inspect"  // the answer to an inspect query
	MsgError    = "error"    // a command refused or failed; the connection stays open

	// client -> server: commands (presenter only)
	CmdStep  = "step"
	CmdBack  = "back"
	CmdSeek  = "seek"
	CmdGoal  = "goal"
	CmdPlay  = "play"
	CmdPause = "pause"
	CmdSpeed = "speed"
	CmdReset = "reset"

	// client -> server: queries (anyone; they never change the session)
	QueryView    = "view"    // a snapshot of any step, for a follower exploring on its own
	QueryInspect = "inspect" // one node in detail
	QueryLive    = "live"    // the live state again (rejoin)
)

// Snapshot reasons say why a snapshot was sent.
const (
	ReasonJoin   = "join"   // first message after hello
	ReasonBehind = "behind" // the client fell behind: queued steps were dropped
	ReasonSeek   = "seek"   // the presenter went back or jumped
	ReasonReset  = "reset"  // the presenter reset the search
	ReasonGoal   = "goal"   // the presenter ran to the goal
	ReasonView   = "view"   // the answer to a view query (not live)
	ReasonLive   = "live"   // the answer to a live query
)

// Roles.
const (
	RolePresenter = "presenter"
	RoleFollower  = "follower"
)

// ClientMsg is every message a client sends. Type selects the meaning; the
// other fields are read only by the types that use them.
type ClientMsg struct {
	Type  string  `json:"type"`
	Step  int     `json:"step,omitempty"`  // seek, view, inspect
	Node  int     `json:"node,omitempty"`  // inspect
	Speed float64 `json:"speed,omitempty"` // speed, play: steps per second
	// ID is echoed in the reply so a client can match answers to queries.
	ID int `json:"id,omitempty"`
}

// isCommand reports whether t changes the session (presenter only).
func isCommand(t string) bool {
	switch t {
	case CmdStep, CmdBack, CmdSeek, CmdGoal, CmdPlay, CmdPause, CmdSpeed, CmdReset:
		return true
	}
	return false
}

// isQuery reports whether t is a read-only query.
func isQuery(t string) bool {
	return t == QueryView || t == QueryInspect || t == QueryLive
}

// parseClientMsg decodes one client frame. Anything that is not a single
// JSON object of a known type is an error, and the caller closes the
// connection with the error's text as the close reason.
func parseClientMsg(data []byte) (ClientMsg, error) {
	var m ClientMsg
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("server: malformed message: want a JSON object such as {\"type\":\"step\"}")
	}
	if dec.More() {
		return m, fmt.Errorf("server: malformed message: one JSON object per frame")
	}
	if !isCommand(m.Type) && !isQuery(m.Type) {
		return m, fmt.Errorf("server: unknown message type %q", truncate(m.Type, 24))
	}
	if m.Step < 0 || m.Node < 0 {
		return m, fmt.Errorf("server: step and node must be >= 0")
	}
	return m, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ProblemInfo describes the instance searched, enough for a client to draw
// the problem view: the board size, the grid's cells or the graph's map.
type ProblemInfo struct {
	Kind     string   `json:"kind"`
	Spec     string   `json:"spec"`
	Options  string   `json:"options"`
	Warnings []string `json:"warnings,omitempty"`
	// Frontier is how the open list is ordered: "fifo", "lifo" or "priority".
	Frontier string `json:"frontier"`
	Tie      string `json:"tie"`
	// Puzzle.
	Size      int   `json:"size,omitempty"`
	GoalTiles []int `json:"goalTiles,omitempty"`
	// Grid: Cells is Height rows of Width costs (0 = wall).
	Width  int     `json:"width,omitempty"`
	Height int     `json:"height,omitempty"`
	Cells  [][]int `json:"cells,omitempty"`
	Start  string  `json:"start,omitempty"`
	Goal   string  `json:"goal,omitempty"`
	// Graph.
	Nodes []MapNode `json:"nodes,omitempty"`
	Edges []MapEdge `json:"edges,omitempty"`
}

// MapNode is one city of a graph's map; X and Y are meaningful only when
// HasXY is set.
type MapNode struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	HasXY bool    `json:"hasXY"`
}

// MapEdge is one road of a graph's map.
type MapEdge struct {
	From string  `json:"from"`
	To   string  `json:"to"`
	Cost float64 `json:"cost"`
}

// OpenRef is one entry of a snapshot's open list: a node id and its sort key.
type OpenRef struct {
	ID  int         `json:"id"`
	Key stepper.Key `json:"key"`
}

// snapshotMessage converts an engine snapshot to its wire form.
func snapshotMessage(sn stepper.Snapshot) SnapshotMsg {
	m := SnapshotMsg{Type: MsgSnapshot, Step: sn.Step, Status: sn.Status, Counters: sn.Counters,
		Tree: sn.Tree, Path: sn.Path, Open: make([]OpenRef, len(sn.Open)), Closed: make([]int, len(sn.Closed))}
	for i, e := range sn.Open {
		m.Open[i] = OpenRef{ID: e.ID, Key: e.Key}
	}
	for i, n := range sn.Closed {
		m.Closed[i] = n.ID
	}
	return m
}

// Hello is the first message on every connection.
type Hello struct {
	Type     string      `json:"type"`
	Session  string      `json:"session"`
	Role     string      `json:"role"`
	Problem  ProblemInfo `json:"problem"`
	MaxNodes int         `json:"maxNodes"`
	// Legend is how each node status is drawn (viz.StatusLegend), so the
	// live drawing matches the server's first paint.
	Legend []viz.LegendEntry `json:"legend"`
}

// Sizes is the open and closed list sizes after one step, for the chart.
type Sizes [2]int

// SnapshotMsg is the whole state at one step. Every node is sent once, in
// Tree (by id); the open list refers to it by id with the node's sort key,
// in pop order, and the closed list by id, in expansion order.
type SnapshotMsg struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	// Live is the session's live step; Step is the step this snapshot
	// shows (they differ only for view answers).
	Live     int                `json:"live"`
	ID       int                `json:"id,omitempty"`
	Step     int                `json:"step"`
	Status   stepper.Status     `json:"status"`
	Counters stepper.Counters   `json:"counters"`
	Tree     []stepper.NodeInfo `json:"tree"`
	Open     []OpenRef          `json:"open"`
	Closed   []int              `json:"closed"`
	// Path is the solution's node ids from the root, once solved.
	Path []int `json:"path,omitempty"`
	// Narration describes the step that led here ("" at step 0).
	Narration string `json:"narration"`
	// Last is the event of the step that led here, if any, so the client
	// can mark the expanded node and its ties.
	Last *stepper.Event `json:"last,omitempty"`
	// History is the open and closed sizes after steps 0..Step, for the
	// chart (sampled down to at most maxHistory points; HistoryStride says
	// how many steps one point stands for).
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
}

// StateMsg reports a change of play state or audience.
type StateMsg struct {
	Type      string  `json:"type"`
	Live      int     `json:"live"`
	Status    string  `json:"status"`
	Playing   bool    `json:"playing"`
	Speed     float64 `json:"speed"`
	Followers int     `json:"followers"`
}

// InspectMsg answers an inspect query: one node at one step in detail.
type InspectMsg struct {
	Type string           `json:"type"`
	ID   int              `json:"id,omitempty"`
	Step int              `json:"step"`
	Node stepper.NodeInfo `json:"node"`
	Key  *stepper.Key     `json:"key,omitempty"`
	// Terms break h down (per-tile distances), when the heuristic can.
	Terms []stepper.Term `json:"terms,omitempty"`
	// Path is the nodes from the root to this node.
	Path []stepper.NodeInfo `json:"path"`
	// Children are the children generated when the node was expanded, each
	// with its fate, when the node has been expanded by this step.
	Children []stepper.Child `json:"children,omitempty"`
}

// ErrorMsg reports a refused or failed command.
type ErrorMsg struct {
	Type    string `json:"type"`
	Command string `json:"command,omitempty"`
	Message string `json:"message"`
}
