/**
 * Puzzle sheets: puzzles to solve on paper, givens only, each under its caption, and on
 * request their solutions after them, smaller, as a puzzle book prints its answers. As SVG
 * on A4 pages ({@linkcode puzzleSheetSvg}), or as text ({@linkcode puzzleText},
 * {@linkcode answersText}, {@linkcode answersTextParts}).
 *
 * @module
 */

import type { Variant } from "../grid/mod.ts";
import { type Board, sheetSvgParts } from "./svg.ts";
import { gridText, readableText, sideBySide } from "./text.ts";

/** One puzzle of a sheet. */
export interface SheetPuzzle {
  /** Side length S. */
  readonly size: number;
  /** Rule set (default `sudoku`). */
  readonly variant?: Variant;
  /** S² values, row-major, 0 for empty: the givens. */
  readonly puzzle: Uint8Array;
  /** Its solution, for the answers. */
  readonly solution?: Uint8Array;
  /** Its number on the sheet: the puzzle's `data-grid`, and its answer's. */
  readonly number: number;
  /** Its caption (the answer's is `Solution N`). */
  readonly title: string;
  /** Symbols of values 1, 2, … (default as the one-line form). */
  readonly symbols?: string;
}

/** The scale of an answer's board beside its puzzle's. */
const ANSWER_SCALE = 0.5;

/**
 * The sheet as SVG on A4 pages: every puzzle as a board of its givens only, nothing filled
 * (`<g data-grid="N" class="puzzle">`); with `answers`, from a new page, each solution half
 * the size, its givens bold and the rest filled (`<g data-grid="N" class="answer">`, N its
 * puzzle's number). A puzzle without a solution has no answer.
 */
export function puzzleSheetSvg(puzzles: readonly SheetPuzzle[], answers = false): string {
  return Array.from(puzzleSheetSvgParts(puzzles, answers)).join("");
}

/**
 * {@linkcode puzzleSheetSvg}'s document in parts, one a board after the root's start (as
 * {@linkcode sheetSvgParts}), for writing a sheet of many puzzles as it is drawn.
 *
 * @example The same sheet, whole or in parts
 * ```ts
 * import assert from "node:assert/strict";
 * import { puzzleSheetSvg, puzzleSheetSvgParts } from "@sudokit/sudokit/picture";
 *
 * const puzzle = Uint8Array.from([1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
 * const solution = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 4, 1, 2, 3, 2, 3, 4, 1]);
 * const sheet = [{ size: 4, puzzle, solution, number: 1, title: "Puzzle 1" }];
 * const parts = Array.from(puzzleSheetSvgParts(sheet, true));
 * assert.equal(parts.filter((p) => p.startsWith("<g data-grid=")).length, 2);
 * assert.equal(parts.join(""), puzzleSheetSvg(sheet, true));
 * ```
 */
export function puzzleSheetSvgParts(
  puzzles: readonly SheetPuzzle[],
  answers = false,
): IterableIterator<string> {
  const boards: Board[] = puzzles.map((p) => ({
    size: p.size,
    cells: p.puzzle,
    variant: p.variant,
    index: p.number,
    title: p.title,
    kind: "puzzle",
    symbols: p.symbols,
  }));
  if (answers) {
    let first = true;
    for (const p of puzzles) {
      if (p.solution === undefined) continue;
      boards.push({
        size: p.size,
        cells: p.solution,
        givens: p.puzzle,
        variant: p.variant,
        index: p.number,
        title: answerTitle(p),
        kind: "answer",
        symbols: p.symbols,
        scale: ANSWER_SCALE,
        breakBefore: first,
      });
      first = false;
    }
  }
  return sheetSvgParts(boards, { paper: "a4" });
}

function answerTitle(p: SheetPuzzle): string {
  return `Solution ${p.number}`;
}

/**
 * One puzzle as text: its caption, then its givens with rules between the blocks, then a
 * blank line.
 */
export function puzzleText(p: SheetPuzzle): string {
  const grid = readableText(p.puzzle, p.size, { variant: p.variant, symbols: p.symbols });
  return `${p.title}\n${grid}\n\n`;
}

/**
 * The answers as text, smaller than the puzzles: `Solutions`, then each solution as rows
 * of symbols under `Solution N`, as many side by side as fit in `width` columns.
 */
export function answersText(puzzles: Iterable<SheetPuzzle>, width = 80): string {
  return [...answersTextParts(puzzles, width)].join("");
}

/**
 * The text of {@linkcode answersText} in parts, `Solutions` first, then one row of answers
 * side by side at a time: a book of many puzzles is written as it is drawn, and `puzzles`
 * may be made one at a time too, as only a row's are held.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { answersText, answersTextParts } from "./mod.ts";
 *
 * const solution = Uint8Array.from([1, 2, 2, 1]);
 * const puzzles = [1, 2, 3].map((number) => ({
 *   size: 2, puzzle: new Uint8Array(4), solution, number, title: "",
 * }));
 * const parts = [...answersTextParts(puzzles, 24)];
 * // Two answers of width 10 fit in 24 columns with their gap of 4: two rows.
 * assert.equal(parts.length, 3);
 * assert.equal(parts[0], "Solutions\n");
 * assert.equal(parts.join(""), answersText(puzzles, 24));
 * ```
 */
export function* answersTextParts(
  puzzles: Iterable<SheetPuzzle>,
  width = 80,
): Generator<string> {
  const gap = 4;
  let row: string[] = [];
  let used = 0;
  for (const p of puzzles) {
    if (p.solution === undefined) continue;
    const block = `${answerTitle(p)}\n${gridText(p.solution, p.size, p.symbols)}`;
    const w = blockWidth(block);
    if (row.length === 0) {
      yield "Solutions\n";
    } else if (used + gap + w > width) {
      yield "\n" + sideBySide(row, gap) + "\n";
      row = [];
    }
    used = row.length === 0 ? w : used + gap + w;
    row.push(block);
  }
  if (row.length > 0) yield "\n" + sideBySide(row, gap) + "\n";
}

/** The widest line of a block, in characters. */
function blockWidth(block: string): number {
  let w = 0;
  for (const line of block.split("\n")) w = Math.max(w, [...line].length);
  return w;
}
