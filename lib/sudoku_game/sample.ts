/**
 * Looking at positions with too many solutions to enumerate: an estimate of their number,
 * and a spread-out sample of them.
 *
 * Both rest on the exact counter. The estimate is Knuth's: walk down random branches
 * (a digit in the cell with the fewest candidates, among those that keep a solution),
 * multiply the branching factors, and count the rest exactly once it is small; the mean
 * over walks is an unbiased estimate. The sample enumerates the first solutions of the
 * grid seen through random sudoku symmetries (relabelled digits, permuted bands, stacks,
 * rows and columns, transposed), so that it is not all from one corner of the search.
 *
 * @module
 */

import type { Engine } from "../solve/mod.ts";
import { geometry, type Rng } from "../grid/mod.ts";

const { row: ROW, col: COL, block: BOX } = geometry(9);

/** Digits 1..9 not seen in the row, column or box of each empty cell, as 9-bit masks. */
function candidates(grid: Uint8Array, out: Int32Array): void {
  const rows = new Int32Array(9);
  const cols = new Int32Array(9);
  const boxes = new Int32Array(9);
  for (let c = 0; c < 81; c++) {
    const d = grid[c];
    if (d === 0) continue;
    const bit = 1 << (d - 1);
    rows[ROW[c]] |= bit;
    cols[COL[c]] |= bit;
    boxes[BOX[c]] |= bit;
  }
  for (let c = 0; c < 81; c++) {
    out[c] = grid[c] !== 0 ? 0 : 511 & ~(rows[ROW[c]] | cols[COL[c]] | boxes[BOX[c]]);
  }
}

/**
 * Estimate the number of solutions of `grid` (which must have at least one) from
 * `walks` random walks; a walk stops and counts exactly below `cut` solutions.
 */
export function estimateSolutions(
  engine: Engine,
  grid: Uint8Array,
  rng: Rng,
  walks = 12,
  cut = 256,
): number {
  const g = new Uint8Array(81);
  const cand = new Int32Array(81);
  const viable: number[] = [];
  let total = 0;
  for (let w = 0; w < walks; w++) {
    g.set(grid);
    let weight = 1;
    for (;;) {
      const n = engine.count(g, cut);
      if (n < cut) {
        total += weight * n;
        break;
      }
      candidates(g, cand);
      let cell = -1;
      let fewest = 10;
      for (let c = 0; c < 81; c++) {
        if (g[c] !== 0) continue;
        let k = 0;
        for (let m = cand[c]; m !== 0; m &= m - 1) k++;
        if (k < fewest) {
          fewest = k;
          cell = c;
        }
      }
      viable.length = 0;
      for (let d = 1; d <= 9; d++) {
        if ((cand[cell] & (1 << (d - 1))) === 0) continue;
        g[cell] = d;
        if (engine.count(g, 1) > 0) viable.push(d);
      }
      // At least `cut` solutions exist, so some digit keeps one.
      weight *= viable.length;
      g[cell] = viable[rng.below(viable.length)];
    }
  }
  return total / walks;
}

/** A random symmetry of the sudoku grid: where each cell goes, and the digit relabelling. */
function randomSymmetry(rng: Rng, cellTo: Uint8Array, digitTo: Uint8Array): void {
  const lines = (): number[] => {
    const bands = rng.shuffle([0, 1, 2]);
    const out: number[] = [];
    for (const b of bands) for (const r of rng.shuffle([0, 1, 2])) out.push(b * 3 + r);
    return out;
  };
  const rowTo = lines();
  const colTo = lines();
  const transpose = rng.below(2) === 1;
  for (let c = 0; c < 81; c++) {
    const r = rowTo[ROW[c]];
    const k = colTo[COL[c]];
    cellTo[c] = transpose ? k * 9 + r : r * 9 + k;
  }
  const digits = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  digitTo[0] = 0;
  for (let d = 1; d <= 9; d++) digitTo[d] = digits[d - 1];
}

/**
 * Fill `out` (81 digits a solution) with up to `batches × perBatch` solutions of `grid`,
 * the first `perBatch` of each of `batches` random symmetries; returns how many. The
 * same solution may appear in more than one batch.
 */
export function sampleSolutions(
  engine: Engine,
  grid: Uint8Array,
  rng: Rng,
  batches: number,
  perBatch: number,
  out: Uint8Array,
): number {
  const cellTo = new Uint8Array(81);
  const digitTo = new Uint8Array(10);
  const digitFrom = new Uint8Array(10);
  const image = new Uint8Array(81);
  let n = 0;
  for (let b = 0; b < batches; b++) {
    randomSymmetry(rng, cellTo, digitTo);
    for (let d = 0; d <= 9; d++) digitFrom[digitTo[d]] = d;
    for (let c = 0; c < 81; c++) image[cellTo[c]] = digitTo[grid[c]];
    let taken = 0;
    engine.count(image, perBatch, (s) => {
      if (taken >= perBatch || (n + 1) * 81 > out.length) return false;
      const base = n * 81;
      for (let c = 0; c < 81; c++) out[base + c] = digitFrom[s[cellTo[c]]];
      n++;
      taken++;
      return true;
    });
  }
  return n;
}
