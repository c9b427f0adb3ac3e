// Generated from general_match.ts.in (the one-word twin) by 'deno task twins': edit the template.
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
  /** Per open position, the value it is matched to. */
  readonly matchOf: Int32Array;
  /** Per value in `used`, the position matched to it. */
  readonly posOfDigit: Int32Array;
  /** The value sets of the constraint `match` works on, then the values to drop. */
  readonly mk: Int32Array;
  /** Per open position, the solved positions' values it still holds. */
  readonly strayOf: Int32Array;
  /** Per open position, the values of its strongly connected component. */
  readonly compOf: Int32Array;
  /** The values matched so far (`augment`). */
  used = 0;
  /** The values an augmenting path search has met. */
  seen = 0;
  /** Where the hints of the constraint being matched start. */
  hintBase = 0;

  /** Scratch for constraints of `size` positions, hints for `constraints` of them. */
  constructor(size: number, constraints: number) {
    this.size = size;
    // Zero is as good a first hint as any: a hint is checked before it is used.
    this.matchHint = new Int32Array(constraints * size);
    this.matchOf = new Int32Array(size);
    this.posOfDigit = new Int32Array(size);
    this.mk = new Int32Array(size);
    this.strayOf = new Int32Array(size);
    this.compOf = new Int32Array(size);
  }

  /** Kuhn's augmenting path from open position `x` (value sets in `mk`). */
  augment(x: number): boolean {
    const v = this.mk[x];
    const free = v & ~this.used;
    let bit: number;
    if (free !== 0) {
      bit = free & -free;
      this.used |= bit;
    } else {
      // Each value is searched once: marking all of them now only keeps the deeper
      // searches off the ones this loop will try itself.
      let m = v & ~this.seen;
      this.seen |= m;
      for (;;) {
        if (m === 0) return false;
        bit = m & -m;
        m ^= bit;
        if (this.augment(this.posOfDigit[31 - Math.clz32(bit)])) break;
      }
    }
    const d = 31 - Math.clz32(bit);
    this.posOfDigit[d] = x;
    this.matchOf[x] = d;
    this.matchHint[this.hintBase + x] = d;
    return true;
  }

  /**
   * Régin's filter on one all-different constraint whose S positions have the value sets
   * `mk[0..S)`, S values in all: keep a value of a position only if some
   * perfect matching of positions to values uses it. Positions with one value are solved
   * and taken out with their values (which leave the others). An edge off the matching is
   * in one iff it lies on an alternating cycle, i.e. both its positions are in one strongly
   * connected component of the graph x -> y when x can take the value y is matched to.
   *
   * `places[placeAt + d]` must hold, for every value d no position holds alone, the
   * positions that can take it (bit x for position x): the engine keeps exactly that view,
   * and it gives the backward searches without building the reverse graph. The forward
   * ones run on values (from the value matched to x, to those x can take), so no graph is
   * built at all. Leaves the values to drop in `mk` and returns 1 when some
   * position loses values, 0 when none does, -1 when no perfect matching exists.
   * `matchHint` at `hintBase` holds the last matching of this constraint, per position.
   */
  match(hintBase: number, places: Int32Array, placeAt: number): number {
    const size = this.size;
    const mk = this.mk;
    const hint = this.matchHint;
    const matchOf = this.matchOf;
    const pos = this.posOfDigit;
    let fixed = 0;
    let open = 0;
    let vals = 0;
    let used = 0;
    let unmatched = 0;
    for (let x = 0; x < size; x++) {
      const v = mk[x];
      if ((v & (v - 1)) === 0) {
        if ((fixed & v) !== 0 || v === 0) return -1;
        fixed |= v;
        continue;
      }
      open |= 1 << x;
      vals |= v;
      // Most positions keep the value of the last matching.
      const d = hint[hintBase + x];
      if ((((v & ~used) >>> d) & 1) !== 0) {
        used |= 1 << d;
        pos[d] = x;
        matchOf[x] = d;
      } else {
        unmatched |= 1 << x;
      }
    }
    if (open === 0) return 0;
    const stray = vals & fixed;
    const strayOf = this.strayOf;
    if (stray !== 0) {
      // The solved positions' values leave the others: out of the matching too.
      let rest = open;
      while (rest !== 0) {
        const b = rest & -rest;
        rest ^= b;
        const x = 31 - Math.clz32(b);
        strayOf[x] = mk[x] & fixed;
        mk[x] &= ~fixed;
        if ((unmatched & b) === 0 && ((fixed >>> matchOf[x]) & 1) !== 0) unmatched |= b;
      }
      used &= ~fixed;
    }
    if (unmatched !== 0) {
      this.used = used;
      this.hintBase = hintBase;
      while (unmatched !== 0) {
        const b = unmatched & -unmatched;
        unmatched ^= b;
        this.seen = 0;
        if (!this.augment(31 - Math.clz32(b))) return -1;
      }
      used = this.used;
    }
    // The usual case first: one component, i.e. every position reaches and is reached by
    // the first one; then no edge is off every perfect matching.
    const x0 = 31 - Math.clz32(open & -open);
    let fwd = 1 << matchOf[x0];
    let todo = fwd;
    while (todo !== 0) {
      const b = todo & -todo;
      todo ^= b;
      const nw = mk[pos[31 - Math.clz32(b)]] & ~fwd;
      fwd |= nw;
      todo |= nw;
    }
    if (fwd === used) {
      let back = 1 << x0;
      todo = back;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = places[placeAt + matchOf[31 - Math.clz32(b)]] & ~back;
        back |= nw;
        todo |= nw;
      }
      if (back === open) {
        if (stray === 0) return 0;
        for (let x = 0; x < size; x++) mk[x] = ((open >>> x) & 1) !== 0 ? strayOf[x] : 0;
        return 1;
      }
    }
    // Strongly connected components, each as forward reach (values) ∩ backward reach
    // (positions) of one position, within what earlier components left.
    const compOf = this.compOf;
    let leftP = open;
    let leftD = used;
    while (leftP !== 0) {
      const xs = 31 - Math.clz32(leftP & -leftP);
      fwd = 1 << matchOf[xs];
      todo = fwd;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = mk[pos[31 - Math.clz32(b)]] & leftD & ~fwd;
        fwd |= nw;
        todo |= nw;
      }
      let back = 1 << xs;
      todo = back;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = places[placeAt + matchOf[31 - Math.clz32(b)]] & leftP & ~back;
        back |= nw;
        todo |= nw;
      }
      let compD = 0;
      let compP = 0;
      let rest = fwd;
      while (rest !== 0) {
        const b = rest & -rest;
        rest ^= b;
        const x = pos[31 - Math.clz32(b)];
        if (((back >>> x) & 1) !== 0) {
          compD |= b;
          compP |= 1 << x;
        }
      }
      leftP &= ~compP;
      leftD &= ~compD;
      while (compP !== 0) {
        const b = compP & -compP;
        compP ^= b;
        compOf[31 - Math.clz32(b)] = compD;
      }
    }
    // A value off the position's component is in no perfect matching.
    let any = 0;
    for (let x = 0; x < size; x++) {
      if (((open >>> x) & 1) === 0) {
        mk[x] = 0;
        continue;
      }
      let drop = mk[x] & ~compOf[x];
      if (stray !== 0) drop |= strayOf[x];
      mk[x] = drop;
      any |= drop;
    }
    return any !== 0 ? 1 : 0;
  }
}
