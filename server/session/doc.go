// Package session is one search's live session on the lecture server: a
// presenter steps one *stepper.Search and every follower's page is sent
// each step over a websocket (the protocol of docs/protocol.md, its frames
// built by package wire).
//
// A Session's state belongs to one goroutine, its hub: the search, the
// clients, the chart's history, the shared state frame. Everything else
// reaches it through the hub's channels: Do reads the live state, Command
// applies a presenter command, MoveTo follows another instance's move,
// HoldViews holds followers' views while a poll is open, and Connect
// attaches a websocket as presenter or follower. A follower that falls
// behind is sent the latest state instead of every step it missed. A
// depth-first search that reaches the session's node limit goes on in
// stepper's bounded mode, holding its path and pending siblings
// (bounded.go).
//
// A Store holds the sessions of a server within its bounds: at most a
// number of sessions, a share per client address, a memory budget of
// NodeBytes a node; idle sessions (no presenter command for the idle time)
// are reclaimed when a new one needs the slot. AddrLimits bounds one
// client address across all its follower sockets.
//
// The package knows no room, poll, page or database: rooms (package
// server/room) and the server drive it through this API, and a session
// kept in a database is told of each move by its onMove hook.
package session
