package server

import "stepviz/server/live"

// The live page's protocol under the names the tests read it by.
type (
	liveCommand = live.Command
	liveNote    = live.Note
	liveFrame   = live.Frame
)

const maxLiveRows = live.MaxRows
