/**
 * Grid geometry: which row, column, block and diagonals each cell belongs to, computed
 * once per size and cached.
 *
 * @module
 */

/** The largest side length the toolkit supports (symbol sets are two 32-bit words). */
export const MAX_SIZE = 64;

/** Rule set a grid is checked and counted under: which units must hold each symbol once. */
export type Variant = "sudoku" | "x" | "latin";

/** Unit kinds, in the order reports list them. */
export type UnitKind = "diagonal" | "block" | "column" | "row";

/** Cell membership tables of one grid size. All indexes are 0-based, cells row-major. */
export interface Geometry {
  /** Side length S. */
  readonly size: number;
  /** Block side b with b*b = S, or 0 when S is not a perfect square (no blocks). */
  readonly blockSide: number;
  /** S * S. */
  readonly cells: number;
  /** Row of each cell. */
  readonly row: Uint8Array;
  /** Column of each cell. */
  readonly col: Uint8Array;
  /** Block of each cell (meaningless when `blockSide` is 0). */
  readonly block: Uint8Array;
  /** Cells of diagonal 1, (1,1) to (S,S), top to bottom. */
  readonly diagonal1: Uint16Array;
  /** Cells of diagonal 2, (1,S) to (S,1), top to bottom (so in row-major order). */
  readonly diagonal2: Uint16Array;
}

/** The block side of `size` if it is a perfect square, else 0. */
export function blockSideOf(size: number): number {
  const b = Math.round(Math.sqrt(size));
  return b * b === size ? b : 0;
}

const cache: Geometry[] = [];

/** The geometry of an S×S grid, 1 <= S <= {@linkcode MAX_SIZE}; cached per size. */
export function geometry(size: number): Geometry {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new RangeError(`size ${size} is outside 1..${MAX_SIZE}`);
  }
  const cached = cache[size];
  if (cached !== undefined) return cached;
  const cells = size * size;
  const blockSide = blockSideOf(size);
  const row = new Uint8Array(cells);
  const col = new Uint8Array(cells);
  const block = new Uint8Array(cells);
  const diagonal1 = new Uint16Array(size);
  const diagonal2 = new Uint16Array(size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const i = r * size + c;
      row[i] = r;
      col[i] = c;
      if (blockSide > 0) {
        block[i] = Math.floor(r / blockSide) * blockSide + Math.floor(c / blockSide);
      }
    }
    diagonal1[r] = r * size + r;
    diagonal2[r] = r * size + (size - 1 - r);
  }
  const g: Geometry = { size, blockSide, cells, row, col, block, diagonal1, diagonal2 };
  cache[size] = g;
  return g;
}
