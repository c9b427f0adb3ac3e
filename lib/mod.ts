/**
 * sudokit's library: grid geometry and parsing, bitboard validation, the Latin square /
 * Sudoku / Sudoku-X classification, bounded solution counting for every size and variant,
 * the human-style rater, Sudoku Explainer's rating, the generator, and the CodeCup games
 * (2024 sudoku, 2012 quantum tic-tac-toe) with their referees and bots. Everything here
 * is pure: data in, data out, no I/O.
 *
 * This module re-exports every folder's names; each folder is also an entry of its own
 * (`./grid`, `./solve`, `./human`, `./generate`, `./picture`, `./sudoku-game`, `./qttt`,
 * `./replay`, `./se`, `./report`, `./referee`, `./text`), the smaller import.
 *
 * @example Every folder's names from one import
 * ```ts
 * import assert from "node:assert/strict";
 * import { countSolutions, rate } from "@sudokit/sudokit";
 *
 * // The empty 4×4 sudoku has 288 solutions.
 * assert.equal(countSolutions(new Uint8Array(16), 4, { limit: 1000 }).count, 288);
 * const grid = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0]);
 * assert.equal(rate(grid, 4).valid, true);
 * ```
 *
 * @module
 */

export * from "./text/mod.ts";
export * from "./grid/mod.ts";
export * from "./picture/mod.ts";
export * from "./solve/mod.ts";
export * from "./report/mod.ts";
export * from "./referee/mod.ts";
export * from "./sudoku_game/mod.ts";
export * from "./qttt/mod.ts";
export * from "./human/mod.ts";
export * from "./generate/mod.ts";
export * from "./replay/mod.ts";
export * from "./se/mod.ts";
