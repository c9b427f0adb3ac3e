/**
 * Test helpers of the input parsers: feed a parser lines and collect what it emits or the
 * error it throws, and check an error's message and location.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type GridParser, InputError, type ParsedGrid } from "./parse.ts";

/** What a parser emitted for an input, or the error that ended it. */
export interface Result {
  counts: number[];
  grids: ParsedGrid[];
  error?: InputError;
}

/** Feed `text` split on `\n` (or given lines), then finish; collect events and the error. */
export function run(parser: GridParser, text: string | string[]): Result {
  const lines = typeof text === "string" ? text.split("\n") : text;
  const out: Result = { counts: [], grids: [] };
  try {
    for (const line of lines) {
      parser.feed(line, (e) => {
        if (e.kind === "count") out.counts.push(e.count);
        else out.grids.push(e.grid);
      });
    }
    parser.finish();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    out.error = e;
  }
  return out;
}

/** A parsed grid's values as a plain array. */
export function cells(g: ParsedGrid): number[] {
  return Array.from(g.cells);
}

/** Assert an InputError with exactly this message and location. */
export function assertError(
  r: Result,
  message: string,
  line: number,
  column: number,
  grid?: number,
) {
  assert.ok(r.error, `expected an error '${message}'`);
  assert.equal(r.error.message, message);
  assert.equal(r.error.line, line);
  assert.equal(r.error.column, column);
  assert.equal(r.error.grid, grid);
  assert.ok(message.endsWith(r.error.detail));
}

/** A 9×9 puzzle in the one-line form, `.` empty. */
export const SUDOKU =
  "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/** The same with `0` for empty. */
export const SUDOKU_DIGITS = SUDOKU.replaceAll(".", "0");
/** Its values, 0 for empty. */
export const SUDOKU_CELLS = Array.from(SUDOKU_DIGITS, Number);
