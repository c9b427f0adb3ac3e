/**
 * The puzzle generator: random solved grids, clues removed one symmetry orbit at a time
 * while one solution is left, minimal puzzles of a QQWing level or of a hardest technique
 * of the human solver's ladder, the same for the same seed on every machine. `README.md`
 * in this folder explains the method and its figures.
 *
 * ```ts
 * import { Generator } from "./mod.ts";
 * const g = new Generator({ size: 9, variant: "sudoku", target: "easy" });
 * g.generate(42)?.clues; // the clue count of the puzzle of seed 42
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
