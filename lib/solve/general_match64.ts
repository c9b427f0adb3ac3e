// Generated from general_match.ts.in (the two-word twin) by 'deno task twins': edit the template.
/**
 * The all-different matching filter (Régin) of the general engine's two-word core: for
 * units of up to 64 positions and 64 values, each set as a low and a high word.
 *
 * @module
 */

/** Scratch state and hints of Régin's filter for constraints of `size` <= 64 positions. */
export class Matcher64 {
  /** Positions (and values) per constraint. */
  readonly size: number;
  /** Per constraint and position, the value matched last time (a hint, not trailed). */
  readonly matchHint: Int32Array;
  /** Per open position, the value it is matched to. */
  readonly matchOf: Int32Array;
  /** Per value in `usedLo`/`usedHi`, the position matched to it. */
  readonly posOfDigit: Int32Array;
  /** The value sets of the constraint `match` works on, then the values to drop. */
  readonly mkLo: Int32Array;
  readonly mkHi: Int32Array;
  /** Per open position, the solved positions' values it still holds. */
  readonly strayLo: Int32Array;
  readonly strayHi: Int32Array;
  /** Per open position, the values of its strongly connected component. */
  readonly compLo: Int32Array;
  readonly compHi: Int32Array;
  /** The values matched so far (`augment`). */
  usedLo = 0;
  usedHi = 0;
  /** The values an augmenting path search has met. */
  seenLo = 0;
  seenHi = 0;
  /** Where the hints of the constraint being matched start. */
  hintBase = 0;

  /** Scratch for constraints of `size` positions, hints for `constraints` of them. */
  constructor(size: number, constraints: number) {
    this.size = size;
    // Zero is as good a first hint as any: a hint is checked before it is used.
    this.matchHint = new Int32Array(constraints * size);
    this.matchOf = new Int32Array(size);
    this.posOfDigit = new Int32Array(size);
    this.mkLo = new Int32Array(size);
    this.mkHi = new Int32Array(size);
    this.strayLo = new Int32Array(size);
    this.strayHi = new Int32Array(size);
    this.compLo = new Int32Array(size);
    this.compHi = new Int32Array(size);
  }

  /** Kuhn's augmenting path from open position `x` (value sets in `mkLo`, `mkHi`). */
  augment(x: number): boolean {
    const vl = this.mkLo[x];
    const vh = this.mkHi[x];
    const fl = vl & ~this.usedLo;
    const fh = vh & ~this.usedHi;
    let d: number;
    if (fl !== 0) {
      const b = fl & -fl;
      this.usedLo |= b;
      d = 31 - Math.clz32(b);
    } else if (fh !== 0) {
      const b = fh & -fh;
      this.usedHi |= b;
      d = 63 - Math.clz32(b);
    } else {
      // Each value is searched once: marking all of them now only keeps the deeper
      // searches off the ones this loop will try itself.
      let ml = vl & ~this.seenLo;
      let mh = vh & ~this.seenHi;
      this.seenLo |= ml;
      this.seenHi |= mh;
      for (;;) {
        if (ml !== 0) {
          const b = ml & -ml;
          ml ^= b;
          d = 31 - Math.clz32(b);
        } else if (mh !== 0) {
          const b = mh & -mh;
          mh ^= b;
          d = 63 - Math.clz32(b);
        } else {
          return false;
        }
        if (this.augment(this.posOfDigit[d])) break;
      }
    }
    this.posOfDigit[d] = x;
    this.matchOf[x] = d;
    this.matchHint[this.hintBase + x] = d;
    return true;
  }

  /**
   * Régin's filter on one all-different constraint whose S positions have the value sets
   * `mkLo/mkHi[0..S)`, S values in all: keep a value of a position only if some
   * perfect matching of positions to values uses it. Positions with one value are solved
   * and taken out with their values (which leave the others). An edge off the matching is
   * in one iff it lies on an alternating cycle, i.e. both its positions are in one strongly
   * connected component of the graph x -> y when x can take the value y is matched to.
   *
   * `places[placeAt + 2d]` and `[placeAt + 2d + 1]` must hold, for every value d no position
   * holds alone, the low and high word of the positions that can take it (bit x for
   * position x): the engine keeps exactly that view,
   * and it gives the backward searches without building the reverse graph. The forward
   * ones run on values (from the value matched to x, to those x can take), so no graph is
   * built at all. Leaves the values to drop in `mkLo/mkHi` and returns 1 when some
   * position loses values, 0 when none does, -1 when no perfect matching exists.
   * `matchHint` at `hintBase` holds the last matching of this constraint, per position.
   */
  match(hintBase: number, places: Int32Array, placeAt: number): number {
    const size = this.size;
    const mkLo = this.mkLo;
    const mkHi = this.mkHi;
    const hint = this.matchHint;
    const matchOf = this.matchOf;
    const pos = this.posOfDigit;
    let fixedLo = 0;
    let fixedHi = 0;
    let openLo = 0;
    let openHi = 0;
    let valsLo = 0;
    let valsHi = 0;
    let usedLo = 0;
    let usedHi = 0;
    let unLo = 0;
    let unHi = 0;
    for (let x = 0; x < size; x++) {
      const vl = mkLo[x];
      const vh = mkHi[x];
      if (vl === 0 ? (vh & (vh - 1)) === 0 : vh === 0 && (vl & (vl - 1)) === 0) {
        if ((vl | vh) === 0 || ((fixedLo & vl) | (fixedHi & vh)) !== 0) return -1;
        fixedLo |= vl;
        fixedHi |= vh;
        continue;
      }
      // Shifts take their count mod 32: `1 << x` is x's bit in its word.
      if (x < 32) openLo |= 1 << x;
      else openHi |= 1 << x;
      valsLo |= vl;
      valsHi |= vh;
      // Most positions keep the value of the last matching.
      const d = hint[hintBase + x];
      if (d < 32 ? (((vl & ~usedLo) >>> d) & 1) !== 0 : (((vh & ~usedHi) >>> d) & 1) !== 0) {
        if (d < 32) usedLo |= 1 << d;
        else usedHi |= 1 << d;
        pos[d] = x;
        matchOf[x] = d;
      } else if (x < 32) {
        unLo |= 1 << x;
      } else {
        unHi |= 1 << x;
      }
    }
    if ((openLo | openHi) === 0) return 0;
    const stray = (valsLo & fixedLo) | (valsHi & fixedHi);
    const strayLo = this.strayLo;
    const strayHi = this.strayHi;
    if (stray !== 0) {
      // The solved positions' values leave the others: out of the matching too.
      for (let x = 0; x < size; x++) {
        if ((((x < 32 ? openLo : openHi) >>> x) & 1) === 0) continue;
        strayLo[x] = mkLo[x] & fixedLo;
        strayHi[x] = mkHi[x] & fixedHi;
        mkLo[x] &= ~fixedLo;
        mkHi[x] &= ~fixedHi;
        const d = matchOf[x];
        if ((((d < 32 ? fixedLo : fixedHi) >>> d) & 1) === 0) continue;
        if (x < 32) unLo |= 1 << x;
        else unHi |= 1 << x;
      }
      usedLo &= ~fixedLo;
      usedHi &= ~fixedHi;
    }
    if ((unLo | unHi) !== 0) {
      this.usedLo = usedLo;
      this.usedHi = usedHi;
      this.hintBase = hintBase;
      while ((unLo | unHi) !== 0) {
        let x: number;
        if (unLo !== 0) {
          const b = unLo & -unLo;
          unLo ^= b;
          x = 31 - Math.clz32(b);
        } else {
          const b = unHi & -unHi;
          unHi ^= b;
          x = 63 - Math.clz32(b);
        }
        this.seenLo = this.seenHi = 0;
        if (!this.augment(x)) return -1;
      }
      usedLo = this.usedLo;
      usedHi = this.usedHi;
    }
    // Strongly connected components, each as forward reach (values, from the value
    // matched to a position to those it can take) ∩ backward reach (positions, from the
    // places of the value matched), within what earlier components left. The usual case,
    // one component, ends after the first with nothing to drop.
    const compLo = this.compLo;
    const compHi = this.compHi;
    let leftPLo = openLo;
    let leftPHi = openHi;
    let leftDLo = usedLo;
    let leftDHi = usedHi;
    while ((leftPLo | leftPHi) !== 0) {
      const xs = leftPLo !== 0
        ? 31 - Math.clz32(leftPLo & -leftPLo)
        : 63 - Math.clz32(leftPHi & -leftPHi);
      const ds = matchOf[xs];
      let fwdLo = ds < 32 ? 1 << ds : 0;
      let fwdHi = ds < 32 ? 0 : 1 << ds;
      let todoLo = fwdLo;
      let todoHi = fwdHi;
      while ((todoLo | todoHi) !== 0) {
        let p: number;
        if (todoLo !== 0) {
          const b = todoLo & -todoLo;
          todoLo ^= b;
          p = pos[31 - Math.clz32(b)];
        } else {
          const b = todoHi & -todoHi;
          todoHi ^= b;
          p = pos[63 - Math.clz32(b)];
        }
        const nl = mkLo[p] & leftDLo & ~fwdLo;
        const nh = mkHi[p] & leftDHi & ~fwdHi;
        fwdLo |= nl;
        fwdHi |= nh;
        todoLo |= nl;
        todoHi |= nh;
      }
      let backLo = xs < 32 ? 1 << xs : 0;
      let backHi = xs < 32 ? 0 : 1 << xs;
      todoLo = backLo;
      todoHi = backHi;
      while ((todoLo | todoHi) !== 0) {
        let d: number;
        if (todoLo !== 0) {
          const b = todoLo & -todoLo;
          todoLo ^= b;
          d = matchOf[31 - Math.clz32(b)];
        } else {
          const b = todoHi & -todoHi;
          todoHi ^= b;
          d = matchOf[63 - Math.clz32(b)];
        }
        const nl = places[placeAt + 2 * d] & leftPLo & ~backLo;
        const nh = places[placeAt + 2 * d + 1] & leftPHi & ~backHi;
        backLo |= nl;
        backHi |= nh;
        todoLo |= nl;
        todoHi |= nh;
      }
      if (
        fwdLo === leftDLo && fwdHi === leftDHi && backLo === leftPLo && backHi === leftPHi &&
        leftPLo === openLo && leftPHi === openHi
      ) {
        // One component: only the solved positions' values go, if any.
        if (stray === 0) return 0;
        for (let x = 0; x < size; x++) {
          const o = (((x < 32 ? openLo : openHi) >>> x) & 1) !== 0;
          mkLo[x] = o ? strayLo[x] : 0;
          mkHi[x] = o ? strayHi[x] : 0;
        }
        return 1;
      }
      let cdLo = 0;
      let cdHi = 0;
      let cpLo = 0;
      let cpHi = 0;
      for (let w = 0; w < 2; w++) {
        let rest = w === 0 ? fwdLo : fwdHi;
        while (rest !== 0) {
          const b = rest & -rest;
          rest ^= b;
          const x = pos[31 - Math.clz32(b) + 32 * w];
          if (x < 32) {
            if (((backLo >>> x) & 1) === 0) continue;
            cpLo |= 1 << x;
          } else {
            if (((backHi >>> x) & 1) === 0) continue;
            cpHi |= 1 << x;
          }
          if (w === 0) cdLo |= b;
          else cdHi |= b;
        }
      }
      leftPLo &= ~cpLo;
      leftPHi &= ~cpHi;
      leftDLo &= ~cdLo;
      leftDHi &= ~cdHi;
      for (let w = 0; w < 2; w++) {
        let rest = w === 0 ? cpLo : cpHi;
        while (rest !== 0) {
          const b = rest & -rest;
          rest ^= b;
          const x = 31 - Math.clz32(b) + 32 * w;
          compLo[x] = cdLo;
          compHi[x] = cdHi;
        }
      }
    }
    // A value off the position's component is in no perfect matching.
    let any = 0;
    for (let x = 0; x < size; x++) {
      if ((((x < 32 ? openLo : openHi) >>> x) & 1) === 0) {
        mkLo[x] = mkHi[x] = 0;
        continue;
      }
      let dl = mkLo[x] & ~compLo[x];
      let dh = mkHi[x] & ~compHi[x];
      if (stray !== 0) {
        dl |= strayLo[x];
        dh |= strayHi[x];
      }
      mkLo[x] = dl;
      mkHi[x] = dh;
      any |= dl | dh;
    }
    return any !== 0 ? 1 : 0;
  }
}
