package game

import (
	"fmt"
	"stepviz/stepper/internal/optline"
	"strings"
)

// MaxLine is the longest problem or search line read.
const MaxLine = MaxTreeText + 64

// Kinds are the problem lines' first words this package parses.
var Kinds = []string{"gametree", "tictactoe", "connect4", "nim"}

// IsKind reports whether a problem line starts with one of Kinds, or is
// one of a kind registered with [RegisterKind].
func IsKind(line string) bool {
	if optline.HasKind(line, Kinds) {
		return true
	}
	_, ok := extraKinds.Find(line)
	return ok
}

// extraKinds are the problem kinds other packages add ([RegisterKind]).
var extraKinds optline.Registry[Game]

// RegisterKind adds a problem kind: is reports whether a line of that
// kind is a game (a script may be something else), parse parses it.
// Called from init functions, before any parsing. Package script adds
// "script FILE.star", whose is and parse read the file from the local file
// system: a front end that reads no files refuses such lines before it
// asks IsKind.
func RegisterKind(kind string, is func(line string) bool, parse func(line string) (Game, error)) {
	extraKinds.Add(kind, is, parse)
}

// ParseProblem parses a game's problem line:
//
//	gametree [[3,12,8],[2,4,6],[14,5,2]]
//	gametree [{0.5: [3,5], 0.5: [1,9]}, 4]
//	tictactoe [BOARD]          (nine cells of X, O and '.'; empty board if none)
//	connect4 [MOVES]           (the columns played so far, 1-7, such as 4453)
//	nim 3,4,5
func ParseProblem(line string) (Game, error) {
	if len(line) > MaxLine {
		return nil, fmt.Errorf("the problem line is %d characters long; at most %d are read", len(line), MaxLine)
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty problem: write gametree [[3,12,8],[2,4,6]], tictactoe or nim 3,4,5")
	}
	switch strings.ToLower(f[0]) {
	case "gametree":
		if len(f) == 1 {
			return nil, fmt.Errorf("gametree needs a tree, such as gametree [[3,12,8],[2,4,6],[14,5,2]]")
		}
		t, err := ParseTree(strings.TrimSpace(line[strings.Index(strings.ToLower(line), "gametree")+len("gametree"):]))
		if err != nil {
			return nil, err
		}
		return t, nil
	case "tictactoe":
		g, err := ParseTicTacToe(f[1:])
		if err != nil {
			return nil, err
		}
		return g, nil
	case "connect4":
		g, err := ParseConnectFour(f[1:])
		if err != nil {
			return nil, err
		}
		return g, nil
	case "nim":
		g, err := ParseNim(f[1:])
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	if parse, ok := extraKinds.Find(line); ok {
		return parse(line)
	}
	return nil, fmt.Errorf("unknown game %q: write gametree, tictactoe, connect4 or nim", f[0])
}
