// Generated from engine9_board.ts.in (its loops unrolled) by 'deno task twins': edit the template.
/**
 * The candidate state of a 9×9 grid for {@linkcode Engine9}, and its propagation: locked
 * candidates and hidden singles per digit, naked singles per band, and the triad rule
 * (a minirow or minicolumn holds exactly three digits). README.md in this folder
 * explains the data layout and the rules.
 *
 * @module
 */

import * as T from "./engine9_tables.ts";

// The tables as module-local constants: imported (exported) bindings are read through
// module cells on every access, local ones are embedded by the compiler. Measured: the
// propagation is 5-8% faster this way.
const BAND_OF = T.BAND_OF, CELL = T.CELL, COLEXP = T.COLEXP, COLUMN = T.COLUMN;
const COMPLEX = T.COMPLEX, EXPAND = T.EXPAND, FORCED = T.FORCED;
const FULL = T.FULL, OTHER1 = T.OTHER1, OTHER2 = T.OTHER2, PEERS = T.PEERS, PERM9 = T.PERM9;
const PERM_COUNT = T.PERM_COUNT, PERM_MASK = T.PERM_MASK, PERM_SET = T.PERM_SET;
const PERMS = T.PERMS, POPCOUNT = T.POPCOUNT, POS_OF = T.POS_OF, ROW_INFO = T.ROW_INFO;
const SHRINK = T.SHRINK, SINGLE = T.SINGLE, cellDigits = T.cellDigits;

/** Ints in a saved state: 27 digit-band words, then the open cells of the three bands. */
export const STATE_SIZE = 30;

/**
 * Candidates of a 9×9 grid as 27 digit-band words, with the rules that shrink them.
 *
 * `f[3 * d + b]` holds the cells (bit `9 * (row % 3) + col`) of band b where digit d may
 * still go; a placed digit keeps exactly its cell. `u[b]` holds the open cells of band b.
 */
export class Board9 {
  /** Digit-band candidate words. */
  readonly f = new Int32Array(27);
  /** Each word as it was when the rules last saw it (-1: never). */
  readonly cf = new Int32Array(27);
  /** Open (unplaced) cells of each band. */
  readonly u = new Int32Array(3);
  /**
   * Per band (0..2) and stack (3..5): how many (digit, triad) pairs are forced, 27 when
   * every digit's configuration there is fixed. Written by the triad rule in the last
   * {@linkcode propagate} that left cells open, from the state before its eliminations.
   */
  readonly score = new Int32Array(6);
  /**
   * Per digit (at index 3 * digit): a column occupancy (band b's nine columns at bits
   * 9b..9b+8) known to be a fixpoint of the column/band permutation rule, so the rule
   * is skipped while the digit's occupancy equals it. Being a fixpoint depends on the
   * occupancy alone, so backtracking and new grids never invalidate an entry.
   */
  private readonly colFix = new Int32Array(27).fill(-1);
  /** Whether `propagate` applies the triad rule (and so writes `score`). */
  triadRule = true;
  /** Digits (bit d) whose words changed since the rules last saw them. */
  private pending = 0;
  /** Scratch of `load`: per word the givens and the union of their row and box peers. */
  private readonly givenBits = new Int32Array(27);
  private readonly givenPeers = new Int32Array(27);
  /** Scratch of `load`: per digit the columns of its givens. */
  private readonly givenCols = new Int32Array(9);

  /**
   * Loads a grid (81 cells, 0 empty) and optional allowed masks (bit d-1 for digit d, givens
   * included); false when two givens clash or a given is not allowed. The givens are
   * gathered per word first, then every word is written once.
   */
  load(grid: Uint8Array, allowed?: Uint32Array): boolean {
    const f = this.f, cf = this.cf, u = this.u;
    const given = this.givenBits, peers = this.givenPeers, cols = this.givenCols;
    // Plain loops: three fill() calls cost 10% of a load (measured).
    for (let w = 0; w < 27; w++) given[w] = peers[w] = 0;
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
    this.pending = 0x1ff;
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

  /** Whether every cell is placed. */
  solved(): boolean {
    const u = this.u;
    return (u[0] | u[1] | u[2]) === 0;
  }

  /** Puts digit d in band b at bit p: clears the cell's other digits and d's peers. */
  place(d: number, b: number, p: number): void {
    const f = this.f;
    const bit = 1 << p, nb = ~bit;
    // Only the digits that had the cell change (and d, whose peers go): gathered while
    // the cell is cleared, one read of each word.
    let had = 1 << d;
    for (let i = b, k = 0; i < 27; i += 3, k++) {
      const x = f[i];
      had |= ((x >> p) & 1) << k;
      f[i] = x & nb;
    }
    this.pending |= had;
    const w = d * 3 + b;
    f[w] = (f[w] & ~PEERS[p]) | bit;
    const col = ~COLUMN[p];
    f[OTHER1[w]] &= col;
    f[OTHER2[w]] &= col;
    this.u[b] &= nb;
  }

  /** Keeps only `mask` of word w; whether that removed candidates. */
  narrow(w: number, mask: number): boolean {
    const x = this.f[w];
    if ((x & ~mask) === 0) return false;
    this.f[w] = x & mask;
    this.pending |= 1 << ((w / 3) | 0);
    return true;
  }

  /**
   * Fixes the triads of word w (digit w / 3) to configuration `perm`: across its band
   * (`vertical` false: row r of the band keeps only box `PERMS[3 * perm + r]`), or across
   * the stack w % 3 (`vertical`: band b keeps only column `PERMS[3 * perm + b]` of the stack).
   */
  restrict(w: number, vertical: boolean, perm: number): void {
    const f = this.f;
    if (!vertical) {
      f[w] &= PERM_MASK[perm];
    } else {
      const d3 = w - (w % 3), s = w % 3;
      const stack = COLEXP[7 << (3 * s)];
      for (let b = 0; b < 3; b++) {
        f[d3 + b] &= ~stack | COLEXP[1 << (3 * s + PERMS[3 * perm + b])];
      }
    }
    this.pending |= 1 << ((w / 3) | 0);
  }

  /** Copies the state into `to` at `at` (STATE_SIZE ints). */
  save(to: Int32Array, at: number): void {
    const f = this.f, u = this.u;
    for (let i = 0; i < 27; i++) to[at + i] = f[i];
    to[at + 27] = u[0];
    to[at + 28] = u[1];
    to[at + 29] = u[2];
  }

  /** Restores a state saved by `save` from a propagated board: the rules have seen it. */
  restore(from: Int32Array, at: number): void {
    const f = this.f, cf = this.cf, u = this.u;
    for (let i = 0; i < 27; i++) f[i] = cf[i] = from[at + i];
    u[0] = from[at + 27];
    u[1] = from[at + 28];
    u[2] = from[at + 29];
    this.pending = 0;
  }

  /** Number of candidates left, over all digits and cells. */
  candidates(): number {
    const f = this.f;
    let n = 0;
    for (let i = 0; i < 27; i++) {
      const x = f[i];
      n += POPCOUNT[x & 511] + POPCOUNT[(x >> 9) & 511] + POPCOUNT[x >> 18];
    }
    return n;
  }

  /** Writes the placed digits (1..9) into `out` (81 cells). */
  write(out: Uint8Array): void {
    const f = this.f;
    for (let w = 0; w < 27; w++) {
      const d = ((w / 3) | 0) + 1, base = (w % 3) * 27;
      let x = f[w];
      while (x !== 0) {
        const bit = x & -x;
        x ^= bit;
        out[CELL[base + 31 - Math.clz32(bit)]] = d;
      }
    }
  }

  /**
   * Applies the rules to a fixpoint; false on a contradiction (the state is then garbage
   * until the next `load` or `restore`).
   *
   * Per changed digit: each band word keeps only the minirows on some row-to-box
   * permutation (locked candidates inside the band) and places rows left with one cell
   * (hidden singles); then the column occupancies of the three bands are cut to the
   * column-to-band permutations of each stack (locked candidates across bands, hidden
   * singles in columns). Then naked singles per band, and once nothing else changes,
   * the triad rule (once per call).
   */
  propagate(): boolean {
    if (!this.settle()) return false;
    const u = this.u;
    if ((u[0] | u[1] | u[2]) === 0 || !this.triadRule) return true;
    // Once per call: a second pass after its eliminations settle rarely finds more
    // (117.3 against 117.0 nodes a puzzle on the hardest set) and costs 2-7%. The
    // scores are then those of the state before the eliminations: good enough.
    const changed = this.triads() | 0;
    if (changed <= 0) return changed === 0;
    this.pending = changed;
    return this.settle();
  }

  /**
   * The digit rules and naked singles to a fixpoint, from the digits in `pending`; false on
   * a contradiction. Kept apart from the triad rule so that its loops contain no call.
   */
  private settle(): boolean {
    const f = this.f, cf = this.cf, u = this.u, ck = this.colFix;
    // Module tables in locals: measured faster than reading the module bindings each time.
    const rowT = ROW_INFO, complex = COMPLEX, single = SINGLE, perm9 = PERM9;
    const other1 = OTHER1, other2 = OTHER2, peersT = PEERS, column = COLUMN;
    // `| 0` lets the compiler keep the digit mask an int32, and the open cells stay in
    // locals while the digit rules run (as an array they are checked and reloaded at every
    // use): together 1.01-1.03 times the speed.
    let dirty = this.pending | 0;
    this.pending = 0;
    let u0 = u[0], u1 = u[1], u2 = u[2];
    for (;;) {
      while (dirty !== 0) {
        const bit = dirty & -dirty;
        const d = 3 * (31 - Math.clz32(bit));
        // The digit's three words stay in locals until its rules settle. The three band
        // blocks are written out: a helper would have to hand back a word and its singles.
        let a0 = f[d], a1 = f[d + 1], a2 = f[d + 2];
        let c0 = cf[d], c1 = cf[d + 1], c2 = cf[d + 2];
        let occ = ck[d];
        do {
          // The three bands' blocks, written out (the blocks are the same).
          if (a0 !== c0) {
            // The row lookups give the minirows and the row singles; the singles stay
            // valid unless the mask cuts.
            const t0 = rowT[a0 & 511], t1 = rowT[(a0 >> 9) & 511], t2 = rowT[a0 >> 18];
            const keep = complex[(t0 & 7) | ((t1 & 7) << 3) | ((t2 & 7) << 6)];
            if (keep === 0) return false;
            let solved = 0;
            if ((a0 & ~keep) === 0) {
              solved = ((t0 >> 3) | ((t1 >> 3) << 9) | ((t2 >> 3) << 18)) & u0;
            } else {
              a0 &= keep;
              solved = (single[a0 & 511] | (single[(a0 >> 9) & 511] << 9) |
                (single[a0 >> 18] << 18)) & u0;
            }
            if (solved !== 0) {
              // Rows left with one cell: place them, take the cells from every digit, and
              // mark the digits that had them (branch-free: x & solved is below 2^27).
              u0 &= ~solved;
              const ns = ~solved;
              let x = 0;
              x = f[0];
              f[0] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 0;
              x = f[3];
              f[3] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 1;
              x = f[6];
              f[6] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 2;
              x = f[9];
              f[9] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 3;
              x = f[12];
              f[12] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 4;
              x = f[15];
              f[15] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 5;
              x = f[18];
              f[18] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 6;
              x = f[21];
              f[21] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 7;
              x = f[24];
              f[24] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 8;
            }
            c0 = a0;
          }
          if (a1 !== c1) {
            // The row lookups give the minirows and the row singles; the singles stay
            // valid unless the mask cuts.
            const t0 = rowT[a1 & 511], t1 = rowT[(a1 >> 9) & 511], t2 = rowT[a1 >> 18];
            const keep = complex[(t0 & 7) | ((t1 & 7) << 3) | ((t2 & 7) << 6)];
            if (keep === 0) return false;
            let solved = 0;
            if ((a1 & ~keep) === 0) {
              solved = ((t0 >> 3) | ((t1 >> 3) << 9) | ((t2 >> 3) << 18)) & u1;
            } else {
              a1 &= keep;
              solved = (single[a1 & 511] | (single[(a1 >> 9) & 511] << 9) |
                (single[a1 >> 18] << 18)) & u1;
            }
            if (solved !== 0) {
              // Rows left with one cell: place them, take the cells from every digit, and
              // mark the digits that had them (branch-free: x & solved is below 2^27).
              u1 &= ~solved;
              const ns = ~solved;
              let x = 0;
              x = f[1];
              f[1] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 0;
              x = f[4];
              f[4] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 1;
              x = f[7];
              f[7] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 2;
              x = f[10];
              f[10] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 3;
              x = f[13];
              f[13] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 4;
              x = f[16];
              f[16] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 5;
              x = f[19];
              f[19] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 6;
              x = f[22];
              f[22] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 7;
              x = f[25];
              f[25] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 8;
            }
            c1 = a1;
          }
          if (a2 !== c2) {
            // The row lookups give the minirows and the row singles; the singles stay
            // valid unless the mask cuts.
            const t0 = rowT[a2 & 511], t1 = rowT[(a2 >> 9) & 511], t2 = rowT[a2 >> 18];
            const keep = complex[(t0 & 7) | ((t1 & 7) << 3) | ((t2 & 7) << 6)];
            if (keep === 0) return false;
            let solved = 0;
            if ((a2 & ~keep) === 0) {
              solved = ((t0 >> 3) | ((t1 >> 3) << 9) | ((t2 >> 3) << 18)) & u2;
            } else {
              a2 &= keep;
              solved = (single[a2 & 511] | (single[(a2 >> 9) & 511] << 9) |
                (single[a2 >> 18] << 18)) & u2;
            }
            if (solved !== 0) {
              // Rows left with one cell: place them, take the cells from every digit, and
              // mark the digits that had them (branch-free: x & solved is below 2^27).
              u2 &= ~solved;
              const ns = ~solved;
              let x = 0;
              x = f[2];
              f[2] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 0;
              x = f[5];
              f[5] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 1;
              x = f[8];
              f[8] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 2;
              x = f[11];
              f[11] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 3;
              x = f[14];
              f[14] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 4;
              x = f[17];
              f[17] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 5;
              x = f[20];
              f[20] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 6;
              x = f[23];
              f[23] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 7;
              x = f[26];
              f[26] = x & ns;
              dirty |= (((x & solved) + 0x7ffffff) >> 27) << 8;
            }
            c2 = a2;
          }
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
            // A column set times 0x40201 is the set in all three rows (COLEXP): a
            // multiply instead of a lookup, here and in the triad rule (1.01-1.02).
            a0 &= Math.imul(m0, 0x40201);
            a1 &= Math.imul(m1, 0x40201);
            a2 &= Math.imul(m2, 0x40201);
            occ = (k0 & m0) | ((k1 & m1) << 9) | ((k2 & m2) << 18);
          }
        } while (a0 !== c0 || a1 !== c1 || a2 !== c2);
        // The digit's own singles marked it again, but its words are settled.
        dirty &= ~bit;
        f[d] = cf[d] = a0;
        f[d + 1] = cf[d + 1] = a1;
        f[d + 2] = cf[d + 2] = a2;
        ck[d] = occ;
      }
      u[0] = u0;
      u[1] = u1;
      u[2] = u2;
      // Naked singles, and cells left without candidates: bit-sliced counts over the digits.
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
        while (singles !== 0) {
          const cell = singles & -singles;
          singles ^= cell;
          const p = 31 - Math.clz32(cell);
          // An earlier single of this round may have taken the cell's last digit.
          const digits = cellDigits(f, b, p);
          if (digits === 0) return false;
          const w = 3 * (31 - Math.clz32(digits)) + b;
          const col = ~column[p];
          f[w] &= ~peersT[p];
          f[other1[w]] &= col;
          f[other2[w]] &= col;
          u[b] &= ~cell;
          dirty |= 1 << ((w / 3) | 0);
        }
      }
      u0 = u[0];
      u1 = u[1];
      u2 = u[2];
      if (dirty === 0) return true;
    }
  }

  /** Word of the branch `chooseConfig` found: digit * 3 + band, or digit * 3 + stack. */
  branchWord = 0;
  /** Whether that branch is across a stack (column-to-band) rather than a band. */
  branchVertical = false;
  /** Its permutations (bit p), one alternative each: nearly always two. */
  branchPerms = 0;

  /**
   * Chooses where to branch after a successful `propagate` that left cells open: in the
   * band or stack with the most forced (digit, triad) pairs that still has an unfixed
   * digit, the first digit with the fewest permutations left. False when there is none, which
   * only happens when the scores are stale (after probing, or when the triad rule's own
   * eliminations fixed the band).
   */
  chooseConfig(): boolean {
    const f = this.f, score = this.score;
    const shrink = SHRINK, count = PERM_COUNT;
    let best = -1, bestScore = -1;
    for (let i = 0; i < 6; i++) {
      const s = score[i];
      if (s < 27 && s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    let bestN = 7, bestWord = 0, bestOcc = 0;
    if (best >= 0 && best < 3) {
      for (let w = best; w < 27; w += 3) {
        const a = f[w];
        const occ = shrink[a & 511] | (shrink[(a >> 9) & 511] << 3) | (shrink[a >> 18] << 6);
        const n = count[occ];
        if (n > 1 && n < bestN) {
          bestN = n;
          bestWord = w;
          bestOcc = occ;
          if (n === 2) break;
        }
      }
    } else if (best >= 3) {
      const s = best - 3, shift = 3 * s;
      for (let d3 = 0; d3 < 27; d3 += 3) {
        const a0 = f[d3], a1 = f[d3 + 1], a2 = f[d3 + 2];
        // Bit 3 * band + column of the stack: the digit's columns of this stack per band.
        const occ = (((a0 | (a0 >> 9) | (a0 >> 18)) >> shift) & 7) |
          ((((a1 | (a1 >> 9) | (a1 >> 18)) >> shift) & 7) << 3) |
          ((((a2 | (a2 >> 9) | (a2 >> 18)) >> shift) & 7) << 6);
        const n = count[occ];
        if (n > 1 && n < bestN) {
          bestN = n;
          bestWord = d3 + s;
          bestOcc = occ;
          if (n === 2) break;
        }
      }
    }
    if (bestN === 7) return false;
    this.branchWord = bestWord;
    this.branchVertical = best >= 3;
    this.branchPerms = PERM_SET[bestOcc];
    return true;
  }

  /**
   * The triad rule, and the branching scores: a minirow (or minicolumn) whose row (column)
   * holds three digits that can go nowhere else in that row of the band (column of the
   * stack) holds no other digit. Returns the digits it changed, 0 if none, -1 on a
   * contradiction.
   *
   * A digit is forced into a minirow when its row slice has one non-empty minirow; the
   * forced digits are counted per minirow bit-sliced over the nine digits of the band.
   * A word's nine minirows (bits 0, 3, .., 24 of `a | a >> 1 | a >> 2`) are gathered into
   * one 9-bit index by a multiply (the three rows' products do not overlap), so one
   * `FORCED` lookup gives the forced minirows instead of three per-row lookups (measured:
   * 1.015-1.03 times the speed on the hard sets).
   * More than three forced digits is a contradiction that the search finds later anyway,
   * so it is not checked here.
   */
  private triads(): number {
    const f = this.f, u = this.u, score = this.score;
    const fo = FORCED, pc = POPCOUNT, expand = EXPAND;
    let changed = 0, s3 = 0, s4 = 0, s5 = 0;
    for (let b = 0; b < 3; b++) {
      // The nine digits written out: their forced triads stay in locals for the
      // eliminations (measured: half the time of a loop over scratch arrays).
      let h1 = 0, h2 = 0, h3 = 0, v1 = 0, v2 = 0, v3 = 0;
      const a0 = f[b + 0];
      const t0 = Math.imul((a0 | (a0 >> 1) | (a0 >> 2)) & 0x1249249, 0x15);
      const x0 = fo[((t0 >> 4) & 7) | ((t0 >> 10) & 0o70) | ((t0 >> 16) & 0o700)];
      const y0 = fo[(a0 | (a0 >> 9) | (a0 >> 18)) & 511];
      h1 = x0;
      v1 = y0;
      const a1 = f[b + 3];
      const t1 = Math.imul((a1 | (a1 >> 1) | (a1 >> 2)) & 0x1249249, 0x15);
      const x1 = fo[((t1 >> 4) & 7) | ((t1 >> 10) & 0o70) | ((t1 >> 16) & 0o700)];
      const y1 = fo[(a1 | (a1 >> 9) | (a1 >> 18)) & 511];
      h3 |= h2 & x1;
      h2 |= h1 & x1;
      h1 |= x1;
      v3 |= v2 & y1;
      v2 |= v1 & y1;
      v1 |= y1;
      const a2 = f[b + 6];
      const t2 = Math.imul((a2 | (a2 >> 1) | (a2 >> 2)) & 0x1249249, 0x15);
      const x2 = fo[((t2 >> 4) & 7) | ((t2 >> 10) & 0o70) | ((t2 >> 16) & 0o700)];
      const y2 = fo[(a2 | (a2 >> 9) | (a2 >> 18)) & 511];
      h3 |= h2 & x2;
      h2 |= h1 & x2;
      h1 |= x2;
      v3 |= v2 & y2;
      v2 |= v1 & y2;
      v1 |= y2;
      const a3 = f[b + 9];
      const t3 = Math.imul((a3 | (a3 >> 1) | (a3 >> 2)) & 0x1249249, 0x15);
      const x3 = fo[((t3 >> 4) & 7) | ((t3 >> 10) & 0o70) | ((t3 >> 16) & 0o700)];
      const y3 = fo[(a3 | (a3 >> 9) | (a3 >> 18)) & 511];
      h3 |= h2 & x3;
      h2 |= h1 & x3;
      h1 |= x3;
      v3 |= v2 & y3;
      v2 |= v1 & y3;
      v1 |= y3;
      const a4 = f[b + 12];
      const t4 = Math.imul((a4 | (a4 >> 1) | (a4 >> 2)) & 0x1249249, 0x15);
      const x4 = fo[((t4 >> 4) & 7) | ((t4 >> 10) & 0o70) | ((t4 >> 16) & 0o700)];
      const y4 = fo[(a4 | (a4 >> 9) | (a4 >> 18)) & 511];
      h3 |= h2 & x4;
      h2 |= h1 & x4;
      h1 |= x4;
      v3 |= v2 & y4;
      v2 |= v1 & y4;
      v1 |= y4;
      const a5 = f[b + 15];
      const t5 = Math.imul((a5 | (a5 >> 1) | (a5 >> 2)) & 0x1249249, 0x15);
      const x5 = fo[((t5 >> 4) & 7) | ((t5 >> 10) & 0o70) | ((t5 >> 16) & 0o700)];
      const y5 = fo[(a5 | (a5 >> 9) | (a5 >> 18)) & 511];
      h3 |= h2 & x5;
      h2 |= h1 & x5;
      h1 |= x5;
      v3 |= v2 & y5;
      v2 |= v1 & y5;
      v1 |= y5;
      const a6 = f[b + 18];
      const t6 = Math.imul((a6 | (a6 >> 1) | (a6 >> 2)) & 0x1249249, 0x15);
      const x6 = fo[((t6 >> 4) & 7) | ((t6 >> 10) & 0o70) | ((t6 >> 16) & 0o700)];
      const y6 = fo[(a6 | (a6 >> 9) | (a6 >> 18)) & 511];
      h3 |= h2 & x6;
      h2 |= h1 & x6;
      h1 |= x6;
      v3 |= v2 & y6;
      v2 |= v1 & y6;
      v1 |= y6;
      const a7 = f[b + 21];
      const t7 = Math.imul((a7 | (a7 >> 1) | (a7 >> 2)) & 0x1249249, 0x15);
      const x7 = fo[((t7 >> 4) & 7) | ((t7 >> 10) & 0o70) | ((t7 >> 16) & 0o700)];
      const y7 = fo[(a7 | (a7 >> 9) | (a7 >> 18)) & 511];
      h3 |= h2 & x7;
      h2 |= h1 & x7;
      h1 |= x7;
      v3 |= v2 & y7;
      v2 |= v1 & y7;
      v1 |= y7;
      const a8 = f[b + 24];
      const t8 = Math.imul((a8 | (a8 >> 1) | (a8 >> 2)) & 0x1249249, 0x15);
      const x8 = fo[((t8 >> 4) & 7) | ((t8 >> 10) & 0o70) | ((t8 >> 16) & 0o700)];
      const y8 = fo[(a8 | (a8 >> 9) | (a8 >> 18)) & 511];
      h3 |= h2 & x8;
      h2 |= h1 & x8;
      h1 |= x8;
      v3 |= v2 & y8;
      v2 |= v1 & y8;
      v1 |= y8;
      score[b] = pc[h1] + pc[h2] + pc[h3];
      s3 += pc[(v1 & 7) | ((v2 & 7) << 3) | ((v3 & 7) << 6)];
      s4 += pc[((v1 >> 3) & 7) | (v2 & 0o70) | ((v3 & 0o70) << 3)];
      s5 += pc[(v1 >> 6) | ((v2 >> 3) & 0o70) | (v3 & 0o700)];
      // Only triads with an open cell can lose candidates.
      const ub = u[b];
      h3 &= SHRINK[ub & 511] | (SHRINK[(ub >> 9) & 511] << 3) | (SHRINK[ub >> 18] << 6);
      v3 &= ub | (ub >> 9) | (ub >> 18);
      if ((h3 | v3) === 0) continue;
      const hm = expand[h3], vm = Math.imul(v3, 0x40201);
      let c = 0;
      c = a0 & ((hm & ~expand[x0]) | (vm & ~Math.imul(y0, 0x40201)));
      if (c !== 0) {
        f[b + 0] = a0 & ~c;
        changed |= 1;
      }
      c = a1 & ((hm & ~expand[x1]) | (vm & ~Math.imul(y1, 0x40201)));
      if (c !== 0) {
        f[b + 3] = a1 & ~c;
        changed |= 2;
      }
      c = a2 & ((hm & ~expand[x2]) | (vm & ~Math.imul(y2, 0x40201)));
      if (c !== 0) {
        f[b + 6] = a2 & ~c;
        changed |= 4;
      }
      c = a3 & ((hm & ~expand[x3]) | (vm & ~Math.imul(y3, 0x40201)));
      if (c !== 0) {
        f[b + 9] = a3 & ~c;
        changed |= 8;
      }
      c = a4 & ((hm & ~expand[x4]) | (vm & ~Math.imul(y4, 0x40201)));
      if (c !== 0) {
        f[b + 12] = a4 & ~c;
        changed |= 16;
      }
      c = a5 & ((hm & ~expand[x5]) | (vm & ~Math.imul(y5, 0x40201)));
      if (c !== 0) {
        f[b + 15] = a5 & ~c;
        changed |= 32;
      }
      c = a6 & ((hm & ~expand[x6]) | (vm & ~Math.imul(y6, 0x40201)));
      if (c !== 0) {
        f[b + 18] = a6 & ~c;
        changed |= 64;
      }
      c = a7 & ((hm & ~expand[x7]) | (vm & ~Math.imul(y7, 0x40201)));
      if (c !== 0) {
        f[b + 21] = a7 & ~c;
        changed |= 128;
      }
      c = a8 & ((hm & ~expand[x8]) | (vm & ~Math.imul(y8, 0x40201)));
      if (c !== 0) {
        f[b + 24] = a8 & ~c;
        changed |= 256;
      }
    }
    score[3] = s3;
    score[4] = s4;
    score[5] = s5;
    return changed;
  }
}
