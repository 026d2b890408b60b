package server

import "stepviz/server/room"

// The room's websocket protocol under the names the tests read it by.
type (
	roomCmd    = room.Cmd
	roomMsg    = room.Msg
	pollMsg    = room.PollMsg
	compareMsg = room.CompareMsg
)

const (
	msgRoom    = room.MsgRoom
	msgPoll    = room.MsgPoll
	msgCompare = room.MsgCompare

	roomLoad   = room.CmdLoad
	roomShow   = room.CmdShow
	roomDrive  = room.CmdDrive
	roomAsk    = room.CmdAsk
	roomReveal = room.CmdReveal
	roomAnswer = room.CmdAnswer

	pollNext       = room.PollNext
	pollF          = room.PollF
	pollAdmissible = room.PollAdmissible
)
