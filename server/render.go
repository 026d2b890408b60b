package server

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"

	"stepviz/server/session"
	"stepviz/static"
	"stepviz/stepper"
	"stepviz/templates"
	"stepviz/viz"
	"stepviz/viz/export"
)

// firstPaintNodes caps the nodes the server draws in the first paint's
// tree; past it the page shows a note and the script draws the tree.
const firstPaintNodes = 3000

// sessionData reads the live state from the session's hub and prepares the
// session page's first paint. It returns false if the session has ended.
func (s *Server) sessionData(sess *session.Session, presenter bool, r *http.Request) (templates.SessionData, bool) {
	var (
		snap stepper.Snapshot
		// sel is the node the live step expanded (0 at step 0), copied out
		// inside Do: the hub's event is overwritten by its next step.
		sel     int
		hasLast bool
		inst    stepper.Instance
		o       stepper.Options
		info    viz.ProblemInfo
	)
	parentState := func(int) string { return "" }
	narration := ""
	if !sess.Do(func(lv session.Live) {
		s := lv.Search
		snap = firstPaint(s, defaultPreviewLimit)
		if hasLast = lv.Last != nil; hasLast {
			narration, sel = session.Narrate(s, *lv.Last), lv.Last.Expanded.ID
		}
		inst, o, info = s.Instance(), s.Options(), lv.Info
		states := map[int]string{}
		for _, n := range snap.Closed[max(0, len(snap.Closed)-defaultPreviewLimit):] {
			if n.Parent >= 0 {
				states[n.Parent], _ = s.StateOf(n.Parent)
			}
		}
		parentState = func(id int) string { return states[id] }
	}) {
		return templates.SessionData{}, false
	}
	scheme := "ws"
	if r.TLS != nil {
		scheme = "wss"
	}
	d := templates.SessionData{
		ID: sess.ID, Presenter: presenter,
		FollowerURL: s.reachFor(r).Base + followerPath(sess),
		WSURL:       scheme + "://" + r.Host + "/s/" + sess.ID + "/ws",
		Kind:        info.Kind, Spec: info.Spec, Options: info.Options, Warnings: info.Warnings,
		Step: snap.Step, Status: string(snap.Status), Counters: snap.Counters, Path: snap.Path,
		OpenTotal: snap.Counters.Open, ClosedTotal: snap.Counters.Closed,
		Static: static.Version(),
	}
	for _, f := range export.Formats() {
		d.Exports = append(d.Exports, templates.ExportLink{Name: f.Name, Description: f.Description,
			Href: "/s/" + sess.ID + "/export?format=" + url.QueryEscape(f.Name)})
	}
	// A homework sheet up to the step shown, and for the presenter its
	// answer key (handleWorksheet).
	for _, f := range export.WorksheetFormats {
		d.Exports = append(d.Exports, templates.ExportLink{Name: "worksheet-" + f,
			Description: "Homework sheet of the steps up to the one shown (" + f + "): the problem, the rules, blank steps and open list to fill in, as stepviz worksheet writes it",
			Href:        "/s/" + sess.ID + "/worksheet?format=" + f})
		if presenter {
			d.Exports = append(d.Exports, templates.ExportLink{Name: "worksheet-key-" + f,
				Description: "The worksheet's answer key (" + f + "), for the presenter only",
				Href:        "/s/" + sess.ID + "/worksheet?format=" + f + "&answers=1&" + keyParam + "=" + url.QueryEscape(r.URL.Query().Get(keyParam))})
		}
	}
	if o.Heuristic != "" {
		d.HeuristicHref = "/s/" + sess.ID + "/heuristic?h=" + url.QueryEscape(o.Heuristic)
	}
	if presenter && s.reachFor(r).LoopbackOnly {
		d.LoopbackOnly = s.classroomCommand()
	}
	if presenter {
		d.PresenterURL = absURL(r, "/s/"+sess.ID+"?"+keyParam+"="+url.QueryEscape(r.URL.Query().Get(keyParam)))
		d.WSURL += "?key=" + url.QueryEscape(r.URL.Query().Get(keyParam)) // checked by lookup
	}
	if hasLast {
		d.Narration = narration
	}
	for _, e := range viz.StatusLegend {
		d.Legend = append(d.Legend, templates.LegendEntry{Status: string(e.Status), Label: e.Label, Colour: e.Stroke})
	}
	d.Open = openRows(snap, defaultPreviewLimit, viz.FrontierKind(o) == "priority", o.Local)
	d.Layered = o.Local
	d.Numbers = viz.TableNumbers(viz.DescribeFamily(o))
	tail := snap.Closed[max(0, len(snap.Closed)-defaultPreviewLimit):]
	from := max(0, snap.Counters.Closed-len(tail))
	for i, n := range tail {
		row := templates.Row{NodeInfo: n, Position: from + i + 1}
		if n.Parent >= 0 {
			row.ParentState = parentState(n.Parent)
		}
		d.Closed = append(d.Closed, row)
	}
	var buf bytes.Buffer
	if snap.Tree != nil {
		if err := viz.TreeSVG(&buf, inst, snap, viz.TreeOptions{Algorithm: o.Algorithm, NoLegend: true}); err == nil {
			d.TreeSVG = buf.String()
		}
	}
	buf.Reset()
	if snap.Tree != nil {
		if err := viz.ProblemSVG(&buf, inst, snap, sel); err == nil {
			d.ProblemSVG = buf.String()
		}
	}
	return d, true
}

// firstPaint is what the first paint shows of search s: the whole
// snapshot while the tree has at most firstPaintNodes nodes (the server
// draws the tree and the problem), else only the first n open nodes and
// the last n closed ones, with no tree: the page's script draws the rest
// (for a search past the session's node limit, the closed nodes it holds).
// O(n²) past the limit, whatever the size of the search.
func firstPaint(s *stepper.Search, n int) stepper.Snapshot {
	held, bounded := s.HeldIDs(nil)
	if s.NodeCount() <= firstPaintNodes && !bounded {
		return s.Snapshot()
	}
	k := s.StepCount()
	sn := stepper.Snapshot{Step: k, Status: s.Status(), Counters: s.Counters(), Path: s.Path()}
	for _, id := range s.OpenHead(n, nil) {
		node := s.Node(id)
		sn.Open = append(sn.Open, stepper.OpenEntry{NodeInfo: node, Key: stepper.OpenKey(s.Options(), node)})
	}
	if bounded {
		// past the session's node limit (session/bounded.go): the closed
		// nodes held, those on the path, are all that is known
		for _, id := range held {
			if r := s.Record(id); r.Order > 0 && r.Order <= k && !r.GoalPop && !r.CutoffPop {
				sn.Closed = append(sn.Closed, s.Node(id))
			}
		}
		slices.SortFunc(sn.Closed, func(a, b stepper.NodeInfo) int { return a.Order - b.Order })
		sn.Closed = sn.Closed[max(0, len(sn.Closed)-n):]
		return sn
	}
	for step := k; step >= 1 && len(sn.Closed) < n; step-- {
		id := s.ExpandedIn(step-1, step, nil)[0]
		if r := s.Record(id); r.Order == step && !r.GoalPop && !r.CutoffPop {
			sn.Closed = append(sn.Closed, s.Node(id))
		}
	}
	slices.Reverse(sn.Closed)
	return sn
}

// openRows is the first n rows of the open list, the next node and (for a
// priority queue) its ties on priority marked; layered (local beam, whose
// key is the layer, then f) ties on both.
func openRows(snap stepper.Snapshot, n int, ties, layered bool) []templates.Row {
	var rows []templates.Row
	for i, e := range snap.Open {
		if i == n {
			break
		}
		row := templates.Row{NodeInfo: e.NodeInfo, Key: e.Key, Position: i + 1}
		switch {
		case snap.Status != stepper.Running: // no next node once the search is over
		case i == 0:
			row.Next = true
		case ties && e.Key.Priority == snap.Open[0].Key.Priority && (!layered || e.Key.Tie == snap.Open[0].Key.Tie):
			row.Tie = true
		}
		rows = append(rows, row)
	}
	return rows
}

func absURL(r *http.Request, path string) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}
