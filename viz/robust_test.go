package viz

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"stepviz/stepper"
)

// FuzzBadSnapshot damages real snapshots (ids out of order or duplicated,
// parents and path ids out of range, states that do not parse, NaN costs)
// and checks that every drawing still comes out as valid XML, without a
// panic.
func FuzzBadSnapshot(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint8(seed*37))
	}
	problems := []string{romania, puzzle8, tutorialGrid}
	snaps := make([]stepper.Snapshot, len(problems))
	insts := make([]stepper.Instance, len(problems))
	for i, p := range problems {
		s, _ := search(f, p, "astar", 4)
		snaps[i], insts[i] = s.Snapshot(), s.Instance()
	}
	garbage := []string{"", "zz", "99,99", "-1,-1", "1,2,3", "<&>", "\xff", "123456780", "0,0", "Arad"}
	f.Fuzz(func(t *testing.T, seed uint64, mask uint8) {
		r := rand.New(rand.NewPCG(seed, uint64(mask)))
		k := int(seed % uint64(len(problems)))
		src := snaps[k]
		snap := src
		snap.Tree = append([]stepper.NodeInfo(nil), src.Tree...)
		snap.Path = []int{0, -5, 1 << 30, r.IntN(len(snap.Tree) + 3)}
		for i := range snap.Tree {
			n := &snap.Tree[i]
			if mask&1 != 0 && r.IntN(3) == 0 {
				n.ID = r.IntN(len(snap.Tree)*2) - 2
			}
			if mask&2 != 0 && r.IntN(3) == 0 {
				n.Parent = r.IntN(len(snap.Tree)*2) - 2
			}
			if mask&4 != 0 && r.IntN(3) == 0 {
				n.State = stepper.TextOf(garbage[r.IntN(len(garbage))])
			}
			if mask&8 != 0 && r.IntN(4) == 0 {
				n.G, n.H, n.F = math.NaN(), math.Inf(1), -0.0
			}
			if mask&16 != 0 {
				n.Order = r.IntN(5)
			}
		}
		if mask&32 != 0 {
			r.Shuffle(len(snap.Tree), func(i, j int) { snap.Tree[i], snap.Tree[j] = snap.Tree[j], snap.Tree[i] })
		}
		// One selection and one detail per execution, picked by the
		// input: drawing every combination each time made the fuzzer
		// too slow to explore (about 50 executions a second).
		sel := []int{-1, 0, 3, 1 << 30}[seed/3%4]
		var b bytes.Buffer
		_ = ProblemSVG(&b, insts[k], snap, sel) // an error is fine (a puzzle state that does not parse)
		if b.Len() > 0 {
			parseXML(t, b.Bytes())
		}
		opt := TreeOptions{EdgeLabels: true, Collapsed: []int{0, 2, -1}, Selected: []int{1}}
		for _, d := range []Detail{[]Detail{DetailFull, DetailCompact}[mask>>6&1]} {
			opt.Detail = d
			root, _ := render(t, func(b *bytes.Buffer) error { return TreeSVG(b, insts[k], snap, opt) })
			if len(root.all(withAttr("data-testid", "tree-node"))) == 0 && len(snap.Tree) > 0 {
				t.Fatal("no nodes drawn")
			}
		}
		OpenRows(snap)
		ClosedRows(snap)
		PathStates(snap.Tree, r.IntN(len(snap.Tree)+2)-1)
	})
}
