/**
 * Failed-literal probing for {@linkcode Engine9}: the fallback for the rare grids (mostly
 * sparse ones without a solution) where the search's cheap guess choice keeps failing.
 *
 * @module
 */

import { type Board9, STATE_SIZE } from "./engine9_board.ts";
import { COLEXP, POPCOUNT, popcount, twoCandidates } from "./engine9_tables.ts";

/** {@linkcode Probe9.probe} removed candidates: propagate and probe again. */
export const PROBE_CHANGED = 0;
/** {@linkcode Probe9.probe} chose a two-way choice (`choiceA`... hold it). */
export const PROBE_CHOSEN = 1;
/** {@linkcode Probe9.probe} found no two-way choice. */
export const PROBE_NONE = 2;

/**
 * Probes each side of every two-way choice (bivalue cells, digits with two places in a
 * row, column or box) on a copy of the state: a failing side is removed, so are the
 * candidates neither side keeps, and the best choice is the one whose sides both shrink
 * the grid most. Literals are named by digit and band cell (band * 27 + bit).
 */
export class Probe9 {
  /** The chosen choice is "digit `choiceDigitA` at band cell `choiceA`, or else B": A's cell. */
  choiceA = 0;
  /** A's digit (0..8). */
  choiceDigitA = 0;
  /** B's band cell (band * 27 + bit). */
  choiceB = 0;
  /** B's digit (0..8). */
  choiceDigitB = 0;
  private choiceScore = -1;
  /** Candidates before the probes of the current `probe` call. */
  private total = 0;
  /** Scratch copy of the state around one probe. */
  private readonly saved = new Int32Array(STATE_SIZE);
  /** Per literal (digit * 81 + band cell): the `probe` call that last probed it. */
  private readonly mark = new Int32Array(729);
  private epoch = 0;
  /** Per literal: candidates left after it, or -1 when it failed. */
  private readonly left = new Int32Array(729);
  /** Per literal: the 27 words it led to. */
  private readonly states = new Int32Array(729 * 27);

  /** Probes the two-way choices of the board, which must be propagated; see PROBE_*. */
  probe(board: Board9): number {
    const f = board.f, u = board.u;
    if (++this.epoch === 0x40000000) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    this.choiceScore = -1;
    this.total = board.candidates();
    for (let b = 0; b < 3; b++) {
      let bivalue = u[b] & twoCandidates(f, b);
      while (bivalue !== 0) {
        const bit = bivalue & -bivalue;
        bivalue ^= bit;
        let w = b;
        while ((f[w] & bit) === 0) w += 3;
        let w2 = w + 3;
        while ((f[w2] & bit) === 0) w2 += 3;
        const q = b * 27 + 31 - Math.clz32(bit);
        if (!this.pair(board, (w / 3) | 0, q, (w2 / 3) | 0, q)) return PROBE_CHANGED;
      }
    }
    for (let d = 0; d < 9; d++) {
      const w0 = d * 3;
      // Columns: bit-sliced place counts over the nine rows of the digit.
      let one = 0, two = 0, three = 0;
      for (let b = 0; b < 3; b++) {
        const a = f[w0 + b] & u[b];
        for (let r = 0; r < 27; r += 9) {
          const x = (a >> r) & 511;
          three |= two & x;
          two |= one & x;
          one |= x;
        }
      }
      let cols = two & ~three;
      while (cols !== 0) {
        const c = cols & -cols;
        cols ^= c;
        const col = COLEXP[c];
        // A placed digit in the column would have cleared the others: skip if it did not.
        if ((f[w0] & ~u[0] & col) | (f[w0 + 1] & ~u[1] & col) | (f[w0 + 2] & ~u[2] & col)) {
          continue;
        }
        let q1 = -1, q2 = -1;
        for (let b = 0; b < 3; b++) {
          let x = f[w0 + b] & u[b] & col;
          while (x !== 0) {
            const bit = x & -x;
            x ^= bit;
            const q = b * 27 + 31 - Math.clz32(bit);
            if (q1 < 0) q1 = q;
            else q2 = q;
          }
        }
        if (!this.pair(board, d, q1, d, q2)) return PROBE_CHANGED;
      }
      for (let b = 0; b < 3; b++) {
        const a = f[w0 + b];
        if ((a & ~u[b]) !== 0 && (a & u[b]) === 0) continue;
        for (let r = 0; r < 27; r += 9) {
          const x = (a >> r) & 511;
          if (POPCOUNT[x] !== 2 || ((u[b] >> r) & x) !== x) continue;
          const lo = x & -x;
          const q = b * 27 + r;
          if (!this.pair(board, d, q + 31 - Math.clz32(lo), d, q + 31 - Math.clz32(x ^ lo))) {
            return PROBE_CHANGED;
          }
        }
        for (let k = 0; k < 9; k += 3) {
          const m = a & (0o7007007 << k);
          if ((m & ~u[b]) !== 0 || popcount(m) !== 2) continue;
          const lo = m & -m;
          const q = b * 27;
          if (!this.pair(board, d, q + 31 - Math.clz32(lo), d, q + 31 - Math.clz32(m ^ lo))) {
            return PROBE_CHANGED;
          }
        }
      }
    }
    return this.choiceScore >= 0 ? PROBE_CHOSEN : PROBE_NONE;
  }

  /**
   * Propagates digit d placed at band cell q on the board and restores it: the
   * candidates left then, or -1 when the placement fails. Cached per `probe` call, with
   * the state it led to, which `pair` intersects.
   */
  private literal(board: Board9, d: number, q: number): number {
    const lit = d * 81 + q;
    if (this.mark[lit] === this.epoch) return this.left[lit];
    board.save(this.saved, 0);
    board.place(d, (q / 27) | 0, q % 27);
    let n = -1;
    if (board.propagate()) {
      n = board.candidates();
      this.states.set(board.f, lit * 27);
    }
    // The probe started from a propagated state.
    board.restore(this.saved, 0);
    this.mark[lit] = this.epoch;
    this.left[lit] = n;
    return n;
  }

  /**
   * Probes the exhaustive choice "d1 at q1, or else d2 at q2": removes a side that fails,
   * or the candidates that neither side keeps (false then: the state changed); otherwise
   * scores the choice and keeps the best one.
   */
  private pair(board: Board9, d1: number, q1: number, d2: number, q2: number): boolean {
    const n1 = this.literal(board, d1, q1);
    if (n1 < 0) {
      board.narrow(d1 * 3 + ((q1 / 27) | 0), ~(1 << (q1 % 27)));
      return false;
    }
    const n2 = this.literal(board, d2, q2);
    if (n2 < 0) {
      board.narrow(d2 * 3 + ((q2 / 27) | 0), ~(1 << (q2 % 27)));
      return false;
    }
    const st = this.states, b1 = (d1 * 81 + q1) * 27, b2 = (d2 * 81 + q2) * 27;
    let cut = false;
    for (let i = 0; i < 27; i++) {
      if (board.narrow(i, st[b1 + i] | st[b2 + i])) cut = true;
    }
    if (cut) return false;
    // Lookahead's usual score: both sides should shrink the grid, so multiply.
    const total = this.total;
    const score = (total - n1 + 1) * (total - n2 + 1);
    if (score > this.choiceScore) {
      this.choiceScore = score;
      this.choiceA = q1;
      this.choiceDigitA = d1;
      this.choiceB = q2;
      this.choiceDigitB = d2;
    }
    return true;
  }
}
