// Generated from general_places.ts.in (the two-word twin) by 'deno task twins': edit the template.
/**
 * The state and the queue-driven propagation of the general engine's two-word core
 * (sizes 33 to 64): the same design as the one-word core (`general_core32.ts`) with
 * every digit set and every position set split into a low and a high word.
 *
 * @module
 */

import { LookaheadCore } from "./general_lookahead.ts";
import { lowMask, popcount, type Tables } from "./general_tables.ts";

/**
 * Candidates, places and the propagation queues of the two-word core. State: candidate
 * words lo[0..n) (digits 1..32) and hi[n..2n) (33..64), the assigned digit + 1 at
 * [2n..3n), then per (unit, digit) its places as a low and a high word of positions
 * (`placeBase + 2 * (u * S + d)`, then `+ 1`).
 */
export abstract class Places64 extends LookaheadCore {
  readonly fullLo: number;
  readonly fullHi: number;
  /** Whether `propagate` stops once the queues are empty, before the matching filter (cheap probes). */
  light = false;
  /**
   * Where the places of (unit, digit) start in `st`: bit k of the two words at `placeBase +
   * 2 * (u * S + d)` is set while the unit's k-th cell can hold the digit. Once the
   * digit is placed in the unit, only its cell's bit stays ("parked"), so the peers'
   * removals skip the entry.
   */
  readonly placeBase: number;
  /**
   * Per unit and position k, the positions that share k's segment: for a row its stack,
   * for a column its band, for a block its row within the block (`segB`: its column).
   * All bits set where no segment applies. A digit whose places shrink into one segment starts a
   * box-line deduction (pointing or claiming), queued in `lq`.
   */
  readonly segALo: Int32Array;
  readonly segAHi: Int32Array;
  readonly segBLo: Int32Array;
  readonly segBHi: Int32Array;
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
   * it (and in `cuWord` which word of the place sets the bit is in).
   */
  readonly cuBase: Int32Array;
  readonly cuWord: Int32Array;
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
  readonly holdersLo: Int32Array;
  readonly holdersHi: Int32Array;

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
    // Each removed candidate writes its word and one place word per unit; a parking
    // writes at most two words per unit.
    super(t, 2, 2 * t.unitCount * t.size, t.maxUnitsPerCell + 2);
    const size = t.size;
    this.fullLo = lowMask(Math.min(size, 32));
    this.fullHi = lowMask(Math.max(0, size - 32));
    this.placeBase = 3 * t.cells;
    this.cuBase = t.cellUnits.map((u) => u * size);
    this.cuWord = t.cellUnitPos.map((k) => k >>> 5);
    this.cuBit = t.cellUnitPos.map((k) => 1 << k);
    const cells = t.unitCount * size;
    this.segALo = new Int32Array(cells).fill(-1);
    this.segAHi = new Int32Array(cells).fill(-1);
    this.segBLo = new Int32Array(cells).fill(-1);
    this.segBHi = new Int32Array(cells).fill(-1);
    this.unitKind = new Int32Array(t.unitCount).fill(3);
    this.lq = new Int32Array(2 * cells + 1);
    this.pq = new Int32Array(t.cells + cells + 1);
    this.holdersLo = new Int32Array(t.maxUnitsPerCell);
    this.holdersHi = new Int32Array(t.maxUnitsPerCell);
    const b = t.box;
    if (b > 0) {
      for (let u = 0; u < 3 * size; u++) {
        this.unitKind[u] = u < size ? 0 : u < 2 * size ? 1 : 2;
        for (let k = 0; k < size; k++) {
          let lo = 0;
          let hi = 0;
          let blo = 0;
          let bhi = 0;
          for (let j = 0; j < size; j++) {
            const sameA = Math.floor(j / b) === Math.floor(k / b);
            const sameB = j % b === k % b;
            if (sameA) j < 32 ? (lo |= 1 << j) : (hi |= 1 << j);
            if (sameB) j < 32 ? (blo |= 1 << j) : (bhi |= 1 << j);
          }
          this.segALo[u * size + k] = lo;
          this.segAHi[u * size + k] = hi;
          if (u >= 2 * size) {
            this.segBLo[u * size + k] = blo;
            this.segBHi[u * size + k] = bhi;
          }
        }
      }
    }
  }

  init(allowed?: Uint32Array, allowedHigh?: Uint32Array): boolean {
    this.queued = false;
    this.setLight(false);
    const st = this.st;
    const n = this.n;
    for (let c = 0; c < n; c++) {
      const lo = allowed === undefined ? this.fullLo : allowed[c] & this.fullLo;
      const hi = allowedHigh === undefined ? this.fullHi : allowedHigh[c] & this.fullHi;
      st[c] = lo;
      st[n + c] = hi;
      st[2 * n + c] = 0;
      if ((lo | hi) === 0) return false;
      if (single(lo, hi)) this.queue[this.qt++] = c;
    }
    const size = this.t.size;
    const units = this.t.units;
    const pb = this.placeBase;
    const count = this.t.unitCount * size;
    for (let i = 0; i < count; i++) {
      st[pb + 2 * i] = this.fullLo;
      st[pb + 2 * i + 1] = this.fullHi;
    }
    if (allowed === undefined && allowedHigh === undefined) return true;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      for (let d = 0; d < size; d++) st[pb + 2 * (base + d)] = st[pb + 2 * (base + d) + 1] = 0;
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        const w = k >>> 5;
        for (let dw = 0; dw < 2; dw++) {
          let m = st[dw * n + c];
          while (m !== 0) {
            const bit = m & -m;
            m ^= bit;
            st[pb + 2 * (base + 31 - Math.clz32(bit) + 32 * dw) + w] |= 1 << k;
          }
        }
      }
      for (let d = 0; d < size; d++) {
        const lo = st[pb + 2 * (base + d)];
        const hi = st[pb + 2 * (base + d) + 1];
        if ((lo | hi) === 0) return false;
        if (single(lo, hi)) this.hq[this.hqt++] = base + d;
      }
    }
    return true;
  }

  /**
   * Take the removed digits (`goneLo`, `goneHi`) of cell `c` off its units' places,
   * keeping `cuts` and queueing deductions when `trigger` asks for them.
   */
  dropPlaces(c: number, goneLo: number, goneHi: number): boolean {
    const st = this.st;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const pb = this.placeBase;
    const trigger = this.trigger;
    let cuts = 0;
    for (let dw = 0; dw < 2; dw++) {
      let gone = dw === 0 ? goneLo : goneHi;
      while (gone !== 0) {
        const bit = gone & -gone;
        gone ^= bit;
        const d = 31 - Math.clz32(bit) + 32 * dw;
        for (let i = s; i < e; i++) {
          const ub = this.cuBase[i];
          const w = this.cuWord[i];
          const base2 = pb + 2 * (ub + d);
          const at = base2 + w;
          const old = st[at];
          const pos = this.cuBit[i];
          // Parked: the digit is placed in this unit.
          if ((old & pos) === 0) continue;
          const m = old ^ pos;
          this.set(at, m);
          const lo = w === 0 ? m : st[base2];
          const hi = w === 0 ? st[base2 + 1] : m;
          if (trigger === 0) {
            if ((lo | hi) === 0) {
              this.unitW[this.t.cellUnits[i]]++;
              return false;
            }
            if (single(lo, hi)) this.hq[this.hqt++] = ub + d;
            continue;
          }
          const v = popcount(lo) + popcount(hi);
          cuts += ((v - 4) >> 31) & (5 - v);
          if (v <= 1) {
            if (v === 0) {
              this.unitW[this.t.cellUnits[i]]++;
              return false;
            }
            this.hq[this.hqt++] = ub + d;
          } else if (v <= trigger) {
            const ud = ub + d;
            if (v === 2 && this.light) this.pq[this.pqt++] = ud;
            // The places just shrank into one segment: a box-line deduction.
            const k = ub + (lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi));
            const oldLo = w === 0 ? old : lo;
            const oldHi = w === 0 ? hi : old;
            const al = this.segALo[k];
            const ah = this.segAHi[k];
            if (((lo & ~al) | (hi & ~ah)) === 0 && ((oldLo & ~al) | (oldHi & ~ah)) !== 0) {
              this.lq[this.lqt++] = 2 * ud;
            }
            const bl = this.segBLo[k];
            const bh = this.segBHi[k];
            if (((lo & ~bl) | (hi & ~bh)) === 0 && ((oldLo & ~bl) | (oldHi & ~bh)) !== 0) {
              this.lq[this.lqt++] = 2 * ud + 1;
            }
          }
        }
      }
    }
    this.cuts += cuts;
    return true;
  }

  /** Remove the digits (`lo`, `hi`) from cell `c`; false on a contradiction. */
  remove(c: number, lo: number, hi: number): boolean {
    const st = this.st;
    const n = this.n;
    const ol = st[c];
    const oh = st[n + c];
    const gl = ol & lo;
    const gh = oh & hi;
    if ((gl | gh) === 0) return true;
    const ml = ol & ~lo;
    const mh = oh & ~hi;
    if (gl !== 0) this.set(c, ml);
    if (gh !== 0) this.set(n + c, mh);
    if ((ml | mh) === 0) {
      this.cellW[c]++;
      return false;
    }
    const v = popcount(ml) + popcount(mh);
    if (v === 1) this.queue[this.qt++] = c;
    else if (v === 2) {
      this.cuts += 8;
      if (this.light) this.pq[this.pqt++] = -1 - c;
    } else if (v === 3) this.cuts += 4;
    return this.dropPlaces(c, gl, gh);
  }

  removeDigit(c: number, d: number): boolean {
    return d < 32 ? this.remove(c, 1 << d, 0) : this.remove(c, 0, 1 << d);
  }

  assign(c: number, d: number): boolean {
    const st = this.st;
    const n = this.n;
    const lo = d < 32 ? 1 << d : 0;
    const hi = d < 32 ? 0 : 1 << d;
    if (st[2 * n + c] !== 0) return st[2 * n + c] === d + 1;
    const ol = st[c];
    const oh = st[n + c];
    if (((ol & lo) | (oh & hi)) === 0) return false;
    this.set(2 * n + c, d + 1);
    if (this.trigger !== 0) return this.assignQueued(c, d, ol, oh);
    if (ol !== lo) this.set(c, lo);
    if (oh !== hi) this.set(n + c, hi);
    if (((ol & ~lo) | (oh & ~hi)) !== 0) {
      if (!this.dropPlaces(c, ol & ~lo, oh & ~hi)) return false;
    }
    // Park the digit's places in the cell's units (only c's bit left), then take the
    // digit from the peers that hold it.
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const pb = this.placeBase;
    for (let i = s; i < e; i++) {
      const base2 = pb + 2 * (this.cuBase[i] + d);
      const pl = this.cuWord[i] === 0 ? this.cuBit[i] : 0;
      const ph = this.cuWord[i] === 0 ? 0 : this.cuBit[i];
      this.holdersLo[i - s] = st[base2] & ~pl;
      this.holdersHi[i - s] = st[base2 + 1] & ~ph;
      if (st[base2] !== pl) this.set(base2, pl);
      if (st[base2 + 1] !== ph) this.set(base2 + 1, ph);
    }
    const units = this.t.units;
    for (let i = s; i < e; i++) {
      const ub = this.cuBase[i];
      for (let w = 0; w < 2; w++) {
        let m = w === 0 ? this.holdersLo[i - s] : this.holdersHi[i - s];
        while (m !== 0) {
          const b = m & -m;
          m ^= b;
          if (!this.remove(units[ub + 31 - Math.clz32(b) + 32 * w], lo, hi)) return false;
        }
      }
    }
    return true;
  }

  /**
   * The rest of `assign(c, d)` (cell `c` held `ol`, `oh`) where deductions are queued
   * (`trigger`): `dropPlaces` of c, the parking, then `remove` of d and its `dropPlaces`
   * for each peer, fused into one function since the calls cost more than the work (as
   * `Places32.assignQueued`). The trail entries, queue items, `cuts` and failure weights
   * are those of the calls, in the same order: probes rank by them.
   */
  assignQueued(c: number, d: number, ol: number, oh: number): boolean {
    const st = this.st;
    const n = this.n;
    const cu = this.t.cellUnits;
    const cus = this.t.cellUnitStart;
    const units = this.t.units;
    const cuBase = this.cuBase;
    const cuWord = this.cuWord;
    const cuBit = this.cuBit;
    const segALo = this.segALo;
    const segAHi = this.segAHi;
    const segBLo = this.segBLo;
    const segBHi = this.segBHi;
    const pb = this.placeBase;
    const trigger = this.trigger;
    const light = this.light;
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    const s = cus[c];
    const e = cus[c + 1];
    const dw = d >>> 5;
    const bit = 1 << d;
    const lo = dw === 0 ? bit : 0;
    const hi = dw === 0 ? 0 : bit;
    let top = this.top;
    let cuts = this.cuts;
    if (ol !== lo) {
      trailIdx[top] = c;
      trailOld[top] = ol;
      top++;
      st[c] = lo;
    }
    if (oh !== hi) {
      trailIdx[top] = n + c;
      trailOld[top] = oh;
      top++;
      st[n + c] = hi;
    }
    // `dropPlaces(c, ol & ~lo, oh & ~hi)`.
    for (let gw = 0; gw < 2; gw++) {
      let gone = gw === 0 ? ol & ~lo : oh & ~hi;
      while (gone !== 0) {
        const gb = gone & -gone;
        gone ^= gb;
        const g = 31 - Math.clz32(gb) + 32 * gw;
        for (let i = s; i < e; i++) {
          const ub = cuBase[i];
          const w = cuWord[i];
          const base2 = pb + 2 * (ub + g);
          const at = base2 + w;
          const o = st[at];
          const pos = cuBit[i];
          if ((o & pos) === 0) continue;
          const m = o ^ pos;
          trailIdx[top] = at;
          trailOld[top] = o;
          top++;
          st[at] = m;
          const pl = w === 0 ? m : st[base2];
          const ph = w === 0 ? st[base2 + 1] : m;
          const v = popcount(pl) + popcount(ph);
          cuts += ((v - 4) >> 31) & (5 - v);
          if (v <= 1) {
            if (v === 0) {
              this.top = top;
              this.unitW[cu[i]]++;
              return false;
            }
            this.hq[this.hqt++] = ub + g;
          } else if (v <= trigger) {
            const ud = ub + g;
            if (v === 2 && light) this.pq[this.pqt++] = ud;
            const k = ub + (pl !== 0 ? 31 - Math.clz32(pl & -pl) : 63 - Math.clz32(ph & -ph));
            const oLo = w === 0 ? o : pl;
            const oHi = w === 0 ? ph : o;
            const al = segALo[k];
            const ah = segAHi[k];
            if (((pl & ~al) | (ph & ~ah)) === 0 && ((oLo & ~al) | (oHi & ~ah)) !== 0) {
              this.lq[this.lqt++] = 2 * ud;
            }
            const bl = segBLo[k];
            const bh = segBHi[k];
            if (((pl & ~bl) | (ph & ~bh)) === 0 && ((oLo & ~bl) | (oHi & ~bh)) !== 0) {
              this.lq[this.lqt++] = 2 * ud + 1;
            }
          }
        }
      }
    }
    // The parking, as in `assign`.
    const holdersLo = this.holdersLo;
    const holdersHi = this.holdersHi;
    for (let i = s; i < e; i++) {
      const base2 = pb + 2 * (cuBase[i] + d);
      const pl = cuWord[i] === 0 ? cuBit[i] : 0;
      const ph = cuWord[i] === 0 ? 0 : cuBit[i];
      const oLo = st[base2];
      const oHi = st[base2 + 1];
      holdersLo[i - s] = oLo & ~pl;
      holdersHi[i - s] = oHi & ~ph;
      if (oLo !== pl) {
        trailIdx[top] = base2;
        trailOld[top] = oLo;
        top++;
        st[base2] = pl;
      }
      if (oHi !== ph) {
        trailIdx[top] = base2 + 1;
        trailOld[top] = oHi;
        top++;
        st[base2 + 1] = ph;
      }
    }
    // The peers: d's word of each candidate set, then d's places in the peer's units.
    const mine = dw * n;
    const other = n - mine;
    const pd = pb + 2 * d;
    for (let i = s; i < e; i++) {
      const ubc = cuBase[i];
      for (let hw = 0; hw < 2; hw++) {
        let h = hw === 0 ? holdersLo[i - s] : holdersHi[i - s];
        while (h !== 0) {
          const hb = h & -h;
          h ^= hb;
          const q = units[ubc + 31 - Math.clz32(hb) + 32 * hw];
          const oq = st[mine + q];
          if ((oq & bit) === 0) continue;
          const mq = oq ^ bit;
          trailIdx[top] = mine + q;
          trailOld[top] = oq;
          top++;
          st[mine + q] = mq;
          const rq = st[other + q];
          if ((mq | rq) === 0) {
            this.top = top;
            this.cuts = cuts;
            this.cellW[q]++;
            return false;
          }
          const vq = popcount(mq) + popcount(rq);
          if (vq === 1) this.queue[this.qt++] = q;
          else if (vq === 2) {
            cuts += 8;
            if (light) this.pq[this.pqt++] = -1 - q;
          } else if (vq === 3) cuts += 4;
          // As `dropPlaces`: its cuts count only when it succeeds.
          let pcuts = 0;
          for (let j = cus[q], je = cus[q + 1]; j < je; j++) {
            const ub = cuBase[j];
            const w = cuWord[j];
            const base2 = pd + 2 * ub;
            const at = base2 + w;
            const o = st[at];
            const pos = cuBit[j];
            if ((o & pos) === 0) continue;
            const m = o ^ pos;
            trailIdx[top] = at;
            trailOld[top] = o;
            top++;
            st[at] = m;
            const pl = w === 0 ? m : st[base2];
            const ph = w === 0 ? st[base2 + 1] : m;
            const v = popcount(pl) + popcount(ph);
            pcuts += ((v - 4) >> 31) & (5 - v);
            if (v <= 1) {
              if (v === 0) {
                this.top = top;
                this.cuts = cuts;
                this.unitW[cu[j]]++;
                return false;
              }
              this.hq[this.hqt++] = ub + d;
            } else if (v <= trigger) {
              const ud = ub + d;
              if (v === 2 && light) this.pq[this.pqt++] = ud;
              const k = ub + (pl !== 0 ? 31 - Math.clz32(pl & -pl) : 63 - Math.clz32(ph & -ph));
              const oLo = w === 0 ? o : pl;
              const oHi = w === 0 ? ph : o;
              const al = segALo[k];
              const ah = segAHi[k];
              if (((pl & ~al) | (ph & ~ah)) === 0 && ((oLo & ~al) | (oHi & ~ah)) !== 0) {
                this.lq[this.lqt++] = 2 * ud;
              }
              const bl = segBLo[k];
              const bh = segBHi[k];
              if (((pl & ~bl) | (ph & ~bh)) === 0 && ((oLo & ~bl) | (oHi & ~bh)) !== 0) {
                this.lq[this.lqt++] = 2 * ud + 1;
              }
            }
          }
          cuts += pcuts;
        }
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
        if (st[2 * n + c] === 0 && !this.assign(c, lowestDigit(st[c], st[n + c]))) return false;
      } else if (this.hqh < this.hqt) {
        const ud = this.hq[this.hqh++];
        const lo = st[pb + 2 * ud];
        const hi = st[pb + 2 * ud + 1];
        if ((lo | hi) === 0 || !single(lo, hi)) continue;
        const d = ud % size;
        const c = units[ud - d + lowestDigit(lo, hi)];
        if (st[2 * n + c] === 0 && !this.assign(c, d)) return false;
      } else if (this.lqh < this.lqt) {
        const item = this.lq[this.lqh++];
        // Most items are stale (one place left, or parked): skip them without a call.
        const at = pb + 2 * (item >> 1);
        const lo = st[at];
        const hi = st[at + 1];
        if ((lo | hi) !== 0 && !single(lo, hi) && !this.boxLine(item)) return false;
      } else if (this.pqh < this.pqt) {
        const item = this.pq[this.pqh++];
        // Stale unless the cell or the places still count two.
        const lo = item < 0 ? st[-1 - item] : st[pb + 2 * item];
        const hi = item < 0 ? st[n - 1 - item] : st[pb + 2 * item + 1];
        if (popcount(lo) + popcount(hi) === 2 && !this.pairs(item)) return false;
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
    if (item < 0) return this.nakedPair(-1 - item);
    const lo = st[pb + 2 * item];
    const hi = st[pb + 2 * item + 1];
    if (popcount(lo) + popcount(hi) !== 2) return true;
    const size = this.t.size;
    const d = item % size;
    const ub = item - d;
    const p = units[ub + lowestDigit(lo, hi)];
    const q = units[ub + (hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo))];
    if (st[2 * n + p] !== 0 || st[2 * n + q] !== 0) return true;
    const dl = d < 32 ? 1 << d : 0;
    const dh = d < 32 ? 0 : 1 << d;
    for (let w = 0; w < 2; w++) {
      let others = st[w * n + p] & st[w * n + q] & ~(w === 0 ? dl : dh);
      while (others !== 0) {
        const low = others & -others;
        others ^= low;
        const at = pb + 2 * (ub + 31 - Math.clz32(low) + 32 * w);
        if (st[at] !== lo || st[at + 1] !== hi) continue;
        const keepLo = dl | (w === 0 ? low : 0);
        const keepHi = dh | (w === 0 ? 0 : low);
        return this.remove(p, ~keepLo, ~keepHi) && this.remove(q, ~keepLo, ~keepHi);
      }
    }
    return true;
  }

  /** Cell c has just two candidates: a peer with the same two, in a unit of c? */
  nakedPair(c: number): boolean {
    const st = this.st;
    const n = this.n;
    const pb = this.placeBase;
    const units = this.t.units;
    const cl = st[c];
    const ch = st[n + c];
    if (st[2 * n + c] !== 0 || popcount(cl) + popcount(ch) !== 2) return true;
    const a = lowestDigit(cl, ch);
    const b = ch !== 0 ? 63 - Math.clz32(ch) : 31 - Math.clz32(cl);
    for (let i = this.t.cellUnitStart[c], e = this.t.cellUnitStart[c + 1]; i < e; i++) {
      const ub = this.cuBase[i];
      const pa = pb + 2 * (ub + a);
      const pbb = pb + 2 * (ub + b);
      const pcl = this.cuWord[i] === 0 ? this.cuBit[i] : 0;
      const pch = this.cuWord[i] === 0 ? 0 : this.cuBit[i];
      const q = this.twin(ub, st[pa] & st[pbb] & ~pcl, st[pa + 1] & st[pbb + 1] & ~pch, cl, ch);
      if (q < 0) continue;
      // Both words of the pair's places, without c and its twin q.
      for (let w = 0; w < 2; w++) {
        let rm = (st[pa + w] | st[pbb + w]) & ~(w === 0 ? pcl : pch);
        while (rm !== 0) {
          const r = rm & -rm;
          rm ^= r;
          const x = 31 - Math.clz32(r) + 32 * w;
          if (x === q) continue;
          if (!this.remove(units[ub + x], cl, ch)) return false;
        }
      }
    }
    return true;
  }

  /** The position, among `lo`/`hi` of unit base `ub`, of an open cell holding exactly (cl, ch). */
  twin(ub: number, lo: number, hi: number, cl: number, ch: number): number {
    const st = this.st;
    const n = this.n;
    for (let w = 0; w < 2; w++) {
      let both = w === 0 ? lo : hi;
      while (both !== 0) {
        const low = both & -both;
        both ^= low;
        const x = 31 - Math.clz32(low) + 32 * w;
        const q = this.t.units[ub + x];
        if (st[q] === cl && st[n + q] === ch && st[2 * n + q] === 0) return x;
      }
    }
    return -1;
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
    const lo = st[pb + 2 * ud];
    const hi = st[pb + 2 * ud + 1];
    if ((lo | hi) === 0 || single(lo, hi)) return true;
    const d = ud % size;
    const ub = ud - d;
    const u = ub / size;
    const cell = this.t.units[ub + lowestDigit(lo, hi)];
    const r = (cell / size) | 0;
    const col = cell - r * size;
    let target: number;
    let k: number;
    let useB = false;
    if (this.unitKind[u] === 2) {
      // Pointing: the row (or column) through the block keeps the block's part.
      target = (item & 1) === 0 ? r : size + col;
      k = (item & 1) === 0 ? r * size + col : (size + col) * size + r;
    } else {
      // Claiming: the block keeps the line's part.
      const b = this.t.box;
      target = this.t.boxUnit[cell];
      k = target * size + (r % b) * b + (col % b);
      useB = this.unitKind[u] !== 0;
    }
    const keepLo = useB ? this.segBLo[k] : this.segALo[k];
    const keepHi = useB ? this.segBHi[k] : this.segAHi[k];
    const tb = target * size;
    const at = pb + 2 * (tb + d);
    const rmLo = st[at] & ~keepLo;
    const rmHi = st[at + 1] & ~keepHi;
    const dl = d < 32 ? 1 << d : 0;
    const dh = d < 32 ? 0 : 1 << d;
    const units = this.t.units;
    for (let w = 0; w < 2; w++) {
      let rm = w === 0 ? rmLo : rmHi;
      while (rm !== 0) {
        const low = rm & -rm;
        rm ^= low;
        if (!this.remove(units[tb + 31 - Math.clz32(low) + 32 * w], dl, dh)) return false;
      }
    }
    return true;
  }

  fillSolution(): void {
    const st = this.st;
    const n = this.n;
    for (let c = 0; c < n; c++) this.solution[c] = st[2 * n + c];
  }

  openCount(c: number): number {
    const st = this.st;
    const n = this.n;
    return st[2 * n + c] !== 0 ? 0 : popcount(st[c]) + popcount(st[n + c]);
  }

  has(c: number, d: number): boolean {
    return (this.st[(d >>> 5) * this.n + c] & (1 << d)) !== 0;
  }
}

/** Whether the two-word set (lo, hi), known non-empty, has exactly one member. */
export function single(lo: number, hi: number): boolean {
  return lo === 0 ? (hi & (hi - 1)) === 0 : hi === 0 && (lo & (lo - 1)) === 0;
}

/** The lowest 0-based member of a non-empty two-word set. */
export function lowestDigit(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}
