/**
 * Test helper: a plain, obviously correct solution counter for sudoku and Sudoku-X, the
 * reference the human solver's and the generator's tests check against (never the
 * engines under test).
 *
 * @module
 */

/** The number of bits of each 16-bit mask. */
const BITS = new Uint8Array(1 << 16);
for (let m = 1; m < BITS.length; m++) BITS[m] = BITS[m >> 1] + (m & 1);

/**
 * The plain reference: the solutions of a sudoku-like grid up to `limit`, by
 * backtracking on the empty cell with the fewest digits its row, column, box (and
 * diagonal, for Sudoku-X) leave, each house's digits kept as a mask.
 */
export function plainSolutions(
  grid: Uint8Array,
  size: number,
  x: boolean,
  limit: number,
): Uint8Array[] {
  const box = Math.round(Math.sqrt(size));
  const g = grid.slice();
  const rows = new Array(size).fill(0), cols = new Array(size).fill(0);
  const boxes = new Array(size).fill(0), diags = [0, 0];
  const boxOf = (r: number, c: number) => Math.floor(r / box) * box + Math.floor(c / box);
  const toggle = (cell: number, d: number) => {
    const r = Math.floor(cell / size), c = cell % size, bit = 1 << (d - 1);
    rows[r] ^= bit;
    cols[c] ^= bit;
    boxes[boxOf(r, c)] ^= bit;
    if (x && r === c) diags[0] ^= bit;
    if (x && r + c === size - 1) diags[1] ^= bit;
  };
  const used = (cell: number) => {
    const r = Math.floor(cell / size), c = cell % size;
    return rows[r] | cols[c] | boxes[boxOf(r, c)] | (x && r === c ? diags[0] : 0) |
      (x && r + c === size - 1 ? diags[1] : 0);
  };
  for (let i = 0; i < g.length; i++) {
    if (g[i] === 0) continue;
    if (used(i) & (1 << (g[i] - 1))) return [];
    toggle(i, g[i]);
  }
  const found: Uint8Array[] = [];
  const go = (): void => {
    let best = -1, fewest = size + 1;
    for (let i = 0; i < g.length; i++) {
      if (g[i] !== 0) continue;
      const n = size - BITS[used(i)];
      if (n < fewest) {
        fewest = n;
        best = i;
      }
    }
    if (best < 0) {
      found.push(g.slice());
      return;
    }
    for (let d = 1; d <= size && found.length < limit; d++) {
      if (used(best) & (1 << (d - 1))) continue;
      g[best] = d;
      toggle(best, d);
      go();
      toggle(best, d);
      g[best] = 0;
    }
  };
  go();
  return found;
}

/** Whether a 9×9-style grid has exactly one solution and no clue can go (plain reference). */
export function plainMinimal(grid: Uint8Array, size: number, x: boolean): boolean {
  const g = grid.slice();
  for (let i = 0; i < g.length; i++) {
    if (g[i] === 0) continue;
    const d = g[i];
    g[i] = 0;
    const more = plainSolutions(g, size, x, 2).length;
    g[i] = d;
    if (more < 2) return false;
  }
  return true;
}
