package room

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"stepviz/internal/usererr"
	persist "stepviz/store"
)

// The lecturer's poll exports are tidy tables, one header row each, that
// pandas.read_csv reads with numeric answer columns:
//
//   - polls.csv: one row per answer — poll, question, kind, search (the
//     search's title, as the room's history names it), step,
//     right_answer, pseudonym, answer, correct (1 or 0), search_id;
//   - polls-summary.csv: one row per poll — poll, question, kind, search,
//     step, right_answer, answers, right, share_right (0 to 1, empty
//     without answers), search_id.
//
// Answers are numbers for every kind: a node's id (next), f (f), and 1
// for yes, 0 for no (admissible).

// csvAnswer is an answer as the exports write it: numeric for every kind.
func csvAnswer(kind, a string) string {
	if kind == PollAdmissible {
		switch a {
		case "yes":
			return "1"
		case "no":
			return "0"
		}
	}
	return a
}

// searchTitle names a room's search as its history does: its label
// (searchLabel) and the problem, with its place in the history.
func searchTitle(se persist.Search) string {
	return "#" + strconv.Itoa(se.Pos+1) + " " + searchLabel(se.Options) + " on " + se.Problem
}

// ServePollsCSV answers r with the room's polls.csv, or polls-summary.csv
// when summary is set (see above). The caller has checked that r is the
// presenter's. Cost: one query per poll.
func (rm *Room) ServePollsCSV(w http.ResponseWriter, r *http.Request, summary bool) {
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	polls, err := rm.rs.db.Polls(ctx, rm.ID)
	if err != nil {
		http.Error(w, usererr.Text(err), http.StatusInternalServerError)
		return
	}
	titles := map[string]string{}
	rm.mu.Lock()
	for _, se := range rm.history {
		titles[se.ID] = searchTitle(se)
	}
	rm.mu.Unlock()
	name := "room-" + rm.ID + "-polls.csv"
	header := []string{"poll", "question", "kind", "search", "step", "right_answer", "pseudonym", "answer", "correct", "search_id"}
	if summary {
		name = "room-" + rm.ID + "-polls-summary.csv"
		header = []string{"poll", "question", "kind", "search", "step", "right_answer", "answers", "right", "share_right", "search_id"}
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	cw := csv.NewWriter(w)
	_ = cw.Write(header)
	for _, p := range polls {
		as, err := rm.rs.db.Answers(ctx, p.ID)
		if err != nil {
			break // the header is out: the file ends short
		}
		head := []string{strconv.FormatInt(p.ID, 10), p.Question, p.Kind, titles[p.SearchID], strconv.Itoa(p.Step), csvAnswer(p.Kind, p.Answer)}
		right := 0
		for _, a := range as {
			correct := "0"
			if a.Answer == p.Answer {
				right++
				correct = "1"
			}
			if !summary {
				_ = cw.Write(append(head[:len(head):len(head)], a.Pseudonym, csvAnswer(p.Kind, a.Answer), correct, p.SearchID))
			}
		}
		if summary {
			share := ""
			if len(as) > 0 {
				share = strconv.FormatFloat(float64(right)/float64(len(as)), 'f', 3, 64)
			}
			_ = cw.Write(append(head, strconv.Itoa(len(as)), strconv.Itoa(right), share, p.SearchID))
		}
	}
	cw.Flush()
}
