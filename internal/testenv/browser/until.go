package browser

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/chromedp/chromedp"
)

// untilJS tests a predicate once now and then on every animation frame
// until it is truthy (true) or the time is up (false). An exception in the
// predicate rejects the promise: a broken predicate fails at once instead
// of timing out.
const untilJS = `new Promise((resolve, reject) => {
  const end = performance.now() + %d;
  const test = () => {
    let ok;
    try { ok = (%s); } catch (e) { reject(e); return; }
    if (ok) resolve(true);
    else if (performance.now() >= end) resolve(false);
    else requestAnimationFrame(test);
  };
  test();
})`

// Until is an action that waits, at most within, until the JavaScript
// expression is truthy in the document the tab shows, testing it on every
// animation frame. It fails if the time runs out, if the expression
// throws, or if the document goes away while it waits (a navigation or a
// reload: the wait never carries over to another document).
//
// Use it in place of chromedp.Poll. Poll sends its test to the execution
// context chromedp last recorded for the tab, and chromedp records a new
// document's context on its own goroutine after Navigate has already
// returned: on a loaded machine a Poll right after Navigate reaches the
// previous document's context and fails with "Cannot find context with
// specified id". Until names no context, so the browser runs it in the
// document it shows when the request arrives.
func Until(expr string, within time.Duration) chromedp.Action[chromedp.Void] {
	js := fmt.Sprintf(untilJS, within.Milliseconds(), expr)
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		ok, err := chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)(ctx, t)
		if err != nil {
			return chromedp.Void{}, fmt.Errorf("waiting for %s: %w", expr, err)
		}
		if !ok {
			return chromedp.Void{}, fmt.Errorf("%s was still false after %v", expr, within)
		}
		return chromedp.Void{}, nil
	}
}

// Open is an action that loads url in the tab, waits for its load event,
// then waits at most within until the expression ready is truthy in the
// new document (see Until).
func Open(url, ready string, within time.Duration) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := chromedp.Navigate(url)(ctx, t); err != nil {
			return chromedp.Void{}, fmt.Errorf("opening %s: %w", strconv.Quote(url), err)
		}
		return Until(ready, within)(ctx, t)
	}
}
