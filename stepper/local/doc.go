// Package local is local search stepped one move at a time (AIMA 4e
// §4.1): steepest-ascent hill climbing with sideways moves and random
// restarts, stochastic hill climbing, simulated annealing and the genetic
// algorithm, on n-queens (h = the pairs of queens that attack each other)
// and random travelling-salesman tours (h = the tour's length, 2-opt
// neighbours).
//
// A problem line names the problem ([ParseProblem]); a search line the
// algorithm and its options ([ParseOptions]); [New] starts a [Search]
// that Step advances by one move (a generation for the genetic algorithm)
// and Run drives to the end. Every random choice comes from one PCG seeded
// by the options' seed, so a search is a function of its two lines.
package local
