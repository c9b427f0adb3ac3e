/**
 * The UVa 10957 "So Doku Checker" verdict of a 9×9 grid.
 *
 * @module
 */

import { countSolutions } from "../solve/count.ts";

/** The four verdicts, in order of precedence. */
export type Verdict = "Illegal" | "Impossible" | "Unique" | "Ambiguous";

/**
 * Illegal when the givens repeat in a unit; otherwise Impossible, Unique or Ambiguous by
 * whether the grid has 0, 1 or 2+ completions (the search stops at the second).
 */
export function verdict(cells: Uint8Array): Verdict {
  const { count, conflict } = countSolutions(cells, 9, { limit: 2, variant: "sudoku" });
  if (conflict !== undefined) return "Illegal";
  return count === 0 ? "Impossible" : count === 1 ? "Unique" : "Ambiguous";
}

/** The output line of case `index` (1-based), without newline: `Case 1: Unique.` */
export function formatVerdict(index: number, v: Verdict): string {
  return `Case ${index}: ${v}.`;
}
