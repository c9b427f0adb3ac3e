/**
 * Sudoku Explainer's rating (SE 1.2.1): its ladder of rules from hidden singles to nested
 * dynamic forcing chains, each rated as SE rates it, and its solving path, which takes at
 * each step the easiest hint it finds; ER is the highest rating along the path, EP the
 * highest up to the first placement, ED the rating of the first step. 9×9 sudoku only.
 * `README.md` in this folder explains the method and its figures.
 *
 * @example A puzzle rated on SE's scale; a grid SE cannot rate
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatRating, SeRater } from "@sudokit/sudokit/se";
 *
 * const rater = new SeRater();
 * const grid = Uint8Array.from(
 *   "000456009006000000089100450200000000070090000035000000397000500000004072000005361",
 *   Number,
 * );
 * const r = rater.ratePuzzle(grid);
 * assert.ok(r.valid);
 * assert.deepEqual([formatRating(r.er), r.hardest], ["2.0", "Direct Hidden Pair"]);
 * assert.deepEqual(rater.ratePuzzle(new Uint8Array(81)), {
 *   valid: false,
 *   reason: "more than one solution",
 * });
 * ```
 *
 * @module
 */

export { type SePuzzleRating, SeRater, type SeRating } from "./rate.ts";
export { type SeBand, type SeGenerated, SeGenerator } from "./generate.ts";
export type { ChainNode, Hint } from "./hint.ts";
export { describeChain, describeEffect, describeHint, formatRating } from "./describe.ts";
