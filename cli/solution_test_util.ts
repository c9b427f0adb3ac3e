/**
 * Test helper for `solve` and `count --solutions`: puzzles read back from the test data,
 * and a plain reference check that a printed solution solves its puzzle, written apart from
 * the engines and validators under test (every unit holds each symbol once, givens kept).
 *
 * @module
 */

import { repoPath } from "./test_util.ts";

/** The one-line form's symbols, value 0 (`.`) first. */
const DEFAULT_SYMBOLS = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A puzzle of the test data: its size, values (0 empty) and the line it starts on. */
export interface TestPuzzle {
  readonly size: number;
  readonly values: number[];
  readonly line: number;
}

/**
 * Values of a one-line grid: `.` empty, then `symbols` (value 1 first; `0` is empty unless
 * it is one of them), else 1-9 then A-Z in either case with `0` empty too. -1 for any
 * other character.
 */
export function lineValues(line: string, symbols?: string): number[] {
  return Array.from(line, (ch) => {
    if (ch === ".") return 0;
    if (symbols !== undefined) {
      const v = symbols.indexOf(ch);
      return v >= 0 ? v + 1 : ch === "0" ? 0 : -1;
    }
    return ch === "0" ? 0 : DEFAULT_SYMBOLS.indexOf(ch.toUpperCase());
  });
}

/** The puzzles of a file of one puzzle per line (`#` and blank lines skipped). */
export function linePuzzles(text: string, symbols?: string): TestPuzzle[] {
  const out: TestPuzzle[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const l = raw.replace(/^\ufeff/, "").trim();
    if (l === "" || l.startsWith("#")) return;
    out.push({
      size: Math.round(Math.sqrt(l.length)),
      values: lineValues(l, symbols),
      line: i + 1,
    });
  });
  return out;
}

/** The puzzles of a file of the grid format: G, then per grid S and S rows of S numbers. */
export function gridFormatPuzzles(text: string): TestPuzzle[] {
  const lines = text.split(/\r?\n/);
  const out: TestPuzzle[] = [];
  let at = 0;
  const next = (): { words: string[]; line: number } => {
    while (lines[at].trim() === "") at++;
    return { words: lines[at].trim().split(/\s+/), line: ++at };
  };
  const count = Number(next().words[0]);
  for (let k = 0; k < count; k++) {
    const head = next();
    const size = Number(head.words[0]);
    const values: number[] = [];
    for (let r = 0; r < size; r++) values.push(...next().words.map(Number));
    out.push({ size, values, line: head.line });
  }
  return out;
}

/** The puzzles of a test data file, whichever of the two forms it is in. */
export function filePuzzles(path: string, symbols?: string): TestPuzzle[] {
  const text = Deno.readTextFileSync(repoPath(path));
  const first = text.split("\n").find((l) => l.trim() !== "" && !l.startsWith("#")) ?? "";
  return /^\s*\d+\s*$/.test(first) ? gridFormatPuzzles(text) : linePuzzles(text, symbols);
}

/** The rule set `count` and `solve` use for a size unless told: sudoku for squares. */
export function defaultVariantOf(size: number): "sudoku" | "latin" {
  const b = Math.round(Math.sqrt(size));
  return b * b === size ? "sudoku" : "latin";
}

/**
 * Why `solution` does not solve `puzzle` under `variant`, or undefined when it does: every
 * row and column (and block, for sudoku and x; and both main diagonals, for x) must hold
 * each value 1..size exactly once, and every given must be kept.
 */
export function solutionProblem(
  solution: readonly number[],
  puzzle: readonly number[],
  size: number,
  variant: "sudoku" | "x" | "latin",
): string | undefined {
  if (solution.length !== size * size) return `${solution.length} cells, not ${size * size}`;
  for (let i = 0; i < puzzle.length; i++) {
    if (puzzle[i] !== 0 && puzzle[i] !== solution[i]) return `given ${i} not kept`;
  }
  const units: [string, number[]][] = [];
  for (let r = 0; r < size; r++) {
    units.push([`row ${r + 1}`, Array.from({ length: size }, (_, c) => r * size + c)]);
    units.push([`column ${r + 1}`, Array.from({ length: size }, (_, c) => c * size + r)]);
  }
  const b = Math.round(Math.sqrt(size));
  if (variant !== "latin" && b * b === size) {
    for (let k = 0; k < size; k++) {
      const [r0, c0] = [Math.floor(k / b) * b, (k % b) * b];
      units.push([
        `block ${k + 1}`,
        Array.from({ length: size }, (_, j) => (r0 + Math.floor(j / b)) * size + c0 + (j % b)),
      ]);
    }
  }
  if (variant === "x") {
    units.push(["diagonal", Array.from({ length: size }, (_, j) => j * size + j)]);
    units.push(["anti-diagonal", Array.from({ length: size }, (_, j) => j * size + size - 1 - j)]);
  }
  for (const [name, cells] of units) {
    const seen = new Set(cells.map((i) => solution[i]));
    for (let v = 1; v <= size; v++) if (!seen.has(v)) return `${name} lacks ${v}`;
  }
  return undefined;
}
