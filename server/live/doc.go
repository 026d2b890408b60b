// Package live is the lecture server's live game and local sessions
// (/g/{id}, docs/viewer.md): a presenter steps one adversarial or local
// search (packages stepper/game and stepper/local) and every page is sent
// the frame at the step, drawn as the exports draw it; followers answer
// the presenter's polls.
//
// A Session's state is guarded by its lock; each page has one reader and
// one writer goroutine, and a page that falls behind is sent the latest
// frame, never a queue. A Store holds the sessions within a server's
// bounds (a number of sessions, a share per client address, a memory
// budget), reclaiming idle ones first. The server keeps the routes and the
// pages; it reaches a session through Store, Frame and Connect.
package live
