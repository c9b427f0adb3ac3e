/**
 * Geometry tables and bit helpers of the general engine (`engine_general.ts`): the units
 * and peers of one size and rule set, shared by both search cores.
 *
 * @module
 */

import type { Variant } from "./engine.ts";
import { blockSideOf, MAX_SIZE } from "../grid/mod.ts";

/** Population count of a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The mask of digits 0..k-1 as an int32 (k may be 0..32). */
export function lowMask(k: number): number {
  return k >= 32 ? -1 : (1 << k) - 1;
}

/**
 * Where the place counts of (unit, digit) pairs are looked up, as bit-sliced counters.
 *
 * `exactly(v)` gives the digits with exactly v places, for v in 2..7; counters saturate
 * at 8, which is enough because a branch with more than 7 choices never beats a cell.
 */
export class SlicedCount {
  c0 = 0;
  c1 = 0;
  c2 = 0;
  sat = 0;

  reset(): void {
    this.c0 =
      this.c1 =
      this.c2 =
      this.sat =
        0;
  }

  add(m: number): void {
    const k0 = this.c0 & m;
    this.c0 ^= m;
    const k1 = this.c1 & k0;
    this.c1 ^= k0;
    this.sat |= this.c2 & k1;
    this.c2 ^= k1;
  }

  exactly(v: number): number {
    const m = ~this.sat & ((v & 1) ? this.c0 : ~this.c0) & ((v & 2) ? this.c1 : ~this.c1);
    return m & ((v & 4) ? this.c2 : ~this.c2);
  }
}

/**
 * Unit and peer tables of one size and rule set, shared by both cores.
 *
 * Units are listed rows, columns, blocks, then the two diagonals for `x`; `units` holds
 * S cells per unit. Peers of a cell are the other cells sharing some unit with it.
 */
export class Tables {
  /** Side length S. */
  readonly size: number;
  /** S * S. */
  readonly cells: number;
  /** Block side, or 0 when the rule set has no blocks (Latin squares). */
  readonly box: number;
  /** Number of units. */
  readonly unitCount: number;
  /** Cells of unit u at `u * S .. u * S + S - 1`. */
  readonly units: Int32Array;
  /** Peers of cell c at `peers[peerStart[c] .. peerStart[c + 1] - 1]`. */
  readonly peerStart: Int32Array;
  /** Flat peer lists. */
  readonly peers: Int32Array;
  /** Unit index of each cell's block, -1 without blocks. */
  readonly boxUnit: Int32Array;
  /** Units of cell c at `cellUnits[cellUnitStart[c] .. cellUnitStart[c + 1] - 1]`. */
  readonly cellUnitStart: Int32Array;
  /** Flat unit lists. */
  readonly cellUnits: Int32Array;
  /** Beside `cellUnits`: the cell's position k in that unit (its cells at `u * S + k`). */
  readonly cellUnitPos: Int32Array;
  /** Most units any one cell is in. */
  readonly maxUnitsPerCell: number;

  /** Build the tables; throws a RangeError for an unsupported size or rule set. */
  constructor(size: number, variant: Variant) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
      throw new RangeError(`size ${size} is outside 1..${MAX_SIZE}`);
    }
    if (variant !== "sudoku" && variant !== "x" && variant !== "latin") {
      throw new RangeError(`variant ${String(variant)} is not sudoku, x or latin`);
    }
    const b = blockSideOf(size);
    if (variant !== "latin" && b === 0) {
      throw new RangeError(`variant ${variant} needs a perfect-square size, not ${size}`);
    }
    this.size = size;
    this.cells = size * size;
    this.box = variant === "latin" ? 0 : b;
    const unitCount = 2 * size + (this.box > 0 ? size : 0) + (variant === "x" ? 2 : 0);
    this.unitCount = unitCount;
    const units = new Int32Array(unitCount * size);
    let u = 0;
    for (let r = 0; r < size; r++, u++) {
      for (let k = 0; k < size; k++) units[u * size + k] = r * size + k;
    }
    for (let c = 0; c < size; c++, u++) {
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + c;
    }
    if (this.box > 0) {
      for (let bi = 0; bi < size; bi++, u++) {
        const r0 = Math.floor(bi / b) * b;
        const c0 = (bi % b) * b;
        for (let k = 0; k < size; k++) {
          units[u * size + k] = (r0 + Math.floor(k / b)) * size + c0 + (k % b);
        }
      }
    }
    if (variant === "x") {
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + k;
      u++;
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + (size - 1 - k);
      u++;
    }
    this.units = units;
    this.boxUnit = new Int32Array(this.cells).fill(-1);
    if (this.box > 0) {
      for (let c = 0; c < this.cells; c++) {
        const r = Math.floor(c / size);
        this.boxUnit[c] = 2 * size + Math.floor(r / b) * b + Math.floor((c % size) / b);
      }
    }
    // Peer lists, deduplicated with a per-cell stamp.
    const unitsOf: number[][] = Array.from({ length: this.cells }, () => []);
    const posOf: number[][] = Array.from({ length: this.cells }, () => []);
    for (let v = 0; v < unitCount; v++) {
      for (let k = 0; k < size; k++) {
        unitsOf[units[v * size + k]].push(v);
        posOf[units[v * size + k]].push(k);
      }
    }
    this.cellUnitStart = new Int32Array(this.cells + 1);
    this.cellUnits = Int32Array.from(unitsOf.flat());
    this.cellUnitPos = Int32Array.from(posOf.flat());
    let most = 0;
    for (let c = 0; c < this.cells; c++) {
      this.cellUnitStart[c + 1] = this.cellUnitStart[c] + unitsOf[c].length;
      most = Math.max(most, unitsOf[c].length);
    }
    this.maxUnitsPerCell = most;
    const stamp = new Int32Array(this.cells).fill(-1);
    const flat: number[] = [];
    this.peerStart = new Int32Array(this.cells + 1);
    for (let c = 0; c < this.cells; c++) {
      this.peerStart[c] = flat.length;
      stamp[c] = c;
      for (const v of unitsOf[c]) {
        for (let k = 0; k < size; k++) {
          const p = units[v * size + k];
          if (stamp[p] !== c) {
            stamp[p] = c;
            flat.push(p);
          }
        }
      }
    }
    this.peerStart[this.cells] = flat.length;
    this.peers = Int32Array.from(flat);
  }
}
