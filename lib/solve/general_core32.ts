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
 * The search for S <= 32: one candidate word per cell. State: cand[0..n), assigned
 * flags [n..2n), then the places of each (unit, digit) as a bitset of positions in the
 * unit (`placeBase`): hidden singles become queue work instead of a scan of every unit,
 * an assignment visits only the peers that hold its digit, and two-place digits are read
 * off directly.
 */
export class Core32 extends LookaheadCore {
  readonly full: number;
  /** Whether `propagate` ends with the all-different matching filter. */
  allDiff = false;
  /** Whether `propagate` stops once the queues are empty, before the matching filter (cheap probes). */
  light = false;
  /**
   * Where the places of (unit, digit) start in `st`: bit k of `placeBase + u * S + d` is
   * set while the unit's k-th cell can hold the digit. Once the digit is placed in the
   * unit, only its cell's bit stays ("parked"), so the peers' removals skip the entry.
   */
  readonly placeBase: number;
  /** The matching filter's scratch state and hints, one constraint per unit. */
  readonly matcher: Matcher32;
  /** Hash of each unit's candidates when the filter last left it consistent. */
  readonly unitSig: Int32Array;
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
  /** Beside the tables' `cellUnits`: the unit's first index (u * S), the cell's bit in it. */
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
  /** Per position k, the digits whose second place is k (`linkPairs` scratch). */
  readonly secondAt: Int32Array;

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
    this.secondAt = new Int32Array(t.size);
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
    if (old !== bit) {
      this.set(c, bit);
      if (
        !(this.trigger === 0
          ? this.dropPlaces(c, old & ~bit)
          : this.dropPlacesQueued(c, old & ~bit))
      ) return false;
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

  /** Assign every queued naked and hidden single. */
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
        if (!this.boxLine(this.lq[this.lqh++])) return false;
      } else if (this.pqh < this.pqt) {
        if (!this.pairs(this.pq[this.pqh++])) return false;
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
