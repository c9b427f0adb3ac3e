// Generated from general_core.ts.in (the two-word twin) by 'deno task twins': edit the template.
/**
 * The general engine's two-word core, for sizes 33 to 64 (and for cross-checks below):
 * the matching filter, the box-line scan and the branch choice over the state and
 * propagation of `Places64` (`general_places64.ts`).
 *
 * @module
 */

import { ESCALATE_LATIN } from "./general_base.ts";
import { Matcher64 } from "./general_match64.ts";
import { lowestDigit, Places64 } from "./general_places64.ts";
import { popcount, type Tables } from "./general_tables.ts";

/**
 * The search for S > 32 (`Places64` holds the state and the propagation): the
 * matching filter, locked candidates by a scan, the bivalent pairs and the branch choice.
 */
export class Core64 extends Places64 {
  /**
   * Whether `propagate` ends with the all-different matching filter. A field of each core,
   * not of `CoreBase`: there it made the 25×25 search 1.04 times as slow (paired, both
   * orders), so each core also keeps it across an escalation itself.
   */
  allDiff = false;
  /** The matching filter's scratch state and hints, one constraint per unit. */
  readonly matcher: Matcher64;
  /** Hash of each unit's candidates when the filter last left it consistent. */
  readonly unitSig: Int32Array;
  /** Per position k, the digits whose second place is k (`linkPairs` scratch). */
  readonly secondLo: Int32Array;
  readonly secondHi: Int32Array;

  constructor(t: Tables) {
    super(t);
    // The same filters as the one-word core's 25×25 sudokus (sudokus of 36×36 and up
    // stalled without them on grids with half their cells empty); Latin squares keep
    // the plain search, as below 32.
    this.allDiff = t.box > 0 && t.size >= 16;
    // Minimal 25×25 sudokus (Frisch's set): shaving every node (bivalent literals, with
    // singles only) and lookahead branching count all 18 in 0.01–28 s, where the
    // all-different filter and dom/wdeg alone finished 4 within 120,000 nodes.
    if (this.allDiff && t.size >= 25) {
      this.shaveDepth = t.cells;
      this.lookahead = true;
      // Random grids near the phase transition (36×36 half empty, 49×49 two-thirds) have
      // heavy tails: an early mistake costs minutes. Restarts after Luby's sequence times
      // 256 failures, exact by their nogoods: on the phase bench's six 36×36 and 49×49
      // grids that some solver finishes, 172 s (two stopped at 60 s) to 52 s; units of
      // 64 and 512 lost 2–3 grids of the six.
      this.restartDepth = 1;
      this.restartFailures = 256;
      this.luby = true;
    }
    // Latin squares search plain until 500 nodes pass without a solution (see `escalate`):
    // random ones of order 32 with 35% empty went from over 10 s to 0.1–0.3 s.
    if (t.box === 0) this.escalateAfter = ESCALATE_LATIN;
    this.matcher = new Matcher64(t.size, t.unitCount);
    this.unitSig = new Int32Array(t.unitCount);
    this.secondLo = new Int32Array(t.size);
    this.secondHi = new Int32Array(t.size);
  }

  #plainAllDiff = false;

  override keepPlainSettings(): void {
    super.keepPlainSettings();
    this.#plainAllDiff = this.allDiff;
  }

  override escalate(on: boolean): void {
    super.escalate(on);
    this.allDiff = on || this.#plainAllDiff;
  }

  /** Régin's filter on every unit (naked and hidden subsets of any size): -1, 0 or 1. */
  allDifferent(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    const matcher = this.matcher;
    const mkLo = matcher.mkLo;
    const mkHi = matcher.mkHi;
    let progress = 0;
    const sig = this.unitSig;
    const pb = this.placeBase;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      // Skip a unit whose candidates are exactly as when it was last left consistent
      // (a hash: a collision only skips a sound deduction, never changes a count).
      let h = 0;
      for (let x = 0; x < size; x++) {
        const c = units[base + x];
        const lo = st[c];
        const hi = st[n + c];
        mkLo[x] = lo;
        mkHi[x] = hi;
        h = Math.imul(Math.imul(h ^ lo, 0x9e3779b1) ^ hi, 0x85ebca6b) + x;
      }
      if (h === sig[u]) continue;
      const any = matcher.match(base, st, pb + 2 * base);
      if (any < 0) {
        this.unitW[u]++;
        return -1;
      }
      if (any !== 0) {
        for (let x = 0; x < size; x++) {
          // Another unit of the cell can lose its last place for a dropped digit.
          if ((mkLo[x] | mkHi[x]) !== 0 && !this.remove(units[base + x], mkLo[x], mkHi[x])) {
            return -1;
          }
        }
        progress = 1;
        h = 0;
        for (let x = 0; x < size; x++) {
          const c = units[base + x];
          h = Math.imul(Math.imul(h ^ st[c], 0x9e3779b1) ^ st[n + c], 0x85ebca6b) + x;
        }
      }
      sig[u] = h;
      if (progress !== 0 && !this.drain()) return -1;
    }
    return progress;
  }

  /** Two-candidate cells in cell order, then each unit's two-place digits. */
  linkPairs(): void {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    for (let c = 0; c < n; c++) {
      const lo = st[c];
      const hi = st[n + c];
      if (st[2 * n + c] !== 0 || popcount(lo) + popcount(hi) !== 2) continue;
      this.pairCell(c, lowestDigit(lo, hi), hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo));
    }
    // Per unit, the digits with two places, ordered by their second place, then digit.
    const units = this.t.units;
    const pb = this.placeBase;
    const secondLo = this.secondLo;
    const secondHi = this.secondHi;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let seenLo = 0;
      let seenHi = 0;
      for (let d = 0; d < size; d++) {
        const lo = st[pb + 2 * (base + d)];
        const hi = st[pb + 2 * (base + d) + 1];
        if (popcount(lo) + popcount(hi) !== 2) continue;
        const k = hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo);
        if (d < 32) secondLo[k] |= 1 << d;
        else secondHi[k] |= 1 << d;
        if (k < 32) seenLo |= 1 << k;
        else seenHi |= 1 << k;
      }
      for (let kw = 0; kw < 2; kw++) {
        let seconds = kw === 0 ? seenLo : seenHi;
        while (seconds !== 0) {
          const kb = seconds & -seconds;
          seconds ^= kb;
          const k = 31 - Math.clz32(kb) + 32 * kw;
          for (let dw = 0; dw < 2; dw++) {
            let digits = dw === 0 ? secondLo[k] : secondHi[k];
            while (digits !== 0) {
              const bit = digits & -digits;
              digits ^= bit;
              const d = 31 - Math.clz32(bit) + 32 * dw;
              const at = pb + 2 * (base + d);
              this.pairPlaces(units[base + lowestDigit(st[at], st[at + 1])], units[base + k], d);
            }
          }
          secondLo[k] = secondHi[k] = 0;
        }
      }
    }
  }

  /**
   * Pointing and claiming between blocks and rows/columns, by a scan of every segment: -1
   * on a contradiction, 1 when something was removed, else 0. Cheaper than the box-line
   * queue where most propagation is singles (the queue items are mostly stale by then).
   */
  lockedCandidates(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const b = this.t.box;
    const half = size * b;
    let progress = 0;
    for (let pass = 0; pass < 2; pass++) {
      // pass 0: rows (cell (line, k*b+j)); pass 1: columns (cell (k*b+j, line)).
      const seg = pass === 0 ? this.segRow : this.segCol;
      const lineStep = pass === 0 ? size : 1;
      const alongStep = pass === 0 ? 1 : size;
      for (let line = 0; line < size; line++) {
        for (let k = 0; k < b; k++) {
          let ml = 0;
          let mh = 0;
          let c = line * lineStep + k * b * alongStep;
          for (let j = 0; j < b; j++, c += alongStep) {
            ml |= st[c];
            mh |= st[n + c];
          }
          seg[line * b + k] = ml;
          seg[half + line * b + k] = mh;
        }
      }
      for (let line = 0; line < size; line++) {
        const band = line - (line % b);
        for (let k = 0; k < b; k++) {
          const s = line * b + k;
          let lineL = 0, lineH = 0, boxL = 0, boxH = 0;
          for (let k2 = 0; k2 < b; k2++) {
            if (k2 === k) continue;
            lineL |= seg[line * b + k2];
            lineH |= seg[half + line * b + k2];
          }
          for (let l2 = band; l2 < band + b; l2++) {
            if (l2 === line) continue;
            boxL |= seg[l2 * b + k];
            boxH |= seg[half + l2 * b + k];
          }
          const pl = seg[s] & ~boxL & lineL;
          const ph = seg[half + s] & ~boxH & lineH;
          if ((pl | ph) !== 0) {
            for (let k2 = 0; k2 < b; k2++) {
              if (k2 === k) continue;
              let c = line * lineStep + k2 * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, pl, ph)) return -1;
              }
            }
            progress = 1;
          }
          const cl = seg[s] & ~lineL & boxL;
          const ch = seg[half + s] & ~lineH & boxH;
          if ((cl | ch) !== 0) {
            for (let l2 = band; l2 < band + b; l2++) {
              if (l2 === line) continue;
              let c = l2 * lineStep + k * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, cl, ch)) return -1;
              }
            }
            progress = 1;
          }
        }
      }
      if (progress !== 0) return this.drain() ? 1 : -1;
    }
    return 0;
  }

  propagate(): boolean {
    for (;;) {
      // Singles and box-line deductions come from the places, through the queues.
      if (!this.drain()) return false;
      if (this.light) return true;
      if (this.t.box !== 0 && !this.queued) {
        const l = this.lockedCandidates();
        if (l < 0) return false;
        if (l > 0) continue;
      }
      if (!this.allDiff) return true;
      const a = this.allDifferent();
      if (a < 0) return false;
      if (a === 0) return true;
    }
  }

  /**
   * The bivalent choice, a two-candidate cell or a (unit, digit) with two places, whose
   * two sides cut most (product of the probes' `cut`s, as lookahead SAT solvers weigh the
   * clauses a literal shortens rather than the literals it sets); false when there is none.
   *
   * Measured on the 25×25 minimal puzzles: ranking by `cut` instead of the trail length
   * of the probes took the 18 from 535,000 nodes to 345,000 (the hardest from 182,000 to
   * 120,000), and the product alone beats it times the smaller side by another 5–7%
   * (before the weights of `cuts` were tuned).
   */
  chooseLookahead(depth: number): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const cut = this.cut;
    let best = -1;
    let bestDigit = 0;
    let bestScore = -1;
    for (let c = 0; c < n; c++) {
      const lo = st[c];
      const hi = st[n + c];
      if (st[2 * n + c] !== 0 || popcount(lo) + popcount(hi) !== 2) continue;
      const d1 = lowestDigit(lo, hi);
      const d2 = hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo);
      const i1 = cut[c * size + d1];
      const i2 = cut[c * size + d2];
      const score = this.pairScore(i1, i2);
      if (score > bestScore) {
        bestScore = score;
        best = c;
        bestDigit = i1 >= i2 ? d1 : d2;
      }
    }
    const units = this.t.units;
    const pb = this.placeBase;
    for (let ud = 0, e = this.t.unitCount * size; ud < e; ud++) {
      const lo = st[pb + 2 * ud];
      const hi = st[pb + 2 * ud + 1];
      if (popcount(lo) + popcount(hi) !== 2) continue;
      const d = ud % size;
      const base = ud - d;
      const c1 = units[base + lowestDigit(lo, hi)];
      const c2 = units[base + (hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo))];
      const i1 = cut[c1 * size + d];
      const i2 = cut[c2 * size + d];
      const score = this.pairScore(i1, i2);
      if (score > bestScore) {
        bestScore = score;
        best = i1 >= i2 ? c1 : c2;
        bestDigit = d;
      }
    }
    if (best < 0) return false;
    this.frameCell[depth] = best;
    this.frameDigit[depth] = bestDigit;
    return true;
  }

  /** The weighted most-constrained choice among cells and (unit, digit) pairs. */
  choose(depth: number): boolean {
    if (this.lookahead && this.probedAll && this.chooseLookahead(depth)) return true;
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const uw = this.unitW;
    const cw = this.cellW;
    const boxUnit = this.t.boxUnit;
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0, r = 0, col = 0; c < n; c++) {
      if (st[2 * n + c] === 0) {
        const bu = boxUnit[c];
        const w = 1 + cw[c] + uw[r] + uw[size + col] + (bu >= 0 ? uw[bu] : 0);
        const score = (popcount(st[c]) + popcount(st[n + c])) / w;
        if (score < bestScore) {
          best = c;
          bestScore = score;
        }
      }
      if (++col === size) {
        col = 0;
        r++;
      }
    }
    if (best < 0) return false;
    let digit = lowestDigit(st[best], st[n + best]);
    const units = this.t.units;
    const lo = this.sliced[0];
    const hi = this.sliced[1];
    let bestUnit = -1;
    let bestBit = 0;
    let bestWord = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      lo.reset();
      hi.reset();
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if (st[2 * n + c] !== 0) continue;
        lo.add(st[c]);
        hi.add(st[n + c]);
      }
      const w = 1 + uw[u];
      for (let v = 2; v <= 7 && v / w < bestScore; v++) {
        const bl = lo.exactly(v);
        const bh = hi.exactly(v);
        if ((bl | bh) !== 0) {
          bestUnit = base;
          bestWord = bl !== 0 ? 0 : 1;
          bestBit = bl !== 0 ? bl & -bl : bh & -bh;
          bestScore = v / w;
          break;
        }
      }
    }
    if (bestUnit >= 0) {
      const off = bestWord * n;
      let k = 0;
      while (
        (st[off + units[bestUnit + k]] & bestBit) === 0 || st[2 * n + units[bestUnit + k]] !== 0
      ) k++;
      best = units[bestUnit + k];
      digit = 31 - Math.clz32(bestBit) + 32 * bestWord;
    }
    this.frameCell[depth] = best;
    this.frameDigit[depth] = digit;
    return true;
  }
}
