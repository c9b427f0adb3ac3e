/**
 * The reports: the Latin Square / Sudoku / Sudoku-X classification with every improper
 * duplicate (RUPC 2008), and the Unique / Ambiguous / Illegal / Impossible verdict
 * (UVa 10957).
 *
 * @module
 */

export {
  classify,
  type ClassStatus,
  type ClassVerdict,
  formatHeader,
  formatReport,
  formatReportJson,
  type GridClass,
  type GridReport,
} from "./classify.ts";
export { formatVerdict, type Verdict, verdict } from "./verdict.ts";
