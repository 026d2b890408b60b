package game

import "strings"

// Namer is a game whose positions a reader reads by a name other than
// their StateName: tic-tac-toe's and connect four's boards, whose
// StateName is the cells a drawing lays out. A name is unique: distinct
// positions have distinct names.
type Namer interface {
	PositionName(s State) string
}

// EmptyBoard is the name of a board with no mark on it.
const EmptyBoard = "the empty board"

// PositionName is s as narrations and tables name it: the game's
// PositionName when it is a Namer, else its StateName. O(the name).
func PositionName(g Game, s State) string {
	if n, ok := g.(Namer); ok {
		return n.PositionName(s)
	}
	return g.StateName(s)
}

// nameOf is s's name where its StateName is known already: a game that
// is no Namer (a script's, whose StateName may run Starlark) is not asked
// twice. O(the name).
func nameOf(g Game, s State, stateName string) string {
	if n, ok := g.(Namer); ok {
		return n.PositionName(s)
	}
	return stateName
}

// theRoot is the root named name in a sentence: "the root A", or for a
// name that is itself a phrase ("the empty board") "the empty board at
// the root".
func theRoot(name string) string {
	if strings.HasPrefix(name, "the ") {
		return name + " at the root"
	}
	return "the root " + name
}
