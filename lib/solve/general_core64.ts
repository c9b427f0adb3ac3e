/**
 * The general engine's two-word core, for sizes 33 to 64 (and for cross-checks below):
 * a low word (digits 1..32) and a high word (33..64) per cell.
 *
 * @module
 */

import { CoreBase } from "./general_base.ts";
import { lowMask, popcount, type Tables } from "./general_tables.ts";

/**
 * The search for S > 32: a low word (digits 1..32) and a high word (33..64) per cell.
 * State: lo[0..n), hi[n..2n), assigned digit + 1 at [2n..3n).
 */
export class Core64 extends CoreBase {
  readonly fullLo: number;
  readonly fullHi: number;

  constructor(t: Tables) {
    super(t, 2);
    this.fullLo = lowMask(Math.min(t.size, 32));
    this.fullHi = lowMask(Math.max(0, t.size - 32));
  }

  init(allowed?: Uint32Array, allowedHigh?: Uint32Array): boolean {
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
    return true;
  }

  remove(c: number, lo: number, hi: number): boolean {
    const st = this.st;
    const n = this.n;
    const ol = st[c];
    const oh = st[n + c];
    if (((ol & lo) | (oh & hi)) === 0) return true;
    const ml = ol & ~lo;
    const mh = oh & ~hi;
    if (ml !== ol) this.set(c, ml);
    if (mh !== oh) this.set(n + c, mh);
    if ((ml | mh) === 0) {
      this.cellW[c]++;
      return false;
    }
    if (single(ml, mh)) this.queue[this.qt++] = c;
    return true;
  }

  removeDigit(c: number, d: number): boolean {
    return d < 32 ? this.remove(c, 1 << d, 0) : this.remove(c, 0, 1 << (d - 32));
  }

  assign(c: number, d: number): boolean {
    const st = this.st;
    const n = this.n;
    const lo = d < 32 ? 1 << d : 0;
    const hi = d < 32 ? 0 : 1 << (d - 32);
    if (st[2 * n + c] !== 0) return st[2 * n + c] === d + 1;
    if (((st[c] & lo) | (st[n + c] & hi)) === 0) return false;
    if (st[c] !== lo) this.set(c, lo);
    if (st[n + c] !== hi) this.set(n + c, hi);
    this.set(2 * n + c, d + 1);
    const peers = this.t.peers;
    for (let i = this.t.peerStart[c], e = this.t.peerStart[c + 1]; i < e; i++) {
      if (!this.remove(peers[i], lo, hi)) return false;
    }
    return true;
  }

  drain(): boolean {
    const st = this.st;
    const n = this.n;
    while (this.qh < this.qt) {
      const c = this.queue[this.qh++];
      if (st[2 * n + c] === 0 && !this.assign(c, lowestDigit(st[c], st[n + c]))) return false;
    }
    this.clearQueues();
    return true;
  }

  hiddenSingles(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    let progress = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let onceL = 0, twiceL = 0, solvedL = 0;
      let onceH = 0, twiceH = 0, solvedH = 0;
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        const ml = st[c];
        const mh = st[n + c];
        twiceL |= onceL & ml;
        onceL |= ml;
        twiceH |= onceH & mh;
        onceH |= mh;
        if (st[2 * n + c] !== 0) {
          solvedL |= ml;
          solvedH |= mh;
        }
      }
      if (onceL !== this.fullLo || onceH !== this.fullHi) {
        this.unitW[u]++;
        return -1;
      }
      for (let w = 0; w < 2; w++) {
        let h = w === 0 ? onceL & ~twiceL & ~solvedL : onceH & ~twiceH & ~solvedH;
        const off = w * n;
        while (h !== 0) {
          const bit = h & -h;
          h ^= bit;
          let k = 0;
          while (k < size && (st[off + units[base + k]] & bit) === 0) k++;
          if (k === size) {
            this.unitW[u]++;
            return -1;
          }
          const d = 31 - Math.clz32(bit) + 32 * w;
          if (!this.assign(units[base + k], d) || !this.drain()) return -1;
          progress = 1;
        }
      }
    }
    return progress;
  }

  lockedCandidates(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const b = this.t.box;
    const half = size * b;
    let progress = 0;
    for (let pass = 0; pass < 2; pass++) {
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
      if (!this.drain()) return false;
      const h = this.hiddenSingles();
      if (h < 0) return false;
      if (h > 0) continue;
      if (this.t.box === 0) return true;
      const l = this.lockedCandidates();
      if (l < 0) return false;
      if (l === 0) return true;
    }
  }

  choose(depth: number): boolean {
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
    return d < 32 ? (this.st[c] & (1 << d)) !== 0 : (this.st[this.n + c] & (1 << (d - 32))) !== 0;
  }
}

/** Whether the two-word set (lo, hi), known non-empty, has exactly one member. */
function single(lo: number, hi: number): boolean {
  return lo === 0 ? (hi & (hi - 1)) === 0 : hi === 0 && (lo & (lo - 1)) === 0;
}

/** The lowest 0-based digit of a non-empty two-word set. */
function lowestDigit(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}
