/**
 * The reports: the Latin Square / Sudoku / Sudoku-X classification with every improper
 * duplicate (RUPC 2008), also drawn with the duplicates marked (readable text, SVG); and
 * the Unique / Ambiguous / Illegal / Impossible verdict (UVa 10957).
 *
 * @module
 */

export {
  brokenRules,
  cellRules,
  type ClassifiedGrid,
  classify,
  classifySheetSvg,
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
