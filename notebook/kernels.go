package notebook

import (
	"fmt"
	"sync"
	"time"

	"stepviz/internal/usererr"
)

// Defaults of Config's per-address kernel limits.
const (
	// DefaultKernelsPerAddress is how many pages of one client address
	// may hold a kernel at once.
	DefaultKernelsPerAddress = 4
	// DefaultKernelIdle is how long a page may go without a message or a
	// running cell before a page that needs its slot may take it.
	DefaultKernelIdle = 10 * time.Minute
	// maxQueuedBytes bounds the code of the cells one page has waiting.
	maxQueuedBytes = 4 << 20
)

// kernelSlots hands out the kernels: at most max pages at once and at most
// perAddr of one client address (webguard.ClientIP). Eviction: when a page
// needs a slot and none is free (on the server, or of its address), the
// page idle longest — no cell running or queued, no message for idle —
// among the candidates (any page for a full server, the address's own for
// a full address) is closed and its slot given to the new page; with no
// such page the new one is refused. Safe for concurrent use; acquire is
// O(pages).
type kernelSlots struct {
	max, perAddr int
	idle         time.Duration
	mu           sync.Mutex
	pages        map[*conn]string // the page's address
	byAddr       map[string]int
}

func newKernelSlots(max, perAddr int, idle time.Duration) *kernelSlots {
	return &kernelSlots{max: max, perAddr: perAddr, idle: idle, pages: map[*conn]string{}, byAddr: map[string]int{}}
}

// acquire gives c a slot for addr, evicting an idle page if it must; the
// caller calls release exactly once when c's last cell has ended.
func (k *kernelSlots) acquire(c *conn, addr string) (release func(), err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byAddr[addr] >= k.perAddr && !k.evictLocked(addr) {
		return nil, usererr.Errorf("notebook", "your network already has %d notebooks open here, the most one address may; close one and reload", k.perAddr)
	}
	if len(k.pages) >= k.max && !k.evictLocked("") {
		return nil, usererr.Errorf("notebook", "too many notebooks are running; close one and reload")
	}
	k.pages[c] = addr
	k.byAddr[addr]++
	var once sync.Once
	return func() { once.Do(func() { k.mu.Lock(); k.dropLocked(c); k.mu.Unlock() }) }, nil
}

func (k *kernelSlots) dropLocked(c *conn) {
	addr, ok := k.pages[c]
	if !ok {
		return // evicted: its slot was handed on
	}
	delete(k.pages, c)
	if k.byAddr[addr]--; k.byAddr[addr] == 0 {
		delete(k.byAddr, addr)
	}
}

// evictLocked closes the page of addr ("" any) idle longest, if one has
// been idle for k.idle, and reports whether it did. An evicted page holds
// no cell, so its slot is free at once.
func (k *kernelSlots) evictLocked(addr string) bool {
	var victim *conn
	var since int64
	now := time.Now()
	for c, a := range k.pages {
		if addr != "" && a != addr {
			continue
		}
		last, ok := c.idleSince()
		if !ok || now.Sub(time.Unix(0, last)) < k.idle {
			continue
		}
		if victim == nil || last < since {
			victim, since = c, last
		}
	}
	if victim == nil {
		return false
	}
	k.dropLocked(victim)
	victim.evict(fmt.Sprintf("notebook closed after %v unused: another page needed its kernel. Reload to start again.", k.idle.Round(time.Second)))
	return true
}
