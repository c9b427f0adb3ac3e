/**
 * A bounded solution counter for every size 1..64 and every rule set (sudoku, Sudoku-X,
 * Latin square): the face of the general engine, whose parts live in `general_*.ts`.
 *
 * Candidates are bitsets: one 32-bit word per cell up to S = 32 (`Core32` in
 * `general_core32.ts`), a low and a high word above (`Core64`, `general_core64.ts`). Both
 * cores share the unit and peer tables (`general_tables.ts`) and the undo trail and search
 * loop (`general_base.ts`): naked and hidden singles in every unit, locked candidates
 * (pointing and claiming) between blocks and lines, then binary branching (`cell = d`,
 * then `cell != d`) on the most constrained choice, a cell with fewest candidates or a
 * (unit, digit) with fewest places, each count divided by the failures seen in its units
 * (dom/wdeg). Stronger filters are switched on where they were measured to pay:
 * failed-literal probing of two-candidate cells on 16×16 sudokus, the all-different
 * matching filter (Régin, `general_match.ts`) on 16×16 and 25×25 ones, and on 25×25
 * sudokus a shave of every node with lookahead branching (`general_lookahead.ts`), and from
 * 36×36 up restarts out of deep dives that stall (`general_base.ts`). State
 * changes go through an undo trail sized in the constructor, so a search allocates nothing
 * beyond scratch arrays made once. `README.md` in this folder explains the algorithms.
 *
 * @module
 */

import type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";
import type { CoreBase } from "./general_base.ts";
import { Core32 } from "./general_core32.ts";
import { Core64 } from "./general_core64.ts";
import { Tables } from "./general_tables.ts";

export type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";

/** Options of {@linkcode GeneralEngine}, for tests and tuning; the defaults are measured. */
export interface GeneralEngineOptions {
  /** Use the two-word core even when S <= 32 (to cross-check the cores). */
  wide?: boolean;
  /** Probe cells with at most this many candidates at every node (0: off). */
  probeWidth?: number;
  /** Run the all-different matching filter. */
  allDifferent?: boolean;
  /** Shave (probe every candidate with singles only) at search depths up to this (-1: never). */
  shaveDepth?: number;
  /** On shaved nodes, branch on the two-way choice whose sides cut most. */
  lookahead?: boolean;
  /** Shave every candidate, not only the bivalent ones (two-candidate cells, two-place digits). */
  shaveAll?: boolean;
  /** Depth a run must reach before it may restart (0: never; see `CoreBase.search`). */
  restartDepth?: number;
  /** Failures in a row below the deepest point before the first restart. */
  restartFailures?: number;
  /** Restart after `restartFailures` times the next term of Luby's sequence failures in a run. */
  luby?: boolean;
  /**
   * Nodes without a solution after which a plain search turns on the matching filter, the
   * shave and lookahead branching for the rest of the count (0: never).
   */
  escalateAfter?: number;
}

/**
 * The solution counter for any size 1..64: sudoku and `x` for perfect squares, `latin`
 * for every size.
 *
 * Throws a RangeError from the constructor for an unsupported (size, variant). `count`
 * returns 0 when the givens or `allowed` masks contradict each other, and throws a
 * RangeError only for malformed arguments (wrong lengths, values above S).
 */
export class GeneralEngine implements Engine {
  /** Side length of the grids this engine counts. */
  readonly size: number;
  /** Rule set of this engine. */
  readonly variant: Variant;
  readonly #core: CoreBase;

  /** Preallocate the tables and search state for S×S grids under `variant`. */
  constructor(size: number, variant: Variant, options: GeneralEngineOptions = {}) {
    const tables = new Tables(size, variant);
    this.size = size;
    this.variant = variant;
    const core = size <= 32 && options.wide !== true ? new Core32(tables) : new Core64(tables);
    if (options.probeWidth !== undefined) core.probeWidth = options.probeWidth;
    if (options.shaveDepth !== undefined) core.shaveDepth = options.shaveDepth;
    if (options.lookahead !== undefined) core.lookahead = options.lookahead;
    if (options.shaveAll !== undefined) core.shaveAll = options.shaveAll;
    if (options.allDifferent !== undefined) core.allDiff = options.allDifferent;
    if (options.restartDepth !== undefined) core.restartDepth = options.restartDepth;
    if (options.restartFailures !== undefined) core.restartFailures = options.restartFailures;
    if (options.escalateAfter !== undefined) core.escalateAfter = options.escalateAfter;
    if (options.luby !== undefined) core.luby = options.luby;
    core.keepPlainSettings();
    this.#core = core;
  }

  /** Search nodes (guesses) used by the last `count`. */
  get nodes(): number {
    return this.#core.nodes;
  }

  /** Whether the last `count` turned its filters on (see `GeneralEngineOptions.escalateAfter`). */
  get escalated(): boolean {
    return this.#core.escalated;
  }

  /** Restarts made by the last `count` (see `GeneralEngineOptions.restartDepth`). */
  get restarts(): number {
    return this.#core.restarts;
  }

  /**
   * Count completions of `grid` (row-major, 0 empty), stopping once `limit` are found.
   *
   * `onSolution` receives a reused buffer; returning `false` stops the search. `allowed`
   * and `allowedHigh` restrict the digits of each cell (bit d-1 of `allowed` for digit d
   * <= 32, bit d-33 of `allowedHigh` above); a missing array leaves its digits
   * unrestricted. A given outside its cell's mask gives 0. `control` (see
   * {@linkcode SearchControl}) splits the search or stops it.
   */
  count(
    grid: Uint8Array,
    limit: number,
    onSolution?: SolutionCallback,
    allowed?: Uint32Array,
    allowedHigh?: Uint32Array,
    control?: SearchControl,
    nogoods?: Int32Array,
  ): number {
    return this.#core.count(grid, limit, onSolution, allowed, allowedHigh, control, nogoods);
  }
}
