/**
 * The UVa 10957 "So Doku Checker" verdict of a 9×9 grid.
 *
 * @module
 */

import { findConflict } from "../grid/mod.ts";
// The 9×9 engine alone, not `countSolutions`: that would load the engine of every other
// size too, 4–5 ms of a verdict run's start-up.
import { Engine9 } from "../solve/mod.ts";

let engine: Engine9 | undefined;

/** The four verdicts, in order of precedence. */
export type Verdict = "Illegal" | "Impossible" | "Unique" | "Ambiguous";

/**
 * Illegal when the givens repeat in a unit; otherwise Impossible, Unique or Ambiguous by
 * whether the grid has 0, 1 or 2+ completions (the search stops at the second).
 */
export function verdict(cells: Uint8Array): Verdict {
  engine ??= new Engine9();
  const count = engine.count(cells, 2);
  // Clashing givens leave no completion: only a count of 0 can be Illegal.
  if (count === 0 && findConflict(cells, 9, "sudoku") !== undefined) return "Illegal";
  return count === 0 ? "Impossible" : count === 1 ? "Unique" : "Ambiguous";
}

/** The output line of case `index` (1-based), without newline: `Case 1: Unique.` */
export function formatVerdict(index: number, v: Verdict): string {
  return `Case ${index}: ${v}.`;
}

/** The JSON form of case `index` (1-based), one object without newline: `{"case":1,"verdict":"Unique"}` */
export function formatVerdictJson(index: number, v: Verdict): string {
  return JSON.stringify({ case: index, verdict: v });
}
