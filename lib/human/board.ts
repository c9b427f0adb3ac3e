/**
 * The human solver's board: each empty cell's candidates as one 32-bit word (bit d-1 for
 * digit d), the placed digits, and the bookkeeping every technique shares: placing a
 * digit, queueing and committing eliminations, and recording steps when asked to.
 *
 * @module
 */

import { lowestBit } from "../grid/symbols.ts";
import type { Technique } from "./ladder.ts";
import type { HumanTables } from "./tables.ts";

/** One step of a solve: a technique, the pattern it saw, and what it placed or removed. */
export interface Step {
  /** The technique. */
  readonly technique: Technique;
  /** The houses the pattern lies in (indexes into the tables' houses), if any. */
  readonly houses: readonly number[];
  /** The cells of the pattern (for a placement, the cell itself). */
  readonly cells: readonly number[];
  /** The digits of the pattern. */
  readonly digits: readonly number[];
  /** Digits placed, as `[cell, digit]`. */
  readonly placements: readonly (readonly [number, number])[];
  /** Candidates removed, as `[cell, digit]`. */
  readonly eliminations: readonly (readonly [number, number])[];
}

/** Candidates, placed digits and the eliminations a technique has queued. */
export class CandidateBoard {
  /** The tables of the board's size and rule set. */
  readonly t: HumanTables;
  /** Candidates of each empty cell (0 for a filled cell). */
  readonly cand: Int32Array;
  /** Digit of each cell, 0 when empty. */
  readonly value: Uint8Array;
  /** Empty cells left. */
  empty = 0;
  /** The puzzle's one solution, when known: what `guess` places. */
  solution: Uint8Array | undefined;
  /** The steps taken, when recording (set to `[]` to record). */
  steps: Step[] | undefined;
  /** Eliminations queued per cell, and the cells that have some (in queueing order). */
  readonly #pending: Int32Array;
  readonly #touched: Int16Array;
  #touchedCount = 0;
  /** A copy of the state, for trials that are undone. */
  readonly #savedCand: Int32Array;
  readonly #savedValue: Uint8Array;
  #savedEmpty = 0;

  /** An empty board for the tables' size and rule set. */
  constructor(t: HumanTables) {
    this.t = t;
    this.cand = new Int32Array(t.cells);
    this.value = new Uint8Array(t.cells);
    this.#pending = new Int32Array(t.cells);
    this.#touched = new Int16Array(t.cells);
    this.#savedCand = new Int32Array(t.cells);
    this.#savedValue = new Uint8Array(t.cells);
  }

  /** Set up `grid` (row-major, 0 empty); false when a given repeats in a house. */
  load(grid: Uint8Array): boolean {
    const { cand, value } = this;
    cand.fill(this.t.full);
    value.fill(0);
    this.empty = this.t.cells;
    for (let c = 0; c < grid.length; c++) {
      const d = grid[c];
      if (d === 0) continue;
      if ((cand[c] & (1 << (d - 1))) === 0) return false;
      this.place(c, d);
    }
    return true;
  }

  /** Put digit d in empty cell c and remove it from the candidates of c's peers. */
  place(c: number, d: number): void {
    const { cand, t } = this;
    this.value[c] = d;
    cand[c] = 0;
    this.empty--;
    const off = ~(1 << (d - 1));
    const peers = t.peers;
    for (let i = t.peerStart[c], end = t.peerStart[c + 1]; i < end; i++) cand[peers[i]] &= off;
  }

  /** Place d in c as one step of `technique` (recorded with the house it is hidden in). */
  placeStep(technique: Technique, c: number, d: number, house: number): void {
    this.place(c, d);
    this.steps?.push({
      technique,
      houses: house < 0 ? [] : [house],
      cells: [c],
      digits: [d],
      placements: [[c, d]],
      eliminations: [],
    });
  }

  /** Queue the removal of `mask`'s digits from cell c (those it has). */
  remove(c: number, mask: number): void {
    const m = this.cand[c] & mask & ~this.#pending[c];
    if (m === 0) return;
    if (this.#pending[c] === 0) this.#touched[this.#touchedCount++] = c;
    this.#pending[c] |= m;
  }

  /** Whether eliminations are queued. */
  get hasPending(): boolean {
    return this.#touchedCount > 0;
  }

  /**
   * Apply the queued eliminations as one step of `technique`; false (and nothing done)
   * when none are queued.
   */
  commit(
    technique: Technique,
    houses: readonly number[],
    cells: readonly number[],
    digitMask: number,
  ): boolean {
    const n = this.#touchedCount;
    if (n === 0) return false;
    const eliminations: [number, number][] | undefined = this.steps === undefined ? undefined : [];
    for (let i = 0; i < n; i++) {
      const c = this.#touched[i];
      const m = this.#pending[c];
      if (eliminations !== undefined) {
        for (let r = m; r !== 0; r &= r - 1) eliminations.push([c, lowestBit(r) + 1]);
      }
      this.cand[c] &= ~m;
      this.#pending[c] = 0;
    }
    this.#touchedCount = 0;
    if (eliminations !== undefined) {
      this.steps!.push({
        technique,
        houses: [...houses],
        cells: [...cells],
        digits: digitsOf(digitMask),
        placements: [],
        eliminations,
      });
    }
    return true;
  }

  /** Drop the queued eliminations. */
  discard(): void {
    for (let i = 0; i < this.#touchedCount; i++) this.#pending[this.#touched[i]] = 0;
    this.#touchedCount = 0;
  }

  /** Remember the state, to come back to it with {@linkcode restore}. */
  save(): void {
    this.#savedCand.set(this.cand);
    this.#savedValue.set(this.value);
    this.#savedEmpty = this.empty;
  }

  /** Come back to the state of the last {@linkcode save}. */
  restore(): void {
    this.cand.set(this.#savedCand);
    this.value.set(this.#savedValue);
    this.empty = this.#savedEmpty;
  }

  /**
   * Place every naked single, sweeping the cells in order (one step each); false when
   * there was none.
   */
  nakedSingles(): boolean {
    const { cand } = this;
    let found = false;
    for (let c = 0; c < cand.length; c++) {
      const m = cand[c];
      if (m !== 0 && (m & (m - 1)) === 0) {
        this.placeStep("naked-single", c, lowestBit(m) + 1, -1);
        found = true;
      }
    }
    return found;
  }

  /** Place one hidden single: a digit with one place left in a house; false when none. */
  hiddenSingle(): boolean {
    const { cand, t } = this;
    const { houses, size } = t;
    for (let h = 0; h < t.houseCount; h++) {
      let once = 0, twice = 0;
      const base = h * size;
      for (let i = 0; i < size; i++) {
        const m = cand[houses[base + i]];
        twice |= once & m;
        once |= m;
      }
      const unique = once & ~twice;
      if (unique === 0) continue;
      const bit = unique & -unique;
      for (let i = 0; i < size; i++) {
        const c = houses[base + i];
        if (cand[c] & bit) {
          this.placeStep("hidden-single", c, lowestBit(bit) + 1, h);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Naked and hidden singles to their fixpoint, without recording, for trials: false as
   * soon as the board contradicts itself (an empty cell without candidates, or a digit
   * with no place left in a house).
   */
  propagateSingles(): boolean {
    const { cand, value, t } = this;
    const { houses, size, full } = t;
    for (;;) {
      let progress = false;
      for (let c = 0; c < cand.length; c++) {
        const m = cand[c];
        if (m === 0) {
          if (value[c] === 0) return false;
        } else if ((m & (m - 1)) === 0) {
          this.place(c, lowestBit(m) + 1);
          progress = true;
        }
      }
      for (let h = 0; h < t.houseCount; h++) {
        let once = 0, twice = 0, placed = 0;
        const base = h * size;
        for (let i = 0; i < size; i++) {
          const c = houses[base + i];
          const m = cand[c];
          twice |= once & m;
          once |= m;
          if (value[c] !== 0) placed |= 1 << (value[c] - 1);
        }
        if (((once | placed) & full) !== full) return false;
        let unique = once & ~twice;
        if (unique === 0) continue;
        for (let i = 0; i < size && unique !== 0; i++) {
          const c = houses[base + i];
          const hit = cand[c] & unique;
          if (hit === 0) continue;
          // Two digits with one place each, both in this cell: a contradiction.
          if ((hit & (hit - 1)) !== 0) return false;
          this.place(c, lowestBit(hit) + 1);
          unique &= ~hit;
          progress = true;
        }
      }
      if (!progress) return true;
    }
  }
}

/** The digits of a mask, ascending. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(lowestBit(m) + 1);
  return out;
}
