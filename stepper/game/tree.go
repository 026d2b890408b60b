package game

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Limits of an explicit tree, checked while parsing.
const (
	MaxTreeNodes = 10000
	MaxTreeDepth = 64
	MaxTreeText  = 64 << 10
)

// Tree is an explicit game tree (gametree): nested lists whose numbers are
// leaf utilities for MAX. The root is MAX and decision levels alternate
// MAX, MIN, MAX, ...; a chance node {p: subtree, p: subtree} does not take
// a turn: its outcomes are nodes of the player who would have acted in its
// place, so [{0.5: [3,5], 0.5: [1,9]}, 4] is MAX choosing between a throw
// followed by MIN's choice and a leaf 4. Nodes are named as AIMA Fig. 5.2
// names them: the root A, the other inner nodes B, C, D, ... in breadth-first
// order (after Z: N27, N28, ...), and the moves of a node X are x1, x2, ...
type Tree struct {
	spec  string
	nodes []treeNode
	kids  []int32   // children of every node, node by node
	probs []float64 // probability of each child of a chance node (aligned with kids)
	names []string  // inner nodes' names
	has   bool      // chance nodes present
}

type treeNode struct {
	leaf        bool
	turn        Turn
	value       float64
	first, kidN int32
	name        int32 // index into names, -1 for a leaf
}

// ParseTree parses the text after "gametree".
func ParseTree(text string) (*Tree, error) {
	if len(text) > MaxTreeText {
		return nil, fmt.Errorf("the game tree is %d characters long; at most %d are read", len(text), MaxTreeText)
	}
	p := &treeParser{s: text}
	root, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q at character %d after the tree: a game tree is one nested list such as [[3,12,8],[2,4,6]]", p.s[p.i], p.i+1)
	}
	if root.leaf {
		return nil, fmt.Errorf("the game tree is a single number: write a list of moves, such as [[3,12,8],[2,4,6],[14,5,2]]")
	}
	if root.chance {
		return nil, fmt.Errorf("the root of a game tree is MAX's move, not a chance node: wrap it in a list, [{0.5: ..., 0.5: ...}]")
	}
	t := &Tree{spec: "gametree " + strings.Join(strings.Fields(text), "")}
	t.build(root)
	return t, nil
}

// pnode is a parsed node before layout.
type pnode struct {
	leaf, chance bool
	value        float64
	kids         []*pnode
	probs        []float64
}

type treeParser struct {
	s     string
	i     int
	count int
}

func (p *treeParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *treeParser) at() string {
	if p.i >= len(p.s) {
		return "the end of the tree"
	}
	return fmt.Sprintf("%q at character %d", p.s[p.i], p.i+1)
}

func (p *treeParser) value(depth int) (*pnode, error) {
	if depth > MaxTreeDepth {
		return nil, fmt.Errorf("the game tree is deeper than %d levels", MaxTreeDepth)
	}
	p.count++
	if p.count > MaxTreeNodes {
		return nil, fmt.Errorf("the game tree has more than %d nodes", MaxTreeNodes)
	}
	p.space()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("the game tree ends too early: a ] or } is missing")
	}
	switch p.s[p.i] {
	case '[':
		p.i++
		n := &pnode{}
		for {
			k, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
			if done, err := p.sep(']'); err != nil || done {
				return n, err
			}
		}
	case '{':
		p.i++
		n := &pnode{chance: true}
		sum := 0.0
		for {
			p.space()
			pr, err := p.number()
			if err != nil {
				return nil, fmt.Errorf("a chance node's outcome is written probability: subtree; %v", err)
			}
			if !(pr > 0 && pr <= 1) {
				return nil, fmt.Errorf("probability %g is not in (0, 1]", pr)
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, fmt.Errorf("expected ':' after probability %g, found %s", pr, p.at())
			}
			p.i++
			k, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
			n.probs = append(n.probs, pr)
			sum += pr
			done, err := p.sep('}')
			if err != nil {
				return nil, err
			}
			if done {
				if math.Abs(sum-1) > 1e-9 {
					return nil, fmt.Errorf("a chance node's probabilities add up to %g, not 1", sum)
				}
				return n, nil
			}
		}
	}
	v, err := p.number()
	if err != nil {
		return nil, err
	}
	return &pnode{leaf: true, value: v}, nil
}

// sep reads ',' or the closing bracket; done reports the bracket.
func (p *treeParser) sep(close byte) (done bool, err error) {
	p.space()
	if p.i < len(p.s) {
		switch p.s[p.i] {
		case ',':
			p.i++
			return false, nil
		case close:
			p.i++
			return true, nil
		}
	}
	return false, fmt.Errorf("expected ',' or '%c', found %s", close, p.at())
}

func (p *treeParser) number() (float64, error) {
	j := p.i
	for j < len(p.s) && strings.IndexByte("+-.0123456789eE", p.s[j]) >= 0 {
		j++
	}
	if j == p.i {
		return 0, fmt.Errorf("expected a number, '[' or '{', found %s", p.at())
	}
	v, err := strconv.ParseFloat(p.s[p.i:j], 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q at character %d is not a finite number", p.s[p.i:j], p.i+1)
	}
	p.i = j
	return v, nil
}

// build lays the parsed tree out breadth first, so inner nodes are named
// in the book's order.
func (t *Tree) build(root *pnode) {
	type item struct {
		n    *pnode
		turn Turn
	}
	queue := []item{{root, Max}}
	t.nodes = append(t.nodes, treeNode{})
	for i := 0; i < len(queue); i++ {
		it := queue[i]
		tn := treeNode{leaf: it.n.leaf, value: it.n.value, turn: it.turn, name: -1}
		if !it.n.leaf {
			tn.name = int32(len(t.names))
			t.names = append(t.names, nodeName(len(t.names)))
			tn.first, tn.kidN = int32(len(t.kids)), int32(len(it.n.kids))
			next := Min
			if it.turn == Min {
				next = Max
			}
			if it.n.chance {
				tn.turn = Chance
				t.has = true
				next = it.turn
			}
			for k, c := range it.n.kids {
				t.kids = append(t.kids, int32(len(queue)))
				pr := 0.0
				if it.n.chance {
					pr = it.n.probs[k]
				}
				t.probs = append(t.probs, pr)
				queue = append(queue, item{c, next})
				t.nodes = append(t.nodes, treeNode{})
			}
		}
		t.nodes[i] = tn
	}
}

func nodeName(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return "N" + strconv.Itoa(i+1)
}

// Kind is "gametree".
func (t *Tree) Kind() string { return "gametree" }

// Spec is the problem line, spaces removed from the tree.
func (t *Tree) Spec() string { return t.spec }

// Root is node 0.
func (t *Tree) Root() State { return 0 }

// Turn is MAX, MIN or CHANCE.
func (t *Tree) Turn(s State) Turn { return t.nodes[s].turn }

// Terminal reports the leaves.
func (t *Tree) Terminal(s State) (float64, bool) {
	n := &t.nodes[s]
	return n.value, n.leaf
}

// Moves are the children's indices 0..k-1.
func (t *Tree) Moves(s State, buf []Move) []Move {
	for i := int32(0); i < t.nodes[s].kidN; i++ {
		buf = append(buf, Move(i))
	}
	return buf
}

// Result is the child.
func (t *Tree) Result(s State, m Move) State { return State(t.kids[t.nodes[s].first+int32(m)]) }

// Prob is the outcome's probability at a chance node.
func (t *Tree) Prob(s State, m Move) float64 { return t.probs[t.nodes[s].first+int32(m)] }

// Eval is 0: an explicit tree has no evaluation function; searches with
// a depth cutoff see 0 at the cutoff.
func (t *Tree) Eval(State) float64 { return 0 }

// MoveName is the node's lower-case name and the child's 1-based index: a1.
func (t *Tree) MoveName(s State, m Move) string {
	return strings.ToLower(t.names[t.nodes[s].name]) + strconv.Itoa(int(m)+1)
}

// StateName is an inner node's name or a leaf's utility.
func (t *Tree) StateName(s State) string {
	n := &t.nodes[s]
	if n.leaf {
		return strconv.FormatFloat(n.value, 'g', -1, 64)
	}
	return t.names[n.name]
}

// HasChance reports chance nodes.
func (t *Tree) HasChance() bool { return t.has }
