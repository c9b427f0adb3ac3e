/**
 * The state Sudoku Explainer works on: the placed digits and each empty cell's candidates
 * (bit d-1 for digit d), what a step places or removes, and the positions of each digit
 * in each region, derived on demand.
 *
 * @module
 */

import { ALL, CELL_INDEX, CELL_REGIONS, PEERS, REGION } from "./tables.ts";

/** Candidates and placed digits of a 9×9 grid. */
export class SeBoard {
  /** Candidates of each empty cell (0 for a placed one). */
  readonly cand: Uint16Array = new Uint16Array(81);
  /** Digit of each cell, 0 when empty. */
  readonly value: Uint8Array = new Uint8Array(81);
  /** Empty cells left. */
  empty = 81;
  /** Bumped by every change, so derived tables know when to rebuild. */
  version = 0;
  readonly #pos = new Uint16Array(27 * 9);
  #posVersion = -1;

  /**
   * Set up `grid` (81 digits, 0 empty): every empty cell's candidates are the digits no
   * peer holds. False when a given repeats in a region.
   */
  load(grid: Uint8Array): boolean {
    this.cand.fill(ALL);
    this.value.fill(0);
    this.empty = 81;
    this.version++;
    for (let c = 0; c < 81; c++) {
      const d = grid[c];
      if (d === 0) continue;
      if ((this.cand[c] & (1 << (d - 1))) === 0) return false;
      this.place(c, d);
    }
    return true;
  }

  /** Copy another board's state. */
  copyFrom(o: SeBoard): void {
    this.cand.set(o.cand);
    this.value.set(o.value);
    this.empty = o.empty;
    this.version++;
  }

  /** Put digit d in cell c and remove it from the candidates of c's peers. */
  place(c: number, d: number): void {
    const { cand } = this;
    this.value[c] = d;
    cand[c] = 0;
    this.empty--;
    const off = ~(1 << (d - 1));
    for (let i = c * 20, end = i + 20; i < end; i++) cand[PEERS[i]] &= off;
    this.version++;
  }

  /** Remove `mask`'s digits from cell c's candidates. */
  remove(c: number, mask: number): void {
    this.cand[c] &= ~mask;
    this.version++;
  }

  /**
   * The positions of digit d (1-9) in region h as a 9-bit mask over the region's cells;
   * `positions()` itself returns the whole table, `[h * 9 + d - 1]`.
   */
  positions(): Uint16Array {
    if (this.#posVersion !== this.version) {
      const pos = this.#pos;
      pos.fill(0);
      const { cand } = this;
      for (let c = 0; c < 81; c++) {
        let m = cand[c];
        if (m === 0) continue;
        const b = CELL_REGIONS[c * 3] * 9, r = CELL_REGIONS[c * 3 + 1] * 9;
        const k = CELL_REGIONS[c * 3 + 2] * 9;
        const ib = 1 << CELL_INDEX[c * 3], ir = 1 << CELL_INDEX[c * 3 + 1];
        const ik = 1 << CELL_INDEX[c * 3 + 2];
        while (m !== 0) {
          const d = 31 - Math.clz32(m & -m);
          m &= m - 1;
          pos[b + d] |= ib;
          pos[r + d] |= ir;
          pos[k + d] |= ik;
        }
      }
      this.#posVersion = this.version;
    }
    return this.#pos;
  }

  /** Empty cells of region h. */
  emptyIn(h: number): number {
    let n = 0;
    for (let i = h * 9; i < h * 9 + 9; i++) if (this.value[REGION[i]] === 0) n++;
    return n;
  }
}
