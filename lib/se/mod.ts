/**
 * Sudoku Explainer's rating (SE 1.2.1): its ladder of rules from hidden singles to nested
 * dynamic forcing chains, each rated as SE rates it, and its solving path, which takes at
 * each step the easiest hint it finds; ER is the highest rating along the path, EP the
 * highest up to the first placement, ED the rating of the first step. 9×9 sudoku only.
 * `README.md` in this folder explains the method and its figures.
 *
 * ```ts
 * import { SeRater } from "./mod.ts";
 * const grid = Uint8Array.from(
 *   "000456009006000000089100450200000000070090000035000000397000500000004072000005361",
 *   Number,
 * );
 * new SeRater().rate(grid).er; // 20: SE's 2.0
 * ```
 *
 * @module
 */

export { type SePuzzleRating, SeRater, type SeRating } from "./rate.ts";
export { type SeBand, type SeGenerated, SeGenerator } from "./generate.ts";
export type { ChainNode, Hint } from "./hint.ts";
export { describeChain, describeEffect, describeHint, formatRating } from "./describe.ts";
