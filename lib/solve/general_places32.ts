// Generated from general_places.ts.in (the one-word twin) by 'deno task twins': edit the template.
/**
 * The state and the queue-driven propagation of the general engine's one-word core (sizes
 * up to 32): candidates, places, singles, pairs and box-line deductions. Apart from the
 * choices of `general_core32.ts`, so that each file stays readable.
 *
 * @module
 */

import { LookaheadCore } from "./general_lookahead.ts";
import { lowMask, popcount, type Tables } from "./general_tables.ts";

/**
 * Candidates, places and the propagation queues of the one-word core. State: cand[0..n),
 * assigned flags [n..2n), then the places of each (unit, digit) as a bitset of positions
 * in the unit (`placeBase`): hidden singles become queue work instead of a scan of every
 * unit, an assignment visits only the peers that hold its digit, and two-place digits are
 * read off directly.
 */
export abstract class Places32 extends LookaheadCore {
  readonly full: number;
  /** Whether `propagate` stops once the queues are empty, before the matching filter (cheap probes). */
  light = false;
  /**
   * Where the places of (unit, digit) start in `st`: bit k of the `placeBase +
   * u * S + d` is set while the unit's k-th cell can hold the digit. Once the
   * digit is placed in the unit, only its cell's bit stays ("parked"), so the peers'
   * removals skip the entry.
   */
  readonly placeBase: number;
  /**
   * Per unit and position k, the positions that share k's segment: for a row its stack,
   * for a column its band, for a block its row within the block (`segB`: its column).
   * -1 where no segment applies. A digit whose places shrink into one segment starts a
   * box-line deduction (pointing or claiming), queued in `lq`.
   */
  readonly segA: Int32Array;
  readonly segB: Int32Array;
  /** Kind of each unit: 0 row, 1 column, 2 block, 3 diagonal. */
  readonly unitKind: Int32Array;
  /** Box-line queue (`lqh`, `lqt`): 2 * (u * S + d) + (1 for a block's column segment). */
  readonly lq: Int32Array;
  /**
   * Pair queue (`pqh`, `pqt`): -1 - c for a cell just left with two candidates, u * S + d
   * for a digit just left with two places in unit u.
   */
  readonly pq: Int32Array;
  /**
   * Beside the tables' `cellUnits`: the unit's first index (u * S) and the cell's bit in
   * it.
   */
  readonly cuBase: Int32Array;
  readonly cuBit: Int32Array;
  /**
   * In light mode (the shave's probes), the place count up to which `shrunk` looks for
   * box-line and pair deductions; 0 otherwise, where the segment scan and the matching
   * filter find them.
   */
  trigger = 0;
  /** Whether box-line deductions come from the queue at nodes too (see `shaveNode`). */
  queued = false;
  /** Per unit of the cell being assigned, its cells that held the digit. */
  readonly holders: Int32Array;

  override setLight(light: boolean): void {
    this.light = light;
    this.trigger = light || this.queued ? Math.max(2, this.t.box) : 0;
  }

  /**
   * The first shave switches box-line deductions at nodes from the scan to the queue:
   * over a search the queue is cheaper (Frisch's minimal 25×25 puzzles: 15%), but while
   * the givens are placed most of its items go stale (the easy 25×25 grid: 25% slower).
   */
  override shaveNode(): boolean {
    if (!this.queued && this.lookahead) {
      this.queued = true;
      this.setLight(this.light);
    }
    return super.shaveNode();
  }

  constructor(t: Tables) {
    super(t, 1, t.unitCount * t.size, t.maxUnitsPerCell);
    this.placeBase = 2 * t.cells;
    this.full = lowMask(t.size);
    this.holders = new Int32Array(t.maxUnitsPerCell);
    this.cuBase = t.cellUnits.map((u) => u * t.size);
    this.cuBit = t.cellUnitPos.map((k) => 1 << k);

    const size = t.size;
    const b = t.box;
    this.segA = new Int32Array(t.unitCount * size).fill(-1);
    this.segB = new Int32Array(t.unitCount * size).fill(-1);
    this.unitKind = new Int32Array(t.unitCount).fill(3);
    this.lq = new Int32Array(2 * t.unitCount * size + 1);
    // Each cell and each (unit, digit) comes down to two once along a search path.
    this.pq = new Int32Array(t.cells + t.unitCount * size + 1);
    if (b > 0) {
      const run = (1 << b) - 1;
      let col = 0;
      for (let i = 0; i < b; i++) col |= 1 << (i * b);
      for (let u = 0; u < 3 * size; u++) {
        this.unitKind[u] = u < size ? 0 : u < 2 * size ? 1 : 2;
        for (let k = 0; k < size; k++) {
          this.segA[u * size + k] = run << (b * Math.floor(k / b));
          this.segB[u * size + k] = u < 2 * size ? -1 : col << (k % b);
        }
      }
    }
  }

  init(allowed?: Uint32Array): boolean {
    this.queued = false;
    this.setLight(false);
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
    const pb = this.placeBase;
    if (allowed === undefined && size > 1) {
      // Every digit everywhere: every place of every unit.
      st.fill(lowMask(size), pb, pb + this.t.unitCount * size);
      return true;
    }
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      for (let d = 0; d < size; d++) st[pb + base + d] = 0;
      for (let k = 0; k < size; k++) {
        let m = st[units[base + k]];
        while (m !== 0) {
          const bit = m & -m;
          m ^= bit;
          st[pb + base + 31 - Math.clz32(bit)] |= 1 << k;
        }
      }
      for (let d = 0; d < size; d++) {
        const m = st[pb + base + d];
        if (m === 0) return false;
        if ((m & (m - 1)) === 0) this.hq[this.hqt++] = base + d;
      }
    }
    return true;
  }

  /**
   * Take the removed digits `gone` of cell `c` off its units' places. Keeps no `cuts`:
   * it runs where no probe is measured (`trigger` 0).
   */
  dropPlaces(c: number, gone: number): boolean {
    const st = this.st;
    const cuBase = this.cuBase;
    const cuBit = this.cuBit;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const pb = this.placeBase;
    // The trail writes of `set`, inlined: this loop is the hottest of a probe.
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    let top = this.top;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      const d = 31 - Math.clz32(bit);
      for (let i = s; i < e; i++) {
        const ub = cuBase[i];
        const at = pb + ub + d;
        const old = st[at];
        const pos = cuBit[i];
        // Parked: the digit is placed in this unit.
        if ((old & pos) === 0) continue;
        const m = old ^ pos;
        trailIdx[top] = at;
        trailOld[top] = old;
        top++;
        st[at] = m;
        if ((m & (m - 1)) === 0) {
          if (m === 0) {
            this.top = top;
            this.unitW[this.t.cellUnits[i]]++;
            return false;
          }
          this.hq[this.hqt++] = at - pb;
        }
      }
    }
    this.top = top;
    return true;
  }

  /**
   * `dropPlaces` that also keeps `cuts` and queues the box-line and pair deductions of
   * the places it shrinks (`trigger`). A separate function: the plain one stays small
   * enough for V8 to inline where no deduction is queued (16×16 sets: 10% faster).
   */
  dropPlacesQueued(c: number, gone: number): boolean {
    const st = this.st;
    const cuBase = this.cuBase;
    const cuBit = this.cuBit;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const pb = this.placeBase;
    const trigger = this.trigger;
    // The trail writes of `set`, inlined: this loop is the hottest of a probe.
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    let top = this.top;
    let cuts = 0;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      const d = 31 - Math.clz32(bit);
      for (let i = s; i < e; i++) {
        const ub = cuBase[i];
        const at = pb + ub + d;
        const old = st[at];
        const pos = cuBit[i];
        // Parked: the digit is placed in this unit.
        if ((old & pos) === 0) continue;
        const m = old ^ pos;
        trailIdx[top] = at;
        trailOld[top] = old;
        top++;
        st[at] = m;
        const v = popcount(m);
        // 5 - v for v < 4, else 0, without a branch: this loop is a probe's hottest.
        cuts += ((v - 4) >> 31) & (5 - v);
        if (v <= 1) {
          if (v === 0) {
            this.top = top;
            this.unitW[this.t.cellUnits[i]]++;
            return false;
          }
          this.hq[this.hqt++] = at - pb;
        } else if (v <= trigger) {
          // Inline, not a call: measured 9% faster on the minimal 25×25 puzzles.
          const ud = ub + d;
          if (v === 2 && this.light) this.pq[this.pqt++] = ud;
          // The places just shrank into one segment: a box-line deduction.
          const k = ub + 31 - Math.clz32(m & -m);
          const sa = this.segA[k];
          if ((m & ~sa) === 0 && (old & ~sa) !== 0) this.lq[this.lqt++] = 2 * ud;
          const sb = this.segB[k];
          if ((m & ~sb) === 0 && (old & ~sb) !== 0) this.lq[this.lqt++] = 2 * ud + 1;
        }
      }
    }
    this.top = top;
    this.cuts += cuts;
    return true;
  }

  /** Remove the bits `bits` from cell `c`, queueing it when one candidate remains. */
  remove(c: number, bits: number): boolean {
    const old = this.st[c];
    const gone = old & bits;
    if (gone === 0) return true;
    const m = old & ~bits;
    const top = this.top++;
    this.trailIdx[top] = c;
    this.trailOld[top] = old;
    this.st[c] = m;
    if (m === 0) {
      this.cellW[c]++;
      return false;
    }
    const m2 = m & (m - 1);
    if (m2 === 0) this.queue[this.qt++] = c;
    else {
      const m3 = m2 & (m2 - 1);
      if (m3 === 0) {
        this.cuts += 8;
        if (this.light) this.pq[this.pqt++] = -1 - c;
      } else if ((m3 & (m3 - 1)) === 0) this.cuts += 4;
    }
    return this.trigger === 0 ? this.dropPlaces(c, gone) : this.dropPlacesQueued(c, gone);
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
    if (this.trigger !== 0) return this.assignQueued(c, d, old);
    if (old !== bit) {
      this.set(c, bit);
      if (!this.dropPlaces(c, old & ~bit)) return false;
    }
    // The digit is placed in the cell's units: parking their places of it (only c's bit
    // left) spares the peers' removals the updates and hidden-single queue entries.
    const cu = this.t.cellUnits;
    const cpos = this.t.cellUnitPos;
    const units = this.t.units;
    const base = this.placeBase + d;
    const size = this.t.size;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const holders = this.holders;
    for (let i = s; i < e; i++) {
      const at = base + cu[i] * size;
      const pos = 1 << cpos[i];
      holders[i - s] = this.st[at] & ~pos;
      this.set(at, pos);
    }
    // The peers that hold the digit, unit by unit in position order (a peer met again
    // in a later unit has lost it already).
    for (let i = s; i < e; i++) {
      let m = holders[i - s];
      const ub = cu[i] * size;
      while (m !== 0) {
        const b = m & -m;
        m ^= b;
        if (!this.remove(units[ub + 31 - Math.clz32(b)], bit)) return false;
      }
    }
    return true;
  }

  /**
   * The rest of `assign(c, d)` (cell `c` held `old`) where deductions are queued
   * (`trigger`): `dropPlacesQueued` of c, the parking, then `remove(peer, 1 << d)` and its
   * `dropPlacesQueued` for each peer, fused into one function, since the calls cost
   * more than the work.
   */
  assignQueued(c: number, d: number, old: number): boolean {
    const st = this.st;
    const bit = 1 << d;
    const cu = this.t.cellUnits;
    const cpos = this.t.cellUnitPos;
    const cus = this.t.cellUnitStart;
    const units = this.t.units;
    const size = this.t.size;
    const s = cus[c];
    const e = cus[c + 1];
    const holders = this.holders;
    const cuBase = this.cuBase;
    const cuBit = this.cuBit;
    const pb = this.placeBase;
    const trigger = this.trigger;
    const light = this.light;
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    let top = this.top;
    let cuts = this.cuts;
    if (old !== bit) {
      trailIdx[top] = c;
      trailOld[top] = old;
      top++;
      st[c] = bit;
      // `dropPlacesQueued(c, old & ~bit)`.
      let gone = old & ~bit;
      while (gone !== 0) {
        const gb = gone & -gone;
        gone ^= gb;
        const g = 31 - Math.clz32(gb);
        for (let i = s; i < e; i++) {
          const ub = cuBase[i];
          const at = pb + ub + g;
          const o = st[at];
          const pos = cuBit[i];
          if ((o & pos) === 0) continue;
          const m = o ^ pos;
          trailIdx[top] = at;
          trailOld[top] = o;
          top++;
          st[at] = m;
          const v = popcount(m);
          cuts += ((v - 4) >> 31) & (5 - v);
          if (v <= 1) {
            if (v === 0) {
              this.top = top;
              this.unitW[cu[i]]++;
              return false;
            }
            this.hq[this.hqt++] = at - pb;
          } else if (v <= trigger) {
            const ud = ub + g;
            if (v === 2 && light) this.pq[this.pqt++] = ud;
            const k = ub + 31 - Math.clz32(m & -m);
            const sa = this.segA[k];
            if ((m & ~sa) === 0 && (o & ~sa) !== 0) this.lq[this.lqt++] = 2 * ud;
            const sb = this.segB[k];
            if ((m & ~sb) === 0 && (o & ~sb) !== 0) this.lq[this.lqt++] = 2 * ud + 1;
          }
        }
      }
    }
    // The parking, as in `assign`.
    for (let i = s; i < e; i++) {
      const at = pb + d + cu[i] * size;
      const pos = 1 << cpos[i];
      const o = st[at];
      holders[i - s] = o & ~pos;
      trailIdx[top] = at;
      trailOld[top] = o;
      top++;
      st[at] = pos;
    }
    for (let i = s; i < e; i++) {
      let h = holders[i - s];
      const ubc = cu[i] * size;
      while (h !== 0) {
        const hb = h & -h;
        h ^= hb;
        const q = units[ubc + 31 - Math.clz32(hb)];
        const oq = st[q];
        if ((oq & bit) === 0) continue;
        const mq = oq ^ bit;
        trailIdx[top] = q;
        trailOld[top] = oq;
        top++;
        st[q] = mq;
        if (mq === 0) {
          this.top = top;
          this.cuts = cuts;
          this.cellW[q]++;
          return false;
        }
        const m2 = mq & (mq - 1);
        if (m2 === 0) this.queue[this.qt++] = q;
        else {
          const m3 = m2 & (m2 - 1);
          if (m3 === 0) {
            cuts += 8;
            if (light) this.pq[this.pqt++] = -1 - q;
          } else if ((m3 & (m3 - 1)) === 0) cuts += 4;
        }
        // The places of d in q's units, as `dropPlacesQueued` (its cuts count only when
        // it succeeds).
        let pcuts = 0;
        for (let j = cus[q], je = cus[q + 1]; j < je; j++) {
          const ub = cuBase[j];
          const at = pb + ub + d;
          const old = st[at];
          const pos = cuBit[j];
          if ((old & pos) === 0) continue;
          const m = old ^ pos;
          trailIdx[top] = at;
          trailOld[top] = old;
          top++;
          st[at] = m;
          const v = popcount(m);
          pcuts += ((v - 4) >> 31) & (5 - v);
          if (v <= 1) {
            if (v === 0) {
              this.top = top;
              this.cuts = cuts;
              this.unitW[cu[j]]++;
              return false;
            }
            this.hq[this.hqt++] = at - pb;
          } else if (v <= trigger) {
            const ud = ub + d;
            if (v === 2 && light) this.pq[this.pqt++] = ud;
            const k = ub + 31 - Math.clz32(m & -m);
            const sa = this.segA[k];
            if ((m & ~sa) === 0 && (old & ~sa) !== 0) this.lq[this.lqt++] = 2 * ud;
            const sb = this.segB[k];
            if ((m & ~sb) === 0 && (old & ~sb) !== 0) this.lq[this.lqt++] = 2 * ud + 1;
          }
        }
        cuts += pcuts;
      }
    }
    this.top = top;
    this.cuts = cuts;
    return true;
  }

  /** Assign every queued single; apply every queued box-line and pair deduction. */
  drain(): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    const pb = this.placeBase;
    for (;;) {
      if (this.qh < this.qt) {
        const c = this.queue[this.qh++];
        if (st[n + c] === 0 && !this.assign(c, 31 - Math.clz32(st[c]))) return false;
      } else if (this.hqh < this.hqt) {
        const ud = this.hq[this.hqh++];
        const m = st[pb + ud];
        // Gone to two places again after an undo, or parked: the cell is assigned.
        if (m === 0 || (m & (m - 1)) !== 0) continue;
        const d = ud % size;
        const c = units[ud - d + 31 - Math.clz32(m)];
        if (st[n + c] === 0 && !this.assign(c, d)) return false;
      } else if (this.lqh < this.lqt) {
        const item = this.lq[this.lqh++];
        // Most items are stale (one place left, or parked): skip them without a call.
        const m = st[pb + (item >> 1)];
        if ((m & (m - 1)) !== 0 && !this.boxLine(item)) return false;
      } else if (this.pqh < this.pqt) {
        const item = this.pq[this.pqh++];
        // Stale unless the cell or the places still count two.
        const m = st[item < 0 ? -1 - item : pb + item];
        const rest = m & (m - 1);
        if (rest !== 0 && (rest & (rest - 1)) === 0 && !this.pairs(item)) return false;
      } else {
        break;
      }
    }
    this.clearQueues();
    return true;
  }

  /**
   * The naked or hidden pair around queue item `item` (see `pq`): two cells of a unit
   * whose only candidates are the same two digits take those digits from the unit's other
   * cells; two digits whose only places in a unit are the same two cells take every other
   * digit from those cells. False on a contradiction.
   */
  pairs(item: number): boolean {
    const st = this.st;
    const n = this.n;
    const pb = this.placeBase;
    const units = this.t.units;
    if (item < 0) {
      // Cell c has just two candidates {a, b}: a peer with the same two, in a unit of c?
      const c = -1 - item;
      const mc = st[c];
      const rest = mc & (mc - 1);
      if (rest === 0 || (rest & (rest - 1)) !== 0) return true;
      const a = 31 - Math.clz32(mc & -mc);
      const b = 31 - Math.clz32(mc);
      for (let i = this.t.cellUnitStart[c], e = this.t.cellUnitStart[c + 1]; i < e; i++) {
        const ub = this.cuBase[i];
        const pc = this.cuBit[i];
        let both = st[pb + ub + a] & st[pb + ub + b] & ~pc;
        while (both !== 0) {
          const low = both & -both;
          both ^= low;
          const q = units[ub + 31 - Math.clz32(low)];
          if (st[q] !== mc || st[n + q] !== 0) continue;
          let rm = (st[pb + ub + a] | st[pb + ub + b]) & ~(pc | low);
          while (rm !== 0) {
            const r = rm & -rm;
            rm ^= r;
            if (!this.remove(units[ub + 31 - Math.clz32(r)], mc)) return false;
          }
          break;
        }
      }
      return true;
    }
    // Digit d has just two places p, q in unit u: another digit with exactly those two?
    const m = st[pb + item];
    const rest = m & (m - 1);
    if (rest === 0 || (rest & (rest - 1)) !== 0) return true;
    const d = item % this.t.size;
    const ub = item - d;
    const p = units[ub + 31 - Math.clz32(m & -m)];
    const q = units[ub + 31 - Math.clz32(m)];
    if (st[n + p] !== 0 || st[n + q] !== 0) return true;
    let others = st[p] & st[q] & ~(1 << d);
    while (others !== 0) {
      const low = others & -others;
      others ^= low;
      if (st[pb + ub + 31 - Math.clz32(low)] !== m) continue;
      const keep = (1 << d) | low;
      return this.remove(p, ~keep) && this.remove(q, ~keep);
    }
    return true;
  }

  /**
   * The box-line deduction of queue item `item` (see `lq`): a block's digit confined to
   * one row or column leaves the rest of that line, a line's digit confined to one block
   * leaves the rest of that block. False on a contradiction.
   */
  boxLine(item: number): boolean {
    const st = this.st;
    const size = this.t.size;
    const pb = this.placeBase;
    const ud = item >> 1;
    const m = st[pb + ud];
    // One place left (or parked): the singles take it from here.
    if ((m & (m - 1)) === 0) return true;
    const d = ud % size;
    const ub = ud - d;
    const u = ub / size;
    const cell = this.t.units[ub + 31 - Math.clz32(m & -m)];
    const r = (cell / size) | 0;
    const col = cell - r * size;
    let target: number;
    let keep: number;
    if (this.unitKind[u] === 2) {
      // Pointing: the row (or column) through the block keeps the block's part.
      target = (item & 1) === 0 ? r : size + col;
      keep = (item & 1) === 0 ? this.segA[r * size + col] : this.segA[(size + col) * size + r];
    } else {
      // Claiming: the block keeps the line's part.
      const b = this.t.box;
      target = this.t.boxUnit[cell];
      const kb = (r % b) * b + (col % b);
      keep = this.unitKind[u] === 0 ? this.segA[target * size + kb] : this.segB[target * size + kb];
    }
    const tb = target * size;
    let rm = st[pb + tb + d] & ~keep;
    const bit = 1 << d;
    const units = this.t.units;
    while (rm !== 0) {
      const low = rm & -rm;
      rm ^= low;
      if (!this.remove(units[tb + 31 - Math.clz32(low)], bit)) return false;
    }
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
