package graph

// The road map of Romania from Russell and Norvig, Artificial Intelligence:
// A Modern Approach (figure 3.1 of the 3rd edition): 20 cities, 23 roads in
// km, and the straight-line distances to Bucharest (figure 3.22) as the
// heuristic "sld". Coordinates are aima-python's romania_map.locations, in
// the same units as the km (y grows upwards, as on the printed map).
//
// The book writes "Rimnicu Vilcea"; a problem line cannot hold a space, so
// the node is named Rimnicu_Vilcea (start=rimnicu finds it by prefix).

// romaniaRoad is one city's roads as aima-python's romania_map dict writes them.
type romaniaRoad struct {
	city  string
	roads []romaniaKm
}

type romaniaKm struct {
	to string
	km float64
}

// romaniaDict is aima-python's romania_map, in its order: each key with the
// roads it lists. Successor order is derived from it exactly as
// aima-python's UndirectedGraph does (see romaniaAdjacency).
var romaniaDict = []romaniaRoad{
	{"Arad", []romaniaKm{{"Zerind", 75}, {"Sibiu", 140}, {"Timisoara", 118}}},
	{"Bucharest", []romaniaKm{{"Urziceni", 85}, {"Pitesti", 101}, {"Giurgiu", 90}, {"Fagaras", 211}}},
	{"Craiova", []romaniaKm{{"Drobeta", 120}, {"Rimnicu_Vilcea", 146}, {"Pitesti", 138}}},
	{"Drobeta", []romaniaKm{{"Mehadia", 75}}},
	{"Eforie", []romaniaKm{{"Hirsova", 86}}},
	{"Fagaras", []romaniaKm{{"Sibiu", 99}}},
	{"Hirsova", []romaniaKm{{"Urziceni", 98}}},
	{"Iasi", []romaniaKm{{"Vaslui", 92}, {"Neamt", 87}}},
	{"Lugoj", []romaniaKm{{"Timisoara", 111}, {"Mehadia", 70}}},
	{"Oradea", []romaniaKm{{"Zerind", 71}, {"Sibiu", 151}}},
	{"Pitesti", []romaniaKm{{"Rimnicu_Vilcea", 97}}},
	{"Rimnicu_Vilcea", []romaniaKm{{"Sibiu", 80}}},
	{"Urziceni", []romaniaKm{{"Vaslui", 142}}},
}

// romaniaCities are the 20 cities in alphabetical order with
// aima-python's locations and the straight-line distance to Bucharest.
var romaniaCities = []struct {
	name string
	x, y float64
	sld  float64
}{
	{"Arad", 91, 492, 366},
	{"Bucharest", 400, 327, 0},
	{"Craiova", 253, 288, 160},
	{"Drobeta", 165, 299, 242},
	{"Eforie", 562, 293, 161},
	{"Fagaras", 305, 449, 176},
	{"Giurgiu", 375, 270, 77},
	{"Hirsova", 534, 350, 151},
	{"Iasi", 473, 506, 226},
	{"Lugoj", 165, 379, 244},
	{"Mehadia", 168, 339, 241},
	{"Neamt", 406, 537, 234},
	{"Oradea", 131, 571, 380},
	{"Pitesti", 320, 368, 100},
	{"Rimnicu_Vilcea", 233, 410, 193},
	{"Sibiu", 207, 457, 253},
	{"Timisoara", 94, 410, 329},
	{"Urziceni", 456, 350, 80},
	{"Vaslui", 509, 444, 199},
	{"Zerind", 108, 531, 374},
}

// Romania returns the built-in Romania road map, Arad to Bucharest, with
// heuristics sld (the default), euclidean and zero. Each call builds a new
// Graph: O(1) for this fixed map.
func Romania() *Graph {
	g := &Graph{source: "romania", index: map[string]int{}, tableName: HeuristicSLD}
	for i, c := range romaniaCities {
		g.index[c.name] = i
		g.nodes = append(g.nodes, Node{Name: c.name, X: c.x, Y: c.y, HasXY: true})
		g.table = append(g.table, c.sld)
	}
	for _, r := range romaniaDict {
		for _, k := range r.roads {
			g.edges = append(g.edges, Edge{From: r.city, To: k.to, Cost: k.km})
		}
	}
	g.adj = romaniaAdjacency(g.index)
	g.defStart, g.defGoal = g.index["Arad"], g.index["Bucharest"]
	g.tableGoal = g.defGoal
	g.start, g.goal = g.defStart, g.defGoal
	g.dist = g.costsTo(g.goal)
	return g
}

// romaniaAdjacency lists each city's neighbours in the order aima-python's
// UndirectedGraph(romania_map dict) gives them: a city's own dict entries
// first, then, for each dict key in order, the reverse of a road that key
// lists (make_undirected calls connect1(b, a) for every road a → b, and a
// Python dict keeps insertion order).
func romaniaAdjacency(index map[string]int) [][]graphArc {
	adj := make([][]graphArc, len(index))
	has := func(a, b int) bool {
		for _, x := range adj[a] {
			if x.to == b {
				return true
			}
		}
		return false
	}
	for _, r := range romaniaDict {
		a := index[r.city]
		for _, k := range r.roads {
			adj[a] = append(adj[a], graphArc{index[k.to], k.km})
		}
	}
	for _, r := range romaniaDict {
		a := index[r.city]
		for _, k := range r.roads {
			if b := index[k.to]; !has(b, a) {
				adj[b] = append(adj[b], graphArc{a, k.km})
			}
		}
	}
	return adj
}
