/**
 * Pictures: grids and their marks (givens, filled cells, conflicts, the last move) as
 * standalone SVG, one board, a printable sheet of boards or puzzle sheets on A4 pages,
 * readable back through their `data-grid` and `data-cell` attributes and cell classes (see
 * `README.md`); and grids as text a person reads, rows of symbols or rows with rules
 * between the blocks, side by side.
 *
 * Imports `grid/` and `text/` only.
 *
 * @example A 4×4 grid as text and as an SVG board
 * ```ts
 * import assert from "node:assert/strict";
 * import { boardSvg, gridText, readableText } from "@sudokit/sudokit/picture";
 *
 * const grid = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0]);
 * assert.equal(gridText(grid, 4), "1234\n3412\n2143\n....");
 * assert.equal(readableText(grid, 4, {}).split("\n")[2], "-----|-----");
 * const svg = boardSvg({ size: 4, cells: grid, lastMove: 11 });
 * assert.match(svg, /<g data-grid="1" data-size="4" data-variant="sudoku"/);
 * assert.equal(svg.match(/data-cell=/g)?.length, 16);
 * ```
 *
 * @module
 */

export type { Variant } from "../grid/mod.ts";
export {
  type Board,
  boardSvg,
  escapeXml,
  type SheetOptions,
  sheetSvg,
  sheetSvgParts,
  SVG_NAMESPACE,
} from "./svg.ts";
export { gridText, readableText, sideBySide, type TextOptions } from "./text.ts";
export {
  answersText,
  answersTextParts,
  puzzleSheetSvg,
  puzzleSheetSvgParts,
  puzzleText,
  type SheetPuzzle,
} from "./sheet.ts";
