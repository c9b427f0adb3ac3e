/**
 * The Latin square / Sudoku / Sudoku-X report of the RUPC 2008 problem: the cascade of
 * classes and every improper duplicate of each class reported.
 *
 * @module
 */

import { blockSideOf } from "../grid/geometry.ts";
import { describeDuplicate, type Duplicate, findDuplicates } from "../grid/validate.ts";

/** The three classes, strictest first. */
export type GridClass = "Sudoku-X" | "Sudoku" | "Latin Square";

/** Solved: full and no duplicate; Unsolved: empty cells, no duplicate; Incorrect: duplicates. */
export type ClassStatus = "Solved" | "Unsolved" | "Incorrect";

/** The verdict on one class. */
export interface ClassVerdict {
  /** The class judged. */
  readonly class: GridClass;
  /** Its status. */
  readonly status: ClassStatus;
  /** The duplicates that make it Incorrect (empty otherwise), in report order. */
  readonly duplicates: readonly Duplicate[];
}

/** The report on one grid: the classes of the cascade, up to the first not Incorrect. */
export interface GridReport {
  /** Side length. */
  readonly size: number;
  /** One verdict per class reported. */
  readonly classes: readonly ClassVerdict[];
}

/**
 * Classify a grid: for perfect-square sizes Sudoku-X, then Sudoku, then Latin Square,
 * stopping at the first class that is not Incorrect; other sizes as a Latin square only.
 */
export function classify(cells: Uint8Array, size: number): GridReport {
  const full = !cells.includes(0);
  const all = findDuplicates(cells, size);
  const classes: ClassVerdict[] = [];
  const cascade: [GridClass, (d: Duplicate) => boolean][] = blockSideOf(size) > 0
    ? [
      ["Sudoku-X", () => true],
      ["Sudoku", (d) => d.kind !== "diagonal"],
      ["Latin Square", (d) => d.kind === "column" || d.kind === "row"],
    ]
    : [["Latin Square", (d) => d.kind === "column" || d.kind === "row"]];
  for (const [cls, counts] of cascade) {
    const duplicates = all.filter(counts);
    const status: ClassStatus = duplicates.length > 0 ? "Incorrect" : full ? "Solved" : "Unsolved";
    classes.push({ class: cls, status, duplicates });
    if (status !== "Incorrect") break;
  }
  return { size, classes };
}

/** The report's first line: `Analyzing G Grids` (always "Grids"). */
export function formatHeader(count: number): string {
  return `Analyzing ${count} Grids\n`;
}

/** The canonical text report of grid number `index` (1-based), ending in a newline. */
export function formatReport(index: number, report: GridReport): string {
  let out = ` Grid ${index}:\n   Size: ${report.size} x ${report.size}\n`;
  for (const v of report.classes) {
    out += `   ${v.status} ${v.class}\n`;
    for (const d of v.duplicates) {
      out += `     ${describeDuplicate(d)}\n       ${
        d.cells.map(([r, c]) => `(${r},${c})`).join(" ")
      }\n`;
    }
  }
  return out;
}

/** The JSON form of one grid's report (one object, no trailing newline). */
export function formatReportJson(index: number, report: GridReport): string {
  return JSON.stringify({
    grid: index,
    size: report.size,
    classes: report.classes.map((v) => ({
      class: v.class,
      status: v.status,
      duplicates: v.duplicates.map((d) => ({
        kind: d.kind,
        unit: d.unit,
        value: d.value,
        cells: d.cells,
      })),
    })),
  });
}
