package session

import (
	"encoding/json"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
	codec "stepviz/wire"
)

// The message types of the websocket protocol (v2); docs/protocol.md
// describes each one. Every text message is one JSON object with a "type"
// field; state and move are binary frames (a JSON header and packed node
// records, wire/encode.go).
const (
	// server -> client
	MsgHello   = codec.MsgHello // once, first: who you are and what is searched
	MsgState   = codec.MsgState // every node's compact record at the live step (join, behind); binary
	MsgMove    = codec.MsgMove  // to another step: only the records that differ (back, seek, reset, goal, view, live); binary
	MsgStep    = codec.MsgStep  // one step forward: the engine's event and its nodes' records
	MsgMeta    = "meta"         // play/pause, speed, audience, or the live step moved while you look elsewhere
	msgStates  = "states"       // the answer to a states query: state strings and h
	MsgRows    = "rows"         // the answer to a rows query: a page of the open or closed list
	MsgInspect = "inspect"      // the answer to an inspect query
	MsgError   = "error"        // a command refused or failed; the connection stays open
	MsgSharing = "sharing"      // the steps reach this server from the others again, or not (a cluster's rooms)

	// client -> server: commands (presenter only)
	CmdStep = "step"
	CmdBack = "back"
	CmdSeek = "seek"
	CmdGoal = "goal"
	// cmdContour runs to the next f-contour: the first step that expands a
	// node whose f differs from the f expanded at the current step.
	CmdContour = "contour"
	CmdPlay    = "play"
	CmdPause   = "pause"
	CmdSpeed   = "speed"
	CmdReset   = "reset"

	// client -> server: queries (anyone; they never change the session)
	QueryView    = "view"    // move this client to any step, to explore on its own
	QueryInspect = "inspect" // one node in detail
	QueryLive    = "live"    // move this client back to the live step
	QueryStates  = "states"  // state strings and h of up to maxStatesIDs nodes
	QueryRows    = "rows"    // a page of the open or closed list at the client's step
)

// Reasons say why a state or move was sent.
const (
	reasonJoin   = codec.ReasonJoin // first message after hello
	reasonBehind = "behind"         // the client fell behind: queued messages were dropped
	reasonSeek   = "seek"           // the presenter went back or jumped
	reasonReset  = "reset"          // the presenter reset the search
	reasonGoal   = "goal"           // the presenter ran to the goal
	reasonView   = "view"           // the answer to a view query (not live)
	reasonLive   = "live"           // the answer to a live query
)

// Roles.
const (
	RolePresenter = "presenter"
	RoleFollower  = "follower"
)

// Query bounds.
const (
	MaxStatesIDs = 512            // ids in one states query
	MaxRows      = 200            // rows in one rows query
	headSize     = codec.HeadSize // open nodes in pop order sent with every step, move and state
)

// ClientMsg is every message a client sends. Type selects the meaning; the
// other fields are read only by the types that use them.
type ClientMsg struct {
	Type   string  `json:"type"`
	Step   int     `json:"step,omitempty"`   // seek, view, inspect
	Node   int     `json:"node,omitempty"`   // inspect
	IDs    []int   `json:"ids,omitempty"`    // states
	List   string  `json:"list,omitempty"`   // rows: "open" or "closed"
	Offset int     `json:"offset,omitempty"` // rows
	Count  int     `json:"count,omitempty"`  // rows
	Speed  float64 `json:"speed,omitempty"`  // speed, play: steps per second
	// ID is echoed in the reply so a client can match answers to queries.
	ID int `json:"id,omitempty"`
}

// isCommand reports whether t changes the session (presenter only).
func isCommand(t string) bool {
	switch t {
	case CmdStep, CmdBack, CmdSeek, CmdGoal, CmdContour, CmdPlay, CmdPause, CmdSpeed, CmdReset:
		return true
	}
	return false
}

// isQuery reports whether t is a read-only query.
func isQuery(t string) bool {
	switch t {
	case QueryView, QueryInspect, QueryLive, QueryStates, QueryRows:
		return true
	}
	return false
}

// parseClientMsg decodes one client frame. Anything that is not a single
// JSON object of a known type is an error, and the caller closes the
// connection with the error's text as the close reason.
func parseClientMsg(data []byte) (ClientMsg, error) {
	var m ClientMsg
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, usererr.Errorf("server", "%s", Malformed(err, `{"type":"step"}`))
	}
	if dec.More() {
		return m, usererr.Errorf("server", "malformed message: one JSON object per frame")
	}
	if !isCommand(m.Type) && !isQuery(m.Type) {
		return m, usererr.Errorf("server", "unknown message type %q", usererr.Clip(m.Type, 24))
	}
	if m.Step < 0 || m.Node < 0 || m.Offset < 0 || m.Count < 0 {
		return m, usererr.Errorf("server", "step, node, offset and count must be >= 0")
	}
	if len(m.IDs) > MaxStatesIDs {
		return m, usererr.Errorf("server", "a states query names at most %d ids; split it", MaxStatesIDs)
	}
	for _, id := range m.IDs {
		if id < 0 {
			return m, usererr.Errorf("server", "node ids must be >= 0")
		}
	}
	if m.Type == QueryRows && m.List != "open" && m.List != "closed" {
		return m, usererr.Errorf("server", "rows: list must be \"open\" or \"closed\"")
	}
	if m.Count > MaxRows {
		return m, usererr.Errorf("server", "rows: count at most %d", MaxRows)
	}
	return m, nil
}

// problemInfo describes the instance searched (viz.DescribeProblem),
// shared with the standalone HTML replay.
type problemInfo = viz.ProblemInfo

// hello, sizes, view and stepMsg are the messages a viewer follows a
// search by; package wire owns them (the HTML replay embeds the same).
type (
	hello   = codec.Hello
	sizes   = codec.Sizes
	view    = codec.View
	stepMsg = codec.StepMsg
)

// MetaMsg reports a change of play state or audience, and the live step
// to a client that looks at another step.
type MetaMsg struct {
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
	// HError is why the heuristic failed, in the user's words, when it
	// failed on this node (Node.HFailed): the search's error.
	HError string `json:"hError,omitempty"`
	// Terms break h down (per-tile distances), when the heuristic can.
	Terms []stepper.Term `json:"terms,omitempty"`
	// Path is the nodes from the root to this node.
	Path []stepper.NodeInfo `json:"path"`
	// Children are the children generated when the node was expanded, each
	// with its fate, when the node has been expanded by this step.
	Children []stepper.Child `json:"children,omitempty"`
}

// statesMsg answers a states query: each node's state and h, which never
// change.
type statesMsg struct {
	Type   string      `json:"type"`
	ID     int         `json:"id,omitempty"`
	States []nodeState `json:"states"`
}

// nodeState is one node's state string and h.
type nodeState struct {
	ID    int     `json:"id"`
	State string  `json:"state"`
	H     float64 `json:"h"`
	// HFailed: the heuristic failed on this state (stepper.NodeInfo.HFailed);
	// H is then no estimate.
	HFailed bool `json:"hFailed,omitempty"`
}

// rowsMsg answers a rows query: rows [Offset, Offset+len(Rows)) of the
// open list (pop order) or the closed list (expansion order) at Step, of
// Total.
type rowsMsg struct {
	Type   string             `json:"type"`
	ID     int                `json:"id,omitempty"`
	List   string             `json:"list"`
	Step   int                `json:"step"`
	Offset int                `json:"offset"`
	Total  int                `json:"total"`
	Rows   []stepper.NodeInfo `json:"rows"`
	// Keys are the open rows' sort keys (open list only).
	Keys []stepper.Key `json:"keys,omitempty"`
}

// ErrorMsg reports a refused or failed command.
type ErrorMsg struct {
	Type    string `json:"type"`
	Command string `json:"command,omitempty"`
	Message string `json:"message"`
}

// ErrorMessage is the error message a page shows for a refused command;
// msg is in the user's words.
func ErrorMessage(command, msg string) ErrorMsg {
	return ErrorMsg{Type: MsgError, Command: command, Message: msg}
}
