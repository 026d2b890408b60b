// Package room is the lecture server's rooms (docs/rooms.md): one presenter
// link and one followers' link for a sequence of searches, shown one at a
// time or side by side, with polls the class answers from their pages.
//
// A room keeps in the database what a restart needs (its key hash, every
// search's problem, options and live step, its polls); each search it
// shows is an ordinary session of package server/session, adopted into
// the server's store under the search's id and rebuilt from its record on
// first use. Rooms use the store through the Sessions interface and a
// session only through its exported API. With a Bus, instances share a
// room: each applies the room's events in the order of its stream.
//
// The server keeps the room's routes and pages; this package serves only
// the room's websocket (Connect) and its polls' CSV (ServePollsCSV).
package room
