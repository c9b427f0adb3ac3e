// Generated from general_core.ts.in (the one-word twin) by 'deno task twins': edit the template.
/**
 * The general engine's one-word core, for sizes up to 32: locked candidates by a scan,
 * the matching filter, and the branch choice, on the state and propagation of
 * `general_places32.ts`.
 *
 * @module
 */

import { Places32 } from "./general_places32.ts";
import { Matcher32 } from "./general_match.ts";
import { ESCALATE_LATIN } from "./general_base.ts";
import { popcount, type Tables } from "./general_tables.ts";

/**
 * The search for S <= 32 (`Places32` holds the state and the propagation): the
 * matching filter, locked candidates by a scan, the bivalent pairs and the branch choice.
 */
export class Core32 extends Places32 {
  /**
   * Whether `propagate` ends with the all-different matching filter. A field of each core,
   * not of `CoreBase`: there it made the 25×25 search 1.04 times as slow (paired, both
   * orders), so each core also keeps it across an escalation itself.
   */
  allDiff = false;
  /** The matching filter's scratch state and hints, one constraint per unit. */
  readonly matcher: Matcher32;
  /** Hash of each unit's candidates when the filter last left it consistent. */
  readonly unitSig: Int32Array;
  /** Per position k, the digits whose second place is k (`linkPairs` scratch). */
  readonly secondAt: Int32Array;

  constructor(t: Tables) {
    super(t);
    // Measured choices: probing pays on hard 16×16 sudokus (vu_kr: 1,887 nodes down to
    // 15, time halved) but makes enumeration (Latin squares, small grids) several times
    // slower. The all-different filter takes another quarter off the 16×16 sets and is
    // what 25×25 minimal puzzles need; on Latin squares with random holes it costs more
    // than it saves from the start (measured at orders 8–32), and it halves enumeration
    // speed, so there it waits for a long search without a solution (`escalateAfter`).
    this.probeWidth = t.box > 0 && t.size === 16 ? 2 : 0;
    this.allDiff = t.box > 0 && t.size >= 16;
    // Minimal 25×25 sudokus (Frisch's set): shaving every node (bivalent literals, with
    // singles only) and lookahead branching count all 18 in 0.01–28 s, where the
    // all-different filter and dom/wdeg alone finished 4 within 120,000 nodes.
    if (this.allDiff && t.size >= 25) {
      this.shaveDepth = t.cells;
      this.lookahead = true;
    }
    // Latin squares search plain until 500 nodes pass without a solution (see `escalate`):
    // random ones of order 32 with 35% empty went from over 10 s to 0.1–0.3 s.
    if (t.box === 0) this.escalateAfter = ESCALATE_LATIN;
    this.matcher = new Matcher32(t.size, t.unitCount);
    this.unitSig = new Int32Array(t.unitCount);
    this.secondAt = new Int32Array(t.size);
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
    const size = this.t.size;
    const units = this.t.units;
    const matcher = this.matcher;
    const mk = matcher.mk;
    let progress = 0;
    const sig = this.unitSig;
    const pb = this.placeBase;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      // Skip a unit whose candidates are exactly as when it was last left consistent
      // (a hash: a collision only skips a sound deduction, never changes a count).
      let h = 0;
      for (let x = 0; x < size; x++) {
        const m = st[units[base + x]];
        mk[x] = m;
        h = Math.imul(h ^ m, 0x9e3779b1) + x;
      }
      if (h === sig[u]) continue;
      const any = matcher.match(base, st, pb + base);
      if (any < 0) {
        this.unitW[u]++;
        return -1;
      }
      if (any !== 0) {
        for (let x = 0; x < size; x++) {
          // Another unit of the cell can lose its last place for a dropped digit.
          if (mk[x] !== 0 && !this.remove(units[base + x], mk[x])) return -1;
        }
        progress = 1;
        h = 0;
        for (let x = 0; x < size; x++) h = Math.imul(h ^ st[units[base + x]], 0x9e3779b1) + x;
      }
      sig[u] = h;
      if (progress !== 0 && !this.drain()) return -1;
    }
    return progress;
  }

  /** Two-candidate cells in cell order, then each unit's two-place digits. */
  linkPairs(): void {
    const n = this.n;
    const size = this.t.size;
    const st = this.st;
    for (let c = 0; c < n; c++) {
      const m = st[c];
      const rest = m & (m - 1);
      // Exactly two candidates; an assigned cell has one.
      if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
      this.pairCell(c, 31 - Math.clz32(m & -m), 31 - Math.clz32(m));
    }
    // Per unit, the digits with two places, ordered by their second place, then digit.
    const units = this.t.units;
    const pb = this.placeBase;
    const secondAt = this.secondAt;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let seconds = 0;
      for (let d = 0, at = pb + base; d < size; d++, at++) {
        const m = st[at];
        const rest = m & (m - 1);
        if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
        const k = 31 - Math.clz32(m);
        secondAt[k] |= 1 << d;
        seconds |= 1 << k;
      }
      while (seconds !== 0) {
        const kb = seconds & -seconds;
        seconds ^= kb;
        const k = 31 - Math.clz32(kb);
        let digits = secondAt[k];
        secondAt[k] = 0;
        while (digits !== 0) {
          const bit = digits & -digits;
          digits ^= bit;
          const d = 31 - Math.clz32(bit);
          const m = st[pb + base + d];
          this.pairPlaces(units[base + 31 - Math.clz32(m & -m)], units[base + k], d);
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
    const size = this.t.size;
    const b = this.t.box;
    let progress = 0;
    for (let pass = 0; pass < 2; pass++) {
      // pass 0: rows (cell (line, k*b+j)); pass 1: columns (cell (k*b+j, line)).
      const seg = pass === 0 ? this.segRow : this.segCol;
      const lineStep = pass === 0 ? size : 1;
      const alongStep = pass === 0 ? 1 : size;
      for (let line = 0; line < size; line++) {
        for (let k = 0; k < b; k++) {
          let m = 0;
          let c = line * lineStep + k * b * alongStep;
          for (let j = 0; j < b; j++, c += alongStep) m |= st[c];
          seg[line * b + k] = m;
        }
      }
      for (let line = 0; line < size; line++) {
        const band = line - (line % b);
        for (let k = 0; k < b; k++) {
          const m = seg[line * b + k];
          let lineOthers = 0;
          for (let k2 = 0; k2 < b; k2++) if (k2 !== k) lineOthers |= seg[line * b + k2];
          let boxOthers = 0;
          for (let l2 = band; l2 < band + b; l2++) if (l2 !== line) boxOthers |= seg[l2 * b + k];
          const pointing = m & ~boxOthers & lineOthers;
          if (pointing !== 0) {
            for (let k2 = 0; k2 < b; k2++) {
              if (k2 === k) continue;
              let c = line * lineStep + k2 * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, pointing)) return -1;
              }
            }
            progress = 1;
          }
          const claiming = m & ~lineOthers & boxOthers;
          if (claiming !== 0) {
            for (let l2 = band; l2 < band + b; l2++) {
              if (l2 === line) continue;
              let c = l2 * lineStep + k * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, claiming)) return -1;
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
      const m = st[c];
      const rest = m & (m - 1);
      if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
      const d1 = 31 - Math.clz32(m & -m);
      const d2 = 31 - Math.clz32(m);
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
      const m = st[pb + ud];
      const rest = m & (m - 1);
      if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
      const d = ud % size;
      const base = ud - d;
      const c1 = units[base + 31 - Math.clz32(m & -m)];
      const c2 = units[base + 31 - Math.clz32(m)];
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
      if (st[n + c] === 0) {
        const bu = boxUnit[c];
        const w = 1 + cw[c] + uw[r] + uw[size + col] + (bu >= 0 ? uw[bu] : 0);
        const score = popcount(st[c]) / w;
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
    let digit = 31 - Math.clz32(st[best] & -st[best]);
    const units = this.t.units;
    const sc = this.sliced[0];
    let bestUnit = -1;
    let bestBits = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      sc.reset();
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if (st[n + c] === 0) sc.add(st[c]);
      }
      const w = 1 + uw[u];
      for (let v = 2; v <= 7 && v / w < bestScore; v++) {
        const bits = sc.exactly(v);
        if (bits !== 0) {
          bestUnit = base;
          bestBits = bits;
          bestScore = v / w;
          break;
        }
      }
    }
    if (bestUnit >= 0) {
      const bit = bestBits & -bestBits;
      let k = 0;
      while ((st[units[bestUnit + k]] & bit) === 0 || st[n + units[bestUnit + k]] !== 0) k++;
      best = units[bestUnit + k];
      digit = 31 - Math.clz32(bit);
    }
    this.frameCell[depth] = best;
    this.frameDigit[depth] = digit;
    return true;
  }
}
