/**
 * Pictures: grids and their marks (givens, filled cells, conflicts, the last move) as
 * standalone SVG, one board, a printable sheet of boards or puzzle sheets on A4 pages,
 * readable back through their `data-grid` and `data-cell` attributes and cell classes (see
 * `README.md`); and grids as text a person reads, rows of symbols or rows with rules
 * between the blocks, side by side.
 *
 * Imports `grid/` and `text/` only.
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
  SVG_NAMESPACE,
} from "./svg.ts";
export { gridText, readableText, sideBySide, type TextOptions } from "./text.ts";
export { answersText, puzzleSheetSvg, puzzleText, type SheetPuzzle } from "./sheet.ts";
