package live

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/game"
)

// The questions a live game session can ask its followers.
const (
	askBackup = "backup" // what value backs up to a node on the current path?
	askPrune  = "prune"  // which branch gets pruned next?
)

// Bounds of a game poll.
const (
	// maxPruneChoices bounds the branches a "pruned next" poll offers.
	maxPruneChoices = 24
	// maxAnswerBytes bounds a follower's typed answer.
	maxAnswerBytes = 32
	// noPrune is the choice that says nothing more gets pruned.
	noPrune = "nothing more is pruned"
)

// gamePoll is a question about the search's future, its answer taken from
// the engine's own view further on. Votes holds one answer per follower
// page (at most the session's pages); Counts tallies them.
type gamePoll struct {
	Type     string         `json:"type"` // "poll"
	Kind     string         `json:"kind"`
	Step     int            `json:"step"`
	Ask      string         `json:"ask"`
	Choices  []string       `json:"choices,omitempty"` // prune: the branches; backup: none (a number is typed)
	Revealed bool           `json:"revealed"`
	Answer   string         `json:"answer,omitempty"` // sent only once revealed
	Counts   map[string]int `json:"counts"`
	Votes    int            `json:"votes"`
	// right holds the answers that count as right, answer says them.
	right  map[string]bool
	answer string
	votes  map[*liveClient]string
}

// newGamePoll asks kind about the game search l at its current step:
// "backup" about node (its id; −1: the deepest inner node on the path),
// "prune" about the next cut. The answer comes from stepping a second
// viewer on from the current step to the end: O(the search's steps),
// bounded by its node cap.
func newGamePoll(l *Search, kind string, node int) (*gamePoll, error) {
	if !l.isGame() {
		return nil, fmt.Errorf("polls about values and pruning are for game searches")
	}
	if l.gopt.Algorithm == game.MCTS {
		return nil, fmt.Errorf("MCTS backs up wins and visits, not values: ask about minimax, alpha-beta or expectiminimax")
	}
	k := l.steps()
	now := l.gv.View()
	if now.Status != game.Running {
		return nil, fmt.Errorf("the search is over: step back or reset to ask about it")
	}
	ahead, err := game.NewViewer(l.g, l.gopt)
	if err != nil {
		return nil, err
	}
	for ahead.Steps() < k && func() bool { _, ok := ahead.Step(); return ok }() {
	}
	p := &gamePoll{Type: "poll", Kind: kind, Step: k, Counts: map[string]int{}, right: map[string]bool{}, votes: map[*liveClient]string{}}
	switch kind {
	case askBackup:
		if node < 0 {
			for _, id := range now.Path {
				if !now.Nodes[id].Leaf {
					node = id
				}
			}
		}
		if node < 0 || node >= len(now.Nodes) || now.Nodes[node].Status != game.OnPath || now.Nodes[node].Leaf {
			return nil, fmt.Errorf("ask about an inner node on the current path: its value is still to be backed up")
		}
		name := nodeName(&now.Nodes[node])
		p.Ask = fmt.Sprintf("What value backs up to %s?", name)
		for {
			ev, ok := ahead.Step()
			if !ok {
				return nil, fmt.Errorf("the search ended before %s's value was backed up (a node cap?)", name)
			}
			if ev.What == game.Up && ev.Node == node {
				p.answer = stepper.FormatNumber(float64(ev.Value))
				break
			}
		}
		p.right[p.answer] = true
	case askPrune:
		if l.gopt.Algorithm != game.AlphaBeta {
			return nil, fmt.Errorf("only alpha-beta prunes: ask what value backs up instead")
		}
		p.Ask = "Which branch gets pruned next?"
		var next []string
		for {
			ev, ok := ahead.Step()
			if !ok {
				break
			}
			if len(next) == 0 && len(ev.Pruned) > 0 {
				of := ahead.View().Nodes[ev.Parent]
				for _, m := range ev.Pruned {
					next = append(next, nodeName(&of)+": "+m)
				}
			}
		}
		end := ahead.View()
		choices := futureBranches(now, end)
		if len(next) == 0 {
			p.right[noPrune] = true
			p.answer = noPrune
		} else {
			for _, b := range next {
				p.right[b] = true
			}
			p.answer = strings.Join(next, ", ")
		}
		p.Choices = pickChoices(choices, next)
	default:
		return nil, fmt.Errorf("ask %q or %q", askBackup, askPrune)
	}
	return p, nil
}

// futureBranches names the branches of end (generated or pruned) that
// now has not generated yet, "parent: move", in generation order (the
// pruned ones after them). O(nodes).
func futureBranches(now, end *game.View) []string {
	var out []string
	for i := len(now.Nodes); i < len(end.Nodes); i++ {
		n := &end.Nodes[i]
		out = append(out, nodeName(&end.Nodes[n.Parent])+": "+n.Move)
	}
	for i := range end.Cut {
		c := &end.Cut[i]
		if c.Parent >= 0 && c.Parent < len(end.Nodes) {
			out = append(out, nodeName(&end.Nodes[c.Parent])+": "+c.Move)
		}
	}
	return out
}

// pickChoices offers at most maxPruneChoices branches: the first ones in
// generation order, every right one among them, and "nothing more is
// pruned"; sorted, so the order gives nothing away.
func pickChoices(all, right []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, r := range right {
		add(r)
	}
	for _, b := range all {
		if len(out) >= maxPruneChoices-1 {
			break
		}
		add(b)
	}
	sort.Strings(out)
	return append(out, noPrune)
}

// vote records c's answer (replacing its earlier one) and reports what
// was wrong with it. O(1).
func (p *gamePoll) vote(c *liveClient, answer string) error {
	if p.Revealed {
		return fmt.Errorf("the answer is out: this poll takes no more votes")
	}
	answer = strings.TrimSpace(answer)
	if len(answer) > maxAnswerBytes {
		return fmt.Errorf("an answer is at most %d characters", maxAnswerBytes)
	}
	switch p.Kind {
	case askBackup:
		x, err := strconv.ParseFloat(strings.NewReplacer("−", "-", "∞", "Inf").Replace(answer), 64)
		if err != nil || math.IsNaN(x) {
			return fmt.Errorf("answer with a number, such as 3 or -2.5")
		}
		answer = stepper.FormatNumber(x)
	case askPrune:
		ok := false
		for _, c := range p.Choices {
			ok = ok || c == answer
		}
		if !ok {
			return fmt.Errorf("answer with one of the branches listed")
		}
	}
	if old, ok := p.votes[c]; ok {
		if p.Counts[old]--; p.Counts[old] == 0 {
			delete(p.Counts, old)
		}
	}
	p.votes[c] = answer
	p.Counts[answer]++
	p.Votes = len(p.votes)
	return nil
}

// drop forgets a page that closed.
func (p *gamePoll) drop(c *liveClient) {
	if old, ok := p.votes[c]; ok {
		delete(p.votes, c)
		if p.Counts[old]--; p.Counts[old] == 0 {
			delete(p.Counts, old)
		}
		p.Votes = len(p.votes)
	}
}

// reveal publishes the answer.
func (p *gamePoll) reveal() {
	p.Revealed, p.Answer = true, p.answer
}

// Right reports whether answer counts as right.
func (p *gamePoll) isRight(answer string) bool { return p.right[answer] }
