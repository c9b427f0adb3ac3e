/**
 * The Latin square / Sudoku / Sudoku-X report of the RUPC 2008 problem: the cascade of
 * classes and every improper duplicate of each class reported; and the same report drawn,
 * as readable text or an SVG sheet, with the cells of every duplicate marked and the rules
 * they break named. Which cells are marked, for which rule, is computed once here
 * ({@linkcode conflictMarks}, {@linkcode brokenRules}), so the text, the picture and the
 * tests agree by construction.
 *
 * @module
 */

import { blockSideOf, describeDuplicate, type Duplicate, findDuplicates } from "../grid/mod.ts";
import { readableText, sheetSvgParts } from "../picture/mod.ts";

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

/** One cell of an improper duplicate, with every duplicate of the report holding it. */
export interface ConflictMark {
  /** Row, 1-based. */
  readonly row: number;
  /** Column, 1-based. */
  readonly column: number;
  /** Index in the grid's cells, 0-based, row-major. */
  readonly index: number;
  /** The duplicates holding the cell, in the order of {@linkcode brokenRules}. */
  readonly duplicates: readonly Duplicate[];
}

/**
 * Every improper duplicate the report names, each once, in the order it is first named
 * (the strictest class lists them all: diagonals, blocks, columns, rows; the classes after
 * it repeat some of them).
 */
export function brokenRules(report: GridReport): Duplicate[] {
  const seen = new Set<string>();
  const out: Duplicate[] = [];
  for (const v of report.classes) {
    for (const d of v.duplicates) {
      const key = `${d.kind} ${d.unit} ${d.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(d);
    }
  }
  return out;
}

/**
 * The cells to mark: every cell of every improper duplicate of the report, each once, in
 * row-major order, with the duplicates that hold it.
 */
export function conflictMarks(report: GridReport): ConflictMark[] {
  const byCell = new Map<number, Duplicate[]>();
  for (const d of brokenRules(report)) {
    for (const [r, c] of d.cells) {
      const index = (r - 1) * report.size + (c - 1);
      const list = byCell.get(index);
      if (list === undefined) byCell.set(index, [d]);
      else list.push(d);
    }
  }
  return [...byCell.keys()].sort((a, b) => a - b).map((index) => ({
    row: Math.floor(index / report.size) + 1,
    column: (index % report.size) + 1,
    index,
    duplicates: byCell.get(index)!,
  }));
}

/** The unit a duplicate breaks the rule of: `row 3`, `column 7`, `block 4`, `diagonal 1`. */
export function unitName(d: Duplicate): string {
  return `${d.kind} ${d.unit}`;
}

/** A rule broken, as the readable form names it below the grid: `row 3: 5 at (3,1) (3,7)`. */
export function formatBrokenRule(d: Duplicate): string {
  return `${unitName(d)}: ${d.value} at ${d.cells.map(([r, c]) => `(${r},${c})`).join(" ")}`;
}

/** Rules named in a caption before the rest is counted: a caption stays a few lines. */
const CAPTION_RULES = 8;

/** The kinds of rule, in the order a cell's rules and a caption's lines name them. */
const RULE_ORDER: readonly Duplicate["kind"][] = ["row", "column", "block", "diagonal"];

/**
 * The caption of a grid's picture, one line per part: its label, size and the verdicts of
 * the cascade, then one line per rule broken as the readable form words it, rows, columns
 * and blocks before diagonals, so that a Sudoku error leads (past eight rules, `and N
 * more`):
 *
 * ```
 * Grid 1: 9×9, incorrect Sudoku-X, unsolved Sudoku
 * diagonal 1: 2 at (1,1) (4,4) (8,8)
 * ```
 */
export function formatCaption(label: string, report: GridReport): string {
  const verdicts = report.classes.map((v) => `${v.status.toLowerCase()} ${v.class}`);
  const lines = [`${label}: ${report.size}×${report.size}, ${verdicts.join(", ")}`];
  const rules = brokenRules(report).sort((a, b) =>
    Number(a.kind === "diagonal") - Number(b.kind === "diagonal")
  );
  for (const d of rules.slice(0, CAPTION_RULES)) lines.push(formatBrokenRule(d));
  if (rules.length > CAPTION_RULES) lines.push(`and ${rules.length - CAPTION_RULES} more`);
  return lines.join("\n");
}

/**
 * The rules each cell of an improper duplicate breaks, by cell index: `row`, `column`,
 * `block`, `diagonal`, each once, in that order.
 */
export function cellRules(report: GridReport): Map<number, Duplicate["kind"][]> {
  const out = new Map<number, Duplicate["kind"][]>();
  for (const m of conflictMarks(report)) {
    const kinds = new Set(m.duplicates.map((d) => d.kind));
    out.set(m.index, RULE_ORDER.filter((k) => kinds.has(k)));
  }
  return out;
}

/**
 * The symbols the pictures draw: decimal numbers at every size, as the grid format writes
 * them and the report names them (the one-line form's letters would not match `10`).
 */
function decimalSymbols(size: number): string[] {
  return Array.from({ length: size }, (_, k) => String(k + 1));
}

/** How {@linkcode formatReadable} draws. */
export interface ReadableOptions {
  /** Colour with ANSI escapes (conflicting cells red): only for a terminal that wants it. */
  readonly color?: boolean;
}

/**
 * The readable form of grid number `index` (1-based), ending in a blank line: the report's
 * lines for the grid without the duplicates' details, then the grid drawn with rules between
 * its blocks and every cell of an improper duplicate in brackets (`[5]`), then each rule
 * broken (`row 3: 5 at (3,1) (3,7)`), all indented under the grid's heading.
 */
export function formatReadable(
  index: number,
  report: GridReport,
  cells: Uint8Array,
  options: ReadableOptions = {},
): string {
  const { size } = report;
  let out = ` Grid ${index}:\n   Size: ${size} x ${size}\n`;
  for (const v of report.classes) out += `   ${v.status} ${v.class}\n`;
  const marks = new Uint8Array(size * size);
  for (const m of conflictMarks(report)) marks[m.index] = 1;
  const drawing = readableText(cells, size, {
    variant: blockSideOf(size) > 0 ? "x" : "latin",
    symbols: decimalSymbols(size),
    marks,
    color: options.color,
  });
  out += "\n" + drawing.split("\n").map((line) => "   " + line).join("\n") + "\n";
  const rules = brokenRules(report);
  if (rules.length > 0) out += "\n" + rules.map((d) => `   ${formatBrokenRule(d)}\n`).join("");
  return out + "\n";
}

/** One classified grid, for {@linkcode classifySheetSvg}. */
export interface ClassifiedGrid {
  /** What its caption calls it: `Grid 3`, or with its file, `a.txt, grid 3`. */
  readonly label: string;
  /** Its cells, row-major, 0 for empty. */
  readonly cells: Uint8Array;
  /** Its report. */
  readonly report: GridReport;
}

/**
 * One standalone SVG sheet of the grids, in order: grid k (1-based) is `<g data-grid="k">`,
 * captioned by {@linkcode formatCaption}, every cell of an improper duplicate classed
 * `conflict` with the rules it breaks as `data-rules="row block"` ({@linkcode cellRules}):
 * light red, or light violet (and classed `diagonal-only`) when it breaks only diagonals.
 * The Sudoku-X diagonals are shaded for square sizes, whose report starts with Sudoku-X,
 * and not for the others, reported as Latin squares only.
 */
export function classifySheetSvg(grids: readonly ClassifiedGrid[]): string {
  return Array.from(classifySheetSvgParts(grids)).join("");
}

/**
 * {@linkcode classifySheetSvg}'s document in parts, one a grid after the root's start, for
 * writing a sheet of many grids as it is drawn (its whole text may not fit in one string).
 *
 * @example The parts of a sheet of one grid
 * ```ts
 * import assert from "node:assert/strict";
 * import { classify, classifySheetSvg, classifySheetSvgParts } from "@sudokit/sudokit/report";
 *
 * const cells = Uint8Array.from([1, 2, 2, 1]);
 * const grids = [{ label: "Grid 1", cells, report: classify(cells, 2) }];
 * const parts = Array.from(classifySheetSvgParts(grids));
 * assert.equal(parts.length, 3);
 * assert.match(parts[1], /^<g data-grid="1"/);
 * assert.equal(parts.join(""), classifySheetSvg(grids));
 * ```
 */
export function classifySheetSvgParts(
  grids: readonly ClassifiedGrid[],
): IterableIterator<string> {
  return sheetSvgParts(grids.map(({ label, cells, report }) => ({
    size: report.size,
    cells,
    conflicts: cellRules(report),
    title: formatCaption(label, report),
    variant: blockSideOf(report.size) > 0 ? "x" : "latin",
    symbols: decimalSymbols(report.size),
  })));
}
