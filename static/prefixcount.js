// PrefixCount is a set of small non-negative integers (node ids) that
// counts its members below any n: a Fenwick tree over one bit per id.
// set is O(log n), below(n) is O(log n), growing to hold a larger id is
// O(new size) and doubles the size, so O(1) amortised per id. The model
// keeps one to count RBFS's forgotten nodes among the nodes that exist at
// the step shown (below nodeEnd) without visiting every node.
export class PrefixCount {
  constructor() { this.bits = new Uint8Array(0); this.tree = new Int32Array(1); }

  // has reports whether id is in the set.
  has(id) { return id < this.bits.length && this.bits[id] === 1; }

  // set puts id in the set (on true) or takes it out (on false).
  set(id, on) {
    if (this.has(id) === on) return;
    if (id >= this.bits.length) this.grow(id + 1);
    this.bits[id] = on ? 1 : 0;
    const d = on ? 1 : -1, t = this.tree;
    for (let i = id + 1; i < t.length; i += i & -i) t[i] += d;
  }

  // below is how many members are smaller than n.
  below(n) {
    const t = this.tree;
    let s = 0;
    for (let i = Math.min(n, t.length - 1); i > 0; i -= i & -i) s += t[i];
    return s;
  }

  // clear empties the set, keeping its size.
  clear() { this.bits.fill(0); this.tree.fill(0); }

  // grow makes room for ids below n (at least double the size), building
  // the tree again from the bits in O(size).
  grow(n) {
    const size = Math.max(n, this.bits.length * 2, 1024);
    const bits = new Uint8Array(size);
    bits.set(this.bits);
    const t = new Int32Array(size + 1);
    for (let i = 1; i <= size; i++) {
      t[i] += bits[i - 1];
      const j = i + (i & -i);
      if (j <= size) t[j] += t[i];
    }
    this.bits = bits; this.tree = t;
  }
}
