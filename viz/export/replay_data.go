package export

import (
	"math"

	"stepviz/stepper"
	"stepviz/viz"
)

// replayData is a compact trace for the replay page, the records of
// protocol v2 (docs/protocol.md, stepper.NodeRecord): one record per node
// with its values after the last step, per step only what the step
// changed. The page derives the search at any step k from them as the live
// page's model does (static/model.js): a node exists if id < NodeEnd[k],
// is closed (goal, cut off or a stale pop, by its flags) if
// 0 < Order <= k, else shows its base fate; the rare changes of an
// existing node (a re-parenting, a reopening, RBFS's backups and forgotten
// subtrees, beam's prunings) are Mods, undone for steps before theirs. The
// searches with no single open list carry their family's terms per step
// (Deepening, Bidirectional columns, present only for their family). So
// the size is O(nodes + steps + mods), never O(steps · nodes), and any step
// is O(nodes) to show.
type replayData struct {
	Problem string            `json:"problem"`
	Kind    string            `json:"kind"`
	Options string            `json:"options"`
	Rules   string            `json:"rules"`
	Steps   int               `json:"steps"`
	Status  string            `json:"status"` // the search's status after the last step
	Info    viz.ProblemInfo   `json:"info"`   // Frontier names the family as the live page's hello does
	Legend  []viz.LegendEntry `json:"legend"`
	// node columns, by id: the records after the last step
	State  []string  `json:"state"`
	Parent []int     `json:"parent"`
	G      []float64 `json:"g"`
	H      []float64 `json:"h"`
	Depth  []int     `json:"depth"`
	Born   []int     `json:"born"`  // the step that created it
	Order  []int     `json:"order"` // its (last) selection step, 0 if none
	Seq    []int     `json:"seq"`
	// Fate packs the base fate (bits 0-2, stepper.BaseFate) with the
	// flags of its selection and tree: fateGoalPop, fateCutoffPop,
	// fateStalePop, fateBackward.
	Fate []int `json:"fate"`
	// StoredF is RBFS's stored f (null: ∞); absent for other searches.
	StoredF []stepper.Bound `json:"storedF,omitempty"`
	// step columns: index k for the search after step k (k = 0..Steps)
	NodeEnd   []int    `json:"nodeEnd"`
	Expanded  []int    `json:"expanded"`  // the node step k selected (index 0: -1)
	Counters  [][8]int `json:"counters"`  // expanded, generated, duplicates, reparented, open, closed, maxOpen, pruned
	Narration []string `json:"narration"` // index 0: the start
	// Mods are the values of existing nodes before a step changed them:
	// [step, id, g, parent, depth, order, seq, fate, stored F, the step of
	// the node's mod before], in step order (null: ∞).
	Mods [][10]stepper.Bound `json:"mods,omitempty"`
	// Goal is the goal node (-1 if none) and Path the solution after the
	// last step (ids from the root).
	Goal int   `json:"goal"`
	Path []int `json:"path,omitempty"`
	// Deep and Bi are the family's terms per step (nil for a best-first
	// search).
	Deep *replayDeepening     `json:"deep,omitempty"`
	Bi   *replayBidirectional `json:"bi,omitempty"`
	Beam *replayBeam          `json:"beam,omitempty"`
	// TraceGz is the JSON trace, gzipped and base64-encoded (a tenth of
	// its size), for the page's download link.
	TraceGz string `json:"traceGz"`
}

// The flags packed above a node's base fate in replayData.Fate.
const (
	fateGoalPop   = 1 << 3
	fateCutoffPop = 1 << 4
	fateStalePop  = 1 << 5
	fateBackward  = 1 << 6
)

// replayDeepening is stepper.Deepening by step (index k: after step k;
// index 0 holds no event) for ids, idastar and rbfs. The current path
// is not stored: it is the chain of parents of the node step k selected.
// RBFS's f-limits change at the path's end only, so step k stores how many
// of step k-1's it keeps (LimKeep) and how many it appends (LimAdd, taken in
// order from Lims): O(steps) in all.
type replayDeepening struct {
	IterStart []int           `json:"iterStart"` // stepper.Search.IterStart(k)
	Iteration []int           `json:"iteration"`
	Limit     []int           `json:"limit,omitempty"`         // ids: the depth limit
	Threshold []stepper.Bound `json:"threshold,omitempty"`     // idastar
	Next      []stepper.Bound `json:"nextThreshold,omitempty"` // idastar; null: none yet
	LimKeep   []int           `json:"limKeep,omitempty"`       // rbfs
	LimAdd    []int           `json:"limAdd,omitempty"`
	Lims      []stepper.Bound `json:"lims,omitempty"`
	NextNode  []int           `json:"nextNode,omitempty"` // rbfs: -1 none
	NextLimit []stepper.Bound `json:"nextLimit,omitempty"`
	// Backups are RBFS's, [step, node, f] in step order.
	Backups [][3]stepper.Bound `json:"backups,omitempty"`
}

// replayBidirectional is stepper.Bidirectional by step (index 0 holds no
// event); Rule indexes Rules, the stopping rules' texts.
type replayBidirectional struct {
	Dir       []int8          `json:"dir"` // 0 none, 1 forward, 2 backward
	Mu        []stepper.Bound `json:"mu"`
	PathCost  []stepper.Bound `json:"pathCost"`
	MeetF     []int           `json:"meetF"`
	MeetB     []int           `json:"meetB"`
	TopF      []stepper.Bound `json:"topF"`
	TopB      []stepper.Bound `json:"topB"`
	Epsilon   []stepper.Bound `json:"epsilon"`
	Rule      []int           `json:"rule"`
	RuleTexts []string        `json:"rules"`
}

// replayBeam is stepper.BeamStep by step (index 0 holds no event): what
// each step kept and pruned. Pruned lists, as the event does, the first
// stepper.MaxPrunedListed nodes a step dropped, [step, id, f]; each is a
// mod too, so its size is O(mods).
type replayBeam struct {
	Width       int                `json:"width"`
	Layer       []int              `json:"layer"`
	LayerDone   []int8             `json:"layerDone"`
	Kept        []int              `json:"kept"`
	PrunedCount []int              `json:"prunedCount"`
	Pruned      [][3]stepper.Bound `json:"pruned,omitempty"`
}

// replayFrontier names how the page orders the open list, as the lecture
// server's hello does (server/problem_info.go): the family of a search with
// no single queue ordered by a key (stack, rbfs, bidirectional), else
// DescribeProblem's fifo, lifo or priority.
func replayFrontier(s *stepper.Search, info viz.ProblemInfo) string {
	if f := viz.ProtocolFrontier(s.Options().Algorithm); f != "" {
		return f
	}
	return info.Frontier
}

func countersOf(c stepper.Counters) [8]int {
	return [8]int{c.Expanded, c.Generated, c.Duplicates, c.Reparented, c.Open, c.Closed, c.MaxOpen, c.Pruned}
}

func packFate(r stepper.NodeRecord) int {
	f := int(r.Fate)
	if r.GoalPop {
		f |= fateGoalPop
	}
	if r.CutoffPop {
		f |= fateCutoffPop
	}
	if r.StalePop {
		f |= fateStalePop
	}
	if r.Backward {
		f |= fateBackward
	}
	return f
}

// modified reports whether a step k changed record a into b in a way the
// page must be told of: anything but the node's own selection by step k
// (its order going from 0 to k, with the flags of that selection), which
// the page derives from the final order.
func modified(a, b stepper.NodeRecord, k int) bool {
	if a.Order == 0 && b.Order == k {
		a.Order, a.GoalPop, a.CutoffPop, a.StalePop = b.Order, b.GoalPop, b.CutoffPop, b.StalePop
	}
	return a != b
}

// replayBuilder walks a session and gathers its replayData.
type replayBuilder struct {
	d       *replayData
	s       *stepper.Search
	rbfs    bool
	cur     []stepper.NodeRecord // every node's record at the step walked
	modStep []int                // the step of each node's latest mod, 0 if none
	lims    []stepper.Bound      // RBFS: the f-limits of the step before
	rules   map[string]int
	ids     []int
}

// buildReplay fills d's node, step, mod and family columns by stepping
// the session's search from step 0: each step reads the records of the
// nodes it made and touched (the node it selected, its children and its
// mods, as the lecture server's stepRecords does). Cost: O(steps + nodes +
// mods) record reads.
func buildReplay(sess *session, d *replayData) (int, error) {
	s := sess.s
	s.Reset()
	b := &replayBuilder{d: d, s: s, rbfs: sess.opts.Algorithm == stepper.RBFS, rules: map[string]int{}}
	switch sess.opts.Algorithm {
	case stepper.IDS, stepper.IDAStar, stepper.RBFS:
		d.Deep = &replayDeepening{}
	case stepper.Beam:
		d.Beam = &replayBeam{Width: sess.opts.Width}
	}
	b.addNodes(s.NodeEnd(0))
	d.NodeEnd, d.Expanded, d.Counters = []int{s.NodeEnd(0)}, []int{-1}, [][8]int{countersOf(s.Counters())}
	d.Narration = []string{"Step 0: the start node is the only open node."}
	b.family(nil, 0)
	steps, err := sess.walk(func(ev *stepper.Event) error {
		b.step(ev)
		return nil
	})
	if err != nil {
		return steps, err
	}
	b.finish()
	return steps, nil
}

// addNodes appends the records of the nodes made up to end.
func (b *replayBuilder) addNodes(end int) {
	from := len(b.cur)
	b.cur = b.s.Records(from, end, b.cur)
	for id := from; id < end; id++ {
		st, h := b.s.StateOf(id)
		b.d.State, b.d.H = append(b.d.State, st), append(b.d.H, h)
		b.modStep = append(b.modStep, 0)
	}
}

func (b *replayBuilder) step(ev *stepper.Event) {
	k, d, s := ev.Step, b.d, b.s
	old := len(b.cur)
	b.ids = s.ExpandedIn(k-1, k, b.ids[:0])
	for _, c := range ev.Children {
		b.ids = append(b.ids, c.ID)
	}
	b.ids = s.ModdedIn(k-1, k, b.ids)
	for _, id := range b.ids {
		if id < 0 || id >= old {
			continue
		}
		r := s.Record(id)
		if a := b.cur[id]; modified(a, r, k) {
			d.Mods = append(d.Mods, [10]stepper.Bound{stepper.Bound(k), stepper.Bound(id), stepper.Bound(a.G), stepper.Bound(a.Parent), stepper.Bound(a.Depth),
				stepper.Bound(a.Order), stepper.Bound(a.Seq), stepper.Bound(packFate(a)), stepper.Bound(a.F), stepper.Bound(b.modStep[id])})
			b.modStep[id] = k
		}
		b.cur[id] = r
	}
	b.addNodes(s.NodeEnd(k))
	d.NodeEnd = append(d.NodeEnd, s.NodeEnd(k))
	d.Expanded = append(d.Expanded, ev.Expanded.ID)
	d.Counters = append(d.Counters, countersOf(ev.Counters))
	d.Narration = append(d.Narration, viz.Narrate(*ev, s.Options()))
	d.Status = string(ev.Status)
	if ev.Status == stepper.Solved {
		d.Path = ev.Path
	}
	b.family(ev, k)
}

// family appends step k's family terms (ev nil: step 0, no event).
func (b *replayBuilder) family(ev *stepper.Event, k int) {
	if p := b.d.Deep; p != nil {
		var dp stepper.Deepening
		if ev != nil && ev.Deepening != nil {
			dp = *ev.Deepening
		}
		p.IterStart = append(p.IterStart, b.s.IterStart(k))
		p.Iteration = append(p.Iteration, max(dp.Iteration, 1))
		switch o := b.s.Options(); o.Algorithm {
		case stepper.IDS:
			l := -1
			if dp.Limit != nil {
				l = *dp.Limit
			}
			p.Limit = append(p.Limit, l)
		case stepper.IDAStar:
			p.Threshold = append(p.Threshold, boundOr(dp.Threshold))
			p.Next = append(p.Next, boundOr(dp.NextThreshold))
		case stepper.RBFS:
			keep := 0
			for keep < len(b.lims) && keep < len(dp.FLimits) && b.lims[keep] == dp.FLimits[keep] {
				keep++
			}
			p.LimKeep = append(p.LimKeep, keep)
			p.LimAdd = append(p.LimAdd, len(dp.FLimits)-keep)
			p.Lims = append(p.Lims, dp.FLimits[keep:]...)
			b.lims = append(b.lims[:0], dp.FLimits...)
			next := -1
			if dp.NextNode != nil {
				next = *dp.NextNode
			}
			p.NextNode = append(p.NextNode, next)
			p.NextLimit = append(p.NextLimit, boundOr(dp.NextLimit))
			for _, bk := range dp.Backups {
				p.Backups = append(p.Backups, [3]stepper.Bound{stepper.Bound(k), stepper.Bound(bk.Node), bk.F})
			}
		}
	}
	if p := b.d.Beam; p != nil {
		var bs stepper.BeamStep
		if ev != nil && ev.Beam != nil {
			bs = *ev.Beam
			p.Width = bs.Width
		}
		done := int8(0)
		if bs.LayerDone {
			done = 1
		}
		p.Layer, p.LayerDone, p.Kept, p.PrunedCount = append(p.Layer, bs.Layer), append(p.LayerDone, done), append(p.Kept, bs.Kept), append(p.PrunedCount, bs.PrunedCount)
		for _, pn := range bs.Pruned {
			p.Pruned = append(p.Pruned, [3]stepper.Bound{stepper.Bound(k), stepper.Bound(pn.ID), stepper.Bound(pn.F)})
		}
	}
	if ev != nil && ev.Bidirectional != nil && b.d.Bi == nil {
		b.d.Bi = &replayBidirectional{}
		for range k { // steps before the first that carried one
			b.bidi(stepper.Bidirectional{MeetForward: -1, MeetBackward: -1})
		}
	}
	if b.d.Bi != nil {
		if ev == nil || ev.Bidirectional == nil {
			b.bidi(stepper.Bidirectional{MeetForward: -1, MeetBackward: -1})
		} else {
			b.bidi(*ev.Bidirectional)
		}
	}
}

func (b *replayBuilder) bidi(x stepper.Bidirectional) {
	p := b.d.Bi
	dir := int8(0)
	switch x.Direction {
	case "forward":
		dir = 1
	case "backward":
		dir = 2
	}
	r, ok := b.rules[x.Rule]
	if !ok {
		r = len(p.RuleTexts)
		b.rules[x.Rule] = r
		p.RuleTexts = append(p.RuleTexts, x.Rule)
	}
	p.Dir, p.Mu, p.PathCost = append(p.Dir, dir), append(p.Mu, x.Mu), append(p.PathCost, x.PathCost)
	p.MeetF, p.MeetB = append(p.MeetF, x.MeetForward), append(p.MeetB, x.MeetBackward)
	p.TopF, p.TopB, p.Epsilon = append(p.TopF, x.TopForward), append(p.TopB, x.TopBackward), append(p.Epsilon, x.Epsilon)
	p.Rule = append(p.Rule, r)
}

// boundOr is *b, or ∞ (written null) when b is nil.
func boundOr(b *stepper.Bound) stepper.Bound {
	if b == nil {
		return stepper.Bound(math.Inf(1))
	}
	return *b
}

// finish writes the records after the last step into the node columns.
func (b *replayBuilder) finish() {
	d := b.d
	n := len(b.cur)
	d.Parent, d.G, d.Depth, d.Born = make([]int, n), make([]float64, n), make([]int, n), make([]int, n)
	d.Order, d.Seq, d.Fate = make([]int, n), make([]int, n), make([]int, n)
	if b.rbfs {
		d.StoredF = make([]stepper.Bound, n)
	}
	d.Goal = -1
	for id, r := range b.cur {
		d.Parent[id], d.G[id], d.Depth[id], d.Born[id] = r.Parent, r.G, r.Depth, r.Born
		d.Order[id], d.Seq[id], d.Fate[id] = r.Order, r.Seq, packFate(r)
		if b.rbfs {
			d.StoredF[id] = stepper.Bound(r.F)
		}
		if r.GoalPop || r.Fate == stepper.BaseGoalBorn {
			d.Goal = id
		}
	}
}
