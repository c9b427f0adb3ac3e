/**
 * Random solved grids: a few random givens that cannot clash, completed by the exact
 * counter's first solution, then shuffled by the grid's symmetries (digits relabelled;
 * for plain sudoku also rows within bands, bands, columns within stacks and stacks).
 *
 * @module
 */

import { blockSideOf, type Rng, type Variant } from "../grid/mod.ts";
import { countSolutions } from "../solve/mod.ts";

/**
 * A random solved S×S grid under `variant` (sudoku or x, square sizes), the same for the
 * same generator state on every machine.
 */
export function randomSolution(size: number, variant: Variant, rng: Rng): Uint8Array {
  const side = blockSideOf(size);
  const cells = size * size;
  const grid = new Uint8Array(cells);
  const solution = new Uint8Array(cells);
  for (;;) {
    grid.fill(0);
    if (variant === "x") {
      seedX(grid, size, side, rng);
    } else {
      // The blocks on the main diagonal share no row or column: any fill of each is fine.
      for (let k = 0; k < side; k++) {
        const digits = rng.shuffle(Array.from({ length: size }, (_, i) => i + 1));
        for (let i = 0; i < size; i++) {
          const r = k * side + Math.floor(i / side), c = k * side + (i % side);
          grid[r * size + c] = digits[i];
        }
      }
    }
    let found = false;
    countSolutions(grid, size, {
      limit: 1,
      variant,
      onSolution: (s) => {
        solution.set(s);
        found = true;
        return false;
      },
    });
    if (found) break;
  }
  return variant === "x" ? relabel(solution, size, rng) : shuffleSudoku(solution, size, side, rng);
}

/** Givens for Sudoku-X: one random digit in each of S random cells, none clashing. */
function seedX(grid: Uint8Array, size: number, side: number, rng: Rng): void {
  const order = rng.shuffle(Array.from({ length: size * size }, (_, i) => i));
  for (let k = 0; k < size; k++) {
    const cell = order[k];
    const r = Math.floor(cell / size), c = cell % size;
    const used = new Set<number>();
    for (let x = 0; x < size * size; x++) {
      const d = grid[x];
      if (d === 0) continue;
      const xr = Math.floor(x / size), xc = x % size;
      const sameBox = Math.floor(xr / side) === Math.floor(r / side) &&
        Math.floor(xc / side) === Math.floor(c / side);
      const diag = (r === c && xr === xc) || (r + c === size - 1 && xr + xc === size - 1);
      if (xr === r || xc === c || sameBox || diag) used.add(d);
    }
    const free = Array.from({ length: size }, (_, i) => i + 1).filter((d) => !used.has(d));
    if (free.length > 0) grid[cell] = free[rng.below(free.length)];
  }
}

/** The grid with its digits relabelled at random. */
function relabel(grid: Uint8Array, size: number, rng: Rng): Uint8Array {
  const map = [0, ...rng.shuffle(Array.from({ length: size }, (_, i) => i + 1))];
  return grid.map((d) => map[d]);
}

/** A random permutation of 0..S-1 that keeps bands of `side` together. */
function bandedOrder(side: number, rng: Rng): number[] {
  const bands = rng.shuffle(Array.from({ length: side }, (_, i) => i));
  const out: number[] = [];
  for (const band of bands) {
    const within = rng.shuffle(Array.from({ length: side }, (_, i) => i));
    for (const i of within) out.push(band * side + i);
  }
  return out;
}

/** The grid relabelled, its rows and columns shuffled within bands and stacks. */
function shuffleSudoku(grid: Uint8Array, size: number, side: number, rng: Rng): Uint8Array {
  const g = relabel(grid, size, rng);
  const rows = bandedOrder(side, rng);
  const cols = bandedOrder(side, rng);
  const out = new Uint8Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) out[r * size + c] = g[rows[r] * size + cols[c]];
  }
  return out;
}
