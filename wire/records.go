// Package wire is what a viewer of a search is sent, byte for byte: the
// hello, state, move and step messages (messages.go), the problem info and
// the family description of a search (probleminfo.go, family.go), the one
// codec of the packed node records (encode.go) and its flag and fate
// constants (docs/protocol.md, "Node records"). The lecture server sends
// these frames over its websocket and the standalone HTML replay embeds
// them; the page's one model, static/model.js, decodes both. The page's
// constants are generated from these (static/wireconst.js, `go generate
// ./wire`), and a test fails when the committed file differs, so the two
// can never drift apart.
package wire

// Record flag bits: the flags byte every record starts with.
const (
	FlagGoalPop  = 1 << 3 // the pop at order found the goal
	FlagOrder    = 1 << 4 // an order (expansion step) follows
	FlagBorn     = 1 << 5 // born differs from the previous record's
	FlagGRaw     = 1 << 6 // g is a raw float64, not an index into costs
	FlagDepthRaw = 1 << 7 // depth is explicit, not depth(parent)+1
	FateMask     = 7      // flags' bits 0-2: the base fate (0 in ext records)
	// FateCutoffPop in flags' fate bits: base fate open, and the pop at
	// order did not expand it (an IDA* cutoff).
	FateCutoffPop = 5
)

// The ext byte of ext records (hello.problem.ext): bits 0-2 are the full
// base fate (stepper.BaseFate, 0-7), then these.
const (
	ExtCutoffPop = 1 << 3 // the pop at order was a cutoff
	ExtBackward  = 1 << 4 // the node is of a bidirectional search's goal tree
	ExtF         = 1 << 5 // RBFS's stored F follows, a float64
	ExtStalePop  = 1 << 6 // selected after its state was expanded, and discarded
)

// Base fates (stepper.BaseFate), by the number records carry.
const (
	FateOpen       = 0
	FateDupClosed  = 1
	FateDupOpen    = 2
	FateDepthLimit = 3
	FateGoalBorn   = 4
	FateCutoff     = 5
	FateForgotten  = 6
	FatePruned     = 7
)

// FateNames are the statuses the page shows for each base fate, by number.
var FateNames = [8]string{"open", "discarded", "discarded", "discarded", "goal", "cutoff", "forgotten", "discarded"}
