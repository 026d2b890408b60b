// Package game is adversarial search stepped one node visit at a time:
// minimax, alpha-beta, expectiminimax (AIMA 4e ch. 5, Figs. 5.3, 5.7 and
// 5.13) and Monte Carlo tree search (Fig. 5.11) on explicit game trees,
// tic-tac-toe and Nim.
//
// A problem line names a game ([ParseProblem]); a search line names the
// algorithm and its options ([ParseOptions]); [New] starts a [Search] that
// Step advances by one visit and Run drives to the end. Values are always
// utilities for MAX, the player to move at the root.
//
// One step of minimax, alpha-beta or expectiminimax is one node visit:
// the root (step 1), down to the next child (the child generated, and if it
// is a leaf its utility or evaluation computed), or back up with a node's
// value into its parent (for alpha-beta with the parent's α/β window after
// the update and the children pruned when β ≤ α). A node costs two steps,
// one down and one up. One step of MCTS is one iteration: selection,
// expansion, simulation and back-propagation.
package game
