/**
 * A human-style solver and rater: candidates as bitmasks, a ladder of techniques from
 * naked singles to chains (and a guess as the last resort), the level QQWing would give
 * (simple, easy, intermediate, expert), the hardest technique needed, and the solving
 * path step by step. Sizes 1 to 32, sudoku, Sudoku-X and Latin squares. `README.md` in
 * this folder explains the method and its figures.
 *
 * @example The level of a 4×4 puzzle, its hardest technique and its steps
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeStep, humanTables, rate } from "@sudokit/sudokit/human";
 *
 * const grid = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0]);
 * const r = rate(grid, 4, { steps: true });
 * assert.ok(r.valid);
 * assert.deepEqual([r.level, r.hardest], ["simple", "naked-single"]);
 * assert.equal(describeStep(r.steps![0], humanTables(4, "sudoku")), "naked-single: r4c1=4");
 * // The empty grid has 288 solutions: no rating.
 * const empty = rate(new Uint8Array(16), 4);
 * assert.deepEqual(empty, { valid: false, reason: "more than one solution" });
 * ```
 *
 * @module
 */

export {
  type Difficulty,
  isTechnique,
  levelOf,
  levelRungs,
  LEVELS,
  RUNG,
  type Technique,
  TECHNIQUES,
} from "./ladder.ts";
export {
  CandidateBoard,
  type ChainLink,
  type Contradiction,
  digitsOf,
  type Proof,
  type SinglesTrace,
  type Step,
} from "./board.ts";
export {
  cellLabel,
  type HouseKind,
  houseName,
  type HumanTables,
  humanTables,
  type Intersection,
  MAX_HUMAN_SIZE,
} from "./tables.ts";
export { HumanSolver, TOP_RUNG } from "./solver.ts";
export { rate, type RateOptions, type Rating, solverFor } from "./rate.ts";
export { describeStep } from "./describe.ts";
