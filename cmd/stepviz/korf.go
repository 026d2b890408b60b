package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/stepper/puzzle"
)

func init() {
	register("korf", "solve Korf's 100 15-puzzles with IDA* (or another search) and check the node counts and optimal lengths", runKorf)
}

// maxKorfFile bounds the table read by stepviz korf.
const maxKorfFile = 1 << 20

// korfRow is one instance's outcome.
type korfRow struct {
	ID       int     `json:"id"`
	Status   string  `json:"status"`
	Length   float64 `json:"length"`
	Optimal  int     `json:"optimal"`
	Nodes    int64   `json:"nodes"`    // Korf's count: the root and every child generated, one at a time
	Expected int64   `json:"expected"` // repro_nodes of the table
	Seconds  float64 `json:"seconds"`
	Mismatch bool    `json:"mismatch"`
}

// korfReport is what stepviz korf -json prints.
type korfReport struct {
	File       string    `json:"file"`
	Search     string    `json:"search"`
	Instances  int       `json:"instances"`
	Mismatches int       `json:"mismatches"`
	Nodes      int64     `json:"nodes"`
	Seconds    float64   `json:"seconds"` // wall time
	NodeRate   float64   `json:"nodesPerSecond"`
	Rows       []korfRow `json:"rows"`
}

func runKorf(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("korf", flag.ContinueOnError)
	file := fs.String("file", "testdata/korf100.txt", "Korf's table (id, 16 tiles, optimal length, h0, published nodes, reproduced nodes)")
	search := fs.String("search", puzzle.KorfSearch, "the search line; the default has Korf's conventions, and only it is checked against the node counts")
	workers := fs.Int("j", runtime.GOMAXPROCS(0), "how many instances to solve at once")
	smallest := fs.Int("smallest", 0, "solve only the N instances with the fewest nodes (0: all)")
	idList := fs.String("ids", "", "solve only these instances, such as 1,5,79")
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "stepviz korf: unexpected argument %q: give the table with -file\n", pos[0])
		return exitUsage
	}
	if *workers < 1 || *smallest < 0 {
		fmt.Fprintln(stderr, "stepviz korf: -j wants a whole number >= 1 and -smallest one >= 0")
		return exitUsage
	}
	ks, err := loadKorf(*file)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz korf: %s\n", usererr.Text(err))
		return exitUsage
	}
	if *idList != "" {
		want := map[int]bool{}
		for _, f := range strings.Split(*idList, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				fmt.Fprintf(stderr, "stepviz korf: -ids: %q is not a whole number; write ids such as 1,5,79\n", f)
				return exitUsage
			}
			want[id] = true
		}
		var sel []puzzle.KorfInstance
		for _, k := range ks {
			if want[k.ID] {
				sel = append(sel, k)
				delete(want, k.ID)
			}
		}
		if len(want) > 0 {
			fmt.Fprintf(stderr, "stepviz korf: -ids: %d id(s) not in %s\n", len(want), *file)
			return exitUsage
		}
		ks = sel
	}
	if *smallest > 0 && *smallest < len(ks) {
		sort.SliceStable(ks, func(i, j int) bool { return ks[i].ReproNodes < ks[j].ReproNodes })
		ks = ks[:*smallest]
	}
	o, err := stepper.ParseOptions(*search)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz korf: -search: %s\n", usererr.Text(err))
		return exitUsage
	}
	check := *search == puzzle.KorfSearch
	rows := make([]korfRow, len(ks))
	bar := newProgressBar(stderr)
	var mu sync.Mutex
	done := 0
	jobs := make(chan int)
	var wg sync.WaitGroup
	wall := time.Now()
	for range min(*workers, max(len(ks), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rows[i] = solveKorf(ks[i], o, check)
				mu.Lock()
				done++
				bar.update(done, len(ks))
				mu.Unlock()
			}
		}()
	}
	for i := range ks {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	bar.done()
	rep := korfReport{File: *file, Search: o.String(), Instances: len(ks), Seconds: time.Since(wall).Seconds(), Rows: rows}
	for _, r := range rows {
		rep.Nodes += r.Nodes
		if r.Mismatch {
			rep.Mismatches++
		}
	}
	if rep.Seconds > 0 {
		rep.NodeRate = float64(rep.Nodes) / rep.Seconds
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "stepviz korf: %v\n", err)
			return exitUsage
		}
	} else {
		writeKorfText(stdout, rep, check)
	}
	if rep.Mismatches > 0 {
		return exitNo
	}
	return exitOK
}

// solveKorf runs one instance. A search that is not IDA* with Korf's
// conventions is reported but not checked against the node counts: only
// its status and length (A* stops at its node cap on most of them).
func solveKorf(k puzzle.KorfInstance, o stepper.Options, check bool) korfRow {
	r := korfRow{ID: k.ID, Optimal: k.OptLen, Expected: k.ReproNodes}
	inst, err := problems.Parse(k.Problem(), stepper.LocalFiles)
	if err != nil {
		r.Status, r.Mismatch = err.Error(), true
		return r
	}
	s, err := stepper.NewSearch(inst, forwardOnly(o))
	if err != nil {
		r.Status, r.Mismatch = err.Error(), true
		return r
	}
	start := time.Now()
	st := s.Run(0)
	r.Seconds = time.Since(start).Seconds()
	r.Status, r.Length = string(st), s.Cost()
	one, _ := s.GeneratedOneByOne()
	r.Nodes = int64(1 + one)
	r.Mismatch = st != stepper.Solved || int(r.Length) != k.OptLen || check && r.Nodes != k.ReproNodes
	return r
}

func writeKorfText(w io.Writer, rep korfReport, check bool) {
	fmt.Fprintf(w, "table      %s\n", rep.File)
	fmt.Fprintf(w, "search     %s\n", rep.Search)
	fmt.Fprintf(w, "%4s  %-13s  %6s  %7s  %15s  %15s  %9s  %s\n", "id", "status", "length", "optimal", "nodes", "table", "seconds", "")
	for _, r := range rep.Rows {
		mark := "ok"
		if r.Mismatch {
			mark = "MISMATCH"
		}
		table := strconv.FormatInt(r.Expected, 10)
		if !check {
			table, mark = "-", strings.Replace(mark, "ok", "", 1)
			if r.Status == string(stepper.LimitReached) {
				mark = "stopped at the node cap: A* keeps every node, IDA* only a path"
			}
		}
		fmt.Fprintf(w, "%4d  %-13s  %6s  %7d  %15d  %15s  %9.2f  %s\n", r.ID, r.Status, stepper.FormatNumber(r.Length), r.Optimal, r.Nodes, table, r.Seconds, mark)
	}
	fmt.Fprintf(w, "instances  %d\n", rep.Instances)
	fmt.Fprintf(w, "mismatches %d\n", rep.Mismatches)
	fmt.Fprintf(w, "nodes      %d\n", rep.Nodes)
	fmt.Fprintf(w, "time       %.1fs (%.1f million nodes a second)\n", rep.Seconds, rep.NodeRate/1e6)
}

// loadKorf reads a Korf table: a regular file of at most maxKorfFile bytes.
func loadKorf(path string) ([]puzzle.KorfInstance, error) {
	f, err := safefile.Open(path, maxKorfFile)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, fmt.Errorf("%s is more than a Korf table's %d bytes: is it the right file?", path, maxKorfFile)
	}
	if err != nil {
		return nil, usererr.Errorf("", "%v: give Korf's table with -file, such as -file testdata/korf100.txt", err)
	}
	defer f.Close()
	ks, err := puzzle.ParseKorf(io.LimitReader(f, maxKorfFile))
	if err != nil {
		return nil, usererr.Errorf("", "%s: %v", path, err)
	}
	return ks, nil
}
