/**
 * The puzzle generator: random solved grids, clues removed one symmetry orbit at a time
 * while one solution is left, minimal puzzles of a QQWing level or of a hardest technique
 * of the human solver's ladder, the same for the same seed on every machine. `README.md`
 * in this folder explains the method and its figures.
 *
 * @example The easy 9×9 puzzle of seed 42: one solution, minimal, the same on every machine
 * ```ts
 * import assert from "node:assert/strict";
 * import { Generator } from "@sudokit/sudokit/generate";
 * import { countSolutions } from "@sudokit/sudokit/solve";
 *
 * const made = new Generator({ size: 9, variant: "sudoku", target: "easy" }).generate(42)!;
 * assert.deepEqual([made.clues, made.minimal], [25, true]);
 * assert.equal(countSolutions(made.puzzle, 9, { limit: 2 }).count, 1);
 * ```
 *
 * @module
 */

export {
  type Generated,
  type GenerateOptions,
  Generator,
  puzzleSeed,
  type Target,
} from "./generate.ts";
export { orbits, SYMMETRIES, type Symmetry } from "./symmetry.ts";
export { randomSolution } from "./fill.ts";
export { randomLatinSquare } from "./latin.ts";
