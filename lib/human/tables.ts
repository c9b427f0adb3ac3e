/**
 * The houses of a grid for the human solver (rows, columns, blocks, and the two diagonals
 * of Sudoku-X), each cell's peers, and the block/line intersections, built once per size
 * and rule set and cached.
 *
 * @module
 */

import { blockSideOf, geometry, type Variant } from "../grid/mod.ts";

/** Kind of a house, as steps name it. */
export type HouseKind = "row" | "column" | "box" | "diagonal";

/** The largest side the human solver takes: a cell's candidates are one 32-bit word. */
export const MAX_HUMAN_SIZE = 32;

/** One block/line intersection of two or more cells. */
export interface Intersection {
  /** The block. */
  readonly box: number;
  /** The row, column or diagonal. */
  readonly line: number;
  /** Cells in both. */
  readonly both: Int16Array;
  /** Cells of the block outside the line. */
  readonly boxRest: Int16Array;
  /** Cells of the line outside the block. */
  readonly lineRest: Int16Array;
}

/** Membership tables of one size and rule set; every index 0-based, cells row-major. */
export interface HumanTables {
  /** Side length S. */
  readonly size: number;
  /** S * S. */
  readonly cells: number;
  /** The rule set. */
  readonly variant: Variant;
  /** Every digit's bit: `(1 << S) - 1`, as a signed 32-bit word. */
  readonly full: number;
  /** Number of houses. */
  readonly houseCount: number;
  /** Cells of house h: `houses[h * S .. h * S + S)`, in reading order. */
  readonly houses: Int16Array;
  /** Kind of each house. */
  readonly kinds: readonly HouseKind[];
  /** 1-based number of each house among those of its kind. */
  readonly ordinal: Uint8Array;
  /** Houses of cell c: `cellHouses[c * perCell ..]`, -1 padded. */
  readonly cellHouses: Int16Array;
  /** Houses per cell in `cellHouses` (3, or 5 for Sudoku-X). */
  readonly perCell: number;
  /** Peers of cell c (cells sharing a house): `peers[peerStart[c] .. peerStart[c + 1])`. */
  readonly peers: Int16Array;
  /** See `peers`. */
  readonly peerStart: Int32Array;
  /** `sees[a * cells + b]` is 1 when a and b are distinct peers. */
  readonly sees: Uint8Array;
  /** Block/line intersections of two or more cells. */
  readonly intersections: readonly Intersection[];
}

const cache = new Map<string, HumanTables>();

/** The tables of S×S grids under `variant` (sizes 1..32; sudoku and x need square sizes). */
export function humanTables(size: number, variant: Variant): HumanTables {
  const key = `${size}/${variant}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (size > MAX_HUMAN_SIZE) throw new RangeError(`size ${size} is above ${MAX_HUMAN_SIZE}`);
  const g = geometry(size);
  const side = blockSideOf(size);
  if (variant !== "latin" && side === 0) {
    throw new RangeError(`variant ${variant} needs a square size, not ${size}`);
  }
  const cells = size * size;
  const lists: number[][] = [];
  const kinds: HouseKind[] = [];
  const ordinal: number[] = [];
  const add = (kind: HouseKind, k: number, list: number[]) => {
    lists.push(list);
    kinds.push(kind);
    ordinal.push(k + 1);
  };
  for (let r = 0; r < size; r++) add("row", r, range(size).map((c) => r * size + c));
  for (let c = 0; c < size; c++) add("column", c, range(size).map((r) => r * size + c));
  if (variant !== "latin") {
    for (let b = 0; b < size; b++) {
      const list: number[] = [];
      for (let i = 0; i < cells; i++) if (g.block[i] === b) list.push(i);
      add("box", b, list);
    }
  }
  if (variant === "x") {
    add("diagonal", 0, Array.from(g.diagonal1));
    add("diagonal", 1, Array.from(g.diagonal2));
  }
  const houseCount = lists.length;
  const houses = new Int16Array(houseCount * size);
  lists.forEach((list, h) => houses.set(list, h * size));
  const perCell = variant === "x" ? 5 : variant === "latin" ? 2 : 3;
  const cellHouses = new Int16Array(cells * perCell).fill(-1);
  const fillCount = new Uint8Array(cells);
  lists.forEach((list, h) => {
    for (const c of list) cellHouses[c * perCell + fillCount[c]++] = h;
  });
  const sees = new Uint8Array(cells * cells);
  for (const list of lists) {
    for (const a of list) for (const b of list) if (a !== b) sees[a * cells + b] = 1;
  }
  const peerStart = new Int32Array(cells + 1);
  const peerList: number[] = [];
  for (let a = 0; a < cells; a++) {
    peerStart[a] = peerList.length;
    for (let b = 0; b < cells; b++) if (sees[a * cells + b]) peerList.push(b);
  }
  peerStart[cells] = peerList.length;
  const intersections: Intersection[] = [];
  for (let box = 0; box < houseCount; box++) {
    if (kinds[box] !== "box") continue;
    for (let line = 0; line < houseCount; line++) {
      if (kinds[line] === "box") continue;
      const inBox = new Set(lists[box]);
      const inLine = new Set(lists[line]);
      const both = lists[line].filter((c) => inBox.has(c));
      if (both.length < 2) continue;
      intersections.push({
        box,
        line,
        both: Int16Array.from(both),
        boxRest: Int16Array.from(lists[box].filter((c) => !inLine.has(c))),
        lineRest: Int16Array.from(lists[line].filter((c) => !inBox.has(c))),
      });
    }
  }
  const tables: HumanTables = {
    size,
    cells,
    variant,
    full: size === 32 ? -1 : (1 << size) - 1,
    houseCount,
    houses,
    kinds,
    ordinal: Uint8Array.from(ordinal),
    cellHouses,
    perCell,
    peers: Int16Array.from(peerList),
    peerStart,
    sees,
    intersections,
  };
  cache.set(key, tables);
  return tables;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** The name of cell c of an S×S grid: `r3c7`, 1-based. */
export function cellLabel(cell: number, size: number): string {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

/** The name of house h: `row 3`, `box 5`, `diagonal 1`. */
export function houseName(t: HumanTables, h: number): string {
  return `${t.kinds[h]} ${t.ordinal[h]}`;
}
