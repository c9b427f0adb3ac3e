/**
 * Validation: every improper duplicate of every unit, found in one pass over the grid.
 *
 * @module
 */

import { geometry, type UnitKind, type Variant } from "./geometry.ts";
import { SymbolSets } from "./symbols.ts";

/** One symbol that appears more than once in one unit. */
export interface Duplicate {
  /** The kind of unit. */
  readonly kind: UnitKind;
  /** The unit's number, 1-based (diagonal 1 or 2, block 1..S, column 1..S, row 1..S). */
  readonly unit: number;
  /** The repeated symbol. */
  readonly value: number;
  /** Every cell of the unit holding it, as 1-based [row, column], in row-major order. */
  readonly cells: readonly (readonly [number, number])[];
}

const KIND_ORDER: readonly UnitKind[] = ["diagonal", "block", "column", "row"];

// Unit numbering inside the pass: rows 0..S-1, columns S..2S-1, blocks 2S..3S-1,
// diagonal 1 = 3S, diagonal 2 = 3S+1.
const seen = new SymbolSets(4 * 64 + 2);
const dups = new SymbolSets(4 * 64 + 2);

/**
 * All improper duplicates of a grid: rows, columns, and, when `blocks`/`diagonals` are asked
 * for, blocks (perfect-square sizes only) and the two main diagonals.
 *
 * Ordered by kind (diagonals, blocks, columns, rows), then unit number, then symbol.
 */
export function findDuplicates(
  grid: Uint8Array,
  size: number,
  { blocks = true, diagonals = true }: { blocks?: boolean; diagonals?: boolean } = {},
): Duplicate[] {
  const g = geometry(size);
  const hasBlocks = blocks && g.blockSide > 0;
  const units = 3 * size + 2;
  seen.reset(units, size);
  dups.reset(units, size);
  let any = false;
  for (let i = 0; i < g.cells; i++) {
    const v = grid[i];
    if (v === 0) continue;
    const r = g.row[i];
    const c = g.col[i];
    if (!seen.add(r, v)) any = dups.add(r, v) || any;
    if (!seen.add(size + c, v)) any = dups.add(size + c, v) || any;
    if (hasBlocks && !seen.add(2 * size + g.block[i], v)) {
      any = dups.add(2 * size + g.block[i], v) || any;
    }
    if (diagonals) {
      if (r === c && !seen.add(3 * size, v)) any = dups.add(3 * size, v) || any;
      if (r + c === size - 1 && !seen.add(3 * size + 1, v)) {
        any = dups.add(3 * size + 1, v) || any;
      }
    }
  }
  if (!any) return [];
  const out: Duplicate[] = [];
  for (const kind of KIND_ORDER) {
    const count = kind === "diagonal" ? 2 : size;
    for (let u = 0; u < count; u++) {
      const set = kind === "row"
        ? u
        : kind === "column"
        ? size + u
        : kind === "block"
        ? 2 * size + u
        : 3 * size + u;
      if (dups.isEmpty(set)) continue;
      for (const value of dups.values(set)) {
        const cells: [number, number][] = [];
        for (let i = 0; i < g.cells; i++) {
          if (grid[i] !== value) continue;
          const r = g.row[i];
          const c = g.col[i];
          const inUnit = kind === "row"
            ? r === u
            : kind === "column"
            ? c === u
            : kind === "block"
            ? g.block[i] === u
            : u === 0
            ? r === c
            : r + c === size - 1;
          if (inUnit) cells.push([r + 1, c + 1]);
        }
        out.push({ kind, unit: u + 1, value, cells });
      }
    }
  }
  return out;
}

/** The report phrase of a duplicate: `2 is repeated on diagonal 1`, `3 is duplicated in block 4`. */
export function describeDuplicate(d: Duplicate): string {
  switch (d.kind) {
    case "diagonal":
      return `${d.value} is repeated on diagonal ${d.unit}`;
    case "block":
      return `${d.value} is duplicated in block ${d.unit}`;
    case "column":
      return `${d.value} is repeated in column ${d.unit}`;
    case "row":
      return `${d.value} is repeated in row ${d.unit}`;
  }
}

/**
 * The first rule the givens break under a variant, described, or undefined when they break
 * none. Cheap enough to run before every count: one pass, no allocation unless it finds one.
 */
export function findConflict(grid: Uint8Array, size: number, variant: Variant): string | undefined {
  const g = geometry(size);
  if (variant !== "latin" && g.blockSide === 0) {
    throw new RangeError(`variant ${variant} needs a perfect-square size, not ${size}`);
  }
  const blocks = variant !== "latin";
  const diagonals = variant === "x";
  const clash = size <= 32
    ? clashSmall(grid, size, g.row, g.col, g.block, blocks, diagonals)
    : clashLarge(grid, size, g.row, g.col, g.block, blocks, diagonals);
  return clash
    ? describeDuplicate(findDuplicates(grid, size, { blocks, diagonals })[0])
    : undefined;
}

const masks = new Int32Array(3 * 32 + 2);

// One word per unit: the common case, kept free of method calls because `count` runs it
// before every search.
function clashSmall(
  grid: Uint8Array,
  size: number,
  row: Uint8Array,
  col: Uint8Array,
  block: Uint8Array,
  blocks: boolean,
  diagonals: boolean,
): boolean {
  masks.fill(0, 0, 3 * size + 2);
  const cells = size * size;
  for (let i = 0; i < cells; i++) {
    const v = grid[i];
    if (v === 0) continue;
    const bit = 1 << (v - 1);
    const r = row[i];
    const c = size + col[i];
    if ((masks[r] | masks[c]) & bit) return true;
    masks[r] |= bit;
    masks[c] |= bit;
    if (blocks) {
      const b = 2 * size + block[i];
      if (masks[b] & bit) return true;
      masks[b] |= bit;
    }
    if (diagonals) {
      if (r === col[i]) {
        if (masks[3 * size] & bit) return true;
        masks[3 * size] |= bit;
      }
      if (r + col[i] === size - 1) {
        if (masks[3 * size + 1] & bit) return true;
        masks[3 * size + 1] |= bit;
      }
    }
  }
  return false;
}

function clashLarge(
  grid: Uint8Array,
  size: number,
  row: Uint8Array,
  col: Uint8Array,
  block: Uint8Array,
  blocks: boolean,
  diagonals: boolean,
): boolean {
  seen.reset(3 * size + 2, size);
  for (let i = 0; i < size * size; i++) {
    const v = grid[i];
    if (v === 0) continue;
    const r = row[i];
    const c = col[i];
    if (
      !seen.add(r, v) || !seen.add(size + c, v) ||
      (blocks && !seen.add(2 * size + block[i], v)) ||
      (diagonals && r === c && !seen.add(3 * size, v)) ||
      (diagonals && r + c === size - 1 && !seen.add(3 * size + 1, v))
    ) return true;
  }
  return false;
}
