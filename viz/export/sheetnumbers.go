package export

import (
	"stepviz/viz"
	"stepviz/wire"
)

// sheetColumns names the number columns of a worksheet, its answer key
// and its grader's words for a search of family fam, in order: g, h and f
// for a search that orders by a heuristic; without one g (the one number
// [viz.NumberColumns] keeps) and the search's key under its own name
// ([viz.KeyName]: "depth" for BFS, DFS, DLS, IDS), except for a search
// ordered by g (UCS), whose key would repeat g and is not written twice.
// A search without a heuristic has no h column: its h is 0 only because
// it computes none. O(1).
func sheetColumns(fam wire.Family) []string {
	if fam.Heuristic {
		return []string{"g", "h", "f"}
	}
	if k := viz.KeyName(fam); k != "g" {
		return []string{"g", k}
	}
	return []string{"g"}
}

// sheetNumbers picks from a node's g, h and f as written the cells of
// [sheetColumns], in its order (the key is f's cell under its name). O(1).
func sheetNumbers(fam wire.Family, g, h, f string) []string {
	switch len(sheetColumns(fam)) {
	case 3:
		return []string{g, h, f}
	case 2:
		return []string{g, f}
	}
	return []string{g}
}

// keyWords writes a number named key as a sheet and its grader write a
// child's: "f=449" for f, "depth 1" and "g 75" for the keys of a search
// without a heuristic, as the page writes them. O(1).
func keyWords(key, v string) string {
	if key == "f" {
		return "f=" + v
	}
	return key + " " + v
}

// numbersWords writes a node's numbers for a grader's line, "g=140 h=253
// f=393", "g=75 depth=1" or "g=75". O(len).
func numbersWords(fam wire.Family, g, h, f string) string {
	cols, vals := sheetColumns(fam), sheetNumbers(fam, g, h, f)
	s := ""
	for i, c := range cols {
		if i > 0 {
			s += " "
		}
		s += c + "=" + vals[i]
	}
	return s
}
