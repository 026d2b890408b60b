// Package viz turns the engine's snapshots and events into pictures and
// words: a tidy layout of the search tree ([LayoutTree]), SVG drawings of the
// tree ([TreeSVG]) and of the problem at a step ([ProblemSVG]: the board of a
// puzzle, a grid with its open, closed and path cells, a graph's map), one
// plain-words line per step ([Narrate]) and the open and closed lists as table
// rows ([OpenRows], [ClosedRows]).
//
// Everything here is a pure function of its arguments: nothing is cached,
// nothing talks HTTP, and the same snapshot always gives the same bytes. The
// live viewer, the notebook and the exporters all draw through this package,
// so a node looks the same wherever a student meets it.
//
// Node statuses are drawn in the colour-blind-safe Okabe–Ito palette and are
// also told apart without colour, by stroke pattern, stroke width and a
// letter badge (see [StatusLegend]), so a drawing survives a black-and-white
// printer. Every drawn node carries data-id (its node id) and data-testid;
// every grid cell and graph city carries data-state (the state as the engine
// writes it), so a browser can map a click back to a node.
//
// Errors read "viz: ...".
package viz
