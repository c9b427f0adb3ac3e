/**
 * The all-different matching filter (Régin) of the general engine's one-word core: for
 * units of at most 32 positions and 32 values, as bitsets.
 *
 * @module
 */

/** Scratch state and hints of Régin's filter for constraints of `size` <= 32 positions. */
export class Matcher32 {
  /** Positions (and values) per constraint. */
  readonly size: number;
  /** Per constraint and position, the value matched last time (a hint, not trailed). */
  readonly matchHint: Int32Array;
  readonly matchOf: Int32Array;
  readonly posOfDigit: Int32Array;
  readonly reach: Int32Array;
  readonly seen: Int32Array;
  /** The value sets of the constraint `match` works on, then the values to drop. */
  readonly mk: Int32Array;
  /** The open positions of `mk` and their value sets without the solved positions' values. */
  readonly openPos: Int32Array;
  readonly cm: Int32Array;
  /** Reverse edges and strongly connected component of each open position. */
  readonly rev: Int32Array;
  readonly scc: Int32Array;
  stamp = 0;

  /** Scratch for constraints of `size` positions, hints for `constraints` of them. */
  constructor(size: number, constraints: number) {
    this.size = size;
    this.matchHint = new Int32Array(constraints * size).fill(-1);
    this.matchOf = new Int32Array(size);
    this.posOfDigit = new Int32Array(size);
    this.reach = new Int32Array(size);
    this.seen = new Int32Array(size);
    this.mk = new Int32Array(size);
    this.openPos = new Int32Array(size);
    this.cm = new Int32Array(size);
    this.rev = new Int32Array(size);
    this.scc = new Int32Array(size);
  }

  /** Kuhn's augmenting path from open position `x` (of `cm`). */
  augment(x: number): boolean {
    let m = this.cm[x];
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const d = 31 - Math.clz32(bit);
      if (this.seen[d] === this.stamp) continue;
      this.seen[d] = this.stamp;
      const y = this.posOfDigit[d];
      if (y < 0 || this.augment(y)) {
        this.posOfDigit[d] = x;
        this.matchOf[x] = d;
        return true;
      }
    }
    return false;
  }

  /**
   * Régin's filter on one all-different constraint whose S positions have the value sets
   * `mk[0..S)`, S values in all: keep a value of a position only if some perfect matching
   * of positions to values uses it. Positions with one value are matched to it and taken
   * out with their values, so the work is on the m open positions only. An edge off the
   * matching is in one iff it lies on an alternating cycle, i.e. both its positions are in
   * one strongly connected component; with at most 32 positions the components come from
   * forward and backward bitset searches. Leaves the values to drop in `mk` and returns 1
   * when some position loses values, 0 when none does, -1 when no perfect matching exists.
   * `matchHint` at `hintBase` holds the last matching of this constraint, per position.
   */
  match(hintBase: number): number {
    const size = this.size;
    const mk = this.mk;
    const cm = this.cm;
    const open = this.openPos;
    const hint = this.matchHint;
    const matchOf = this.matchOf;
    const pos = this.posOfDigit;
    const reach = this.reach;
    let fixed = 0;
    let m = 0;
    for (let x = 0; x < size; x++) {
      const v = mk[x];
      if ((v & (v - 1)) === 0) {
        if ((fixed & v) !== 0 || v === 0) return -1;
        fixed |= v;
      } else {
        open[m++] = x;
      }
    }
    if (m === 0) return 0;
    pos.fill(-1);
    let stray = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i];
      const v = mk[x] & ~fixed;
      stray |= mk[x] & fixed;
      cm[i] = v;
      const d = hint[hintBase + x];
      if (d >= 0 && (v & (1 << d)) !== 0 && pos[d] < 0) {
        pos[d] = i;
        matchOf[i] = d;
      } else {
        matchOf[i] = -1;
      }
    }
    for (let i = 0; i < m; i++) {
      if (matchOf[i] >= 0) continue;
      this.stamp++;
      if (!this.augment(i)) return -1;
    }
    // Alternating graph on positions: i -> j when i can take the value j is matched to.
    const rev = this.rev;
    for (let i = 0; i < m; i++) rev[i] = 0;
    for (let i = 0; i < m; i++) {
      hint[hintBase + open[i]] = matchOf[i];
      let v = cm[i] & ~(1 << matchOf[i]);
      let a = 0;
      const bi = 1 << i;
      while (v !== 0) {
        const bit = v & -v;
        v ^= bit;
        const j = pos[31 - Math.clz32(bit)];
        a |= 1 << j;
        rev[j] |= bi;
      }
      reach[i] = a;
    }
    // Strongly connected components, each as forward reach ∩ backward reach of one of
    // its positions (bitset searches), left in `scc` per position.
    const scc = this.scc;
    let left = m === 32 ? -1 : (1 << m) - 1;
    let comps = 0;
    while (left !== 0) {
      comps++;
      const start = left & -left;
      let fwd = start;
      let todo = start;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = reach[31 - Math.clz32(b)] & left & ~fwd;
        fwd |= nw;
        todo |= nw;
      }
      let back = start;
      todo = start;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = rev[31 - Math.clz32(b)] & fwd & ~back;
        back |= nw;
        todo |= nw;
      }
      left &= ~back;
      let rest = back;
      while (rest !== 0) {
        const b = rest & -rest;
        rest ^= b;
        scc[31 - Math.clz32(b)] = back;
      }
    }
    // One component keeps every edge: the usual case, done without the edge walk.
    if (comps === 1 && stray === 0) return 0;
    let any = 0;
    for (let x = 0; x < size; x++) if ((mk[x] & (mk[x] - 1)) === 0) mk[x] = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i];
      let v = cm[i] & ~(1 << matchOf[i]);
      // A value a solved position holds goes from every other position.
      let drop = mk[x] & fixed;
      const comp = scc[i];
      while (v !== 0) {
        const bit = v & -v;
        v ^= bit;
        if ((comp & (1 << pos[31 - Math.clz32(bit)])) === 0) drop |= bit;
      }
      mk[x] = drop;
      if (drop !== 0) any = 1;
    }
    return any;
  }
}
