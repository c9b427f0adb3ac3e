/**
 * The general engine's one-word core, for sizes up to 32: candidates, singles, locked
 * candidates, the matching filter, and the branch choice.
 *
 * @module
 */

import { LookaheadCore } from "./general_lookahead.ts";
import { Matcher32 } from "./general_match.ts";
import { lowMask, popcount, type Tables } from "./general_tables.ts";

/**
 * Place count that marks a (unit, digit) whose digit is placed: above any real count, so
 * it never reaches the hidden-single or contradiction thresholds.
 */
const PLACED = 1 << 20;

/**
 * The search for S <= 32: one candidate word per cell. State: cand[0..n), assigned
 * flags [n..2n), then the place count of each (unit, digit) (`countBase`), which turns
 * hidden singles into queue work instead of a scan of every unit.
 */
export class Core32 extends LookaheadCore {
  readonly full: number;
  /** Whether `propagate` ends with the all-different matching filter. */
  allDiff = false;
  /** Whether `propagate` stops after singles (for cheap probes). */
  light = false;
  /** Where the place counts of (unit, digit) start in `st`: `countBase + u * S + d`. */
  readonly countBase: number;
  /** The matching filter's scratch state and hints, one constraint per unit. */
  readonly matcher: Matcher32;
  /** Hash of each unit's candidates when the filter last left it consistent. */
  readonly unitSig: Int32Array;
  /** Per digit, its first place met in the unit `linkPairs` walks (`firstSeen` bits). */
  readonly firstPlace: Int32Array;
  firstSeen = 0;

  override setLight(light: boolean): void {
    this.light = light;
  }

  constructor(t: Tables) {
    super(t, 1, t.unitCount * t.size, t.maxUnitsPerCell);
    this.countBase = 2 * t.cells;
    this.full = lowMask(t.size);
    // Measured choices: probing pays on hard 16×16 sudokus (vu_kr: 1,887 nodes down to
    // 15, time halved) but makes enumeration (Latin squares, small grids) several times
    // slower. The all-different filter takes another quarter off the 16×16 sets and is
    // what 25×25 minimal puzzles need; on Latin squares with random holes it costs more
    // than it saves (measured at orders 8–32), and it halves enumeration speed.
    this.probeWidth = t.box > 0 && t.size === 16 ? 2 : 0;
    this.allDiff = t.box > 0 && t.size >= 16;
    // Minimal 25×25 sudokus (Frisch's set): shaving every node (bivalent literals, with
    // singles only) and lookahead branching count all 18 in 0.01–28 s, where the
    // all-different filter and dom/wdeg alone finished 4 within 120,000 nodes.
    if (this.allDiff && t.size >= 25) {
      this.shaveDepth = t.cells;
      this.lookahead = true;
    }
    this.matcher = new Matcher32(t.size, t.unitCount);
    this.unitSig = new Int32Array(t.unitCount);
    this.firstPlace = new Int32Array(t.size);
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
      const any = matcher.match(base);
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
      if (st[n + c] !== 0 || popcount(m) !== 2) continue;
      const a = 31 - Math.clz32(m & -m);
      const b = 31 - Math.clz32(m);
      this.pairCell(c, a, b);
    }
    // Per unit, the digits with two places, then one walk over its cells to find them.
    const units = this.t.units;
    const cb = this.countBase;
    const firstAt = this.firstPlace;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let two = 0;
      for (let d = 0, at = cb + base; d < size; d++, at++) if (st[at] === 2) two |= 1 << d;
      if (two === 0) continue;
      for (let k = 0; k < size && two !== 0; k++) {
        const c = units[base + k];
        let bits = st[c] & two;
        while (bits !== 0) {
          const bit = bits & -bits;
          bits ^= bit;
          const d = 31 - Math.clz32(bit);
          const first = firstAt[d];
          if ((this.firstSeen & bit) === 0) {
            this.firstSeen |= bit;
            firstAt[d] = c;
            continue;
          }
          two ^= bit;
          this.pairPlaces(first, c, d);
        }
      }
      this.firstSeen = 0;
    }
  }

  init(allowed?: Uint32Array): boolean {
    const st = this.st;
    const n = this.n;
    const full = this.full;
    for (let c = 0; c < n; c++) {
      const m = allowed === undefined ? full : allowed[c] & full;
      st[c] = m;
      st[n + c] = 0;
      if (m === 0) return false;
      if ((m & (m - 1)) === 0) this.queue[this.qt++] = c;
    }
    const size = this.t.size;
    const units = this.t.units;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      for (let d = 0; d < size; d++) {
        const bit = 1 << d;
        let v = 0;
        for (let k = 0; k < size; k++) if ((st[units[base + k]] & bit) !== 0) v++;
        st[this.countBase + base + d] = v;
        if (v === 0) return false;
        if (v === 1) this.hq[this.hqt++] = base + d;
      }
    }
    return true;
  }

  /** Take the removed digits `gone` of cell `c` off its units' place counts. */
  dropCounts(c: number, gone: number): boolean {
    const st = this.st;
    const cu = this.t.cellUnits;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const size = this.t.size;
    const cb = this.countBase;
    // The trail writes of `set`, inlined: this loop is the hottest of a probe.
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    let cuts = 0;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      const d = 31 - Math.clz32(bit);
      for (let i = s; i < e; i++) {
        const at = cb + cu[i] * size + d;
        const old = st[at];
        if (old >= PLACED) continue;
        const v = old - 1;
        const top = this.top++;
        trailIdx[top] = at;
        trailOld[top] = old;
        st[at] = v;
        // 5 - v for v < 4, else 0, without a branch: this loop is a probe's hottest.
        cuts += ((v - 4) >> 31) & (5 - v);
        if (v <= 1) {
          if (v === 0) {
            this.unitW[cu[i]]++;
            return false;
          }
          this.hq[this.hqt++] = at - cb;
        }
      }
    }
    this.cuts += cuts;
    return true;
  }

  /** Remove the bits `bits` from cell `c`, queueing it when one candidate remains. */
  remove(c: number, bits: number): boolean {
    const old = this.st[c];
    const gone = old & bits;
    if (gone === 0) return true;
    const m = old & ~bits;
    this.set(c, m);
    if (m === 0) {
      this.cellW[c]++;
      return false;
    }
    const m2 = m & (m - 1);
    if (m2 === 0) this.queue[this.qt++] = c;
    else {
      const m3 = m2 & (m2 - 1);
      if (m3 === 0) this.cuts += 8;
      else if ((m3 & (m3 - 1)) === 0) this.cuts += 4;
    }
    return this.dropCounts(c, gone);
  }

  removeDigit(c: number, d: number): boolean {
    return this.remove(c, 1 << d);
  }

  assign(c: number, d: number): boolean {
    const st = this.st;
    const bit = 1 << d;
    if (st[this.n + c] !== 0) return st[c] === bit;
    const old = st[c];
    if ((old & bit) === 0) return false;
    this.set(this.n + c, 1);
    if (old !== bit) {
      this.set(c, bit);
      if (!this.dropCounts(c, old & ~bit)) return false;
    }
    // The digit is placed in the cell's units: parking their counts of it out of reach
    // spares the peers' removals the count updates and hidden-single queue entries.
    const cu = this.t.cellUnits;
    const base = this.countBase + d;
    const size = this.t.size;
    for (let i = this.t.cellUnitStart[c], e = this.t.cellUnitStart[c + 1]; i < e; i++) {
      this.set(base + cu[i] * size, PLACED);
    }
    const peers = this.t.peers;
    for (let i = this.t.peerStart[c], e = this.t.peerStart[c + 1]; i < e; i++) {
      if (!this.remove(peers[i], bit)) return false;
    }
    return true;
  }

  /** Assign every queued naked and hidden single. */
  drain(): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    const cb = this.countBase;
    for (;;) {
      if (this.qh < this.qt) {
        const c = this.queue[this.qh++];
        if (st[n + c] === 0 && !this.assign(c, 31 - Math.clz32(st[c]))) return false;
      } else if (this.hqh < this.hqt) {
        const ud = this.hq[this.hqh++];
        if (st[cb + ud] !== 1) continue;
        const d = ud % size;
        const base = ud - d;
        const bit = 1 << d;
        let k = 0;
        while ((st[units[base + k]] & bit) === 0) k++;
        const c = units[base + k];
        if (st[n + c] === 0 && !this.assign(c, d)) return false;
      } else {
        break;
      }
    }
    this.qh =
      this.qt =
      this.hqh =
      this.hqt =
        0;
    return true;
  }

  /** Pointing and claiming between blocks and rows/columns: -1, 0 or 1 as above. */
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
      // Hidden singles come from the place counts, through the queue.
      if (!this.drain()) return false;
      if (this.light) return true;
      if (this.t.box !== 0) {
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
      if (st[n + c] !== 0 || popcount(m) !== 2) continue;
      const d1 = 31 - Math.clz32(m & -m);
      const d2 = 31 - Math.clz32(m);
      const i1 = cut[c * size + d1];
      const i2 = cut[c * size + d2];
      const score = (i1 + 1) * (i2 + 1);
      if (score > bestScore) {
        bestScore = score;
        best = c;
        bestDigit = i1 >= i2 ? d1 : d2;
      }
    }
    const units = this.t.units;
    const cb = this.countBase;
    for (let ud = 0, e = this.t.unitCount * size; ud < e; ud++) {
      if (st[cb + ud] !== 2) continue;
      const d = ud % size;
      const base = ud - d;
      const bit = 1 << d;
      let c1 = -1;
      let c2 = -1;
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if ((st[c] & bit) !== 0) {
          if (c1 < 0) c1 = c;
          else c2 = c;
        }
      }
      const i1 = cut[c1 * size + d];
      const i2 = cut[c2 * size + d];
      const score = (i1 + 1) * (i2 + 1);
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

  fillSolution(): void {
    const st = this.st;
    for (let c = 0; c < this.n; c++) this.solution[c] = 32 - Math.clz32(st[c]);
  }

  openCount(c: number): number {
    return this.st[this.n + c] !== 0 ? 0 : popcount(this.st[c]);
  }

  has(c: number, d: number): boolean {
    return (this.st[c] & (1 << d)) !== 0;
  }
}
