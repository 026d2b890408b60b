package server

import (
	"stepviz/server/session"
	codec "stepviz/wire"
)

// The session's websocket protocol under the names the tests read it by.
type (
	clientMsg  = session.ClientMsg
	errorMsg   = session.ErrorMsg
	metaMsg    = session.MetaMsg
	inspectMsg = session.InspectMsg
	hello      = codec.Hello
	view       = codec.View
	stepMsg    = codec.StepMsg
)

const (
	msgHello   = session.MsgHello
	msgState   = session.MsgState
	msgMove    = session.MsgMove
	msgStep    = session.MsgStep
	msgMeta    = session.MsgMeta
	msgRows    = session.MsgRows
	msgInspect = session.MsgInspect
	msgError   = session.MsgError

	cmdStep    = session.CmdStep
	cmdBack    = session.CmdBack
	cmdSeek    = session.CmdSeek
	cmdGoal    = session.CmdGoal
	cmdContour = session.CmdContour
	cmdPlay    = session.CmdPlay
	cmdPause   = session.CmdPause
	cmdSpeed   = session.CmdSpeed
	cmdReset   = session.CmdReset

	queryView    = session.QueryView
	queryInspect = session.QueryInspect
	queryLive    = session.QueryLive
	queryStates  = session.QueryStates
	queryRows    = session.QueryRows

	roleFollower  = session.RoleFollower
	rolePresenter = session.RolePresenter
)
