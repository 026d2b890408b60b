// Package browser starts Debian's Chromium for end-to-end tests, the one
// way every package does it: headless, with the flags this project's
// machines need (--no-sandbox --disable-gpu --disable-background-networking),
// a fresh profile, and a deadline. Without Chromium the test is
// testenv.Missing: a failure in CI, a skip elsewhere.
package browser

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
)

// New starts a headless Chromium with a window of w×h pixels and returns
// a context for chromedp actions that ends after timeout. The browser stops
// when the test ends.
func New(t testing.TB, w, h int, timeout time.Duration) context.Context {
	t.Helper()
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(testenv.Chromium(t)),
		chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(w, h),
	)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, timeout)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}
