/**
 * Solution counting for every size and variant: a specialised 9×9 engine, a general
 * engine for sizes 1 to 64 (one- and two-word cores), and the dispatcher that picks one.
 * `README.md` in this folder explains the algorithms and the data layout.
 *
 * @example Counting up to a limit, and collecting the solutions
 * ```ts
 * import assert from "node:assert/strict";
 * import { collectSolutions, countSolutions } from "@sudokit/sudokit/solve";
 *
 * // The empty 4×4 sudoku has 288 solutions; the empty 9×9 more than any limit.
 * assert.equal(countSolutions(new Uint8Array(16), 4, { limit: 1000 }).count, 288);
 * const nine = countSolutions(new Uint8Array(81), 9, { limit: 10 });
 * assert.deepEqual([nine.count, nine.exact], [10, false]);
 * // Three rows of a 4×4 given: one solution, written out.
 * const grid = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0]);
 * const { count, solutions } = collectSolutions(grid, 4, { limit: 2 });
 * assert.equal(count, 1);
 * assert.deepEqual([...solutions.subarray(12, 16)], [4, 3, 2, 1]);
 * ```
 *
 * @module
 */

export type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";
export { POLL_NODES, pollInterval } from "./engine.ts";
export {
  type CollectedSolutions,
  collectSolutions,
  type CountOptions,
  type CountResult,
  countSolutions,
  defaultVariant,
  engineFor,
} from "./count.ts";
export { Engine9 } from "./engine9.ts";
export { GeneralEngine } from "./engine_general.ts";
