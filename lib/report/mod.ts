/**
 * The reports: the Latin Square / Sudoku / Sudoku-X classification with every improper
 * duplicate (RUPC 2008), also drawn with the duplicates marked (readable text, SVG); and
 * the Unique / Ambiguous / Illegal / Impossible verdict (UVa 10957).
 *
 * @example A solved 4×4 grid classified; two 9×9 grids' verdicts
 * ```ts
 * import assert from "node:assert/strict";
 * import { classify, verdict } from "@sudokit/sudokit/report";
 *
 * // A correct Sudoku whose diagonals repeat: Incorrect Sudoku-X, Solved Sudoku.
 * const grid = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
 * const report = classify(grid, 4);
 * assert.deepEqual(report.classes.map((c) => `${c.status} ${c.class}`), [
 *   "Incorrect Sudoku-X",
 *   "Solved Sudoku",
 * ]);
 * const puzzle = Uint8Array.from(
 *   "000456009006000000089100450200000000070090000035000000397000500000004072000005361",
 *   Number,
 * );
 * assert.equal(verdict(puzzle), "Unique");
 * assert.equal(verdict(new Uint8Array(81)), "Ambiguous");
 * ```
 *
 * @module
 */

export {
  brokenRules,
  cellRules,
  type ClassifiedGrid,
  classify,
  classifySheetSvg,
  classifySheetSvgParts,
  type ClassStatus,
  type ClassVerdict,
  type ConflictMark,
  conflictMarks,
  formatBrokenRule,
  formatCaption,
  formatHeader,
  formatReadable,
  formatReport,
  formatReportJson,
  type GridClass,
  type GridReport,
  type ReadableOptions,
  unitName,
} from "./classify.ts";
export { formatVerdict, formatVerdictJson, type Verdict, verdict } from "./verdict.ts";
