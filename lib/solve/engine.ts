/**
 * The contract every solution-counting engine fulfils, so that the dispatcher in
 * `count.ts` can pick the fastest engine for a grid without its callers knowing.
 *
 * @module
 */

import type { Variant } from "../grid/mod.ts";

export type { Variant };

/**
 * Called with each solution found, in a buffer the engine reuses: copy it to keep it.
 * Return `false` to stop the search early.
 */
export type SolutionCallback = (solution: Uint8Array) => boolean | void;

/**
 * Lets a long search share its work or stop early (parallel counting of one grid).
 *
 * The search polls it every {@linkcode pollInterval} search nodes. On `"split"` it hands
 * its largest unexplored branch to `give` as allowed-digit masks (same form as `count`'s
 * `allowed`/`allowedHigh`, full masks for every digit not restricted) and never explores
 * that branch itself: counting `grid` under those masks, with the same limit, gives that
 * branch's solutions. On `"stop"` the search returns what it has found so far.
 */
export interface SearchControl {
  /** Whether to go on, give away a branch or stop; `nodes`: the search's nodes so far. */
  poll(nodes: number): "go" | "split" | "stop";
  /**
   * Receive a branch given away; the arrays are the callee's to keep. `nogoods`, when the
   * search has restarted, keeps the branch out of what it has counted: it goes to `count`
   * with the masks.
   */
  give(
    allowed: Uint32Array,
    allowedHigh: Uint32Array | undefined,
    nogoods: Int32Array | undefined,
  ): void;
}

/** Search nodes between two polls of a {@linkcode SearchControl}, at most. */
export const POLL_NODES = 256;

/**
 * Search nodes between two polls of a {@linkcode SearchControl} on grids of side `size`: a
 * node from 25×25 up takes a good part of a millisecond (the lookahead), and an idle
 * thread waited 256 of them for each branch it was given: 590 ms of a 7 s search shared
 * by two, against 100–140 ms polling every 16.
 */
export function pollInterval(size: number): number {
  return size >= 25 ? 16 : POLL_NODES;
}

/**
 * A bounded solution counter for one size and rule set.
 *
 * Grids are row-major `Uint8Array`s of `size * size` cells, 0 for empty, 1..size otherwise.
 * Engines preallocate all search state in their constructor: `count` allocates nothing
 * per search node. Givens that repeat in a unit give a count of 0 (every engine fails on
 * them at once); the dispatcher in `count.ts` says which unit only after such a 0.
 */
export interface Engine {
  /** Side length of the grids this engine counts. */
  readonly size: number;
  /** Search nodes (guesses) used by the last `count`. */
  readonly nodes: number;
  /**
   * Count completions of `grid`, stopping once `limit` are found.
   *
   * `allowed`, when given, restricts each cell to a set of digits (bit d-1 set means digit
   * d is allowed; for sizes above 32 bits 32.. are in `allowedHigh`), which lets callers ask
   * "is there a solution without digit d in cell c?" without rebuilding the grid.
   *
   * `control`, when given, is polled during long searches (engines whose searches are
   * always short may ignore it); a `"stop"` makes the returned count a lower bound.
   * `nogoods` are those a branch given away came with (`SearchControl.give`): only engines
   * that give branches away read them.
   */
  count(
    grid: Uint8Array,
    limit: number,
    onSolution?: SolutionCallback,
    allowed?: Uint32Array,
    allowedHigh?: Uint32Array,
    control?: SearchControl,
    nogoods?: Int32Array,
  ): number;
}
