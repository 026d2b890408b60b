package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"stepviz/internal/usererr"
	"stepviz/server/session"
	"stepviz/stepper"
	persist "stepviz/store"
	"stepviz/viz"
	"stepviz/wire"
)

// Class polls: the presenter asks about the search shown at its live step,
// every follower answers on its own screen, the presenter watches the
// answers arrive, then reveals the right one to the class. The right
// answer is computed by the engine when it can be (the next node expanded,
// f of a node) and given by the presenter otherwise (is h admissible).
const (
	PollNext       = "next"       // which node is expanded next?
	PollF          = "f"          // what is f of node X?
	PollAdmissible = "admissible" // is this heuristic admissible here?

	// pollChoices is how many open nodes a "next" poll offers.
	pollChoices = 6
	// maxAnswerLen bounds one answer.
	maxAnswerLen = 32
)

// pollChoice is one answer a follower can click.
type pollChoice struct {
	Answer string `json:"answer"`
	Label  string `json:"label"`
}

// PollMsg is a poll as one client may see it: the presenter sees the
// answers as they arrive; followers see them, and the right answer, once
// revealed.
type PollMsg struct {
	Type     string       `json:"type"`
	ID       int64        `json:"id"`
	Kind     string       `json:"kind"`
	Question string       `json:"question"`
	SearchID string       `json:"search"`
	Step     int          `json:"step"`
	Node     int          `json:"node"`
	Choices  []pollChoice `json:"choices,omitempty"`
	Revealed bool         `json:"revealed"`
	Answers  int          `json:"answers"`
	// Counts is the number of followers per answer (normalised).
	Counts map[string]int `json:"counts,omitempty"`
	Right  string         `json:"right,omitempty"`
	// ShareRight is the share of answers that were right, once revealed.
	ShareRight *float64 `json:"shareRight,omitempty"`
	// Yours is this follower's answer, if any.
	Yours string `json:"yours,omitempty"`
}

// livePoll is the room's latest poll with its answers by pseudonym.
type livePoll struct {
	persist.Poll
	choices []pollChoice
	answers map[string]string
	// voters holds, per client address, the pseudonyms that answered
	// through this instance: at most Config.VotersPerAddress each (see
	// takeVote).
	voters map[string]map[string]bool
}

// loadPoll reads the room's latest poll and its answers.
func (r *Room) loadPoll(ctx context.Context) error {
	polls, err := r.rs.db.Polls(ctx, r.ID)
	if err != nil || len(polls) == 0 {
		return err
	}
	p := polls[len(polls)-1]
	as, err := r.rs.db.Answers(ctx, p.ID)
	if err != nil {
		return err
	}
	lp, err := r.livePoll(ctx, p)
	if err != nil {
		return err
	}
	for _, a := range as {
		lp.answers[a.Pseudonym] = a.Answer
	}
	r.poll = lp
	return nil
}

// livePoll makes the in-memory poll of a stored one, with its choices:
// those the asking server stored with it, so that applying a poll (on
// every instance of a cluster, and again after a restart) never replays
// the search. Only a "next" poll stored before the choices were kept
// (schema migration 4) is replayed to its step, once.
func (r *Room) livePoll(ctx context.Context, p persist.Poll) (*livePoll, error) {
	lp := &livePoll{Poll: p, answers: map[string]string{}}
	switch p.Kind {
	case PollNext:
		if p.Choices != "" {
			if err := json.Unmarshal([]byte(p.Choices), &lp.choices); err != nil {
				return nil, usererr.Errorf("server", "poll %d's stored choices: %w", p.ID, err)
			}
			break
		}
		se, err := r.rs.db.Search(ctx, p.SearchID)
		if err != nil {
			return nil, err
		}
		s, err := r.rs.search(se.Problem, se.Options, se.Heuristics)
		if err != nil {
			return nil, err
		}
		s.Seek(p.Step)
		lp.choices = nextChoices(s, p.Answer)
	case PollAdmissible:
		lp.choices = yesNo
	}
	return lp, nil
}

var yesNo = []pollChoice{{"yes", "Yes"}, {"no", "No"}}

func (p *livePoll) counts() map[string]int {
	out := map[string]int{}
	for _, a := range p.answers {
		out[a]++
	}
	return out
}

func (p *livePoll) shareRight() float64 {
	if len(p.answers) == 0 {
		return 0
	}
	right := 0
	for _, a := range p.answers {
		if a == p.Answer {
			right++
		}
	}
	return float64(right) / float64(len(p.answers))
}

func (p *livePoll) msgFor(c *roomClient) PollMsg {
	m := PollMsg{Type: MsgPoll, ID: p.ID, Kind: p.Kind, Question: p.Question, SearchID: p.SearchID, Step: p.Step, Node: p.Node,
		Choices: p.choices, Revealed: p.Revealed, Answers: len(p.answers)}
	if c.presenter || p.Revealed {
		m.Counts = p.counts()
	}
	if c.presenter || p.Revealed {
		m.Right = p.Answer
	}
	if p.Revealed {
		sh := p.shareRight()
		m.ShareRight = &sh
	}
	if !c.presenter {
		m.Yours = p.answers[c.pseudonym]
	}
	return m
}

// nextChoices offers the first open nodes in pop order, sorted by id so
// their order gives nothing away; right is always among them. It reads
// only the head of the open list (OpenHead), never a copy of the search:
// O(pollChoices²) whatever the number of nodes (issue 8).
func nextChoices(s *stepper.Search, right string) []pollChoice {
	ids := s.OpenHead(pollChoices, nil)
	if r, err := strconv.Atoi(right); err == nil && !containsInt(ids, r) {
		ids = append(ids, r)
	}
	sort.Ints(ids)
	fam := wire.Describe(s.Options())
	out := make([]pollChoice, 0, len(ids))
	for _, id := range ids {
		n := s.Node(id)
		out = append(out, pollChoice{Answer: strconv.Itoa(id), Label: fmt.Sprintf("#%d %s (%s)", id, n.State, choiceNumbers(fam, n))})
	}
	return out
}

// choiceNumbers are the numbers a choice gives of node n, the ones the
// search's tree and tables give, under the rounding rule
// ([stepper.NodeInfo.Shown]): its depth and g for a search ordered by
// depth, g alone for one without a heuristic ([viz.NumberColumns]: "h 0"
// beside a UCS or BFS would read as a heuristic), g and h otherwise.
func choiceNumbers(fam wire.Family, n stepper.NodeInfo) string {
	sh := n.Shown()
	switch {
	case fam.Eval == wire.EvalDepth:
		return fmt.Sprintf("depth %d, g %s", n.Depth, sh.G)
	case len(viz.NumberColumns(fam)) == 1:
		return "g " + sh.G
	}
	return "g " + sh.G + ", h " + sh.H
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// nodesNumbered says how many nodes a tree of n (1 or more) has and
// their numbers: "1 node, #0", "8 nodes, #0 to #7".
func nodesNumbered(n int) string {
	if n == 1 {
		return "1 node, #0"
	}
	return fmt.Sprintf("%d nodes, #0 to #%d", n, n-1)
}

// ask opens a poll about a lane of the live searches at its live step.
func (r *Room) ask(ctx context.Context, m Cmd) error {
	r.mu.Lock()
	var se *persist.Search
	for _, l := range r.currentLanesLocked() {
		if l.Lane == m.Lane {
			se = &l
		}
	}
	r.mu.Unlock()
	if se == nil {
		return usererr.Errorf("server", "no search %d is shown; show a search first", m.Lane+1)
	}
	if n, err := r.rs.db.CountPolls(ctx, r.ID); err != nil {
		return err
	} else if n >= maxPollsPerRoom {
		return usererr.Errorf("server", "this room has asked %d questions, the most it keeps; open a new room", n)
	}
	sess, _, err := r.rs.Session(ctx, se.ID)
	if err != nil {
		return err
	}
	p := persist.Poll{RoomID: r.ID, SearchID: se.ID, Kind: m.Kind, Node: -1}
	var choices []pollChoice
	if !sess.Do(func(lv session.Live) { choices, err = pollAt(lv.Forward(), m, &p) }) {
		return usererr.New("server", "the search has stopped")
	}
	if err != nil {
		return err
	}
	if choices != nil && m.Kind == PollNext {
		b, err := json.Marshal(choices)
		if err != nil {
			return usererr.Errorf("server", "encoding the poll's choices: %w", err)
		}
		p.Choices = string(b)
	}
	p.ID, p.Created = newPollID(), time.Now().UnixNano()
	return r.emit(ctx, roomEvent{Kind: evAsk, Poll: &p})
}

// pollAt fills in poll p of kind m.Kind about the live search at its live
// step, and returns the choices it offers. It runs inside the session's Do and
// reads the live search itself: a "next" poll takes one step and
// undoes it from the journal, O(one step), never a replay of the search
// (a search in bounded mode undoes it from its nearest checkpoint);
// the search is left where it was, and no client is told of the step.
func pollAt(s *stepper.Search, m Cmd, p *persist.Poll) ([]pollChoice, error) {
	step := s.StepCount()
	p.Step = step
	switch m.Kind {
	case PollNext:
		if s.Status().Done() {
			return nil, usererr.Errorf("server", "the search is over (%s): nothing is expanded next", s.Status())
		}
		ev, ok := s.Step()
		s.Seek(step)
		if !ok {
			return nil, usererr.New("server", "the search is over: nothing is expanded next")
		}
		p.Answer = strconv.Itoa(ev.Expanded.ID)
		p.Question = fmt.Sprintf("Step %d of %s on %s: which node is expanded next?", step, searchWords(s.Options()), problemWords(s.Instance()))
		return nextChoices(s, p.Answer), nil
	case PollF:
		if m.Node < 0 || m.Node >= s.NodeCount() {
			return nil, usererr.Errorf("server", "node %d does not exist at step %d (the tree has %s); pick a node of the tree", m.Node, step, nodesNumbered(s.NodeCount()))
		}
		if held, ok := s.HeldIDs(nil); ok && !slices.Contains(held, m.Node) {
			return nil, usererr.Errorf("server", "node %d is no longer held at step %d: past the session's node limit this search keeps only its current path and the pending siblings on it; pick a node drawn on the tree", m.Node, step)
		}
		n := s.Node(m.Node)
		p.Node = m.Node
		fam := wire.Describe(s.Options())
		p.Answer = n.Shown().F
		p.Question = fmt.Sprintf("Step %d of %s on %s: what is %s of node #%d (%s)? Type a number.", step, searchWords(s.Options()), problemWords(s.Instance()), keyWords(fam), m.Node, n.State)
		return nil, nil
	case PollAdmissible:
		if m.Answer != "yes" && m.Answer != "no" {
			return nil, usererr.New("server", "say whether the heuristic is admissible (yes or no): that is the answer the class will see")
		}
		p.Answer = m.Answer
		p.Question = fmt.Sprintf("Is %s admissible on %s?", heuristicWords(s), problemWords(s.Instance()))
		return yesNo, nil
	}
	return nil, usererr.Errorf("server", "a poll's kind is next, f or admissible, not %q", usererr.Clip(m.Kind, 24))
}

// applyAsk stores a poll and makes it the room's open question.
func (r *Room) applyAsk(ctx context.Context, p persist.Poll) error {
	r.mu.Lock()
	if r.poll != nil && r.poll.ID == p.ID {
		r.mu.Unlock()
		return nil // applied already
	}
	r.mu.Unlock()
	if _, err := r.rs.db.CreatePoll(ctx, p); err != nil {
		return err
	}
	lp, err := r.livePoll(ctx, p)
	if err != nil {
		return err
	}
	r.mu.Lock()
	old := r.poll
	r.poll = lp
	hold := holdsViews(lp)
	r.broadcastPollLocked(false)
	r.mu.Unlock()
	if old != nil && old.SearchID != lp.SearchID {
		r.applyHold(old.SearchID, 0, false)
	}
	r.applyHold(lp.SearchID, lp.Step, hold)
	return nil
}

// normalNumber writes a finite number the same way whatever was typed
// ("3", "3.0", " 3e0 "), under the rounding rule the page's tables and
// trees write f by ([stepper.FormatNumber]), so answers group by value and
// an answer read off the page (13.243) or worked out in full (13.24264)
// is the right answer the poll holds, n.Shown().F.
func normalNumber(x float64) string { return stepper.FormatNumber(x) }

// keyWords names what an f poll asks of a node, as the page names the
// column it reads it in ([viz.KeyName]): "f", "g" for uniform cost, "the
// depth" for a search ordered by depth.
func keyWords(fam wire.Family) string {
	if k := viz.KeyName(fam); k != "depth" {
		return k
	}
	return "the depth"
}

// answer records c's answer to the open poll.
func (r *Room) answer(ctx context.Context, c *roomClient, pollID int64, answer string) error {
	answer = strings.TrimSpace(answer)
	r.mu.Lock()
	p := r.poll
	r.mu.Unlock()
	switch {
	case p == nil || p.ID != pollID:
		return usererr.New("server", "that poll is no longer open")
	case p.Revealed:
		return usererr.New("server", "the answer has been revealed; wait for the next question")
	case answer == "" || len(answer) > maxAnswerLen:
		return usererr.Errorf("server", "an answer is 1 to %d characters", maxAnswerLen)
	}
	r.mu.Lock()
	_, again := p.answers[c.pseudonym]
	full := len(p.answers) >= maxAnswersPerPoll && !again
	var voteErr error
	if !full {
		voteErr = p.takeVote(c, r.rs.cfg.VotersPerAddress)
	}
	r.mu.Unlock()
	if full {
		return usererr.Errorf("server", "this question has %d answers, the most it keeps", maxAnswersPerPoll)
	}
	if voteErr != nil {
		return voteErr
	}
	switch p.Kind {
	case PollF:
		x, err := strconv.ParseFloat(strings.ReplaceAll(answer, ",", "."), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return usererr.Errorf("server", "%q is not a number; type f as a number such as 7 or 7.5", answer)
		}
		answer = normalNumber(x)
	default:
		ok := false
		for _, ch := range p.choices {
			ok = ok || ch.Answer == answer
		}
		if !ok {
			return usererr.Errorf("server", "%q is not one of the choices", answer)
		}
	}
	err := r.emit(ctx, roomEvent{Kind: evAnswer, PollID: p.ID, Pseudonym: c.pseudonym, Answer: answer})
	if errors.Is(err, persist.ErrRevealed) {
		return usererr.New("server", "the answer has been revealed; wait for the next question")
	}
	return err
}

// applyAnswer records one follower's answer and shows it to the
// presenters and to that follower's pages.
func (r *Room) applyAnswer(ctx context.Context, pollID int64, pseudonym, answer string) error {
	if err := r.rs.db.SetAnswer(ctx, persist.Answer{PollID: pollID, Pseudonym: pseudonym, Answer: answer}); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.poll
	if p == nil || p.ID != pollID {
		return nil
	}
	p.answers[pseudonym] = answer
	for c := range r.clients {
		if c.presenter || c.pseudonym == pseudonym {
			r.sendLocked(c, session.Encode(p.msgFor(c)))
		}
	}
	return nil
}

// reveal closes the poll and shows everyone the answers and the right one.
func (r *Room) reveal(ctx context.Context) error {
	r.mu.Lock()
	p := r.poll
	r.mu.Unlock()
	if p == nil {
		return usererr.New("server", "ask a question first")
	}
	return r.emit(ctx, roomEvent{Kind: evReveal, PollID: p.ID})
}

func (r *Room) applyReveal(ctx context.Context, pollID int64) error {
	if err := r.rs.db.Reveal(ctx, pollID); err != nil {
		return err
	}
	r.mu.Lock()
	p := r.poll
	if p == nil || p.ID != pollID {
		r.mu.Unlock()
		return nil
	}
	p.Revealed = true
	r.broadcastPollLocked(false)
	r.mu.Unlock()
	r.applyHold(p.SearchID, 0, false)
	return nil
}

// holdsViews reports whether poll p holds its search's views: an open
// "next" poll.
func holdsViews(p *livePoll) bool {
	return p != nil && p.Kind == PollNext && !p.Revealed
}

// applyHold holds the views of search id at step (hold) or lifts its hold,
// if this process runs that session (a session started later gets the
// hold from room.start). It must be called without r.mu held: it waits on
// the session.
func (r *Room) applyHold(id string, step int, hold bool) {
	sess, ok := r.rs.cfg.Sessions.Get(id)
	if !ok {
		return
	}
	if !hold {
		sess.ReleaseViews() // with the open list's order again
		return
	}
	sess.HoldViews(step) // without the order (server/session/hide.go)
}

// takeVote admits c's answer to p under the per-address cap: a follower
// that has answered may answer again (its answer is replaced); a new one
// is refused once max followers of its address have answered. A fresh
// token (a new pseudonym) is a new follower, so an address can cast at most
// max answers to one poll however many sockets it opens. Called with the
// room's lock held. O(1).
func (p *livePoll) takeVote(c *roomClient, max int) error {
	if p.voters == nil {
		p.voters = map[string]map[string]bool{}
	}
	set := p.voters[c.addr]
	if set[c.pseudonym] {
		return nil
	}
	if len(set) >= max {
		return usererr.Errorf("server", "%d people on your network have answered this question already, the most one address may (a lecturer with a larger class behind one router raises -per-address)", max)
	}
	if set == nil {
		set = map[string]bool{}
		p.voters[c.addr] = set
	}
	set[c.pseudonym] = true
	return nil
}
