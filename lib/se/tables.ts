/**
 * The 9×9 grid as Sudoku Explainer sees it: cells row-major (`r * 9 + c`), 27 regions
 * (blocks 0-8, rows 9-17, columns 18-26, each listing its cells in reading order), every
 * cell's 20 peers, and candidates numbered `cell * 9 + digit - 1` (0..728).
 *
 * @module
 */

/** Row of each cell. */
export const ROW: Uint8Array = new Uint8Array(81);
/** Column of each cell. */
export const COL: Uint8Array = new Uint8Array(81);
/** Block of each cell (0-8, left to right, top to bottom). */
export const BOX: Uint8Array = new Uint8Array(81);
/** Cells of region h: `REGION[h * 9 .. h * 9 + 9)`. Blocks 0-8, rows 9-17, columns 18-26. */
export const REGION: Uint8Array = new Uint8Array(27 * 9);
/** The three regions of each cell: `CELL_REGIONS[c * 3 ..]` = block, row, column. */
export const CELL_REGIONS: Uint8Array = new Uint8Array(81 * 3);
/** Each cell's position in its block, row and column: `CELL_INDEX[c * 3 + k]`. */
export const CELL_INDEX: Uint8Array = new Uint8Array(81 * 3);
/** The 20 peers of each cell, ascending: `PEERS[c * 20 ..]`. */
export const PEERS: Uint8Array = new Uint8Array(81 * 20);
/**
 * The 20 peers of each cell in SE's order: the block's cells, then the row's outside the
 * block, then the column's: `HOUSE_CELLS[c * 20 ..]`.
 */
export const HOUSE_CELLS: Uint8Array = new Uint8Array(81 * 20);
/** `SEES[a * 81 + b]` is 1 when distinct cells a and b share a region. */
export const SEES: Uint8Array = new Uint8Array(81 * 81);
/** Bits 0-8 set: every digit. */
export const ALL = 0x1ff;

/** First region of each kind. */
export const BLOCKS = 0, ROWS = 9, COLUMNS = 18;

for (let c = 0; c < 81; c++) {
  const r = Math.floor(c / 9), k = c % 9, b = Math.floor(r / 3) * 3 + Math.floor(k / 3);
  ROW[c] = r;
  COL[c] = k;
  BOX[c] = b;
  const inBox = (r % 3) * 3 + (k % 3);
  REGION[b * 9 + inBox] = c;
  REGION[(ROWS + r) * 9 + k] = c;
  REGION[(COLUMNS + k) * 9 + r] = c;
  CELL_REGIONS.set([b, ROWS + r, COLUMNS + k], c * 3);
  CELL_INDEX.set([inBox, k, r], c * 3);
}
for (let a = 0; a < 81; a++) {
  let n = 0;
  const order = [
    ...Array.from(REGION.subarray(BOX[a] * 9, BOX[a] * 9 + 9)),
    ...Array.from(REGION.subarray((ROWS + ROW[a]) * 9, (ROWS + ROW[a]) * 9 + 9)),
    ...Array.from(REGION.subarray((COLUMNS + COL[a]) * 9, (COLUMNS + COL[a]) * 9 + 9)),
  ];
  for (const b of order) {
    if (b === a || HOUSE_CELLS.subarray(a * 20, a * 20 + n).includes(b)) continue;
    HOUSE_CELLS[a * 20 + n++] = b;
  }
  n = 0;
  for (let b = 0; b < 81; b++) {
    if (a !== b && (ROW[a] === ROW[b] || COL[a] === COL[b] || BOX[a] === BOX[b])) {
      SEES[a * 81 + b] = 1;
      PEERS[a * 20 + n++] = b;
    }
  }
}

/** Where cell b stands in `HOUSE_CELLS` of cell a: `HOUSE_AT[a * 81 + b]` (255: not a peer). */
export const HOUSE_AT: Uint8Array = new Uint8Array(81 * 81).fill(255);
for (let a = 0; a < 81; a++) {
  for (let i = 0; i < 20; i++) HOUSE_AT[a * 81 + HOUSE_CELLS[a * 20 + i]] = i;
}

/**
 * Each cell's peers as three 27-bit words, one per band of three rows (bit r % 3 * 9 + c
 * of word floor(r / 3)): `PEER_BANDS[c * 3 + k]`.
 */
export const PEER_BANDS: Int32Array = new Int32Array(81 * 3);
for (let a = 0; a < 81; a++) {
  for (let i = a * 20; i < a * 20 + 20; i++) {
    const q = PEERS[i];
    PEER_BANDS[a * 3 + Math.floor(q / 27)] |= 1 << (q % 27);
  }
}

/** Number of set bits of a 9-bit mask. */
export const BITS: Uint8Array = new Uint8Array(512);
for (let m = 1; m < 512; m++) BITS[m] = BITS[m >> 1] + (m & 1);

/** Index of the lowest set bit of a non-zero mask (digit - 1, or position in a region). */
export function low(m: number): number {
  return 31 - Math.clz32(m & -m);
}

/** The name of cell c: `r3c7`. */
export function cellName(c: number): string {
  return `r${ROW[c] + 1}c${COL[c] + 1}`;
}

/** The name of region h: `block 3`, `row 7`, `column 2`. */
export function regionName(h: number): string {
  return h < ROWS
    ? `block ${h + 1}`
    : h < COLUMNS
    ? `row ${h - ROWS + 1}`
    : `column ${h - COLUMNS + 1}`;
}

/** The name of candidate p (`cell * 9 + digit - 1`): `r3c7#5`. */
export function candName(p: number): string {
  return `${cellName(Math.floor(p / 9))}#${(p % 9) + 1}`;
}
