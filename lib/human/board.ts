/**
 * The human solver's board: each empty cell's candidates as one 32-bit word (bit d-1 for
 * digit d), the placed digits, and the bookkeeping every technique shares: placing a
 * digit, queueing and committing eliminations, and recording steps when asked to.
 *
 * @module
 */

import { lowestBit } from "../grid/mod.ts";
import type { Technique } from "./ladder.ts";
import type { HumanTables } from "./tables.ts";

/**
 * How a chain step reasons, recorded with it so that a person can follow it (see
 * `describe.ts`). Cells and houses are indexes, digits 1-based.
 *
 * - `xy-chain`: bivalue cells, each seeing the next; if the first is not `digit`, each
 *   cell's `on` digit is true in turn, and the last one's is `digit`.
 * - `colouring`: one digit's conjugate pairs (its only two places in a house), each link
 *   `[cell, cell, house]`, colour `a` and `b` alternating along them; `wrap`: a house
 *   holding two cells of one colour, which is then false (its cells lose the digit); else
 *   a trap, each cell that loses the digit seeing both colours.
 * - `forcing`: the candidate assumed, then the singles it forces that lead to the
 *   contradiction (`house` -1 for a naked single), and the contradiction: a cell without a
 *   candidate, a house without a place for a digit, or one cell the only place for two.
 * - `guess`: the cell's candidates when no rung of the ladder applied.
 */
export type Proof =
  | {
    readonly kind: "xy-chain";
    readonly digit: number;
    readonly cells: readonly number[];
    readonly on: readonly number[];
  }
  | {
    readonly kind: "colouring";
    readonly digit: number;
    readonly links: readonly (readonly [number, number, number])[];
    readonly a: readonly number[];
    readonly b: readonly number[];
    readonly wrap?: { readonly house: number; readonly colour: "a" | "b" };
  }
  | {
    readonly kind: "forcing";
    readonly links: readonly ChainLink[];
    readonly contradiction: Contradiction;
  }
  | { readonly kind: "guess"; readonly candidates: readonly number[] };

/** A digit placed in a forcing chain: the assumption (house -2), or a single it forces. */
export interface ChainLink {
  /** The cell. */
  readonly cell: number;
  /** The digit. */
  readonly digit: number;
  /** -2: the assumption; -1: a naked single; else the house of a hidden single. */
  readonly house: number;
}

/**
 * Where a trial contradicts itself: cell `cell` has no candidate left (`digits` empty), or
 * house `house` has no place left for `digits[0]` (`cell` -1), or `cell` is the only
 * place in `house` for both `digits`.
 */
export interface Contradiction {
  /** The cell, or -1. */
  readonly cell: number;
  /** The house, or -1. */
  readonly house: number;
  /** The digits. */
  readonly digits: readonly number[];
}

/**
 * Told what {@linkcode CandidateBoard.propagateSingles} does, to explain a forcing chain:
 * each single before it is placed, and the contradiction it ends on.
 */
export interface SinglesTrace {
  /** Digit d is about to go in cell c: a naked single (house -1) or hidden in house h. */
  placing(c: number, d: number, house: number): void;
  /** The trial contradicts itself (see {@linkcode Contradiction}; digits 1-based). */
  contradiction(c: number, house: number, digits: readonly number[]): void;
}

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
  /** How a chain step or a guess reasons, when steps are recorded. */
  readonly proof?: Proof;
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

  /**
   * Place d in c as one step of `technique` (recorded with the house it is hidden in, and
   * the proof of a guess).
   */
  placeStep(technique: Technique, c: number, d: number, house: number, proof?: Proof): void {
    this.place(c, d);
    this.steps?.push({
      technique,
      houses: house < 0 ? [] : [house],
      cells: [c],
      digits: [d],
      placements: [[c, d]],
      eliminations: [],
      ...(proof === undefined ? {} : { proof }),
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
   * when none are queued. `proof`, asked for only when steps are recorded, says how a
   * chain reasons.
   */
  commit(
    technique: Technique,
    houses: readonly number[],
    cells: readonly number[],
    digitMask: number,
    proof?: () => Proof,
  ): boolean {
    const n = this.#touchedCount;
    if (n === 0) return false;
    const eliminations: [number, number][] | undefined = this.steps === undefined ? undefined : [];
    // Made on the board the step starts from.
    const made = eliminations === undefined ? undefined : proof?.();
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
        ...(made === undefined ? {} : { proof: made }),
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
   * with no place left in a house). `trace`, when given, is told each single and the
   * contradiction.
   */
  propagateSingles(trace?: SinglesTrace): boolean {
    const { cand, value, t } = this;
    const { houses, size, full } = t;
    for (;;) {
      let progress = false;
      for (let c = 0; c < cand.length; c++) {
        const m = cand[c];
        if (m === 0) {
          if (value[c] === 0) {
            trace?.contradiction(c, -1, []);
            return false;
          }
        } else if ((m & (m - 1)) === 0) {
          trace?.placing(c, lowestBit(m) + 1, -1);
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
        const missing = full & ~(once | placed);
        if (missing !== 0) {
          trace?.contradiction(-1, h, [lowestBit(missing) + 1]);
          return false;
        }
        let unique = once & ~twice;
        if (unique === 0) continue;
        for (let i = 0; i < size && unique !== 0; i++) {
          const c = houses[base + i];
          const hit = cand[c] & unique;
          if (hit === 0) continue;
          // Two digits with one place each, both in this cell: a contradiction.
          if ((hit & (hit - 1)) !== 0) {
            trace?.contradiction(c, h, digitsOf(hit).slice(0, 2));
            return false;
          }
          trace?.placing(c, lowestBit(hit) + 1, h);
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
