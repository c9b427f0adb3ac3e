/**
 * A specialised 9×9 sudoku solution counter built on per-digit band bitboards,
 * in the style of the JCZSolve / fsss2 ("Zhouyundong") solvers.
 *
 * The candidates of digit d in band b (rows 3b..3b+2) live in one 27-bit word
 * `f[d * 3 + b]`, bit `9 * (row % 3) + col`. A word is "updated" whenever it differs
 * from its copy in `cf`: its 3×3 row/box pattern is reduced to minirows that belong to
 * some row-to-box permutation (locked candidates inside the band), rows left with one
 * cell are placed (hidden singles in rows and boxes), and the per-stack column/band
 * permutation is enforced against the other two bands (locked candidates across bands
 * and hidden singles in columns). A digit's three words are updated together in locals
 * until they settle, and the column step is skipped while the digit's column occupancy
 * is one already known to be its fixpoint. Naked singles are then found bit-parallel
 * over the nine digit words of a band. The search guesses on the bivalue cell whose digits have
 * the most candidates among its peers (only the first three bivalue cells are scored once
 * fewer than 45 cells are open, where scoring costs more than it saves), else on a cell
 * with the fewest candidates, and keeps its states on a preallocated stack.
 *
 * That cheap choice is fast on puzzles but can take a million guesses to refute a sparse
 * grid with no solution: without bivalue cells it guesses on 3- and 4-candidate cells,
 * then on bivalue cells far from the contradiction, so every refutation is repeated
 * under every unrelated guess. After 1000 guesses without a solution the search
 * therefore restarts (or, once it has found one, carries on) with failed-literal probing:
 * each side of every two-way choice (bivalue cells, digits with two places in a unit) is
 * propagated on a copy; a failing side is removed, so are candidates neither side keeps,
 * and the guess goes to the choice whose sides both shrink the grid most. That refutes
 * the hard impossible grids in at most a few dozen guesses. Correctness
 * of a reported solution rests on the update rules: a placed digit is the only cell of
 * its row in its word, so losing it empties that row and fails the row/box step.
 *
 * @module
 */

import type { Engine, SolutionCallback } from "./engine.ts";

const FULL = 0x7ffffff;

/** 9-bit row slice → 3 bits: which of its minirows (box triads) are non-empty. */
const SHRINK = new Int32Array(512);
/** 3×3 occupancy (bit 3*i+j) → entries that lie on some permutation (0 if none). */
const PERM9 = new Int32Array(512);
/** 3×3 minirow occupancy (bit 3*row+box) → 27-bit mask of the minirows to keep. */
const COMPLEX = new Int32Array(512);
/** 9-bit row slice → the slice itself when it has exactly one bit, else 0. */
const SINGLE = new Int32Array(512);
/** 9-bit column set → 27-bit mask of those columns in all three rows of a band. */
const COLEXP = new Int32Array(512);
/** Band bit position → the other cells of its row and box inside the band. */
const PEERS = new Int32Array(27);
/** Band bit position → its column in all three rows of a band. */
const COLUMN = new Int32Array(27);
/** Band index b * 27 + bit position → cell index 0..80. */
const CELL = new Int32Array(81);
/** Cell index → band, and bit position inside the band. */
const BAND_OF = new Int32Array(81);
const POS_OF = new Int32Array(81);
/** Word index d * 3 + b → word indexes of the same digit in the two other bands. */
const OTHER1 = new Int32Array(27);
const OTHER2 = new Int32Array(27);
/** 9-bit digit set → number of digits. */
const POPCOUNT = new Int32Array(512);

(function buildTables() {
  for (let x = 0; x < 512; x++) {
    SHRINK[x] = (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0);
    SINGLE[x] = x !== 0 && (x & (x - 1)) === 0 ? x : 0;
    COLEXP[x] = x | (x << 9) | (x << 18);
    let n = 0;
    for (let y = x; y !== 0; y &= y - 1) n++;
    POPCOUNT[x] = n;
  }
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [
    2,
    1,
    0,
  ]];
  for (let x = 0; x < 512; x++) {
    let keep = 0;
    for (const p of perms) {
      const m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((x & m) === m) keep |= m;
    }
    PERM9[x] = keep;
    let mask = 0;
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < 3; k++) {
        if (keep & (1 << (3 * r + k))) mask |= 7 << (9 * r + 3 * k);
      }
    }
    COMPLEX[x] = mask;
  }
  for (let p = 0; p < 27; p++) {
    const r = (p / 9) | 0, c = p % 9, k = (c / 3) | 0;
    let peers = 0;
    for (let q = 0; q < 27; q++) {
      const r2 = (q / 9) | 0, c2 = q % 9, k2 = (c2 / 3) | 0;
      if (q !== p && (r2 === r || k2 === k)) peers |= 1 << q;
    }
    PEERS[p] = peers;
    COLUMN[p] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
  }
  for (let i = 0; i < 81; i++) {
    const r = (i / 9) | 0, c = i % 9, b = (r / 3) | 0;
    const p = 9 * (r % 3) + c;
    CELL[b * 27 + p] = i;
    BAND_OF[i] = b;
    POS_OF[i] = p;
  }
  for (let i = 0; i < 27; i++) {
    const d = (i / 3) | 0, b = i % 3;
    OTHER1[i] = d * 3 + ((b + 1) % 3);
    OTHER2[i] = d * 3 + ((b + 2) % 3);
  }
})();

/** Number of set bits of a 32-bit integer. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The digits (bit d) still possible in band b at bit p. Branch-free: searching the
 * words for the bit mispredicts.
 */
function cellDigits(f: Int32Array, b: number, p: number): number {
  return ((f[b] >> p) & 1) | (((f[b + 3] >> p) & 1) << 1) |
    (((f[b + 6] >> p) & 1) << 2) | (((f[b + 9] >> p) & 1) << 3) |
    (((f[b + 12] >> p) & 1) << 4) | (((f[b + 15] >> p) & 1) << 5) |
    (((f[b + 18] >> p) & 1) << 6) | (((f[b + 21] >> p) & 1) << 7) |
    (((f[b + 24] >> p) & 1) << 8);
}

/** Ints saved per search level: 27 digit-band words, 3 unsolved-cell words. */
const STATE = 30;
/** Search depth bound: every level places at least one of the 81 cells. */
const MAX_DEPTH = 82;
/**
 * Guesses without a solution after which the search switches to probing (and, if no
 * solution was found yet, restarts with it). No puzzle of the benchmark sets needs
 * as many, while an impossible grid can take the cheap choice a million guesses.
 */
const PROBE_AFTER = 1000;
/** `probe` results. */
const PROBE_CHANGED = 0, PROBE_CHOSEN = 1, PROBE_NONE = 2;

/**
 * Counts completions of 9×9 classic sudoku grids, up to a limit.
 *
 * One instance is reusable and not reentrant: do not call `count` again from inside
 * an `onSolution` callback of the same instance.
 */
export class Engine9 implements Engine {
  /** Always 9. */
  readonly size = 9;
  /** Guesses made by the last `count` (each alternative tried counts; probes do not). */
  nodes = 0;
  /** Guesses without a solution before the search turns to probing. */
  private readonly probeAfter: number;

  /**
   * Makes an engine; `probeAfter` (default 1000) is how many guesses without a solution
   * the cheap guess choice gets before failed-literal probing takes over. Tests use 0
   * to run the probing search on everything.
   */
  constructor(options?: { probeAfter?: number }) {
    this.probeAfter = options?.probeAfter ?? PROBE_AFTER;
  }

  /** Digit-band candidate words of the current state. */
  private readonly f = new Int32Array(27);
  /** The value each word had when it was last updated (-1: never). */
  private readonly cf = new Int32Array(27);
  /**
   * Per digit (at index 3 * digit): a column occupancy (band b's nine columns at bits
   * 9b..9b+8) known to be a fixpoint of the column/band permutation rule, so the rule
   * is skipped while the digit's occupancy equals it. Being a fixpoint depends on the
   * occupancy alone, so backtracking and new grids never invalidate an entry.
   */
  private readonly colFix = new Int32Array(27).fill(-1);
  /** Unsolved cells per band. */
  private readonly u = new Int32Array(3);
  /** Saved states, one per open guess. */
  private readonly stack = new Int32Array(STATE * MAX_DEPTH);
  /** Cell (band * 27 + bit) of each open guess. */
  private readonly guessCell = new Int32Array(MAX_DEPTH);
  /** Digits (bit d) still to try for each open guess. */
  private readonly guessDigits = new Int32Array(MAX_DEPTH);
  /** Reused buffer handed to `onSolution`. */
  private readonly solution = new Uint8Array(81);
  /** Per word: the givens, and the union of their row and box peers. */
  private readonly givenBits = new Int32Array(27);
  private readonly givenPeers = new Int32Array(27);
  /** Per digit: the columns of its givens. */
  private readonly givenCols = new Int32Array(9);
  /** Scratch copy of the state around one probe. */
  private readonly probeSave = new Int32Array(STATE);
  /** Per literal (digit * 81 + band cell): the `probe` call that last probed it. */
  private readonly probeMark = new Int32Array(729);
  private probeEpoch = 0;
  /** Per literal: candidates left after it, or -1 when it failed. */
  private readonly probeCount = new Int32Array(729);
  /** Per literal: the 27 words it led to. */
  private readonly probeStates = new Int32Array(729 * 27);
  /** Candidates before the probes of the current `probe` call. */
  private probeTotal = 0;
  /** Best two-way choice so far: digit choiceDigitA at band cell choiceA, or else B. */
  private choiceScore = -1;
  private choiceA = 0;
  private choiceDigitA = 0;
  private choiceB = 0;
  private choiceDigitB = 0;

  /**
   * Counts the completions of `grid` (81 cells, 0 empty), stopping at `limit`.
   *
   * `allowed[i]` (bit d-1 for digit d) restricts cell i, givens included: a given
   * outside its mask leaves no solution. `onSolution` returning `false` stops the search; the count found so far
   * is returned.
   */
  count(
    grid: Uint8Array,
    limit: number,
    onSolution?: SolutionCallback,
    allowed?: Uint32Array,
  ): number {
    this.nodes = 0;
    if (!(limit >= 1)) return 0;
    if (!this.init(grid, allowed)) return 0;
    return this.search(grid, allowed, limit, onSolution);
  }

  /**
   * Loads the givens and the allowed masks; false when two givens clash or a given is
   * not allowed. The givens are gathered per word first, then every word is written once.
   */
  private init(grid: Uint8Array, allowed?: Uint32Array): boolean {
    const f = this.f, cf = this.cf, u = this.u;
    const given = this.givenBits, peers = this.givenPeers, cols = this.givenCols;
    for (let w = 0; w < 27; w++) {
      given[w] = 0;
      peers[w] = 0;
    }
    for (let d = 0; d < 9; d++) cols[d] = 0;
    for (let b = 0, i = 0; b < 3; b++) {
      let solved = 0;
      for (let p = 0; p < 27; p += 9) {
        for (let c = 0; c < 9; c++, i++) {
          const v = grid[i];
          if (v === 0) continue;
          const d = v - 1, w = d * 3 + b, bit = 1 << (p + c), cb = 1 << c;
          if (d > 8 || (peers[w] & bit) !== 0 || (cols[d] & cb) !== 0) return false;
          peers[w] |= PEERS[p + c];
          given[w] |= bit;
          cols[d] |= cb;
          solved |= bit;
        }
      }
      u[b] = FULL & ~solved;
    }
    for (let w = 0, d = 0; d < 9; d++) {
      const notCol = ~COLEXP[cols[d]];
      for (let b = 0; b < 3; b++, w++) {
        f[w] = (u[b] & notCol & ~peers[w]) | given[w];
        cf[w] = -1;
      }
    }
    if (allowed !== undefined) {
      for (let i = 0; i < 81; i++) {
        const a = allowed[i];
        const b = BAND_OF[i], bit = 1 << POS_OF[i];
        for (let d = 0; d < 9; d++) {
          if ((a & (1 << d)) === 0) f[d * 3 + b] &= ~bit;
        }
      }
      for (let w = 0; w < 27; w++) if ((f[w] & given[w]) !== given[w]) return false;
    }
    return true;
  }

  /** Puts digit d in band b at bit p: clears the cell's other digits and d's peers. */
  private assign(d: number, b: number, p: number): void {
    const f = this.f;
    const bit = 1 << p, nb = ~bit;
    for (let i = b; i < 27; i += 3) f[i] &= nb;
    const w = d * 3 + b;
    f[w] = (f[w] & ~PEERS[p]) | bit;
    const col = ~COLUMN[p];
    f[OTHER1[w]] &= col;
    f[OTHER2[w]] &= col;
    this.u[b] &= nb;
  }

  /** Propagates singles and locked candidates to a fixpoint; false on a contradiction. */
  private propagate(): boolean {
    const f = this.f, cf = this.cf, u = this.u;
    const ck = this.colFix;
    // Module tables in locals: measured faster than reading the module bindings each time.
    const shrink = SHRINK, complex = COMPLEX, single = SINGLE, perm9 = PERM9, colexp = COLEXP;
    const other1 = OTHER1, other2 = OTHER2, peersT = PEERS, column = COLUMN;
    for (;;) {
      let again = true;
      while (again) {
        again = false;
        for (let d = 0; d < 27; d += 3) {
          let a0 = f[d], a1 = f[d + 1], a2 = f[d + 2];
          let c0 = cf[d], c1 = cf[d + 1], c2 = cf[d + 2];
          if (a0 === c0 && a1 === c1 && a2 === c2) continue;
          let occ = ck[d];
          // The digit's three band words stay in locals until its rules settle; band
          // singles clear the other digits' words in f, which the next pass sees (a pass
          // without band singles changed no other digit, so it is the last). The three
          // band blocks are written out, not shared: a helper would have to hand back
          // three words, and the measured gain came from keeping them in registers.
          do {
            if (a0 !== c0) {
              a0 &= complex[
                shrink[a0 & 511] | (shrink[(a0 >> 9) & 511] << 3) | (shrink[a0 >> 18] << 6)
              ];
              if (a0 === 0) return false;
              const solved = (single[a0 & 511] | (single[(a0 >> 9) & 511] << 9) |
                (single[a0 >> 18] << 18)) & u[0];
              if (solved !== 0) {
                u[0] &= ~solved;
                again = true;
                const ns = ~solved;
                f[0] &= ns;
                f[3] &= ns;
                f[6] &= ns;
                f[9] &= ns;
                f[12] &= ns;
                f[15] &= ns;
                f[18] &= ns;
                f[21] &= ns;
                f[24] &= ns;
              }
              c0 = a0;
              const k0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
              const k1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
              const k2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
              if ((k0 | (k1 << 9) | (k2 << 18)) !== occ) {
                const s0 = perm9[(k0 & 7) | ((k1 & 7) << 3) | ((k2 & 7) << 6)];
                const s1 = perm9[((k0 >> 3) & 7) | (k1 & 0o70) | ((k2 & 0o70) << 3)];
                const s2 = perm9[((k0 >> 6) & 7) | ((k1 >> 3) & 0o70) | (k2 & 0o700)];
                if (s0 === 0 || s1 === 0 || s2 === 0) return false;
                const m0 = (s0 & 7) | ((s1 & 7) << 3) | ((s2 & 7) << 6);
                const m1 = ((s0 >> 3) & 7) | (s1 & 0o70) | ((s2 & 0o70) << 3);
                const m2 = (s0 >> 6) | ((s1 >> 3) & 0o70) | (s2 & 0o700);
                a0 &= colexp[m0];
                a1 &= colexp[m1];
                a2 &= colexp[m2];
                occ = (k0 & m0) | ((k1 & m1) << 9) | ((k2 & m2) << 18);
              }
            }
            if (a1 !== c1) {
              a1 &= complex[
                shrink[a1 & 511] | (shrink[(a1 >> 9) & 511] << 3) | (shrink[a1 >> 18] << 6)
              ];
              if (a1 === 0) return false;
              const solved = (single[a1 & 511] | (single[(a1 >> 9) & 511] << 9) |
                (single[a1 >> 18] << 18)) & u[1];
              if (solved !== 0) {
                u[1] &= ~solved;
                again = true;
                const ns = ~solved;
                f[1] &= ns;
                f[4] &= ns;
                f[7] &= ns;
                f[10] &= ns;
                f[13] &= ns;
                f[16] &= ns;
                f[19] &= ns;
                f[22] &= ns;
                f[25] &= ns;
              }
              c1 = a1;
              const k0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
              const k1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
              const k2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
              if ((k0 | (k1 << 9) | (k2 << 18)) !== occ) {
                const s0 = perm9[(k0 & 7) | ((k1 & 7) << 3) | ((k2 & 7) << 6)];
                const s1 = perm9[((k0 >> 3) & 7) | (k1 & 0o70) | ((k2 & 0o70) << 3)];
                const s2 = perm9[((k0 >> 6) & 7) | ((k1 >> 3) & 0o70) | (k2 & 0o700)];
                if (s0 === 0 || s1 === 0 || s2 === 0) return false;
                const m0 = (s0 & 7) | ((s1 & 7) << 3) | ((s2 & 7) << 6);
                const m1 = ((s0 >> 3) & 7) | (s1 & 0o70) | ((s2 & 0o70) << 3);
                const m2 = (s0 >> 6) | ((s1 >> 3) & 0o70) | (s2 & 0o700);
                a0 &= colexp[m0];
                a1 &= colexp[m1];
                a2 &= colexp[m2];
                occ = (k0 & m0) | ((k1 & m1) << 9) | ((k2 & m2) << 18);
              }
            }
            if (a2 !== c2) {
              a2 &= complex[
                shrink[a2 & 511] | (shrink[(a2 >> 9) & 511] << 3) | (shrink[a2 >> 18] << 6)
              ];
              if (a2 === 0) return false;
              const solved = (single[a2 & 511] | (single[(a2 >> 9) & 511] << 9) |
                (single[a2 >> 18] << 18)) & u[2];
              if (solved !== 0) {
                u[2] &= ~solved;
                again = true;
                const ns = ~solved;
                f[2] &= ns;
                f[5] &= ns;
                f[8] &= ns;
                f[11] &= ns;
                f[14] &= ns;
                f[17] &= ns;
                f[20] &= ns;
                f[23] &= ns;
                f[26] &= ns;
              }
              c2 = a2;
              const k0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
              const k1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
              const k2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
              if ((k0 | (k1 << 9) | (k2 << 18)) !== occ) {
                const s0 = perm9[(k0 & 7) | ((k1 & 7) << 3) | ((k2 & 7) << 6)];
                const s1 = perm9[((k0 >> 3) & 7) | (k1 & 0o70) | ((k2 & 0o70) << 3)];
                const s2 = perm9[((k0 >> 6) & 7) | ((k1 >> 3) & 0o70) | (k2 & 0o700)];
                if (s0 === 0 || s1 === 0 || s2 === 0) return false;
                const m0 = (s0 & 7) | ((s1 & 7) << 3) | ((s2 & 7) << 6);
                const m1 = ((s0 >> 3) & 7) | (s1 & 0o70) | ((s2 & 0o70) << 3);
                const m2 = (s0 >> 6) | ((s1 >> 3) & 0o70) | (s2 & 0o700);
                a0 &= colexp[m0];
                a1 &= colexp[m1];
                a2 &= colexp[m2];
                occ = (k0 & m0) | ((k1 & m1) << 9) | ((k2 & m2) << 18);
              }
            }
          } while (a0 !== c0 || a1 !== c1 || a2 !== c2);
          f[d] = a0;
          f[d + 1] = a1;
          f[d + 2] = a2;
          cf[d] = a0;
          cf[d + 1] = a1;
          cf[d + 2] = a2;
          ck[d] = occ;
        }
      }
      // Naked singles, and cells left without candidates.
      let found = false;
      for (let b = 0; b < 3; b++) {
        const ub = u[b];
        if (ub === 0) continue;
        let one = f[b], two = 0, x = 0;
        x = f[b + 3];
        two |= one & x;
        one |= x;
        x = f[b + 6];
        two |= one & x;
        one |= x;
        x = f[b + 9];
        two |= one & x;
        one |= x;
        x = f[b + 12];
        two |= one & x;
        one |= x;
        x = f[b + 15];
        two |= one & x;
        one |= x;
        x = f[b + 18];
        two |= one & x;
        one |= x;
        x = f[b + 21];
        two |= one & x;
        one |= x;
        x = f[b + 24];
        two |= one & x;
        one |= x;
        if ((ub & ~one) !== 0) return false;
        let singles = ub & ~two;
        if (singles === 0) continue;
        found = true;
        while (singles !== 0) {
          const bit = singles & -singles;
          singles ^= bit;
          const p = 31 - Math.clz32(bit);
          // An earlier single of this round may have taken the cell's last digit.
          const digits = cellDigits(f, b, p);
          if (digits === 0) return false;
          const w = 3 * (31 - Math.clz32(digits)) + b;
          const col = ~column[p];
          f[w] &= ~peersT[p];
          f[other1[w]] &= col;
          f[other2[w]] &= col;
          u[b] &= ~bit;
        }
      }
      if (!found) return true;
    }
  }

  /** Depth-first search over guesses, with states on the preallocated stack. */
  private search(
    grid: Uint8Array,
    allowed: Uint32Array | undefined,
    limit: number,
    onSolution?: SolutionCallback,
  ): number {
    const f = this.f, cf = this.cf, u = this.u, stack = this.stack;
    const probeAfter = this.probeAfter;
    let found = 0, sp = 0, nodes = 0;
    // Guesses since the last solution: past probeAfter the cheap choice is failing.
    let fruitless = 0, strong = false, restarted = false;
    for (;;) {
      if (this.propagate()) {
        if ((u[0] | u[1] | u[2]) === 0) {
          found++;
          if (onSolution !== undefined) {
            if (onSolution(this.fillSolution()) === false) break;
          }
          if (found >= limit) break;
          fruitless = 0;
          strong = false;
        } else {
          if (!strong && fruitless >= probeAfter) {
            strong = true;
            if (found === 0 && !restarted) {
              // The cheap guesses near the root are what made the tree big: start over.
              restarted = true;
              this.init(grid, allowed);
              sp = 0;
              continue;
            }
          }
          let pick = -1, d0 = 0, rest = 0;
          if (strong) {
            const r = this.probe();
            if (r === PROBE_CHANGED) continue;
            if (r === PROBE_CHOSEN) {
              pick = this.choiceA;
              d0 = this.choiceDigitA;
              this.guessCell[sp] = this.choiceB;
              rest = 1 << this.choiceDigitB;
            }
          }
          if (pick < 0) {
            pick = this.pickCell();
            const b = (pick / 27) | 0;
            const digits = cellDigits(f, b, pick % 27);
            d0 = 31 - Math.clz32(digits & -digits);
            this.guessCell[sp] = pick;
            rest = digits & (digits - 1);
          }
          const base = sp * STATE;
          for (let i = 0; i < 27; i++) stack[base + i] = f[i];
          stack[base + 27] = u[0];
          stack[base + 28] = u[1];
          stack[base + 29] = u[2];
          this.guessDigits[sp] = rest;
          sp++;
          nodes++;
          fruitless++;
          this.assign(d0, (pick / 27) | 0, pick % 27);
          continue;
        }
      }
      // Backtrack to the newest guess with digits left.
      if (sp === 0) break;
      const top = sp - 1;
      const base = top * STATE;
      for (let i = 0; i < 27; i++) f[i] = cf[i] = stack[base + i];
      u[0] = stack[base + 27];
      u[1] = stack[base + 28];
      u[2] = stack[base + 29];
      const digits = this.guessDigits[top];
      const d = 31 - Math.clz32(digits & -digits);
      const rest = digits & (digits - 1);
      if (rest === 0) sp--;
      else this.guessDigits[top] = rest;
      const pick = this.guessCell[top];
      nodes++;
      fruitless++;
      this.assign(d, (pick / 27) | 0, pick % 27);
    }
    this.nodes = nodes;
    return found;
  }

  /** Number of candidates left, over all digits and cells. */
  private candidateCount(): number {
    const f = this.f;
    let n = 0;
    for (let i = 0; i < 27; i++) n += popcount(f[i]);
    return n;
  }

  /**
   * Propagates digit d placed at band cell q on a scratch copy of the state, and
   * restores it: the candidates left then, or -1 when the placement fails.
   *
   * Results are cached per (digit, cell) for the current `probe` call, with the state
   * they led to, which `probePair` intersects.
   */
  private probeLiteral(d: number, q: number): number {
    const lit = d * 81 + q;
    if (this.probeMark[lit] === this.probeEpoch) return this.probeCount[lit];
    const f = this.f, cf = this.cf, u = this.u, sv = this.probeSave;
    for (let i = 0; i < 27; i++) sv[i] = f[i];
    sv[27] = u[0];
    sv[28] = u[1];
    sv[29] = u[2];
    this.assign(d, (q / 27) | 0, q % 27);
    let n = -1;
    if (this.propagate()) {
      n = this.candidateCount();
      const st = this.probeStates, base = lit * 27;
      for (let i = 0; i < 27; i++) st[base + i] = f[i];
    }
    // The probe started from a propagated state, where every word equals its cf.
    for (let i = 0; i < 27; i++) f[i] = cf[i] = sv[i];
    u[0] = sv[27];
    u[1] = sv[28];
    u[2] = sv[29];
    this.probeMark[lit] = this.probeEpoch;
    this.probeCount[lit] = n;
    return n;
  }

  /**
   * Probes the exhaustive choice "d1 at q1, or else d2 at q2": removes a side that fails,
   * or the candidates that neither side keeps (false then: the state changed); otherwise
   * scores the choice and keeps the best one.
   */
  private probePair(d1: number, q1: number, d2: number, q2: number): boolean {
    const f = this.f;
    const n1 = this.probeLiteral(d1, q1);
    if (n1 < 0) {
      f[d1 * 3 + ((q1 / 27) | 0)] &= ~(1 << (q1 % 27));
      return false;
    }
    const n2 = this.probeLiteral(d2, q2);
    if (n2 < 0) {
      f[d2 * 3 + ((q2 / 27) | 0)] &= ~(1 << (q2 % 27));
      return false;
    }
    const st = this.probeStates, b1 = (d1 * 81 + q1) * 27, b2 = (d2 * 81 + q2) * 27;
    let cut = false;
    for (let i = 0; i < 27; i++) {
      const keep = st[b1 + i] | st[b2 + i];
      if ((f[i] & ~keep) !== 0) {
        f[i] &= keep;
        cut = true;
      }
    }
    if (cut) return false;
    // Lookahead's usual score: both sides should shrink the grid, so multiply.
    const total = this.probeTotal;
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

  /**
   * Failed-literal probing over every two-way choice (bivalue cells, digits with two
   * places in a row, column or box), for searches the cheap guess choice is losing.
   *
   * Returns PROBE_CHANGED when it removed candidates (the caller propagates and probes
   * again), PROBE_CHOSEN with the best choice in `choiceA`..., or PROBE_NONE when no
   * two-way choice exists.
   */
  private probe(): number {
    const f = this.f, u = this.u;
    if (++this.probeEpoch === 0x40000000) {
      this.probeMark.fill(0);
      this.probeEpoch = 1;
    }
    this.choiceScore = -1;
    this.probeTotal = this.candidateCount();
    for (let b = 0; b < 3; b++) {
      let one = 0, two = 0, three = 0;
      for (let i = b; i < 27; i += 3) {
        const x = f[i];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      let bi = u[b] & two & ~three;
      while (bi !== 0) {
        const bit = bi & -bi;
        bi ^= bit;
        let w = b;
        while ((f[w] & bit) === 0) w += 3;
        let w2 = w + 3;
        while ((f[w2] & bit) === 0) w2 += 3;
        const q = b * 27 + 31 - Math.clz32(bit);
        if (!this.probePair((w / 3) | 0, q, (w2 / 3) | 0, q)) return PROBE_CHANGED;
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
        // A placed digit in the column would have cleared the others: skip if it did not.
        if ((f[w0] & ~u[0] & col) | (f[w0 + 1] & ~u[1] & col) | (f[w0 + 2] & ~u[2] & col)) {
          continue;
        }
        if (!this.probePair(d, q1, d, q2)) return PROBE_CHANGED;
      }
      for (let b = 0; b < 3; b++) {
        const a = f[w0 + b];
        if ((a & ~u[b]) !== 0 && (a & u[b]) === 0) continue;
        for (let r = 0; r < 27; r += 9) {
          const x = (a >> r) & 511;
          if (POPCOUNT[x] !== 2 || ((u[b] >> r) & x) !== x) continue;
          const lo = x & -x;
          const q = b * 27 + r;
          if (!this.probePair(d, q + 31 - Math.clz32(lo), d, q + 31 - Math.clz32(x ^ lo))) {
            return PROBE_CHANGED;
          }
        }
        for (let k = 0; k < 9; k += 3) {
          const m = a & (0o7007007 << k);
          if ((m & ~u[b]) !== 0 || popcount(m) !== 2) continue;
          const lo = m & -m;
          const q = b * 27;
          if (!this.probePair(d, q + 31 - Math.clz32(lo), d, q + 31 - Math.clz32(m ^ lo))) {
            return PROBE_CHANGED;
          }
        }
      }
    }
    return this.choiceScore >= 0 ? PROBE_CHOSEN : PROBE_NONE;
  }

  /** Chooses the guess cell (band * 27 + bit): first bivalue cell, else fewest digits. */
  private pickCell(): number {
    const f = this.f, u = this.u;
    let best = -1, bestScore = -1;
    // Scoring every bivalue cell pays off on hard grids, not near the leaves of easy ones.
    const unsolved = popcount(u[0]) + popcount(u[1]) + popcount(u[2]);
    let budget = unsolved < 45 ? 3 : 81;
    for (let b = 0; b < 3; b++) {
      const ub = u[b];
      if (ub === 0) continue;
      const b1 = b === 2 ? 0 : b + 1, b2 = b === 0 ? 2 : b - 1;
      let one = 0, two = 0, three = 0;
      for (let i = b; i < 27; i += 3) {
        const x = f[i];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      let bi = ub & two & ~three;
      while (bi !== 0) {
        const bit = bi & -bi;
        bi ^= bit;
        const p = 31 - Math.clz32(bit);
        const peers = PEERS[p], col = COLUMN[p];
        const digits = cellDigits(f, b, p);
        const oA = 3 * (31 - Math.clz32(digits & -digits));
        const oB = 3 * (31 - Math.clz32(digits & (digits - 1)));
        const score = popcount(f[oA + b] & peers) +
          popcount((f[oA + b1] | f[oA + b2]) & col) + popcount(f[oB + b] & peers) +
          popcount((f[oB + b1] | f[oB + b2]) & col);
        if (score > bestScore) {
          bestScore = score;
          best = b * 27 + p;
        }
        if (--budget === 0) return best;
      }
    }
    if (best >= 0) return best;
    let bestN = 10;
    for (let b = 0; b < 3; b++) {
      let ub = u[b];
      while (ub !== 0) {
        const bit = ub & -ub;
        ub ^= bit;
        let n = 0;
        for (let w = b; w < 27; w += 3) if (f[w] & bit) n++;
        if (n > bestN) continue;
        if (unsolved > 64 && n <= 3) return b * 27 + 31 - Math.clz32(bit);
        const p = 31 - Math.clz32(bit);
        const peers = PEERS[p], col = COLUMN[p];
        let score = 0;
        for (let w = b; w < 27; w += 3) {
          if (f[w] & bit) {
            score += popcount(f[w] & peers) + popcount((f[OTHER1[w]] | f[OTHER2[w]]) & col);
          }
        }
        if (n < bestN || score > bestScore) {
          bestN = n;
          bestScore = score;
          best = b * 27 + p;
        }
      }
    }
    return best;
  }

  /** Writes the solved state into the reused solution buffer. */
  private fillSolution(): Uint8Array {
    const f = this.f, sol = this.solution;
    for (let w = 0; w < 27; w++) {
      const d = ((w / 3) | 0) + 1, base = (w % 3) * 27;
      let x = f[w];
      while (x !== 0) {
        const bit = x & -x;
        x ^= bit;
        sol[CELL[base + 31 - Math.clz32(bit)]] = d;
      }
    }
    return sol;
  }
}
