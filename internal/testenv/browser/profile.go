package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// FuncTime is the time a JavaScript function spent on top of the stack in a
// CPU profile (its self time), named "function file:line".
type FuncTime struct {
	Func string
	Ms   float64
}

// CPUProfile runs fn with V8's sampling profiler on in the page of ctx
// (sampling every interval) and returns the functions by self time, the
// heaviest first, at most top of them. "(program)" is the browser's own
// work outside scripts (style, layout, paint), "(idle)" the time waiting.
// With file set the whole profile is written there too (open it in
// Chromium's DevTools, Performance tab). Cost: one sampling profile; the
// sampling adds a few percent to what it measures.
func CPUProfile(ctx context.Context, interval time.Duration, top int, file string, fn func() error) ([]FuncTime, error) {
	var prof *profiler.Profile
	start := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: interval.Microseconds()}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, profiler.Start, cdp.Empty{})
		return err
	})
	stop := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		res, err := cdp.Call(ctx, t, profiler.Stop, cdp.Empty{})
		prof = res.Profile
		return err
	})
	if err := chromedp.Do(ctx, start); err != nil {
		return nil, fmt.Errorf("browser: starting the CPU profile: %w", err)
	}
	ferr := fn()
	if err := chromedp.Do(ctx, stop); err != nil {
		return nil, fmt.Errorf("browser: stopping the CPU profile: %w", err)
	}
	if ferr != nil {
		return nil, ferr
	}
	if prof == nil {
		return nil, fmt.Errorf("browser: the CPU profile is empty")
	}
	if file != "" {
		b, err := json.Marshal(prof)
		if err == nil {
			err = os.WriteFile(file, b, 0o644)
		}
		if err != nil {
			return nil, fmt.Errorf("browser: writing the CPU profile: %w", err)
		}
	}
	return selfTimes(prof, top), nil
}

// selfTimes sums each sample's time delta into the function on top of the
// stack when it was taken.
func selfTimes(p *profiler.Profile, top int) []FuncTime {
	name := map[int64]string{}
	for _, n := range p.Nodes {
		f := n.CallFrame
		s := f.FunctionName
		if s == "" {
			s = "(anonymous)"
		}
		if f.URL != "" {
			u := f.URL
			if i := strings.IndexByte(u, '?'); i >= 0 {
				u = u[:i]
			}
			s += fmt.Sprintf(" %s:%d", path.Base(u), f.LineNumber+1)
		}
		name[n.ID] = s
	}
	us := map[string]int64{}
	for i, id := range p.Samples {
		if i+1 < len(p.TimeDeltas) {
			us[name[id]] += p.TimeDeltas[i+1] // the time until the next sample
		}
	}
	out := make([]FuncTime, 0, len(us))
	for f, t := range us {
		out = append(out, FuncTime{f, float64(t) / 1000})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ms > out[j].Ms })
	if len(out) > top {
		out = out[:top]
	}
	return out
}

// Trace runs fn with Chromium's timeline tracing on and returns the time
// the page's main thread spent in each kind of event (ms by name: style
// is UpdateLayoutTree, then Layout, PrePaint, Paint, Layerize, Commit;
// FunctionCall and FireAnimationFrame hold scripts), the heaviest first,
// at most top of them. Events nest (RunTask holds the rest), so the
// figures overlap.
func Trace(ctx context.Context, top int, fn func() error) ([]FuncTime, error) {
	var events []map[string]any
	done := make(chan error, 1)
	start := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		go func() {
			for ev, err := range cdp.Events(ctx, t, tracing.DataCollected) {
				if err != nil {
					done <- err
					return
				}
				for _, v := range ev.Value {
					var m map[string]any
					if json.Unmarshal(v, &m) == nil {
						events = append(events, m)
					}
				}
			}
		}()
		go func() {
			for _, err := range cdp.Events(ctx, t, tracing.TracingComplete) {
				done <- err
				return
			}
		}()
		_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline"}}})
		return err
	})
	if err := chromedp.Do(ctx, start); err != nil {
		return nil, fmt.Errorf("browser: starting the trace: %w", err)
	}
	ferr := fn()
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.End, cdp.Empty{})
		return err
	})); err != nil {
		return nil, fmt.Errorf("browser: ending the trace: %w", err)
	}
	select {
	case err := <-done:
		if err != nil {
			return nil, fmt.Errorf("browser: reading the trace: %w", err)
		}
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("browser: the trace did not complete in 30 s")
	}
	if ferr != nil {
		return nil, ferr
	}
	time.Sleep(100 * time.Millisecond) // the last dataCollected before tracingComplete
	main := map[float64]bool{}
	for _, e := range events {
		if e["ph"] == "M" && e["name"] == "thread_name" {
			if a, ok := e["args"].(map[string]any); ok && a["name"] == "CrRendererMain" {
				if tid, ok := e["tid"].(float64); ok {
					main[tid] = true
				}
			}
		}
	}
	us := map[string]float64{}
	for _, e := range events {
		tid, _ := e["tid"].(float64)
		dur, ok := e["dur"].(float64)
		if !main[tid] || e["ph"] != "X" || !ok {
			continue
		}
		name, _ := e["name"].(string)
		us[name] += dur
	}
	out := make([]FuncTime, 0, len(us))
	for n, t := range us {
		out = append(out, FuncTime{n, t / 1000})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ms > out[j].Ms })
	if len(out) > top {
		out = out[:top]
	}
	return out, nil
}
