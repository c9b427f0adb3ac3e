/**
 * Lookup tables of the 9×9 engine ({@linkcode Engine9}), built once at load.
 *
 * Band words: the candidates of digit d in band b (rows 3b..3b+2) are one 27-bit word,
 * bit `9 * (row % 3) + col`. A 9-bit "row slice" is one row of a band word; a 9-bit
 * "3×3 occupancy" has bit `3 * i + j` for row (or band) i and box (or column) j of one
 * digit inside a band (or stack). README.md in this folder explains how they are used.
 *
 * @module
 */

/** All 27 cells of a band. */
export const FULL = 0x7ffffff;

/** Row slice → 3 bits: which of its minirows (box triads) are non-empty. */
export const SHRINK = new Int32Array(512);
/**
 * Row slice → its minirows (`SHRINK`, bits 0-2) and, when it has exactly one bit, that
 * bit shifted left by 3 (`SINGLE << 3`): one lookup serves both while the mask keeps it.
 */
export const ROW_INFO = new Int32Array(512);
/** Row slice → the slice itself when it has exactly one bit, else 0. */
export const SINGLE = new Int32Array(512);
/** 3×3 occupancy → 27-bit mask of the minirows that lie on some row-to-box permutation. */
export const COMPLEX = new Int32Array(512);
/** 3×3 occupancy → the entries that lie on some permutation (0 if none). */
export const PERM9 = new Int32Array(512);
/** 3×3 occupancy → the permutations inside it (bit p). */
export const PERM_SET = new Int32Array(512);
/** 3×3 occupancy → how many permutations lie inside it (0..6). */
export const PERM_COUNT = new Int32Array(512);
/** Permutation p (0..5) → the box of row r at `PERMS[3 * p + r]`. */
export const PERMS = new Int32Array(18);
/** Permutation p → its three minirows as a 27-bit band mask. */
export const PERM_MASK = new Int32Array(6);
/** 9 bits in three groups of three → the groups that have exactly one bit, kept in place. */
export const FORCED = new Int32Array(512);
/** 9-bit minirow set (bit 3 * row + box) → the 27-bit mask of their cells. */
export const EXPAND = new Int32Array(512);
/** 9-bit column set → 27-bit mask of those columns in all three rows of a band. */
export const COLEXP = new Int32Array(512);
/** 9-bit set → number of bits. */
export const POPCOUNT = new Int32Array(512);
/** Band bit position → the other cells of its row and box inside the band. */
export const PEERS = new Int32Array(27);
/** Band bit position → its column in all three rows of a band. */
export const COLUMN = new Int32Array(27);
/** Band index b * 27 + bit position → cell index 0..80. */
export const CELL = new Int32Array(81);
/** Cell index → its band. */
export const BAND_OF = new Int32Array(81);
/** Cell index → its bit position inside its band. */
export const POS_OF = new Int32Array(81);
/** Word index d * 3 + b → the word of the same digit in the next band (b + 1 mod 3). */
export const OTHER1 = new Int32Array(27);
/** Word index d * 3 + b → the word of the same digit in the band after (b + 2 mod 3). */
export const OTHER2 = new Int32Array(27);

(function buildTables() {
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  perms.forEach((p, i) => {
    for (let r = 0; r < 3; r++) PERMS[3 * i + r] = p[r];
    PERM_MASK[i] = (7 << (3 * p[0])) | (7 << (9 + 3 * p[1])) | (7 << (18 + 3 * p[2]));
  });
  for (let x = 0; x < 512; x++) {
    const shrink = (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0);
    SHRINK[x] = shrink;
    SINGLE[x] = x !== 0 && (x & (x - 1)) === 0 ? x : 0;
    ROW_INFO[x] = shrink | (SINGLE[x] << 3);
    COLEXP[x] = x | (x << 9) | (x << 18);
    let n = 0, forced = 0, cells = 0;
    for (let y = x; y !== 0; y &= y - 1) n++;
    POPCOUNT[x] = n;
    for (let g = 0; g < 3; g++) {
      const group = (x >> (3 * g)) & 7;
      if (group === 1 || group === 2 || group === 4) forced |= group << (3 * g);
      for (let k = 0; k < 3; k++) if (group & (1 << k)) cells |= 7 << (9 * g + 3 * k);
    }
    FORCED[x] = forced;
    EXPAND[x] = cells;
    let keep = 0, set = 0, count = 0;
    perms.forEach((p, i) => {
      const m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((x & m) === m) {
        keep |= m;
        set |= 1 << i;
        count++;
      }
    });
    PERM9[x] = keep;
    PERM_SET[x] = set;
    PERM_COUNT[x] = count;
    COMPLEX[x] = EXPAND[keep];
  }
  for (let p = 0; p < 27; p++) {
    const r = (p / 9) | 0, c = p % 9, k = (c / 3) | 0;
    let peers = 0;
    for (let q = 0; q < 27; q++) {
      const r2 = (q / 9) | 0, k2 = ((q % 9) / 3) | 0;
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
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The digits (bit d) still possible in band b at bit p. Branch-free: searching the
 * words for the bit mispredicts.
 */
export function cellDigits(f: Int32Array, b: number, p: number): number {
  return ((f[b] >> p) & 1) | (((f[b + 3] >> p) & 1) << 1) |
    (((f[b + 6] >> p) & 1) << 2) | (((f[b + 9] >> p) & 1) << 3) |
    (((f[b + 12] >> p) & 1) << 4) | (((f[b + 15] >> p) & 1) << 5) |
    (((f[b + 18] >> p) & 1) << 6) | (((f[b + 21] >> p) & 1) << 7) |
    (((f[b + 24] >> p) & 1) << 8);
}

/**
 * The cells of band `b` (bits 0..26) with exactly two candidates left, over the 27 digit
 * words `f`, by bit-sliced counting; placed cells and empty ones are not among them.
 */
export function twoCandidates(f: Int32Array, b: number): number {
  let one = 0, two = 0, three = 0;
  for (let i = b; i < 27; i += 3) {
    const x = f[i];
    three |= two & x;
    two |= one & x;
    one |= x;
  }
  return two & ~three;
}
