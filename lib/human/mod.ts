/**
 * A human-style solver and rater: candidates as bitmasks, a ladder of techniques from
 * naked singles to chains (and a guess as the last resort), the level QQWing would give
 * (simple, easy, intermediate, expert), the hardest technique needed, and the solving
 * path step by step. Sizes 1 to 32, sudoku, Sudoku-X and Latin squares. `README.md` in
 * this folder explains the method and its figures.
 *
 * ```ts
 * import { rate } from "./mod.ts";
 * const grid = new Uint8Array(16); // 4×4, 0 for empty
 * grid.set([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3]);
 * rate(grid, 4); // { valid: true, level: "simple", hardest: "naked-single", ... }
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
